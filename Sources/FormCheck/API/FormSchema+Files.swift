extension FormSchema {
    /// Reads and validates every record of a data file, on up to `jobs` threads, and calls `body` in
    /// input order with each record and its report (nil for a record that could not be parsed, such as
    /// a malformed JSON Lines line, whose `content` holds the error).
    ///
    /// JSON Lines are read a batch at a time, so memory stays proportional to a batch; lines the
    /// direct path accepts are never turned into `Value`s (see `DirectPlan`).
    public func validateRecords(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        guard format == .jsonLines else {
            try DataReader.forEachBatch(inFile: path, format: format) { records in
                let reports = Parallel.map(records, jobs: jobs) { record in
                    (try? record.content.get()).map { validate($0, options: options) }
                }
                for (record, report) in zip(records, reports) { body(record, report) }
            }
            return
        }
        try DataReader.forEachJSONLinesBatch(inFile: path, batchSize: 2048, jobs: jobs, transform: { line -> (DataRecord, ValidationReport?) in
            if let report = directReport(line.bytes, options: options) {
                return (DataRecord(unparsedLine: DataDocument(name: line.name, bytes: line.bytes, firstLine: line.number), index: line.index),
                        report)
            }
            let record = line.record
            return (record, (try? record.content.get()).map { validate($0, options: options) })
        }) { results in
            for (record, report) in results { body(record, report) }
        }
    }
}

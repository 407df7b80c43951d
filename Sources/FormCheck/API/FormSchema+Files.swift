extension FormSchema {
    /// Reads and validates every record of a data file, on up to `jobs` threads, and calls `body` in
    /// input order with each record and its report (nil for a record that could not be parsed, such as
    /// a malformed JSON Lines line, whose `content` holds the error).
    ///
    /// JSON Lines are read a block at a time, so memory stays proportional to a block; lines the
    /// direct path settles are never turned into `Value`s (see `DirectPlan`).
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
        // Issues made by the direct path, kept across blocks; a range of lines borrows one cache, so
        // nothing mutable is shared between threads.
        let caches = BorrowPool<[DirectPlan.Failure: ValidationError]> { [:] }
        @Sendable func outcomes(_ block: [UInt8], _ lines: [DataReader.JSONLine]) -> [LineOutcome] {
            Parallel.mapRanges(count: lines.count, jobs: jobs) { range, outcomes in
                caches.borrow { cache in
                    block.withUnsafeBufferPointer { bytes in
                        for (slot, index) in range.enumerated() {
                            (outcomes.baseAddress! + slot).initialize(
                                to: check(lines[index], in: bytes, block: block, name: path, options: options, cache: &cache))
                        }
                    }
                }
            }
        }
        func handOn(_ block: [UInt8], _ lines: [DataReader.JSONLine], _ outcomes: [LineOutcome]) {
            for (line, outcome) in zip(lines, outcomes) {
                switch outcome {
                case .valid:
                    body(DataRecord(unparsedLine: line, in: block, name: path, withDocument: false), ValidationReport(issues: []))
                case .checked(let record, let report):
                    body(record, report)
                }
            }
        }
        guard jobs > 1 else {
            try DataReader.forEachJSONLinesBlock(inFile: path) { block, lines in handOn(block, lines, outcomes(block, lines)) }
            return
        }
        // With more than one job, a block is checked in the background while the previous one is handed on.
        var previous: (block: [UInt8], lines: [DataReader.JSONLine], outcomes: Pending<[LineOutcome]>)?
        try DataReader.forEachJSONLinesBlock(inFile: path) { block, lines in
            let checked = Pending { outcomes(block, lines) }
            if let previous { handOn(previous.block, previous.lines, previous.outcomes.value) }
            previous = (block, lines, checked)
        }
        if let previous { handOn(previous.block, previous.lines, previous.outcomes.value) }
    }

    /// What checking one JSON Lines line gave: no issue (the record is made only when handed on), or a
    /// record with its report.
    private enum LineOutcome: Sendable {
        case valid
        case checked(DataRecord, ValidationReport?)
    }

    private func check(
        _ line: DataReader.JSONLine, in bytes: UnsafeBufferPointer<UInt8>, block: [UInt8], name: String, options: ValidationOptions,
        cache: inout [DirectPlan.Failure: ValidationError]
    ) -> LineOutcome {
        if let report = directReport(UnsafeBufferPointer(rebasing: bytes[line.range]), options: options, cache: &cache) {
            guard !report.issues.isEmpty else { return .valid }
            return .checked(DataRecord(unparsedLine: line, in: block, name: name, withDocument: true), report)
        }
        let record = line.record(in: block, name: name)
        return .checked(record, (try? record.content.get()).map { validate($0, options: options) })
    }
}

extension FormSchema {
    /// Reads and validates every record of a data file, on up to `jobs` threads, and calls `body` in
    /// input order with each record and its report (nil for a record that could not be parsed, such as
    /// a malformed JSON Lines line, whose `content` holds the error).
    ///
    /// JSON Lines are read a block at a time, so memory stays proportional to a block. The elements of
    /// a top-level JSON array are found first and checked apart. Records the direct path settles are
    /// never turned into `Value`s (see `DirectPlan`). A record larger than `options.maxRecordSize` ends
    /// the reading with an error, after the records before it.
    public func validateRecords(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        switch format {
        case .jsonLines:
            try validateJSONLines(inFile: path, options: options, jobs: jobs, body)
        case .json:
            try validateJSONDocument(inFile: path, options: options, jobs: jobs, body)
        case .yaml:
            // One pool for the file, not one per batch.
            let pool = WorkerPool(threads: jobs)
            defer { pool.close() }
            try DataReader.forEachBatch(inFile: path, format: format, maxRecordSize: options.maxRecordSize) { records in
                let reports = pool.map(records) { record in
                    (try? record.content.get()).map { validate($0, options: options) }
                }
                for (record, report) in zip(records, reports) { body(record, report) }
            }
        }
    }

    /// What checking one record's JSON gave: no issue, failures found by the direct path (the record
    /// stays unparsed, and its issues are made on the thread that hands it on), the record parsed and
    /// validated, or bytes that are not well-formed.
    private enum Outcome: Sendable {
        case valid
        case settled([DirectPlan.Failure])
        // Boxed: kept rare, so that an outcome takes 16 bytes and a block's outcomes fit in reused heap memory.
        indirect case parsed(Value, ValidationReport)
        case malformed
    }

    /// Checks the JSON record in `json`: by the direct path when it can, else parsed (as a value nested
    /// `depth` levels down in its document) and validated.
    private func check(_ json: UnsafeBufferPointer<UInt8>, plan: DirectPlan?, depth: Int, options: ValidationOptions) -> Outcome {
        if let failures = plan?.failures(in: json, collectAllErrors: options.collectAllErrors, today: options.today) {
            return failures.isEmpty ? .valid : .settled(failures)
        }
        guard let value = JSONReader.parseValue(json, depth: depth) else { return .malformed }
        // The plan has read these very bytes: the general validator answers.
        return .parsed(value, validator.validate(value, options: options))
    }

    /// The outcomes of the records at `ranges` of `text`, checked on up to `jobs` threads.
    private func outcomes(of ranges: [Range<Int>], in text: [UInt8], depth: Int, options: ValidationOptions, jobs: Int) -> [Outcome] {
        Parallel.mapRanges(count: ranges.count, jobs: jobs) { range, outcomes in
            check(range, of: ranges, in: text, depth: depth, options: options, into: outcomes)
        }
    }

    /// Checks the records at `ranges[indices]` of `text` into `outcomes`, one per index. Checking
    /// threads share nothing they change, not even reference counts of shared issues.
    private func check<Ranges: RandomAccessCollection<Range<Int>>>(
        _ indices: Range<Int>, of ranges: Ranges, in text: [UInt8], depth: Int, options: ValidationOptions,
        into outcomes: UnsafeMutableBufferPointer<Outcome>
    ) where Ranges.Index == Int {
        let plan = directPlan
        text.withUnsafeBufferPointer { bytes in
            for (slot, index) in indices.enumerated() {
                let json = UnsafeBufferPointer(rebasing: bytes[ranges[index]])
                (outcomes.baseAddress! + slot).initialize(to: check(json, plan: plan, depth: depth, options: options))
            }
        }
    }

    /// Reads and validates the records of standard input, told apart as
    /// `DataReader.forEachRecordInStandardInput` does, and calls `body` as `validateRecords` does.
    /// JSON Lines input is checked a block at a time on up to `jobs` threads, as a file is.
    public func validateRecordsInStandardInput(
        format: DataFormat?, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        try DataReader.readStandardInput(format: format, limit: options.maxRecordSize, jsonLines: { stream in
            validateJSONLines(&stream, name: DataReader.standardInputName, options: options, jobs: jobs, body)
        }, records: { record in
            body(record, (try? record.content.get()).map { validate($0, options: options) })
        })
    }

    private func validateJSONLines(
        inFile path: String, options: ValidationOptions, jobs: Int, _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        var stream = try DataReader.lines(of: path, limit: options.maxRecordSize)
        validateJSONLines(&stream, name: path, options: options, jobs: jobs, body)
        try stream.checkRead()
    }

    private func validateJSONLines(
        _ stream: inout LineStream, name path: String, options: ValidationOptions, jobs: Int,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) {
        // Issues made by the direct path, kept for the whole file.
        var cache: [DirectPlan.Failure: ValidationError] = [:]
        // Blocks are checked a chunk of lines at a time on the pool's threads, this one among them.
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        func submit(_ block: [UInt8], _ lines: [DataReader.JSONLine]) -> Batch<Outcome> {
            pool.submit(count: lines.count, chunkSize: 256) { indices, outcomes in
                check(indices, of: lines.lazy.map(\.range), in: block, depth: 0, options: options, into: outcomes)
            }
        }
        func handOn(_ block: [UInt8], _ lines: [DataReader.JSONLine], _ outcomes: UnsafeBufferPointer<Outcome>) {
            for (line, outcome) in zip(lines, outcomes) {
                switch outcome {
                case .valid:
                    body(DataRecord(unparsedLine: line, in: block, name: path, withDocument: false), ValidationReport(issues: []))
                case .settled(let failures):
                    body(DataRecord(unparsedLine: line, in: block, name: path, withDocument: true),
                         report(for: failures, options: options, cache: &cache))
                case .parsed(let value, let report):
                    body(line.record(in: block, name: path, value: value), report)
                case .malformed:
                    // Parsed again, for the exact message and position.
                    let record = line.record(in: block, name: path)
                    body(record, (try? record.content.get()).map { validate($0, options: options) })
                }
            }
        }
        // A block is checked while the one before it is handed on.
        var previous: (block: [UInt8], lines: [DataReader.JSONLine], outcomes: Batch<Outcome>)?
        func handOnPrevious() {
            guard let previous else { return }
            pool.wait(for: previous.outcomes)
            handOn(previous.block, previous.lines, previous.outcomes.values)
        }
        DataReader.forEachJSONLinesBlock(&stream) { block, lines in
            let checked = submit(block, lines)
            handOnPrevious()
            previous = (block, lines, checked)
        }
        handOnPrevious()
    }

    /// Checks a JSON file. The elements of a top-level array are checked apart and in parallel; any
    /// other document, or one that is not well-formed, goes to the whole-document reader, which reads
    /// or reports it (and then nothing of it is handed on but the error).
    private func validateJSONDocument(
        inFile path: String, options: ValidationOptions, jobs: Int, _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        let bytes = try DataReader.document(atPath: path, limit: options.maxRecordSize)
        let elements = bytes.withUnsafeBufferPointer(JSONArrayElements.split)
        let checked = elements.map { outcomes(of: $0.map(\.range), in: bytes, depth: 1, options: options, jobs: jobs) }
        guard let elements, let checked, !checked.contains(where: { if case .malformed = $0 { true } else { false } }) else {
            try DataReader.forEachRecord(in: bytes, format: .json, name: path) { record in
                body(record, (try? record.content.get()).map { validate($0, options: options) })
            }
            return
        }
        let document = DataDocument(name: path, bytes: bytes)
        var cache: [DirectPlan.Failure: ValidationError] = [:]
        for (number, (element, outcome)) in zip(elements, checked).enumerated() {
            switch outcome {
            case .valid:
                body(DataRecord(index: number + 1, unparsedElement: element, of: document), ValidationReport(issues: []))
            case .settled(let failures):
                body(DataRecord(index: number + 1, unparsedElement: element, of: document), report(for: failures, options: options, cache: &cache))
            case .parsed(let value, let report):
                body(DataRecord(index: number + 1, position: element.position, content: .success(value), document: document,
                                anchor: .json(element.range.lowerBound)), report)
            case .malformed:
                preconditionFailure("a document with a malformed element is read whole")
            }
        }
    }
}

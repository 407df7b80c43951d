import Synchronization

extension FormSchema {
    /// Reads and validates every record of a data file, on up to `jobs` threads, and calls `body` in
    /// input order with each record and its report (nil for a record that could not be parsed, such as
    /// a malformed JSON Lines line, whose `content` holds the error).
    ///
    /// JSON Lines are read a block at a time, so memory stays proportional to a block. The elements of
    /// a top-level JSON array are checked, and handed on, while the rest of the array is being split;
    /// a syntax error in the array is thrown after the elements before it have been handed on. Records
    /// the direct path settles are never turned into `Value`s (see `DirectPlan`). A record larger than
    /// `options.maxRecordSize` ends the reading with an error, after the records before it.
    public func validateRecords(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        try validateRecords(inFile: path, format: format, options: options, jobs: jobs, transform: { ($0, $1) }) { body($0.0, $0.1) }
    }

    /// Reads and validates every record of a data file as `validateRecords(inFile:format:options:jobs:_:)`
    /// does, and calls `body` in input order with what `transform` made of each record and its report.
    /// `transform` runs on the checking threads, so work done per record there (such as formatting its
    /// issues) runs in parallel too. It is called only for records that are handed on.
    public func validateRecords<Result: Sendable>(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        transform: @escaping @Sendable (DataRecord, ValidationReport?) -> Result, _ body: (Result) -> Void
    ) throws(DataFileError) {
        switch format {
        case .jsonLines:
            var stream = try DataReader.lines(of: path, limit: options.maxRecordSize)
            validateJSONLines(&stream, name: path, options: options, jobs: jobs, transform: transform, body)
            try stream.checkRead()
        case .json:
            try validateJSON(DataReader.document(atPath: path, limit: options.maxRecordSize), name: path, options: options,
                             jobs: jobs, transform: transform, body)
        case .yaml:
            // One pool for the file, not one per batch.
            let pool = WorkerPool(threads: jobs)
            defer { pool.close() }
            try DataReader.forEachBatch(inFile: path, format: format, maxRecordSize: options.maxRecordSize) { records in
                for result in pool.map(records, { transform($0, validate(parsed: $0, options: options)) }) { body(result) }
            }
        }
    }

    /// The report of a record read whole, or nil for one that could not be parsed.
    private func validate(parsed record: DataRecord, options: ValidationOptions) -> ValidationReport? {
        (try? record.content.get()).map { validate($0, options: options) }
    }

    /// What checking one record's JSON gave: no issue, failures found by the direct path (the record
    /// stays unparsed), the record parsed and validated, or bytes that are not well-formed.
    private enum Outcome {
        case valid
        case settled([DirectPlan.Failure])
        case parsed(Value, ValidationReport)
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

    /// Checks the records at `ranges[indices]` of `text` and writes what `result` makes of each
    /// outcome into `results`, one per index. Issues are made once per distinct failure (see
    /// `KnownIssues`).
    private func check<Result>(
        _ indices: Range<Int>, of range: (Int) -> Range<Int>, in text: [UInt8], depth: Int, options: ValidationOptions,
        known: KnownIssues, into results: UnsafeMutableBufferPointer<Result>,
        _ result: (_ index: Int, _ outcome: Outcome, _ issues: inout [DirectPlan.Failure: ValidationError]) -> Result
    ) {
        let plan = directPlan
        var issues = known.issues
        let knownCount = issues.count
        text.withUnsafeBufferPointer { bytes in
            for (slot, index) in indices.enumerated() {
                let outcome = check(UnsafeBufferPointer(rebasing: bytes[range(index)]), plan: plan, depth: depth, options: options)
                (results.baseAddress! + slot).initialize(to: result(index, outcome, &issues))
            }
        }
        if issues.count > knownCount { known.add(issues) }
    }

    /// Reads and validates the records of standard input, told apart as
    /// `DataReader.forEachRecordInStandardInput` does, and calls `body` as `validateRecords` does.
    /// JSON Lines input is checked a block at a time on up to `jobs` threads, as a file is.
    public func validateRecordsInStandardInput(
        format: DataFormat?, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        try validateRecordsInStandardInput(format: format, options: options, jobs: jobs, transform: { ($0, $1) }) { body($0.0, $0.1) }
    }

    /// Reads and validates the records of standard input as `validateRecordsInStandardInput(format:options:jobs:_:)`
    /// does, and calls `body` in input order with what `transform` made of each record and its report
    /// (on the checking threads, for JSON Lines input).
    public func validateRecordsInStandardInput<Result: Sendable>(
        format: DataFormat?, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        transform: @escaping @Sendable (DataRecord, ValidationReport?) -> Result, _ body: (Result) -> Void
    ) throws(DataFileError) {
        try DataReader.readStandardInput(format: format, limit: options.maxRecordSize, jsonLines: { stream in
            validateJSONLines(&stream, name: DataReader.standardInputName, options: options, jobs: jobs, transform: transform, body)
        }, json: { bytes throws(DataFileError) in
            try validateJSON(bytes, name: DataReader.standardInputName, options: options, jobs: jobs, transform: transform, body)
        }, records: { record in
            body(transform(record, validate(parsed: record, options: options)))
        })
    }

    private func validateJSONLines<Result: Sendable>(
        _ stream: inout LineStream, name path: String, options: ValidationOptions, jobs: Int,
        transform: @escaping @Sendable (DataRecord, ValidationReport?) -> Result, _ body: (Result) -> Void
    ) {
        // Blocks are checked a chunk of lines at a time on the pool's threads, this one among them.
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let known = KnownIssues()
        func submit(_ block: [UInt8], _ lines: [DataReader.JSONLine]) -> Batch<Result> {
            pool.submit(count: lines.count, chunkSize: 256) { indices, results in
                check(indices, of: { lines[$0].range }, in: block, depth: 0, options: options, known: known, into: results) { index, outcome, issues in
                    let line = lines[index]
                    switch outcome {
                    case .valid:
                        return transform(DataRecord(unparsedLine: line, in: block, name: path, withDocument: false), ValidationReport(issues: []))
                    case .settled(let failures):
                        return transform(DataRecord(unparsedLine: line, in: block, name: path, withDocument: true),
                                         report(for: failures, options: options, cache: &issues))
                    case .parsed(let value, let report):
                        return transform(line.record(in: block, name: path, value: value), report)
                    case .malformed:
                        // Parsed again, for the exact message and position.
                        let record = line.record(in: block, name: path)
                        return transform(record, validate(parsed: record, options: options))
                    }
                }
            }
        }
        // A block is checked while the one before it is handed on.
        var previous: Batch<Result>?
        func handOnPrevious() {
            guard let previous else { return }
            pool.wait(for: previous)
            // By index, so that each result is lent to `body`, not copied.
            for index in previous.values.indices { body(previous.values[index]) }
        }
        DataReader.forEachJSONLinesBlock(&stream) { block, lines in
            let checked = submit(block, lines)
            handOnPrevious()
            previous = checked
        }
        handOnPrevious()
    }

    /// Checks a JSON document (a file's or standard input's). The elements of a top-level array are
    /// found a run at a time and checked in parallel while the next run is found, and handed on as
    /// they are checked; any other document is read whole. A document that is not well-formed is
    /// reported by the whole-document reader, which tells where: for an array, after the elements
    /// before its first syntax error have been handed on.
    private func validateJSON<Result: Sendable>(
        _ bytes: [UInt8], name path: String, options: ValidationOptions, jobs: Int,
        transform: @escaping @Sendable (DataRecord, ValidationReport?) -> Result, _ body: (Result) -> Void
    ) throws(DataFileError) {
        try JSONTextEncoding.requireUTF8(bytes)
        let document = DataDocument(name: path, bytes: bytes)
        let handedOn = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var scanner = JSONArrayElements.Scanner(bytes: buffer, document: document)
            guard scanner.openArray() else { return 0 }
            return validateJSONArray(&scanner, of: document, options: options, jobs: jobs, transform: transform, body)
        }
        guard let handedOn else { return }
        // The reader reports the document's first error; it hands on nothing twice.
        var index = 0
        try DataReader.forEachRecord(in: bytes, format: .json, name: path) { record in
            index += 1
            if index > handedOn { body(transform(record, validate(parsed: record, options: options))) }
        }
    }

    /// Checks the elements that `scanner` finds in `bytes` and hands on what `transform` makes of each,
    /// in order. Stops before the first element that is not well-formed, or where the array's
    /// punctuation is not, and then returns how many elements were handed on; nil when all were.
    private func validateJSONArray<Result: Sendable>(
        _ scanner: inout JSONArrayElements.Scanner, of document: DataDocument, options: ValidationOptions,
        jobs: Int, transform: @escaping @Sendable (DataRecord, ValidationReport?) -> Result, _ body: (Result) -> Void
    ) -> Int? {
        let bytes = document.bytes
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let known = KnownIssues()
        // A malformed element gives nil.
        func submit(_ elements: [JSONArrayElements.Element], from first: Int) -> Batch<Result?> {
            pool.submit(count: elements.count, chunkSize: 256) { indices, results in
                check(indices, of: { elements[$0].range }, in: bytes, depth: 1, options: options, known: known, into: results) { slot, outcome, issues in
                    let element = elements[slot]
                    let index = first + slot + 1
                    switch outcome {
                    case .valid:
                        return transform(DataRecord(index: index, unparsedElement: element, of: document), ValidationReport(issues: []))
                    case .settled(let failures):
                        return transform(DataRecord(index: index, unparsedElement: element, of: document),
                                         report(for: failures, options: options, cache: &issues))
                    case .parsed(let value, let report):
                        return transform(DataRecord(index: index, position: element.position, content: .success(value),
                                                    document: document, anchor: .json(element.range.lowerBound)), report)
                    case .malformed:
                        return nil
                    }
                }
            }
        }
        // Each run is checked while the next one is found and the one before is handed on.
        var handedOn = 0
        var isWellFormed = true
        var previous: Batch<Result?>?
        func handOnPrevious() {
            guard let previous else { return }
            pool.wait(for: previous)
            // By index, so that each result is lent to `body`, not copied.
            for index in previous.values.indices {
                guard isWellFormed, let result = previous.values[index] else {
                    isWellFormed = false
                    return
                }
                body(result)
                handedOn += 1
            }
        }
        var found = 0
        scanning: while isWellFormed {
            switch scanner.next(upTo: 4096) {
            case .elements(let elements):
                let checked = submit(elements, from: found)
                found += elements.count
                handOnPrevious()
                previous = checked
            case .end:
                break scanning
            case .malformed:
                handOnPrevious()
                previous = nil
                isWellFormed = false
            }
        }
        handOnPrevious()
        return isWellFormed ? nil : handedOn
    }
}

/// Raised by any checking thread, read once they are done.
private final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() { raised.store(true, ordering: .relaxed) }

    var isRaised: Bool { raised.load(ordering: .relaxed) }
}

/// The issues made for the direct path's failures so far, shared by the checking threads: each chunk
/// of records starts from them and adds the ones it made, so an issue is made about once per run,
/// not once per chunk. At most `limit` are kept (failures that carry element indexes or parameters
/// can be many).
private final class KnownIssues: Sendable {
    private let known = Mutex<[DirectPlan.Failure: ValidationError]>([:])
    private static let limit = 4096

    var issues: [DirectPlan.Failure: ValidationError] { known.withLock { $0 } }

    func add(_ issues: [DirectPlan.Failure: ValidationError]) {
        known.withLock { known in
            guard known.count < Self.limit else { return }
            known.merge(issues) { kept, _ in kept }
        }
    }
}

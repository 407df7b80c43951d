import Foundation
import Synchronization

extension FormSchema {
    /// Reads and validates every record of a data file, on up to `jobs` threads, and calls `body` in
    /// input order with each record and its report (nil for a record that could not be parsed, such as
    /// a malformed JSON Lines line, whose `content` holds the error).
    ///
    /// JSON Lines are read a block at a time, and a JSON file's top-level array a window of elements
    /// at a time (`JSONArrayStream`), so memory stays proportional to a block or a few windows; a
    /// syntax error in an array is thrown after the elements before it have been handed on. Records
    /// the direct path settles are never turned into `Value`s (see `DirectPlan`). A record larger than
    /// `options.maxRecordSize` ends the reading with an error, after the records before it.
    package func validateRecords(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        try validateRecords(inFile: path, format: format, options: options, jobs: jobs, transform: RecordTransform { ($0, $1) }) { body($0.0, $0.1) }
    }

    /// Reads and validates every record of a data file as `validateRecords(inFile:format:options:jobs:_:)`
    /// does, and calls `body` in input order with what `transform` made of each record and its report.
    /// `transform` runs on the checking threads, so work done per record there (such as formatting its
    /// issues) runs in parallel too. It is called only for records that are handed on.
    package func validateRecords<Result: Sendable>(
        inFile path: String, format: DataFormat, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) throws(DataFileError) {
        switch format {
        case .jsonLines:
            var stream = try DataReader.lines(of: path, limit: options.maxRecordSize)
            validateJSONLines(&stream, name: path, options: options, jobs: jobs, transform: transform, body)
            try stream.checkRead()
        case .json:
            var stream = try JSONArrayStream(path: path, limit: options.maxRecordSize)
            guard try stream.startsWithArray() else {
                let maker = transform.makeMaker()
                try forEachRecord(inJSONDocument: stream.rest(), name: path) { record in
                    body(maker.makeChunk(of: record, validate(parsed: record, options: options)))
                }
                return
            }
            try validateJSONArray(&stream, options: options, jobs: jobs, transform: transform, body)
        case .yaml:
            #if YAML
            try validateYAML(inFile: path, options: options, jobs: jobs, transform: transform, body)
            #else
            throw .malformed(YAMLParseError.needsYAMLTrait.dataParseError)
            #endif
        }
    }

    #if YAML
    /// Checks the records of a YAML file a batch of documents at a time on the pool's threads, which
    /// resolve the records' values from their nodes and validate them while this thread parses the next
    /// batch, and hands on what `transform` makes of each, in order.
    private func validateYAML<Result: Sendable>(
        inFile path: String, options: ValidationOptions, jobs: Int, transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) throws(DataFileError) {
        try validateYAML(jobs: jobs, options: options, transform: transform, body) { pool, batch throws(DataFileError) in
            try YAMLDocumentStream.forEachBatch(inFile: path, limit: options.maxRecordSize, hiding: sensitiveValueFinder, parsingOn: pool, batch)
        }
    }

    /// Checks the batches that `read` hands on (parsing on the pool it is given, or not) as
    /// `validateYAML(inFile:options:jobs:transform:_:)` does.
    private func validateYAML<Result: Sendable>(
        jobs: Int, options: ValidationOptions, transform: RecordTransform<Result>, _ body: (Result) -> Void,
        reading read: (WorkerPool, (YAMLDocumentStream.Batch) -> Void) throws(DataFileError) -> Void
    ) throws(DataFileError) {
        // One pool for the file, not one per batch.
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        // Batches parsed ahead of those done, as for JSON Lines (see `validateJSONLines`).
        let batchesAhead = jobs > 1 ? max(2, jobs) : 1
        var inFlight: [Batch<Result>] = []
        // `read` calls back into `body`, which it does not keep.
        try withoutActuallyEscaping(body) { body throws(DataFileError) in
            // Those parsed before a syntax error are handed on before it is thrown.
            defer { while !inFlight.isEmpty { pool.handOnFirst(of: &inFlight, to: body) } }
            try read(pool) { batch in
                inFlight.append(pool.submitSpread(count: batch.count) { indices, results in
                    for (slot, index) in indices.enumerated() {
                        let record = batch.record(at: index)
                        (results.baseAddress! + slot).initialize(to: transform.makeAlone(record, validate(parsed: record, options: options)))
                    }
                })
                while let oldest = inFlight.first, inFlight.count > batchesAhead || pool.isDone(oldest) { pool.handOnFirst(of: &inFlight, to: body) }
            }
        }
    }
    #endif

    /// Calls `body` with the record of a JSON document that is not an array (read whole, as
    /// `DataReader.forEachRecord` reads it); its syntax error is placed among the sensitive values
    /// before it, as output places positions.
    private func forEachRecord(inJSONDocument bytes: [UInt8], name: String, _ body: (DataRecord) -> Void) throws(DataFileError) {
        try DataReader.forEachRecord(in: bytes, format: .json, name: name, hiding: sensitiveValueFinder, body)
    }

    /// The report of a record read whole, or nil for one that could not be parsed.
    private func validate(parsed record: DataRecord, options: ValidationOptions) -> ValidationReport? {
        (try? record.content.get()).map { validate($0, options: options) }
    }

    /// What checking one record's JSON gave: no issue, the report of its failures (the record stays
    /// unparsed) and where its sensitive values are written when the check found that, or bytes that
    /// are not well-formed.
    private enum Outcome {
        case valid
        case settled(ValidationReport, sensitive: [Range<Int>]?)
        case malformed
    }

    /// Checks the JSON record in `json`, a value nested `depth` levels down in its document; `issues`
    /// keeps the issues made. When `search` asks about every record, adds to `hiddenColumns` what the
    /// record's sensitive values take from its line, or sets it to nil when the check cannot tell.
    private func check(
        _ json: UnsafeBufferPointer<UInt8>, plan: DirectPlan, depth: Int, options: ValidationOptions, finding search: DirectPlan.SensitiveSearch,
        memory: inout SlotMemory, issues: inout IssueTable, hiddenColumns: inout Int?
    ) -> Outcome {
        guard let (failures, sensitive) = plan.failuresAndSensitiveRanges(
            in: json, depth: depth, collectAllErrors: options.collectAllErrors, today: options.today, finding: search, memory: &memory)
        else {
            hiddenColumns = nil
            return .malformed
        }
        if search == .ofEveryRecord, let counted = hiddenColumns {
            hiddenColumns = sensitive.map { counted + Redaction.lostColumns(ofValuesAt: $0, onOneLineOf: json) }
        }
        guard !failures.isEmpty else {
            memory.keep(failures, sensitive)
            return .valid
        }
        let report = validator.report(for: failures, of: plan, options: options, cache: &issues, in: memory.takeIssues())
        memory.keep(failures, nil)
        return .settled(report, sensitive: sensitive)
    }

    /// What checking a chunk of records gave: how many results it made and, when the search asked
    /// about every record, the columns their sensitive values take from a line they share (each
    /// shown as `***`), or nil when the check could not tell.
    private struct CheckedChunk {
        var made = 0
        var hiddenColumns: Int?
    }

    /// Checks the records at `ranges[indices]` of `text` and writes what the thread's maker makes of
    /// them into the first elements of `results`, and gives how many: of records without issues, from
    /// their `number`s when the maker can, one result per run of them when `makesRuns` (else per
    /// record); else of the record and report that `record` gives for the outcome (with where the sensitive
    /// values lie of the records `search` asks about). Then ends the maker's chunk, numbered `chunk`
    /// in its file's order when the run numbers them (see `RecordMaker`). Issues are made once per
    /// distinct failure and thread (see `CheckingThreads`).
    private func check<Result>(
        _ indices: Range<Int>, of range: (Int) -> Range<Int>, in text: [UInt8], depth: Int, options: ValidationOptions,
        finding search: DirectPlan.SensitiveSearch = .none, makesRuns: Bool, chunk: Int?, threads: CheckingThreads<Result>,
        into results: UnsafeMutableBufferPointer<Result>,
        number: (_ index: Int) -> Int, _ record: (_ index: Int, _ outcome: Outcome) -> (DataRecord, ValidationReport?)
    ) -> CheckedChunk {
        let plan = directPlan
        var state = threads.take()
        // Taken out of the maker once: read from it for each record, its closures would be retained.
        let (make, makeRun) = (state.maker.make, state.maker.makeRunWithoutIssues)
        var memory = state.memory.take()
        var checked = CheckedChunk(hiddenColumns: search == .ofEveryRecord ? 0 : nil)
        // The results are made in memory of this thread's, then moved into `results` at once. Made
        // there one by one, each result's writes would wait for cache lines that the thread handing
        // results on read last, and every atomic count of references in between would wait for those
        // writes: where the two CPUs are far apart (a virtual machine's host may run them on different
        // dies), that cost two jobs about 5% more CPU per record.
        withUnsafeTemporaryAllocation(of: Result.self, capacity: indices.count) { scratch in
            // Each made in its place: a local copy of a generic result would be copied and destroyed
            // through its type's value witnesses.
            var next = scratch.baseAddress!
            // Records without issues not yet made into a result, and the first one's number.
            var (run, runStart) = (0, 0)
            text.withUnsafeBufferPointer { bytes in
                for index in indices {
                    let outcome = check(UnsafeBufferPointer(rebasing: bytes[range(index)]), plan: plan, depth: depth, options: options,
                                        finding: search, memory: &memory, issues: &state.issues, hiddenColumns: &checked.hiddenColumns)
                    if case .valid = outcome, makeRun != nil {
                        if makesRuns {
                            if run == 0 { runStart = number(index) }
                            run += 1
                        } else {
                            next.initialize(to: makeRun!(number(index), 1))
                            next += 1
                        }
                        continue
                    }
                    if run > 0, let makeRun {
                        next.initialize(to: makeRun(runStart, run))
                        next += 1
                        run = 0
                    }
                    let (record, report) = record(index, outcome)
                    // The record's sensitive ranges are done with: their storage serves the next record's.
                    if case .settled(_, let sensitive?) = consume outcome { memory.keep(nil, sensitive) }
                    next.initialize(to: make(record, report))
                    next += 1
                    // Its issues' storage serves the next report's, once the result no longer holds it.
                    if let report { memory.keep(issuesOf: report) }
                }
            }
            if run > 0, let makeRun {
                next.initialize(to: makeRun(runStart, run))
                next += 1
            }
            checked.made = next - scratch.baseAddress!
            if checked.made > 0 { state.maker.endChunk(&scratch[0], chunk) }
            results.baseAddress?.moveInitialize(from: scratch.baseAddress!, count: checked.made)
        }
        state.memory.keep(&memory)
        threads.giveBack(state)
        return checked
    }

    /// Reads and validates the records of standard input, told apart as
    /// `DataReader.readStandardInput` does, and calls `body` as `validateRecords` does.
    /// JSON Lines input is checked a block at a time on up to `jobs` threads, and YAML a batch of
    /// records at a time, as a file is.
    package func validateRecordsInStandardInput(
        format: DataFormat?, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        _ body: (DataRecord, ValidationReport?) -> Void
    ) throws(DataFileError) {
        try validateRecordsInStandardInput(format: format, options: options, jobs: jobs, transform: RecordTransform { ($0, $1) }) { body($0.0, $0.1) }
    }

    /// Reads and validates the records of standard input as `validateRecordsInStandardInput(format:options:jobs:_:)`
    /// does, and calls `body` in input order with what `transform` made of each record and its report
    /// (on the checking threads, for JSON Lines input).
    package func validateRecordsInStandardInput<Result: Sendable>(
        format: DataFormat?, options: ValidationOptions = ValidationOptions(), jobs: Int = 1,
        transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) throws(DataFileError) {
        try DataReader.readStandardInput(format: format, limit: options.maxRecordSize, jsonLines: { stream in
            validateJSONLines(&stream, name: DataReader.standardInputName, options: options, jobs: jobs, transform: transform, body)
        }, json: { bytes throws(DataFileError) in
            try validateJSON(bytes, name: DataReader.standardInputName, options: options, jobs: jobs, transform: transform, body)
        }, yaml: { stream throws(DataFileError) in
            #if YAML
            try validateYAML(jobs: jobs, options: options, transform: transform, body) { _, batch throws(DataFileError) in
                try YAMLDocumentStream.forEachBatch(inStandardInput: &stream, limit: options.maxRecordSize, hiding: sensitiveValueFinder, batch)
            }
            #else
            throw .malformed(YAMLParseError.needsYAMLTrait.dataParseError)
            #endif
        })
    }

    private func validateJSONLines<Result: Sendable>(
        _ stream: inout LineStream, name path: String, options: ValidationOptions, jobs: Int,
        transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) {
        // Blocks are checked a chunk of lines at a time on the pool's threads, this one among them. A
        // chunk's handing over (the pool's queue, the thread's state, the chunk's output) writes memory
        // that the other thread reads next: on a virtual machine whose host runs the two CPUs on
        // different dies, each such cache line costs about 400 ns instead of 100, and with chunks of
        // 256 lines two jobs then took 12-15% more CPU per record than one (login); with 1,024, 2-9%.
        let chunkSize = 1_024
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let threads = CheckingThreads(making: transform.makeMaker)
        let readsText = transform.readsText
        // Where sensitive values lie matters only to output that quotes or places records' text, and to
        // where a syntax error is placed.
        let search: DirectPlan.SensitiveSearch = readsText && hasSensitiveFields ? .ofRecordsWithFailures : .none
        let hiding = sensitiveValueFinder
        // The chunks submitted so far, which number the next block's (see `RecordMaker`).
        var chunksSubmitted = 0
        func submit(_ block: [UInt8], _ lines: [DataReader.JSONLine]) -> Batch<Result> {
            let firstChunk = chunksSubmitted
            chunksSubmitted += (lines.count + chunkSize - 1) / chunkSize
            return pool.submit(count: lines.count, chunkSize: chunkSize) { indices, results in
                // This thread's holder of the block, which its records hold.
                let shared = SharedBlock(bytes: block, name: path)
                return check(indices, of: { lines[$0].range }, in: block, depth: 0, options: options, finding: search,
                             makesRuns: true, chunk: firstChunk + indices.lowerBound / chunkSize, threads: threads, into: results,
                             number: { lines[$0].index }) { index, outcome in
                    let line = lines[index]
                    switch outcome {
                    case .valid:
                        return (DataRecord(unparsedLine: line, in: shared, withDocument: false), ValidationReport(issues: []))
                    case .settled(let report, let sensitive):
                        let record = DataRecord(unparsedLine: line, in: shared, withDocument: readsText)
                        if let sensitive, let document = record.document {
                            document.knownRedaction = redaction(ofValuesAt: sensitive, in: document)
                        }
                        return (record, report)
                    case .malformed:
                        // Parsed again, for the exact message and position.
                        let record = line.record(in: block, name: path, hiding: hiding)
                        return (record, validate(parsed: record, options: options))
                    }
                }.made
            }
        }
        // Blocks are checked while the ones before them are handed on and the next is read: with a few
        // blocks queued, the other threads do not run out of lines while this one reads and hands on.
        // Those done are handed on as soon as the next block is read (so that slow input is answered
        // as it comes); this thread waits, computing meanwhile, only with more blocks in flight than that.
        // Alone, it computes only while it waits: the block before the one just read is handed on then.
        let blocksAhead = jobs > 1 ? max(2, jobs) : 1
        var inFlight: [Batch<Result>] = []
        DataReader.forEachJSONLinesBlock(&stream, holding: blocksAhead) { block, lines, moreIsReady in
            inFlight.append(submit(block, lines))
            // Before a read that waits for input typed or piped in slowly, every block read is answered.
            while let oldest = inFlight.first, inFlight.count > blocksAhead || pool.isDone(oldest) || !moreIsReady { pool.handOnFirst(of: &inFlight, to: body) }
        }
        while !inFlight.isEmpty { pool.handOnFirst(of: &inFlight, to: body) }
    }

    /// Checks a JSON document held whole (standard input's): an array as a file's is (see
    /// `validateJSONArray`), any other document by the whole-document reader.
    private func validateJSON<Result: Sendable>(
        _ bytes: [UInt8], name path: String, options: ValidationOptions, jobs: Int,
        transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) throws(DataFileError) {
        var stream = JSONArrayStream(bytes: bytes, name: path, limit: options.maxRecordSize)
        guard try stream.startsWithArray() else {
            let maker = transform.makeMaker()
            try forEachRecord(inJSONDocument: bytes, name: path) { record in
                body(maker.makeChunk(of: record, validate(parsed: record, options: options)))
            }
            return
        }
        try validateJSONArray(&stream, options: options, jobs: jobs, transform: transform, body)
    }

    /// Checks the windows of a streamed array, each on one thread, while the next ones are read, and
    /// hands on what `transform` makes of each element, in order. A syntax error (a malformed element,
    /// or the array's punctuation) is thrown after the elements before it have been handed on.
    private func validateJSONArray<Result: Sendable>(
        _ stream: inout JSONArrayStream, options: ValidationOptions, jobs: Int,
        transform: RecordTransform<Result>, _ body: (Result) -> Void
    ) throws(DataFileError) {
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let threads = CheckingThreads(making: transform.makeMaker)
        // Where hidden values lie matters to output that quotes or places records' text, and to every
        // format where a syntax error is placed: what those of one window take from the line the next
        // window starts inside is handed on whenever the form has sensitive fields.
        let hidesValues = hasSensitiveFields && transform.readsText
        var handedOnLine: CarriedColumns?
        func submit(_ window: JSONArrayStream.Window) -> (Batch<Result>, WindowFaults) {
            let incoming = window.continuesLine ? handedOnLine : nil
            let outgoing = hasSensitiveFields && window.handsOnLine ? CarriedColumns() : nil
            handedOnLine = outgoing
            let faults = WindowFaults()
            // What the window's values take from the line the next window starts inside is counted from
            // the slots of the elements checked, when they all lie on that line after nothing else of
            // the window's there; else from the window's redaction, found at once.
            let countsFromSlots = outgoing != nil && !hidesValues && window.checksOnlyItsLastLine
            return (pool.submit(count: window.elements.count, chunkSize: window.elements.count) { indices, results in
                let document = window.makeDocument()
                // Found at once when output or the next window needs it, else only for a syntax error.
                var windowRedaction = hidesValues || (outgoing != nil && !countsFromSlots) ? redaction(of: document, after: incoming) : nil
                if hidesValues { document.knownRedaction = windowRedaction }
                if !countsFromSlots, let outgoing, let windowRedaction { publish(windowRedaction, to: outgoing, at: window.end) }
                func shown(_ position: SourcePosition) -> SourcePosition {
                    guard hasSensitiveFields else { return position }
                    if windowRedaction == nil { windowRedaction = redaction(of: document, after: incoming) }
                    return windowRedaction!.shown(position)
                }
                // The results of elements after a syntax error are not handed on: each element has its own.
                let checked = check(indices, of: { window.elements[$0].range }, in: document.bytes, depth: 1, options: options,
                                    finding: countsFromSlots ? .ofEveryRecord : .none, makesRuns: false, chunk: nil, threads: threads,
                                    into: results, number: { window.firstIndex + $0 + 1 }) { slot, outcome in
                    let element = window.elements[slot]
                    let index = window.firstIndex + slot + 1
                    switch outcome {
                    case .valid:
                        return (DataRecord(index: index, unparsedElement: element, of: document), ValidationReport(issues: []))
                    case .settled(let report, _):
                        return (DataRecord(index: index, unparsedElement: element, of: document), report)
                    case .malformed:
                        let from = slot > 0 ? window.elements[slot - 1].range.upperBound : window.endBeforeFirst
                        let failure = document.bytes.withUnsafeBufferPointer { bytes in
                            JSONReader.arrayFailure(UnsafeBufferPointer(rebasing: bytes[(from ?? 0)...]), afterElement: from != nil)
                        }
                        let position = shown(document.position(ofOffset: (from ?? 0) + failure.offset))
                        let error = DataParseError(message: failure.message, position: position)
                        if faults.element == nil { faults.element = (slot, error) }
                        // Its result is never handed on: the array ends before it.
                        return (DataRecord(index: index, position: element.position, content: .failure(error)), nil)
                    }
                }
                if countsFromSlots, let outgoing {
                    if let hidden = checked.hiddenColumns {
                        let end = window.end
                        outgoing.publish((end.line, end.column, (incoming?.wait().shift ?? 0) + hidden))
                    } else {
                        publish(windowRedaction ?? redaction(of: document, after: incoming), to: outgoing, at: window.end)
                    }
                }
                // The array's punctuation failed after the last element: the text after it is read as far as
                // it can be, to place that error among the hidden values before it.
                if hasSensitiveFields, faults.element == nil, window.unreadStart != nil {
                    var afterLastElement = Redaction(spans: graph.sensitiveSpans(in: document, readingUnreadText: true))
                    carry(from: incoming, into: &afterLastElement, of: document)
                    faults.afterLastElement = afterLastElement
                }
                return checked.made
            }, faults)
        }
        // A few windows are checked at once, and handed on in order as each is done.
        var inFlight: [(Batch<Result>, WindowFaults)] = []
        var syntaxError: DataParseError?
        // What places a syntax error of the array's punctuation after the last element handed on.
        var afterLastElement: Redaction?
        func handOn(_ window: (batch: Batch<Result>, faults: WindowFaults)) {
            pool.wait(for: window.batch)
            guard syntaxError == nil else { return }
            window.batch.handOn(first: window.faults.element?.slot ?? window.batch.count, to: body)
            syntaxError = window.faults.element?.error
            afterLastElement = window.faults.afterLastElement
        }
        var failure: DataFileError?
        reading: while syntaxError == nil {
            switch stream.next() {
            case .window(let window):
                inFlight.append(submit(window))
                if inFlight.count > 2 * jobs + 2 { handOn(inFlight.removeFirst()) }
            case .end:
                break reading
            case .failed(let error):
                failure = error
                break reading
            }
        }
        for batch in inFlight { handOn(batch) }
        if let syntaxError { throw .malformed(syntaxError.describing("malformed JSON")) }
        guard let failure else { return }
        guard hasSensitiveFields, case .malformed(let error) = failure else { throw failure }
        // Placed among the hidden values before it on its line: those of the last window, or, before any
        // element was found (and so before any window), those of the text read.
        let shownBy = afterLastElement ?? stream.textBeforeAnyElement.map { redaction(of: DataDocument(name: stream.name, bytes: $0)) }
        throw .malformed(shownBy?.shown(error) ?? error)
    }

    /// Where the hidden values of `document` (a window) lie, with what those before it take from the line
    /// it starts inside (handed on by the window before, `incoming`).
    private func redaction(of document: DataDocument, after incoming: CarriedColumns?) -> Redaction {
        var redaction = Redaction(spans: graph.sensitiveSpans(in: document))
        carry(from: incoming, into: &redaction, of: document)
        return redaction
    }

    /// Hands on to `outgoing` what the hidden values of a window's `redaction` take from the line its
    /// last element ends on, at `lastElementEnd`.
    private func publish(_ redaction: Redaction, to outgoing: CarriedColumns, at lastElementEnd: SourcePosition) {
        let lost = redaction.lostColumns(onLine: lastElementEnd.line, before: lastElementEnd.column)
        outgoing.publish((lastElementEnd.line, lastElementEnd.column, lost))
    }

    /// Counts in `redaction` (of the window `document`) what the hidden values before the window take
    /// from its first line, as `incoming` hands it on: less what the window's own values (those of its
    /// context, which the window before held too) take before the column it was counted at.
    private func carry(from incoming: CarriedColumns?, into redaction: inout Redaction, of document: DataDocument) {
        guard let incoming else { return }
        let carried = incoming.wait()
        redaction.carry(carried.shift - redaction.lostColumns(onLine: carried.line, before: carried.column), onLine: document.firstLine)
    }
}

/// The syntax errors of a window, set by the thread that checks it and read once its batch is done: its
/// first element that is not well-formed JSON, and the array's syntax error there (the array ends at
/// the first); and for the last window of an array whose punctuation fails after its last element,
/// where the hidden values lie that output places that failure among.
private final class WindowFaults: @unchecked Sendable {
    var element: (slot: Int, error: DataParseError)?
    var afterLastElement: Redaction?
}

/// What hidden values take from a line up to a column, handed from one window's thread to the next's.
private final class CarriedColumns: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: (line: Int, column: Int, shift: Int)?

    func publish(_ carried: (line: Int, column: Int, shift: Int)) {
        condition.withLock {
            value = carried
            condition.broadcast()
        }
    }

    func wait() -> (line: Int, column: Int, shift: Int) {
        condition.withLock {
            while value == nil { condition.wait() }
            return value!
        }
    }
}

/// What each checking thread keeps from one chunk of records to its next, during a run: the issues made
/// for the direct path's failures so far (`IssueTable`), so that an issue is made about once per thread
/// and run, not once per chunk; and its `RecordMaker`, made at its first chunk. The values an issue
/// holds (its message, its path) and what a maker holds are then copied, changed and freed by one
/// thread, so no other core writes to their counts of references. A table that holds more than
/// `limit` issues (failures that carry element indexes or parameters can be many) starts again empty.
private final class CheckingThreads<Result>: @unchecked Sendable {
    struct State {
        var issues: IssueTable
        let maker: RecordMaker<Result>
        /// Kept from one chunk to the next, like the rest: made again for each chunk, the slots would
        /// be fresh memory, and a pattern's search cache (`PatternCaches`) would go back to its
        /// automaton and on to the thread that checks the next chunk, which would then read memory
        /// that this thread's core wrote last.
        let memory = KeptMemory()
    }

    /// A thread's `SlotMemory`, held between its chunks.
    final class KeptMemory: @unchecked Sendable {
        private var memory = SlotMemory()

        /// The memory, for one chunk; an empty one stays until `keep(_:)`.
        func take() -> SlotMemory {
            var taken = SlotMemory()
            swap(&taken, &memory)
            return taken
        }

        /// Keeps `memory` for the thread's next chunk (leaving an empty one in its place), trimmed to
        /// what ordinary records need.
        func keep(_ memory: inout SlotMemory) {
            memory.trim()
            swap(&self.memory, &memory)
        }

        /// Ends after every chunk of the run is done, on the thread that lets go of the run last.
        deinit {
            memory.passToThisThread()
        }
    }

    private let lock = NSLockLike()
    private var states: [ObjectIdentifier: State] = [:]
    private let makeMaker: @Sendable () -> RecordMaker<Result>
    private static var limit: Int { 4096 }

    init(making makeMaker: @escaping @Sendable () -> RecordMaker<Result>) {
        self.makeMaker = makeMaker
    }

    /// The calling thread's state, taken until it gives it back.
    func take() -> State {
        let thread = ObjectIdentifier(Thread.current)
        return lock.withLock { states.removeValue(forKey: thread) } ?? State(issues: IssueTable(), maker: makeMaker())
    }

    func giveBack(_ state: State) {
        var state = state
        if state.issues.count > Self.limit { state.issues = IssueTable() }
        let thread = ObjectIdentifier(Thread.current)
        lock.withLock { states[thread] = state }
    }
}

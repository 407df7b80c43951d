import Foundation

/// A data file that could not be read at all, or not parsed as a whole.
package enum DataFileError: Error, Sendable, Hashable {
    /// The file could not be opened or read; the system's reason.
    case unreadable(String)
    /// The document is not well-formed; no record of it was checked.
    case malformed(DataParseError)
    /// A JSON Lines line longer than the limit (reading stopped before it), or a whole document (a
    /// JSON or YAML file, or standard input read whole) larger than the limit (reading stopped there
    /// and none of its records was checked).
    case tooLarge(SizeLimitExceeded)

    /// What to tell the user: `cannot read: REASON`, the parse error's message, or the limit crossed.
    package var message: String {
        switch self {
        case .unreadable(let reason): return "cannot read: \(reason)"
        case .malformed(let error): return error.message
        case .tooLarge(let exceeded): return exceeded.message
        }
    }

    /// Where reading stopped, for a malformed document or a line too large (its first column).
    package var position: SourcePosition? {
        switch self {
        case .malformed(let error): return error.position
        case .tooLarge(let exceeded):
            if case .line(let line) = exceeded.subject { return SourcePosition(line: line, column: 1) }
            return nil
        case .unreadable: return nil
        }
    }
}

/// Reads records from data files and standard input.
package enum DataReader {
    /// Calls `body` with each record of the file at `path`, in order. JSON Lines is streamed line by line,
    /// and a malformed line is handed to `body` as a failed record so the other lines are still checked.
    /// A line, or a file of another format, larger than `maxRecordSize` ends the reading with an error.
    /// A syntax error is placed among the sensitive values before it, as output places positions, when
    /// `hiding` finds them (see `SensitiveValueFinder`).
    package static func forEachRecord(
        inFile path: String, format: DataFormat, maxRecordSize: SizeLimit = .records, hiding: SensitiveValueFinder? = nil,
        _ body: (DataRecord) -> Void
    ) throws(DataFileError) {
        if format == .jsonLines {
            var stream = try lines(of: path, limit: maxRecordSize)
            readJSONLines(&stream, name: path, hiding: hiding, body)
            try stream.checkRead()
            return
        }
        try forEachRecord(in: document(atPath: path, limit: maxRecordSize), format: format, name: path, hiding: hiding, body)
    }

    /// The bytes of the document at `path`, which is read whole unless it is larger than `limit`.
    static func document(atPath path: String, limit: SizeLimit) throws(DataFileError) -> [UInt8] {
        do {
            return try FileBytes.read(path, limit: limit)
        } catch {
            switch error {
            case .system(let reason): throw .unreadable(reason)
            case .tooLarge: throw .tooLarge(SizeLimitExceeded(.input, limit: limit))
            }
        }
    }

    /// Calls `body` with the records of the file at `path` in batches of at most `batchSize`, in order.
    /// JSON Lines are read a batch at a time and parsed on up to `jobs` threads, so memory stays
    /// proportional to a batch.
    package static func forEachBatch(
        inFile path: String, format: DataFormat, batchSize: Int = 2048, jobs: Int = 1, maxRecordSize: SizeLimit = .records,
        _ body: ([DataRecord]) -> Void
    ) throws(DataFileError) {
        guard format == .jsonLines else {
            var batch: [DataRecord] = []
            try forEachRecord(inFile: path, format: format, maxRecordSize: maxRecordSize) { record in
                batch.append(record)
                if batch.count == batchSize {
                    body(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { body(batch) }
            return
        }
        // One pool for the file, not one per batch.
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        try forEachJSONLinesBlock(inFile: path, limit: maxRecordSize) { block, lines in
            for start in stride(from: 0, to: lines.count, by: batchSize) {
                let batch = lines[start..<min(start + batchSize, lines.count)]
                body(pool.map(Array(batch)) { $0.record(in: block, name: path) })
            }
        }
    }

    /// A non-blank line of a JSON Lines file: where it lies in its block, its line number, and the
    /// record's number in the file (from 1).
    struct JSONLine: Sendable {
        let range: Range<Int>
        let number: Int
        let index: Int

        /// The line parsed: its record, or the parse error that replaced it, placed among the sensitive
        /// values that `hiding` finds before it.
        func record(in block: [UInt8], name: String, hiding: SensitiveValueFinder? = nil) -> DataRecord {
            DataReader.parseJSONLine(Array(block[range]), lineNumber: number, index: index, name: name, hiding: hiding)
        }

        /// The line's record, already parsed as `value`.
        func record(in block: [UInt8], name: String, value: Value) -> DataRecord {
            DataReader.lineRecord(value, bytes: Array(block[range]), lineNumber: number, index: index, name: name)
        }
    }

    /// Calls `body` with the whole lines of a JSON Lines file, a block of about a megabyte at a time,
    /// with the place of each non-blank line; memory stays proportional to a block (or the longest
    /// line, up to `limit`).
    static func forEachJSONLinesBlock(
        inFile path: String, limit: SizeLimit, _ body: (_ block: [UInt8], _ lines: [JSONLine]) -> Void
    ) throws(DataFileError) {
        var stream = try lines(of: path, limit: limit)
        forEachJSONLinesBlock(&stream) { block, lines, _ in body(block, lines) }
        try stream.checkRead()
    }

    /// The same for a stream, whose lines up to its `lineNumber` were read already. A line longer
    /// than the stream's limit ends the stream there (`checkRead` then throws), after the lines before it.
    /// `body` may still hold (in work it queued) the last `held` blocks it was given when it is given
    /// the next one; the memory of older ones is reused when nothing kept it. `body` is also told
    /// whether more input is ready: when not, the next block waits for input that comes slowly.
    static func forEachJSONLinesBlock(
        _ stream: inout LineStream, holding held: Int = 1, _ body: (_ block: [UInt8], _ lines: [JSONLine], _ moreIsReady: Bool) -> Void
    ) {
        var number = stream.lineNumber
        var index = 0
        // The blocks (and lists of lines) `body` may still hold, oldest first, and one it no longer does.
        var (recentBlocks, recentLines): ([[UInt8]], [[JSONLine]]) = ([], [])
        var (spare, spareLines): ([UInt8], [JSONLine]) = ([], [])
        let limit = stream.limit.bytes
        while let block = stream.nextBlock(reusing: &spare) {
            var tooLarge = false
            var lines = spareLines
            spareLines = []
            lines.removeAll(keepingCapacity: true)
            defer {
                recentBlocks.append(block)
                recentLines.append(lines)
                if recentBlocks.count > held { (spare, spareLines) = (recentBlocks.removeFirst(), recentLines.removeFirst()) }
            }
            block.withUnsafeBufferPointer { bytes in
                var start = 0
                while start < bytes.count {
                    let end = LineFeeds.first(in: bytes, within: start..<bytes.count) ?? bytes.count
                    number += 1
                    let contentEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
                    if contentEnd - start > limit {
                        tooLarge = true
                        break
                    }
                    let contentStart = number == 1 ? start + JSONTextEncoding.byteOrderMarkLength(bytes[start..<contentEnd]) : start
                    if !isBlank(UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd])) {
                        index += 1
                        lines.append(JSONLine(range: contentStart..<contentEnd, number: number, index: index))
                    }
                    start = end + 1
                }
            }
            body(block, lines, stream.hasInputReady)
            stream.lineNumber = tooLarge ? number - 1 : number
            if tooLarge {
                stream.stopAtLineTooLarge()
                break
            }
        }
    }

    /// The lines of a JSON Lines file, read as they are needed; a file in UTF-16 or UTF-32 is refused.
    static func lines(of path: String, limit: SizeLimit) throws(DataFileError) -> LineStream {
        var stream = LineStream(descriptor: try open(path), ownsDescriptor: true, limit: limit)
        try JSONTextEncoding.requireUTF8(stream.peek(4))
        return stream
    }

    /// A descriptor reading the data file at `path`, which the caller closes.
    static func open(_ path: String) throws(DataFileError) -> Int32 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .unreadable(isDirectory.boolValue ? "it is a directory" : "no such file or directory")
        }
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(FileBytes.reason(errno)) }
        return descriptor
    }

    /// A JSON Lines line of only spaces, tabs and carriage returns, which holds no record.
    private static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
    }

    /// The name standard input has in output.
    package static let standardInputName = "<stdin>"

    /// Reads standard input, and hands JSON Lines input to `jsonLines` as a stream, from its first
    /// byte, a JSON document to `json` whole, and YAML to `yaml` as a stream, from its first byte.
    /// Without a format, input whose first line is a whole JSON object is JSON Lines, other input
    /// starting with `{` or `[` is JSON, input that starts as UTF-16 or UTF-32 JSON does (without a
    /// UTF-16 byte order mark) is refused as JSON not in UTF-8, empty input is JSON, and anything else
    /// is YAML. A read error is thrown once the records read before it have been handed on.
    static func readStandardInput(
        format: DataFormat?, limit: SizeLimit,
        jsonLines: (inout LineStream) -> Void, json: ([UInt8]) throws(DataFileError) -> Void,
        yaml: (inout LineStream) throws(DataFileError) -> Void
    ) throws(DataFileError) {
        var stream = LineStream(descriptor: 0, ownsDescriptor: false, limit: limit)
        func rest() throws(DataFileError) -> [UInt8] {
            let bytes = stream.readAll()
            try stream.checkRead()
            return bytes
        }
        switch format {
        case .jsonLines?:
            try JSONTextEncoding.requireUTF8(stream.peek(4))
            jsonLines(&stream)
        case .json?:
            try json(rest())
        case .yaml?:
            try yaml(&stream)
        case nil:
            // UTF-16 or UTF-32 starts with a zero byte or a byte order mark, not `{`: it is named as
            // JSON is, unless it is UTF-16 with a byte order mark, which is read as YAML.
            let start = Array(stream.peek(4))
            if !JSONTextEncoding.startsWithUTF16ByteOrderMark(start) { try JSONTextEncoding.requireUTF8(start) }
            let first = stream.peekFirstNonBlankByte()
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                if first == nil {
                    try json(rest())
                } else {
                    try yaml(&stream)
                }
                return
            }
            // The first line is looked at, not consumed, so the input is read on exactly as it came.
            let firstLine = stream.peekLine { !isBlank($0) }
            if let firstLine, case .object? = try? JSONReader.parse(Array(firstLine)) {
                // A first line holding a whole object means JSON Lines; a one-line JSON object reads the same either way.
                jsonLines(&stream)
            } else {
                try json(rest())
            }
        }
        try stream.checkRead()
    }

    /// Parses a whole JSON or YAML document held in memory; a syntax error is placed among the
    /// sensitive values that `hiding` finds before it.
    static func forEachRecord(
        in bytes: [UInt8], format: DataFormat, name: String, hiding: SensitiveValueFinder? = nil, _ body: (DataRecord) -> Void
    ) throws(DataFileError) {
        switch format {
        case .json:
            try JSONTextEncoding.requireUTF8(bytes)
            let records: [(value: Value, offset: Int)]
            do {
                records = try JSONReader.parseRecords(bytes)
            } catch {
                let syntaxError = error.describing("malformed JSON")
                throw .malformed(hiding?.placing(syntaxError, in: bytes, name: name, isLine: false) ?? syntaxError)
            }
            let document = DataDocument(name: name, bytes: bytes)
            for (index, record) in records.enumerated() {
                body(DataRecord(index: index + 1, position: document.position(ofOffset: record.offset), content: .success(record.value),
                                document: document, anchor: .json(record.offset)))
            }
        case .jsonLines:
            var records = 0
            var number = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                emitJSONLine(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, lineNumber: number, index: &records,
                             name: name, hiding: hiding, body)
            }
        case .yaml:
            let bytes = try UTF8Transcoding.utf8(ofYAML: bytes)
            let documents: [YAMLNode]
            do {
                documents = try yamlDocuments(bytes)
            } catch {
                throw .malformed(error.dataParseError(hiding: hiding?.inYAMLRecords))
            }
            guard !documents.isEmpty else {
                throw .malformed(DataParseError(message: "invalid YAML: the document is empty", position: SourcePosition(line: 1, column: 1)))
            }
            let records = documents.flatMap { $0.sequence ?? [$0] }
            let text = DataDocument(name: name, bytes: bytes, yamlRecords: records)
            for (index, node) in records.enumerated() {
                body(DataRecord(index: index + 1, position: node.position, content: .success(YAMLScalarResolver.value(of: node)),
                                document: text, anchor: .yaml(node)))
            }
        }
    }

    /// The documents of YAML data, read by libyaml; refused without the `YAML` trait.
    private static func yamlDocuments(_ bytes: [UInt8]) throws(YAMLParseError) -> [YAMLNode] {
        #if YAML
        try LibYAMLParser.parseDocuments(bytes)
        #else
        throw .needsYAMLTrait
        #endif
    }

    private static func readJSONLines(
        _ stream: inout LineStream, name: String, hiding: SensitiveValueFinder?, _ body: (DataRecord) -> Void
    ) {
        var records = 0
        while let line = stream.nextLine() {
            emitJSONLine(line, lineNumber: stream.lineNumber, index: &records, name: name, hiding: hiding, body)
        }
    }

    /// One line of JSON Lines: blank lines are skipped; a malformed line becomes a failed record, its
    /// error placed among the sensitive values that `hiding` finds before it.
    private static func emitJSONLine(
        _ line: ArraySlice<UInt8>, lineNumber: Int, index: inout Int, name: String, hiding: SensitiveValueFinder?,
        _ body: (DataRecord) -> Void
    ) {
        let line = lineNumber == 1 ? line.dropFirst(JSONTextEncoding.byteOrderMarkLength(line)) : line
        guard !isBlank(line) else { return }
        index += 1
        body(parseJSONLine(Array(line), lineNumber: lineNumber, index: index, name: name, hiding: hiding))
    }

    /// The record of one non-blank JSON Lines line, or its parse error, placed among the sensitive
    /// values that `hiding` finds before it.
    static func parseJSONLine(_ bytes: [UInt8], lineNumber: Int, index: Int, name: String, hiding: SensitiveValueFinder? = nil) -> DataRecord {
        let start = SourcePosition(line: lineNumber, column: 1)
        do {
            return lineRecord(try JSONReader.parse(bytes), bytes: bytes, lineNumber: lineNumber, index: index, name: name)
        } catch {
            let position = SourcePosition(line: lineNumber, column: error.position.column)
            let syntaxError = DataParseError(message: error.message, position: position).describing("malformed JSON")
            let placed = hiding?.placing(syntaxError, in: bytes, name: name, firstLine: lineNumber, isLine: true) ?? syntaxError
            return DataRecord(index: index, position: start, content: .failure(placed))
        }
    }
}

extension DataReader {
    /// The record of a JSON Lines line parsed as `value`.
    static func lineRecord(_ value: Value, bytes: [UInt8], lineNumber: Int, index: Int, name: String) -> DataRecord {
        DataRecord(index: index, position: SourcePosition(line: lineNumber, column: 1), content: .success(value),
                   document: DataDocument(name: name, bytes: bytes, firstLine: lineNumber), anchor: .json(0), isAloneInDocument: true)
    }
}

extension DataParseError {
    /// The same error with its message prefixed by what was being read: "malformed JSON: ...".
    func describing(_ kind: String) -> DataParseError {
        DataParseError(message: "\(kind): \(message)", position: position)
    }
}

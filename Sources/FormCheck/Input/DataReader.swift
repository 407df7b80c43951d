import Foundation

/// A data file that could not be read at all, or not parsed as a whole.
public enum DataFileError: Error, Sendable, Hashable {
    /// The file could not be opened or read; the system's reason.
    case unreadable(String)
    /// The document is not well-formed; no record of it was checked.
    case malformed(DataParseError)

    /// What to tell the user: `cannot read: REASON`, or the parse error's message.
    public var message: String {
        switch self {
        case .unreadable(let reason): return "cannot read: \(reason)"
        case .malformed(let error): return error.message
        }
    }

    /// Where reading stopped, for a malformed document.
    public var position: SourcePosition? {
        if case .malformed(let error) = self { return error.position }
        return nil
    }
}

/// Reads records from data files and standard input.
public enum DataReader {
    /// Calls `body` with each record of the file at `path`, in order. JSON Lines is streamed line by line,
    /// and a malformed line is handed to `body` as a failed record so the other lines are still checked.
    public static func forEachRecord(
        inFile path: String, format: DataFormat, _ body: (DataRecord) -> Void
    ) throws(DataFileError) {
        if format == .jsonLines {
            var stream = try lines(of: path)
            readJSONLines(&stream, name: path, body)
            try stream.checkRead()
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw .unreadable(error.reason)
        }
        try forEachRecord(in: bytes, format: format, name: path, body)
    }

    /// Calls `body` with the records of the file at `path` in batches of at most `batchSize`, in order.
    /// JSON Lines are read a batch at a time and parsed on up to `jobs` threads, so memory stays
    /// proportional to a batch.
    public static func forEachBatch(
        inFile path: String, format: DataFormat, batchSize: Int = 2048, jobs: Int = 1, _ body: ([DataRecord]) -> Void
    ) throws(DataFileError) {
        guard format == .jsonLines else {
            var batch: [DataRecord] = []
            try forEachRecord(inFile: path, format: format) { record in
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
        try forEachJSONLinesBlock(inFile: path) { block, lines in
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

        /// The line parsed: its record, or the parse error that replaced it.
        func record(in block: [UInt8], name: String) -> DataRecord {
            DataReader.parseJSONLine(Array(block[range]), lineNumber: number, index: index, name: name)
        }

        /// The line's record, already parsed as `value`.
        func record(in block: [UInt8], name: String, value: Value) -> DataRecord {
            DataReader.lineRecord(value, bytes: Array(block[range]), lineNumber: number, index: index, name: name)
        }
    }

    /// Calls `body` with the whole lines of a JSON Lines file, a block of about a megabyte at a time,
    /// with the place of each non-blank line; memory stays proportional to a block (or the longest line).
    static func forEachJSONLinesBlock(inFile path: String, _ body: (_ block: [UInt8], _ lines: [JSONLine]) -> Void) throws(DataFileError) {
        var stream = try lines(of: path)
        forEachJSONLinesBlock(&stream, body)
        try stream.checkRead()
    }

    /// The same for a stream, whose first `recordsSoFar` records (and lines up to its `lineNumber`)
    /// were read already.
    static func forEachJSONLinesBlock(
        _ stream: inout LineStream, recordsSoFar: Int = 0, _ body: (_ block: [UInt8], _ lines: [JSONLine]) -> Void
    ) {
        var number = stream.lineNumber
        var index = recordsSoFar
        // The block (and list of lines) before last has been handed on by the time the next one is
        // read: its memory is reused when nothing kept it.
        var (spare, last): ([UInt8], [UInt8]) = ([], [])
        var (spareLines, lastLines): ([JSONLine], [JSONLine]) = ([], [])
        while let block = stream.nextBlock(reusing: &spare) {
            var lines = spareLines
            spareLines = []
            lines.removeAll(keepingCapacity: true)
            defer { (spare, last, spareLines, lastLines) = (last, block, lastLines, lines) }
            block.withUnsafeBufferPointer { bytes in
                var start = 0
                while start < bytes.count {
                    var end = start
                    if let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
                        end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    } else {
                        end = bytes.count
                    }
                    number += 1
                    let contentEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
                    let contentStart = number == 1 ? start + byteOrderMarkLength(bytes[start..<contentEnd]) : start
                    if !isBlank(UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd])) {
                        index += 1
                        lines.append(JSONLine(range: contentStart..<contentEnd, number: number, index: index))
                    }
                    start = end + 1
                }
            }
            body(block, lines)
        }
    }

    /// The lines of a JSON Lines file, read as they are needed.
    static func lines(of path: String) throws(DataFileError) -> LineStream {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .unreadable(isDirectory.boolValue ? "it is a directory" : "no such file or directory")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(FileBytes.reason(errno)) }
        return LineStream(descriptor: descriptor, ownsDescriptor: true)
    }

    /// 3 when `line` starts with a UTF-8 byte order mark (which the first line of a file may have, and
    /// which is not part of its record), else 0.
    private static func byteOrderMarkLength(_ line: some Collection<UInt8>) -> Int {
        line.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// A JSON Lines line of only spaces, tabs and carriage returns, which holds no record.
    private static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
    }

    /// The name standard input has in output.
    public static let standardInputName = "<stdin>"

    /// Reads standard input. Without a format, input whose first line is a whole JSON object is
    /// JSON Lines, other input starting with `{` or `[` is JSON, and anything else is YAML.
    public static func forEachRecordInStandardInput(format: DataFormat?, _ body: (DataRecord) -> Void) throws(DataFileError) {
        try readStandardInput(format: format, jsonLines: { stream, records in
            readJSONLines(&stream, startingAt: records, name: standardInputName, body)
        }, records: body)
    }

    /// Reads standard input as `forEachRecordInStandardInput` does, but hands JSON Lines input to
    /// `jsonLines` as a stream, with the number of records already handed to `records` (the first
    /// line, when it was read to tell the format). A read error is thrown once the records read
    /// before it have been handed on.
    static func readStandardInput(
        format: DataFormat?, jsonLines: (inout LineStream, _ recordsSoFar: Int) -> Void, records body: (DataRecord) -> Void
    ) throws(DataFileError) {
        var stream = LineStream(descriptor: 0, ownsDescriptor: false)
        func rest() throws(DataFileError) -> [UInt8] {
            let bytes = stream.readAll()
            try stream.checkRead()
            return bytes
        }
        switch format {
        case .jsonLines?:
            jsonLines(&stream, 0)
        case let format?:
            try forEachRecord(in: rest(), format: format, name: standardInputName, body)
        case nil:
            let first = stream.peekFirstNonBlankByte()
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                let bytes = try rest()
                try forEachRecord(in: bytes, format: first == nil ? .json : .yaml, name: standardInputName, body)
                return
            }
            guard let firstLine = firstNonBlankLine(&stream) else { break }
            if case .object? = try? JSONReader.parse(Array(firstLine.line)) {
                // A first line holding a whole object means JSON Lines; a one-line JSON object reads the same either way.
                var records = 0
                emitJSONLine(firstLine.line, lineNumber: firstLine.number, index: &records, name: standardInputName, body)
                jsonLines(&stream, records)
            } else {
                let whole = try firstLine.prefix + Array(firstLine.line) + [UInt8(ascii: "\n")] + rest()
                try forEachRecord(in: whole, format: .json, name: standardInputName, body)
            }
        }
        try stream.checkRead()
    }

    private static func firstNonBlankLine(_ stream: inout LineStream) -> (prefix: [UInt8], line: ArraySlice<UInt8>, number: Int)? {
        var prefix: [UInt8] = []
        while let line = stream.nextLine() {
            if !isBlank(line) {
                return (prefix, line, stream.lineNumber)
            }
            prefix += line + [UInt8(ascii: "\n")]
        }
        return nil
    }

    /// Parses a whole JSON or YAML document held in memory.
    static func forEachRecord(in bytes: [UInt8], format: DataFormat, name: String, _ body: (DataRecord) -> Void) throws(DataFileError) {
        switch format {
        case .json:
            let records: [(value: Value, offset: Int)]
            do {
                records = try JSONReader.parseRecords(bytes)
            } catch {
                throw .malformed(error.describing("malformed JSON"))
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
                             name: name, body)
            }
        case .yaml:
            let documents: [YAMLNode]
            do {
                documents = try LibYAMLParser.parseDocuments(bytes)
            } catch {
                throw .malformed(DataParseError(message: "invalid YAML: \(error.problemWithoutText ?? error.problem)",
                                                position: error.position ?? SourcePosition(line: 1, column: 1)))
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

    private static func readJSONLines(
        _ stream: inout LineStream, startingAt records: Int = 0, name: String, _ body: (DataRecord) -> Void
    ) {
        var records = records
        while let line = stream.nextLine() {
            emitJSONLine(line, lineNumber: stream.lineNumber, index: &records, name: name, body)
        }
    }

    /// One line of JSON Lines: blank lines are skipped; a malformed line becomes a failed record.
    private static func emitJSONLine(
        _ line: ArraySlice<UInt8>, lineNumber: Int, index: inout Int, name: String, _ body: (DataRecord) -> Void
    ) {
        let line = lineNumber == 1 ? line.dropFirst(byteOrderMarkLength(line)) : line
        guard !isBlank(line) else { return }
        index += 1
        body(parseJSONLine(Array(line), lineNumber: lineNumber, index: index, name: name))
    }

    /// The record of one non-blank JSON Lines line, or its parse error.
    static func parseJSONLine(_ bytes: [UInt8], lineNumber: Int, index: Int, name: String) -> DataRecord {
        let start = SourcePosition(line: lineNumber, column: 1)
        do {
            return lineRecord(try JSONReader.parse(bytes), bytes: bytes, lineNumber: lineNumber, index: index, name: name)
        } catch {
            let position = SourcePosition(line: lineNumber, column: error.position.column)
            return DataRecord(index: index, position: start,
                              content: .failure(DataParseError(message: error.message, position: position).describing("malformed JSON")))
        }
    }
}

extension DataReader {
    /// The record of a JSON Lines line parsed as `value`.
    static func lineRecord(_ value: Value, bytes: [UInt8], lineNumber: Int, index: Int, name: String) -> DataRecord {
        DataRecord(index: index, position: SourcePosition(line: lineNumber, column: 1), content: .success(value),
                   document: DataDocument(name: name, bytes: bytes, firstLine: lineNumber), anchor: .json(0))
    }
}

extension DataParseError {
    /// The same error with its message prefixed by what was being read: "malformed JSON: ...".
    func describing(_ kind: String) -> DataParseError {
        DataParseError(message: "\(kind): \(message)", position: position)
    }
}

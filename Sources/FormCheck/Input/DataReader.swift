import Foundation

/// A data file that could not be read at all, or not parsed as a whole.
public enum DataFileError: Error, Sendable, Hashable {
    /// The file could not be opened or read; the system's reason.
    case unreadable(String)
    /// The document is not well-formed; no record of it was checked.
    case malformed(DataParseError)
}

/// Reads records from data files and standard input.
public enum DataReader {
    /// Calls `body` with each record of the file at `path`, in order. JSON Lines is streamed line by line,
    /// and a malformed line is handed to `body` as a failed record so the other lines are still checked.
    public static func forEachRecord(
        inFile path: String, format: DataFormat, _ body: (DataRecord) -> Void
    ) throws(DataFileError) {
        if format == .jsonLines {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw .unreadable(isDirectory.boolValue ? "it is a directory" : "no such file or directory")
            }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
            var stream = LineStream(descriptor: descriptor, ownsDescriptor: true)
            readJSONLines(&stream, body)
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw .unreadable(error.reason)
        }
        try forEachRecord(in: bytes, format: format, body)
    }

    /// Reads standard input. Without a format, input whose first line is a whole JSON object is
    /// JSON Lines, other input starting with `{` or `[` is JSON, and anything else is YAML.
    public static func forEachRecordInStandardInput(format: DataFormat?, _ body: (DataRecord) -> Void) throws(DataFileError) {
        var stream = LineStream(descriptor: 0, ownsDescriptor: false)
        switch format {
        case .jsonLines?:
            readJSONLines(&stream, body)
        case let format?:
            try forEachRecord(in: stream.readAll(), format: format, body)
        case nil:
            let first = stream.peekFirstNonBlankByte()
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                try forEachRecord(in: stream.readAll(), format: first == nil ? .json : .yaml, body)
                return
            }
            guard let firstLine = firstNonBlankLine(&stream) else { return }
            if case .object? = try? JSONReader.parse(Array(firstLine.line)) {
                // A first line holding a whole object means JSON Lines; a one-line JSON object reads the same either way.
                var records = 0
                emitJSONLine(firstLine.line, lineNumber: firstLine.number, index: &records, body)
                readJSONLines(&stream, startingAt: records, body)
            } else {
                let whole = firstLine.prefix + Array(firstLine.line) + [UInt8(ascii: "\n")] + stream.readAll()
                try forEachRecord(in: whole, format: .json, body)
            }
        }
    }

    private static func firstNonBlankLine(_ stream: inout LineStream) -> (prefix: [UInt8], line: ArraySlice<UInt8>, number: Int)? {
        var prefix: [UInt8] = []
        while let line = stream.nextLine() {
            if line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
                return (prefix, line, stream.lineNumber)
            }
            prefix += line + [UInt8(ascii: "\n")]
        }
        return nil
    }

    /// Parses a whole JSON or YAML document held in memory.
    static func forEachRecord(in bytes: [UInt8], format: DataFormat, _ body: (DataRecord) -> Void) throws(DataFileError) {
        switch format {
        case .json:
            let records: [(value: Value, offset: Int)]
            do {
                records = try JSONReader.parseRecords(bytes)
            } catch {
                throw .malformed(error.describing("malformed JSON"))
            }
            var positions = OffsetTracker(bytes: bytes)
            for (index, record) in records.enumerated() {
                body(DataRecord(index: index + 1, position: positions.position(of: record.offset), content: .success(record.value)))
            }
        case .jsonLines:
            var records = 0
            var number = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                emitJSONLine(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, lineNumber: number, index: &records, body)
            }
        case .yaml:
            let documents: [YAMLNode]
            do {
                documents = try LibYAMLParser.parseDocuments(bytes)
            } catch {
                throw .malformed(DataParseError(message: "invalid YAML: \(error.problem)",
                                                position: error.position ?? SourcePosition(line: 1, column: 1)))
            }
            guard !documents.isEmpty else {
                throw .malformed(DataParseError(message: "invalid YAML: the document is empty", position: SourcePosition(line: 1, column: 1)))
            }
            var index = 0
            for document in documents {
                for node in document.sequence ?? [document] {
                    index += 1
                    body(DataRecord(index: index, position: node.position, content: .success(YAMLScalarResolver.value(of: node))))
                }
            }
        }
    }

    private static func readJSONLines(_ stream: inout LineStream, startingAt records: Int = 0, _ body: (DataRecord) -> Void) {
        var records = records
        while let line = stream.nextLine() {
            emitJSONLine(line, lineNumber: stream.lineNumber, index: &records, body)
        }
    }

    /// One line of JSON Lines: blank lines are skipped; a malformed line becomes a failed record.
    private static func emitJSONLine(
        _ line: ArraySlice<UInt8>, lineNumber: Int, index: inout Int, _ body: (DataRecord) -> Void
    ) {
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return }
        index += 1
        let start = SourcePosition(line: lineNumber, column: 1)
        do {
            let value = try JSONReader.parse(Array(line))
            body(DataRecord(index: index, position: start, content: .success(value)))
        } catch {
            let position = SourcePosition(line: lineNumber, column: error.position.column)
            body(DataRecord(index: index, position: start,
                            content: .failure(DataParseError(message: error.message, position: position).describing("malformed JSON"))))
        }
    }
}

/// Converts increasing byte offsets to positions in one pass over the bytes.
struct OffsetTracker {
    let bytes: [UInt8]
    private var offset = 0
    private var position = SourcePosition(line: 1, column: 1)

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func position(of target: Int) -> SourcePosition {
        if target < offset {
            offset = 0
            position = SourcePosition(line: 1, column: 1)
        }
        while offset < target, offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                position.line += 1
                position.column = 1
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
            offset += 1
        }
        return position
    }
}

extension DataParseError {
    /// The same error with its message prefixed by what was being read: "malformed JSON: ...".
    func describing(_ kind: String) -> DataParseError {
        DataParseError(message: "\(kind): \(message)", position: position)
    }
}

/// Reads a JSON document (a schema or a catalog written in JSON) into the `YAMLNode`s the compiler
/// reads, without libyaml: strings are quoted scalars, numbers, `true`, `false` and `null` plain
/// ones, and the grammar is `JSONReader`'s.
///
/// Positions are those libyaml gives the same text wherever lines end with LF or CR LF, and those
/// `SourceText` gives (which quotes the lines of diagnostics) everywhere: a line ends at LF only, a
/// column counts Unicode scalars, and a byte order mark at the start takes no column. Unlike libyaml,
/// which reads YAML 1.1, a raw NEL (U+0085) inside a string is text, not a line break folded into a
/// space. U+2028 and U+2029 are escaped before either reader sees the text (`JSONLineSeparators`).
struct JSONNodeReader: ~Copyable {
    private var reader: JSONReader
    private var cursor: PositionCursor

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        reader = JSONReader(bytes: bytes)
        cursor = PositionCursor(bytes: bytes)
    }

    /// The document in `bytes`, which must hold one JSON value and nothing else.
    static func parse(_ bytes: [UInt8]) throws(DataParseError) -> YAMLNode {
        try JSONReader.reading(bytes) { buffer throws(JSONReader.Failure) in
            var reader = JSONNodeReader(bytes: buffer)
            return try reader.readDocument()
        }
    }

    private mutating func readDocument() throws(JSONReader.Failure) -> YAMLNode {
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        reader.skipWhitespace()
        let node = try readNode(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == reader.bytes.count else {
            throw JSONReader.Failure(message: "unexpected content after the end of the JSON document", offset: reader.offset)
        }
        return node
    }

    private mutating func readNode(depth: Int) throws(JSONReader.Failure) -> YAMLNode {
        let start = reader.offset
        let position = cursor.position(at: start)
        switch reader.peek() {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < YAMLNode.maximumDepth else {
                throw JSONReader.Failure(message: "nesting is deeper than \(YAMLNode.maximumDepth) levels", offset: start)
            }
            let isObject = reader.peek() == UInt8(ascii: "{")
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            reader.offset += 1
            var pairs: [YAMLPair] = []
            var items: [YAMLNode] = []
            reader.skipWhitespace()
            if reader.peek() == closing {
                reader.offset += 1
            } else {
                while true {
                    reader.skipWhitespace()
                    if isObject {
                        guard reader.peek() == UInt8(ascii: "\"") else {
                            throw JSONReader.Failure(message: "expected a member name in double quotes", offset: reader.offset)
                        }
                        let key = try readNode(depth: depth + 1)
                        reader.skipWhitespace()
                        guard reader.peek() == UInt8(ascii: ":") else {
                            throw JSONReader.Failure(message: "expected ':' after a member name", offset: reader.offset)
                        }
                        reader.offset += 1
                        reader.skipWhitespace()
                        pairs.append(YAMLPair(key: key, value: try readNode(depth: depth + 1)))
                    } else {
                        items.append(try readNode(depth: depth + 1))
                    }
                    reader.skipWhitespace()
                    if try reader.expectSeparator(closing: closing, what: isObject ? "an object member" : "an array element") { break }
                }
            }
            return YAMLNode(kind: isObject ? .mapping(pairs) : .sequence(items), position: position, end: cursor.position(at: reader.offset))
        case UInt8(ascii: "\""):
            let text = try reader.readString()
            let end = cursor.position(at: reader.offset)
            var node = YAMLNode(kind: .scalar(text, isPlain: false), position: position, end: end)
            // Without escapes the source spells the text character for character, after the quote.
            if end.column - position.column == text.unicodeScalars.count + 2 {
                node.verbatimTextStart = SourcePosition(line: position.line, column: position.column + 1)
            }
            return node
        case UInt8(ascii: "t"): try reader.readLiteral("true")
        case UInt8(ascii: "f"): try reader.readLiteral("false")
        case UInt8(ascii: "n"): try reader.readLiteral("null")
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): _ = try reader.scanNumber()
        case nil: throw JSONReader.Failure(message: "unexpected end of data: expected a value", offset: start)
        default: throw JSONReader.Failure(message: "expected a value (an object, array, string, number, true, false or null)", offset: start)
        }
        // A number or a literal: a plain scalar, as written.
        let text = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.offset]), as: UTF8.self)
        var node = YAMLNode(kind: .scalar(text, isPlain: true), position: position, end: cursor.position(at: reader.offset))
        node.verbatimTextStart = position
        return node
    }

    /// Lines and columns of byte offsets asked for in increasing order, counted once.
    private struct PositionCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        private var offset = 0
        private var line = 1
        private var column = 1

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        }

        mutating func position(at target: Int) -> SourcePosition {
            assert(target >= offset, "positions are asked for in reading order")
            while offset < target {
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: "\n") {
                    (line, column) = (line + 1, 1)
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return SourcePosition(line: line, column: column)
        }
    }
}

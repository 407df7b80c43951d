/// The text of one source file, kept so diagnostics can quote a line and convert byte offsets.
public struct SourceText: Sendable {
    /// The name shown in diagnostics: a path, `<stdin>` or `<string>`.
    public let name: String
    let bytes: [UInt8]

    /// A file's UTF-8 bytes, named as diagnostics show it.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// A file's text, named as diagnostics show it.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The text of a 1-based line without its line break, or nil past the end.
    public func line(_ number: Int) -> String? {
        SourceText.line(number, in: bytes)
    }

    /// Converts a byte offset into a line and a column counted in Unicode scalars.
    public func position(ofOffset offset: Int) -> SourcePosition {
        SourceText.position(ofOffset: offset, in: bytes)
    }

    static func line(_ number: Int, in bytes: [UInt8]) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count, current < number {
            if bytes[index] == UInt8(ascii: "\n") {
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func position(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> SourcePosition {
        var line = 1
        var column = 1
        var consumed = 0
        for byte in bytes {
            if consumed >= offset { break }
            consumed += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}

/// Tells JSON text written in UTF-16 or UTF-32 from UTF-8 by its first bytes, as RFC 4627 section 3
/// does: a byte order mark names the encoding, and without one the first two characters of JSON text
/// are ASCII, so the pattern of zero bytes among the first four names it.
enum JSONTextEncoding {
    /// 3 when `text` starts with a UTF-8 byte order mark (which the start of a file may have, and
    /// which is not part of its JSON), else 0.
    static func byteOrderMarkLength(_ text: some Collection<UInt8>) -> Int {
        text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// `UTF-16LE`, `UTF-16BE`, `UTF-32LE` or `UTF-32BE` when `start` (the first bytes of the text)
    /// begins JSON in that encoding; nil for UTF-8 and for anything else.
    static func nonUTF8Encoding(ofStart start: some Collection<UInt8>) -> String? {
        let bytes = Array(start.prefix(4))
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        guard bytes.count == 4 else { return nil }
        switch (bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0) {
        case (true, true, true, false): return "UTF-32BE"
        case (false, true, true, true): return "UTF-32LE"
        case (true, false, true, false): return "UTF-16BE"
        case (false, true, false, true): return "UTF-16LE"
        default: return nil
        }
    }

    /// Whether `start` begins with a UTF-16 byte order mark (which also begins UTF-32LE's, told apart
    /// by the two zero bytes after it).
    static func startsWithUTF16ByteOrderMark(_ start: some Collection<UInt8>) -> Bool {
        switch nonUTF8Encoding(ofStart: start) {
        case "UTF-16BE"?: return start.starts(with: [0xFE, 0xFF])
        case "UTF-16LE"?: return start.starts(with: [0xFF, 0xFE])
        default: return false
        }
    }

    /// Throws when `start` begins JSON that is not UTF-8: the error names the encoding, at 1:1.
    static func requireUTF8(_ start: some Collection<UInt8>) throws(DataFileError) {
        guard let encoding = nonUTF8Encoding(ofStart: start) else { return }
        throw .malformed(DataParseError(message: "JSON data must be UTF-8 (this file is \(encoding))", position: SourcePosition(line: 1, column: 1)))
    }
}

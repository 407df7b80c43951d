/// YAML data written in UTF-16 or UTF-32 (which YAML reads, told apart from UTF-8 as JSON text is:
/// `JSONTextEncoding`), turned into UTF-8 before it is read. libyaml then reads the same text that
/// output quotes, so that an excerpt shows the record's characters, and hides a sensitive value at the
/// columns where it lies, rather than quoting the encoded bytes. The byte order mark is dropped, as
/// libyaml counts no column for it.
enum UTF8Transcoding {
    /// `bytes` as UTF-8: the same bytes when they are not UTF-16 or UTF-32; throws at the line and
    /// column of the first character that is not well formed.
    static func utf8(ofYAML bytes: [UInt8]) throws(DataFileError) -> [UInt8] {
        guard let encoding = JSONTextEncoding.nonUTF8Encoding(ofStart: bytes.prefix(4)) else { return bytes }
        let width = encoding.hasPrefix("UTF-32") ? 4 : 2
        let isBigEndian = encoding.hasSuffix("BE")
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        /// The error at the character after the text turned so far, placed as YAML places it (`DataDocument`).
        func fail(_ problem: String) -> DataFileError {
            let position = DataDocument(name: "", bytes: utf8, yamlRecords: []).position(ofOffset: utf8.count)
            return .malformed(DataParseError(message: "invalid YAML: the \(encoding) text \(problem)", position: position))
        }
        func unit(at offset: Int) -> UInt32 {
            (0..<width).reduce(0) { value, index in
                value | UInt32(bytes[offset + index]) << (8 * (isBigEndian ? width - 1 - index : index))
            }
        }
        // A YAML record holds ASCII (a mapping's `:` at least), which in UTF-16 has a zero byte. Text
        // with none is bytes of another encoding behind a UTF-16 byte order mark (UTF-8 read two bytes a
        // character): quoting it would show those bytes, a sensitive value's among them, as other characters.
        if width == 2, bytes.count > 2, !stride(from: 0, to: bytes.count - 1, by: 2).contains(where: { unit(at: $0) < 0x80 }) {
            throw .malformed(DataParseError(
                message: "invalid YAML: the \(encoding) text holds no ASCII character, not even a mapping's ':'; "
                    + "are its bytes UTF-8 behind a UTF-16 byte order mark?",
                position: SourcePosition(line: 1, column: 1)))
        }
        var offset = 0
        while offset + width <= bytes.count {
            let value = unit(at: offset)
            offset += width
            var scalar = Unicode.Scalar(value)
            if width == 2, UTF16.isLeadSurrogate(UInt16(value)) {
                guard offset + 2 <= bytes.count, UTF16.isTrailSurrogate(UInt16(unit(at: offset))) else {
                    throw fail("holds a surrogate without its pair")
                }
                scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (unit(at: offset) - 0xDC00))
                offset += 2
            }
            guard let scalar else { throw fail(width == 2 ? "holds a surrogate without its pair" : "holds a value that is no Unicode scalar") }
            if offset == width, scalar == "\u{FEFF}" { continue }
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        }
        guard offset == bytes.count else { throw fail("ends inside a character") }
        return utf8
    }
}

import FormCheck

/// Output built as bytes, on a checking thread or on the writing one, and written in one piece.
struct OutputBuffer: Sendable {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// An empty buffer with room for `capacity` bytes, so that a record's output is not copied as it grows.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Empties the buffer, keeping its room for what comes next.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: String) {
        // The text's UTF-8 copied whole (a small string's from the stack), not a byte at a time.
        bytes.append(utf8: text)
    }

    mutating func append(_ other: OutputBuffer) {
        bytes.append(contentsOf: other.bytes)
    }

    mutating func append(bytes other: some Collection<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// A whole number in decimal.
    mutating func append(_ number: Int) {
        bytes.append(decimal: number)
    }

    /// One byte, such as a line break.
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// `text` in `attribute` when `style` colors, else as it is.
    mutating func append(_ text: String, _ attribute: Style.Attribute, _ style: Style) {
        append(style.start(attribute))
        append(text)
        append(style.end)
    }

    /// `text` as a JSON string.
    mutating func appendJSON(_ text: String) {
        JSONWriter.appendQuoted(text, to: &bytes)
    }

    /// An object member's key: `"key": `, after `, ` unless it is the first member. The key is one of
    /// the format's own names, which need no escape; a name from elsewhere goes through `appendJSON`.
    mutating func appendJSONKey(_ key: String, first: Bool = false) {
        assert(!key.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "a JSON key that needs escapes")
        append(first ? "\"" : ", \"")
        append(key)
        append("\": ")
    }

    /// A member holding a number: `"key": 12`, after `, ` unless it is the first member.
    mutating func appendJSONMember(_ key: String, _ value: Int, first: Bool = false) {
        appendJSONKey(key, first: first)
        append(value)
    }

    /// A member holding a string.
    mutating func appendJSONMember(_ key: String, string value: String, first: Bool = false) {
        appendJSONKey(key, first: first)
        appendJSON(value)
    }

    /// The four members of a span, named by `keys` (start line and column, end line and column).
    mutating func appendJSONMembers(_ span: SourceSpan, keys: (String, String, String, String), first: Bool = false) {
        appendJSONMember(keys.0, span.start.line, first: first)
        appendJSONMember(keys.1, span.start.column)
        appendJSONMember(keys.2, span.end.line)
        appendJSONMember(keys.3, span.end.column)
    }

    /// `text` escaped for XML text, or for an attribute value (which also keeps quotes and white space
    /// other than the space as references). Characters XML 1.0 cannot hold at all become U+FFFD.
    mutating func appendXML(_ text: String, inAttribute: Bool) {
        var text = text
        text.withUTF8 { appendXML($0, inAttribute: inAttribute) }
    }

    /// The same for UTF-8 bytes: runs that need no escape are copied whole.
    mutating func appendXML(_ text: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var runStart = 0
        var index = 0
        func flush(skipping count: Int) {
            append(bytes: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            index += count
            runStart = index
        }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "&"): flush(skipping: 1); append("&amp;")
            case UInt8(ascii: "<"): flush(skipping: 1); append("&lt;")
            case UInt8(ascii: ">"): flush(skipping: 1); append("&gt;")
            case UInt8(ascii: "\"") where inAttribute: flush(skipping: 1); append("&quot;")
            case UInt8(ascii: "\n") where inAttribute: flush(skipping: 1); append("&#10;")
            case UInt8(ascii: "\t") where inAttribute: flush(skipping: 1); append("&#9;")
            case UInt8(ascii: "\r") where inAttribute: flush(skipping: 1); append("&#13;")
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case 0..<0x20: flush(skipping: 1); bytes += replacement
            // U+FFFE and U+FFFF.
            case 0xEF where index + 2 < text.count && text[index + 1] == 0xBF && text[index + 2] >= 0xBE:
                flush(skipping: 3)
                bytes += replacement
            default: index += 1
            }
        }
        flush(skipping: 0)
    }
}

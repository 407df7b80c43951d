/// A JSON value seen where it lies in a record's bytes, as the direct path reads it: its kind, its
/// byte range and, for numbers, its value. Strings are not decoded.
struct RawValue {
    enum Kind: UInt8 {
        case missing, null, `true`, `false`, integer, number, string, object, array
        /// A whole number beyond `Int`'s range, read from its digits when needed (`scalar(in:)`).
        case largeInteger
    }

    var kind: Kind
    /// The bytes of the token; for a string, its contents between the quotes.
    var start: Int
    var end: Int
    /// The value of an `.integer`. For a string that the scanner read as a date field's value: the
    /// date its text writes (`LocalDate.packed`), or -1 when it writes none; 0 when not read so.
    var integer: Int
    /// The value of a `.number`.
    var number: Double
    /// For a string: every byte of its text is printable ASCII, so bytes are characters. (A string's
    /// range always holds its text, as well-formed UTF-8: the scanner decodes escapes in place.)
    var isPlain: Bool
    /// For a string beyond printable ASCII: its length in characters when the scanner could count it
    /// on the bytes, else -1 (see `characterCount(in:)`).
    var characters: Int32 = -1
    /// For an array read element by element: the slot of its first element's frame and how many
    /// elements there are (their frames lie after the nodes' slots, in order).
    var firstElement: Int32 = 0
    var elementCount: Int32 = 0
    /// For an element of an array: the slot where the next element's frame starts (the frames of the
    /// arrays within this element lie between).
    var nextFrame: Int32 = 0
    /// For a string: the end of its closing quote in the record as written (escapes make the text
    /// shorter than that).
    var writtenEnd = 0

    static let missing = RawValue(kind: .missing, start: 0, end: 0, integer: 0, number: 0, isPlain: false)

    /// The bytes the value is written with in the record, a string's quotes included.
    var writtenRange: Range<Int> {
        kind == .string ? (start - 1)..<writtenEnd : start..<end
    }

    /// The scalar as a `Value`, for kinds that need no decoding (not strings, objects or arrays).
    func scalar(in text: UnsafeBufferPointer<UInt8>) -> Value? {
        switch kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .integer: return .integer(integer)
        case .number: return .number(number)
        case .largeInteger: return LargeInteger(String(decoding: bytes(in: text), as: UTF8.self)).map(Value.largeInteger)
        case .missing, .string, .object, .array: return nil
        }
    }

    func bytes(in text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[start..<end])
    }

    /// The text of a string, for the tests that need its characters.
    func decoded(in text: UnsafeBufferPointer<UInt8>) -> String {
        assert(kind == .string, "decoding a value that is not a string")
        return String(decoding: bytes(in: text), as: UTF8.self)
    }

    /// A string's length in characters, as `String.count` counts them.
    func characterCount(in text: UnsafeBufferPointer<UInt8>) -> Int {
        if isPlain { return end - start }
        return characters >= 0 ? Int(characters) : decoded(in: text).count
    }

    /// Whether the value is missing or empty in the form sense (see `Value.isEmptyFormValue`).
    @inline(__always)
    func isEmptyFormValue(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .missing, .null: return true
        case .string:
            // Printable ASCII text holds no white space but spaces: `Value.isBlank` as the bytes settle it.
            if isPlain { return !bytes(in: text).contains { $0 != 0x20 } }
            return Value.isBlank(bytes(in: text))
        default: return false
        }
    }

    /// JSON equality with `other`, or nil when the bytes cannot tell.
    func certainlyEquals(_ other: RawValue, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch (kind, other.kind) {
        case (.string, .string):
            assert(end <= text.count && other.end <= text.count, "a string compared past its record")
            if end - start == other.end - other.start,
                Self.bytesEqual(text.baseAddress! + start, text.baseAddress! + other.start, count: end - start) {
                return true
            }
            // Different bytes may still be canonically equivalent text, as `String` compares it.
            return isPlain && other.isPlain ? false : decoded(in: text) == other.decoded(in: text)
        case (.object, _), (_, .object), (.array, _), (_, .array):
            return nil
        case (.string, _), (_, .string), (.missing, _), (_, .missing):
            return false
        default:
            return scalar(in: text) == other.scalar(in: text)
        }
    }

    /// The number, for `.integer` and `.number` (a `.largeInteger` is compared by `NumericOrder`).
    var doubleValue: Double? {
        switch kind {
        case .integer: return Double(integer)
        case .number: return number
        default: return nil
        }
    }

    /// Whether the value, read in place, has `type` (see `FieldType.accepts(_:isDate:)`).
    @inline(__always)
    func hasType(_ type: FieldType, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let shape: FieldType.Shape = switch kind {
        case .missing, .null: .null
        case .true, .false: .boolean
        case .integer: .integer
        case .largeInteger: .largeInteger
        case .number: .number(number)
        case .string: .string
        case .object: .object
        case .array: .array
        }
        return type.accepts(shape) { date(in: text) != nil }
    }

    /// The date a string's text writes (`LocalDate(iso8601:)`), if any: read once per record for a
    /// date field's value (`readDate(in:)`), which its type, its rules and other fields' rules test.
    @inline(__always)
    func date(in text: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        if kind == .string, integer != 0 { return integer > 0 ? LocalDate(packed: integer) : nil }
        return LocalDate(iso8601: bytes(in: text))
    }

    /// Reads the date a string's text writes, for `date(in:)`.
    mutating func readDate(in text: UnsafeBufferPointer<UInt8>) {
        guard kind == .string else { return }
        integer = LocalDate(iso8601: bytes(in: text))?.packed ?? -1
    }

    /// Whether `count` bytes at `left` and `right` are equal; compared a word at a time, as the
    /// strings compared here (keys, choices, short values) are mostly shorter than a call to `memcmp`.
    static func bytesEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard count > 0, let right else { return true }
        let (a, b) = (UnsafeRawPointer(left), UnsafeRawPointer(right))
        var index = 0
        while index + 8 <= count {
            guard a.loadUnaligned(fromByteOffset: index, as: UInt64.self) == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            else { return false }
            index += 8
        }
        while index < count {
            guard left[index] == right[index] else { return false }
            index += 1
        }
        return true
    }
}

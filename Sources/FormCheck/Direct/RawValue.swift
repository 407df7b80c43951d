/// A JSON value seen where it lies in a record's bytes, as the direct path reads it: its kind, its
/// byte range and, for numbers, its value. Strings are not decoded.
struct RawValue {
    enum Kind: UInt8 {
        case missing, null, `true`, `false`, integer, number, string, object, array
    }

    var kind: Kind
    /// The bytes of the token; for a string, its contents between the quotes.
    var start: Int
    var end: Int
    /// The value of an `.integer`.
    var integer: Int
    /// The value of a `.number`.
    var number: Double
    /// For a string: every byte is printable ASCII (no escapes), so bytes are characters.
    var isPlain: Bool

    static let missing = RawValue(kind: .missing, start: 0, end: 0, integer: 0, number: 0, isPlain: false)

    /// The scalar as a `Value`, for kinds that need no decoding (not strings, objects or arrays).
    var scalar: Value? {
        switch kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .integer: return .integer(integer)
        case .number: return .number(number)
        case .missing, .string, .object, .array: return nil
        }
    }

    func bytes(in text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[start..<end])
    }

    /// Whether the value is missing or empty in the form sense (see `Value.isEmptyFormValue`), or nil
    /// when only the decoded text could tell.
    func isEmptyFormValue(in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch kind {
        case .missing, .null: return true
        case .string: return isPlain ? !bytes(in: text).contains { $0 != 0x20 } : nil
        default: return false
        }
    }

    /// JSON equality with `other`, or nil when the bytes cannot tell.
    func certainlyEquals(_ other: RawValue, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch (kind, other.kind) {
        case (.string, .string):
            guard isPlain, other.isPlain else { return nil }
            return bytes(in: text).elementsEqual(other.bytes(in: text))
        case (.object, _), (_, .object), (.array, _), (_, .array):
            return nil
        case (.string, _), (_, .string), (.missing, _), (_, .missing):
            return false
        default:
            return scalar == other.scalar
        }
    }

    /// `FieldType.accepts` for a value read in place.
    func hasType(_ type: FieldType) -> Bool {
        if let scalar { return type.accepts(scalar) }
        switch kind {
        case .string: return type == .string
        case .object: return type == .object
        case .array: return type == .array
        default: return false
        }
    }
}

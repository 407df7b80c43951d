/// A JSON value seen where it lies in a record's bytes, as the direct path reads it: its kind, its
/// byte range and, for whole numbers, its value. Strings are not decoded.
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
}

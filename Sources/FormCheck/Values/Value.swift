/// A JSON-like value: what a record and each of its fields hold.
///
/// Numbers keep their spelling's kind: `18` is `.integer`, `18.5` and `1e3` are `.number`, and a
/// whole number beyond `Int`'s range is `.largeInteger`, exactly.
/// Equality is JSON equality: `1` equals `1.0`, and a number equals a whole number only when it is
/// exactly that number (`9007199254740993` does not equal `9007199254740992.0`).
public enum Value: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A whole number beyond `Int`'s range.
    case largeInteger(LargeInteger)
    case number(Double)
    case string(String)
    case array([Value])
    case object(ObjectValue)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The numeric value of an integer or a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let int): return Double(int)
        case .largeInteger(let large): return large.doubleValue
        case .number(let double): return double
        default: return nil
        }
    }

    /// The members, when this is an object.
    public var objectValue: ObjectValue? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [Value]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> Value? {
        objectValue?[key]
    }

    /// True for what a form treats as not filled in: `null`, an empty string or one of only white space.
    public var isEmptyFormValue: Bool {
        switch self {
        case .null: return true
        case .string(var string): return string.withUTF8(Self.isBlank)
        default: return false
        }
    }

    /// Whether text, given as its UTF-8, is only white space (`Character.isWhitespace`) or nothing: the
    /// one statement of a string that a form treats as not filled in, for values in memory and as the
    /// engine reads them (`RawValue.isEmptyFormValue`).
    @inline(__always)
    static func isBlank(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // A printable character of ASCII other than a space is not white space: most text is settled at
        // its first byte.
        if let first = utf8.first, first > 0x20, first < 0x7F { return false }
        return isBlankBeyondFirstByte(utf8)
    }

    /// `isBlank` for text whose first byte does not settle it: text of printable ASCII is settled at
    /// its bytes, other text decoded.
    @inline(never)
    private static func isBlankBeyondFirstByte(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // The first character's first scalar is the text's, and it says whether the character is white
        // space: text that starts with a letter beyond ASCII is settled without decoding the rest.
        if let first = utf8.first, first >= 0x80, !WhiteSpace.contains(UTF8Text.scalar(in: utf8, at: 0).0) { return false }
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        if !utf8.contains(where: { $0 != 0x20 }) { return true }
        return String(decoding: utf8, as: UTF8.self).allSatisfy(\.isWhitespace)
    }
}

extension Optional where Wrapped == Value {
    /// True when missing, or present but empty in the form sense.
    var isEmptyFormValue: Bool { self?.isEmptyFormValue ?? true }
}

extension Value: Hashable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
            // Exactly: beyond 2^53 a double stands for one whole number among several.
            return Int(exactly: b) == a
        case (.number(let a), .number(let b)): return a == b
        case (.largeInteger(let a), .largeInteger(let b)): return a == b
        case (.largeInteger, .integer), (.integer, .largeInteger): return false
        case (.largeInteger(let a), .number(let b)), (.number(let b), .largeInteger(let a)): return a.compare(b) == 0
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let bool): hasher.combine(bool)
        case .integer(let int): hasher.combine(Double(int))
        case .largeInteger(let large): hasher.combine(large.doubleValue)
        case .number(let double): hasher.combine(double)
        case .string(let string): hasher.combine(string)
        case .array(let array): hasher.combine(array)
        case .object(let object): hasher.combine(object)
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, Value)...) {
        var object = ObjectValue()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

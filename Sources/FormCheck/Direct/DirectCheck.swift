/// A rule as the direct path runs it: its test on values read in place, and the parameters its
/// failure carries (the same fixed ones the rule's check reports).
struct DirectRule: Sendable {
    let checks: [DirectCheck]
    let parameters: MessageParameters

    init(_ checks: [DirectCheck], failing parameters: MessageParameters = [:]) {
        self.checks = checks
        self.parameters = parameters
    }

    /// True when every check passes, false when one fails, nil when the bytes cannot tell.
    func passes(_ value: RawValue, values: UnsafeBufferPointer<RawValue>, bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var result: Bool? = true
        for check in checks {
            guard let passes = check.passes(value, values: values, bytes: bytes) else { return nil }
            if !passes { result = false }
        }
        return result
    }
}

/// A rule's test restated on values read in place (`RawValue`). A check answers pass or fail only
/// when the bytes settle it; escapes, non-ASCII text and the like leave it to the full validator.
enum DirectCheck: Sendable {
    /// `required`: present and not empty.
    case present
    /// `accepted`: exactly `true`.
    case isTrue
    /// A length in characters within `min...max`; other kinds pass.
    case length(min: Int, max: Int)
    /// The pattern matches (or, with `mustMatch` false, does not); other kinds pass.
    case pattern(ASCIIPattern, mustMatch: Bool)
    /// The value's numeric order against `limit` is allowed: bit 0 for below, 1 for equal, 2 for above.
    case order(limit: Value, allowed: UInt8)
    /// The value is (or is not) one of the listed strings, given as UTF-8, or of the other literals.
    case choices(strings: [[UInt8]], others: Set<Value>, mustBeIn: Bool)
    /// The value equals (or differs from) the value of another node.
    case equality(node: Int, mustEqual: Bool)

    /// The `allowed` bits of `.order` for a comparison's test of an order (-1, 0, 1).
    static func allowedOrders(_ test: (Int) -> Bool) -> UInt8 {
        (test(-1) ? 1 : 0) | (test(0) ? 2 : 0) | (test(1) ? 4 : 0)
    }

    /// Whether `value` passes, or nil when the bytes cannot tell; `values` holds the record's values by
    /// node, `bytes` its text.
    func passes(_ value: RawValue, values: UnsafeBufferPointer<RawValue>, bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch self {
        case .present:
            return value.isEmptyFormValue(in: bytes).map { !$0 }
        case .isTrue:
            return value.kind == .true
        case .length(let min, let max):
            guard value.kind == .string else { return true }
            guard value.isPlain else { return nil }
            return value.end - value.start >= min && value.end - value.start <= max
        case .pattern(let pattern, let mustMatch):
            guard value.kind == .string else { return true }
            guard value.isPlain, let matches = pattern.matches(value.bytes(in: bytes)) else { return nil }
            return matches == mustMatch
        case .order(let limit, let allowed):
            guard let scalar = value.scalar, let order = NumericOrder.compare(scalar, limit) else { return true }
            return allowed & (1 << UInt8(order + 1)) != 0
        case .choices(let strings, let others, let mustBeIn):
            if value.kind == .string {
                guard value.isPlain else { return nil }
                let text = value.bytes(in: bytes)
                return strings.contains { $0.elementsEqual(text) } == mustBeIn
            }
            guard let scalar = value.scalar else { return nil }
            return others.contains(scalar) == mustBeIn
        case .equality(let node, let mustEqual):
            return value.certainlyEquals(values[node], in: bytes).map { $0 == mustEqual }
        }
    }
}

extension RawValue {
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
}

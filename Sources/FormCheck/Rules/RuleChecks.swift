/// Small constructors for rule tests, so each rule states only its own.
enum RuleChecks {
    /// A test of the text of string values (others pass, the type check having run first), decoded
    /// from the bytes, with an automaton that gives the same answers on printable ASCII text where
    /// `ascii` is given.
    static func string(
        _ parameters: MessageParameters = [:], ascii: ASCIIPattern? = nil, _ passes: @escaping @Sendable (String) -> Bool
    ) -> DirectRule {
        DirectRule([.text(passes, ascii: ascii)], failing: parameters)
    }
}

extension Value {
    /// How a literal from the schema is shown in a message: `US`, `18`, `true`.
    var displayText: String {
        switch self {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .integer(let int): return String(int)
        case .largeInteger(let large): return large.description
        case .number(let double): return BoundsChecker.format(double)
        case .string(let string): return string
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }

    /// A literal as a message argument, keeping numbers numeric for plural selection.
    var messageArgument: MessageArgument {
        switch self {
        case .integer(let int): return .integer(int)
        case .largeInteger(let large): return .largeInteger(large)
        case .number(let double): return .number(double)
        default: return .string(displayText)
        }
    }
}

/// Small constructors for leaf checks, so each rule states only its test.
enum RuleChecks {
    /// A check on string values; other values (and missing ones) pass, the type check having run first.
    static func string(_ parameters: MessageParameters = [:], _ passes: @escaping @Sendable (String) -> Bool) -> RuleCheck {
        { value, _ in
            guard case .string(let text)? = value, !passes(text) else { return .pass }
            return .fail(parameters)
        }
    }

    /// A check on string values as `string` makes it, with the same test as its direct form (where
    /// `ascii` may answer for printable ASCII text).
    static func string(
        _ parameters: MessageParameters = [:], direct: inout DirectRule?, ascii: ASCIIPattern? = nil,
        _ passes: @escaping @Sendable (String) -> Bool
    ) -> RuleCheck {
        direct = DirectRule([.text(passes, ascii: ascii)], failing: parameters)
        return string(parameters, passes)
    }

    /// A check on dates; strings that are not dates pass here, the type check reports them.
    static func date(_ parameters: MessageParameters = [:], _ passes: @escaping @Sendable (LocalDate, EvaluationContext) -> Bool) -> RuleCheck {
        { value, context in
            guard case .string(let text)? = value, let date = LocalDate(iso8601: text), !passes(date, context) else { return .pass }
            return .fail(parameters)
        }
    }

    /// A check on arrays.
    static func array(_ parameters: MessageParameters = [:], _ passes: @escaping @Sendable ([Value]) -> Bool) -> RuleCheck {
        { value, _ in
            guard case .array(let items)? = value, !passes(items) else { return .pass }
            return .fail(parameters)
        }
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

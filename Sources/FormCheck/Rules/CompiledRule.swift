/// The parameters of a failure, by placeholder name: `min`, `max`, `other`, ...
public typealias MessageParameters = [String: MessageArgument]

/// One value a message can show.
public enum MessageArgument: Sendable, Hashable {
    case string(String)
    case integer(Int)
    /// A whole number beyond `Int`'s range, shown with every digit.
    case largeInteger(LargeInteger)
    case number(Double)
    case list([String])
    /// Another field, shown by its label: the `{other}` of cross-field rules. Holds the schema path.
    case field(String)
    /// Several fields, shown by their labels.
    case fields([String])
}

/// What one rule said about a value.
enum RuleVerdict: Sendable {
    case pass
    /// The rule failed; its code, message and severity apply.
    case fail(MessageParameters)
    /// Failures of nested rules (`allOf`, `when`), each carrying its own code and message.
    case failures([RuleFailure])
}

/// Where the text of a failure comes from.
enum MessageSource: Sendable, Hashable {
    /// The catalogs: `FIELD.RULE`, then the rule code, along the locale chain.
    case catalogs
    /// A plain `message:` string, in the schema's source locale.
    case literal(String)
    /// `message: { key: KEY }`: that catalog key first, then as `catalogs`.
    case key(String)
}

/// A failed rule before it is placed in a record and rendered.
struct RuleFailure: Sendable {
    let rule: String
    let code: String
    let severity: Severity
    let message: MessageSource
    let parameters: MessageParameters
}

/// A rule's check: the field's value (nil when missing) and the record around it.
typealias RuleCheck = @Sendable (Value?, EvaluationContext) -> RuleVerdict

/// A rule resolved at compile time: its arguments are already inside `check`.
struct CompiledRule: Sendable {
    let name: String
    /// The rule as written, in short flow form: `minLength: 2`, `requiredIf: {field: country, equals: US}`.
    let summary: String
    let code: String
    let severity: Severity
    let message: MessageSource
    let position: SourcePosition
    /// Presence rules, and compositions holding one, also run on empty values.
    let runsOnEmpty: Bool
    /// The graph nodes this rule (or a rule nested in it) reads.
    let referencedNodes: [Int]
    let check: RuleCheck
    /// For `async` rules: the validator a live session runs.
    var asyncRule: AsyncRuleReference? = nil
    /// The same test on values read in place (see `DirectPlan`); nil when only the full validator runs it.
    var direct: DirectRule? = nil

    func failure(_ parameters: MessageParameters) -> RuleFailure {
        RuleFailure(rule: name, code: code, severity: severity, message: message, parameters: parameters)
    }
}

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

extension MessageArgument {
    /// The text of a `.string`; nil for the other kinds.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The number of an `.integer`; nil for the other kinds (a `.largeInteger` is beyond `Int`).
    public var intValue: Int? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// The number of an `.integer`, a `.largeInteger` (the nearest `Double`) or a `.number`; nil for
    /// the other kinds.
    public var doubleValue: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .largeInteger(let number): number.doubleValue
        case .number(let number): number
        default: nil
        }
    }

    /// The texts of a `.list` (the choices of `oneOf`, for instance); nil for the other kinds.
    public var listValue: [String]? {
        if case .list(let texts) = self { texts } else { nil }
    }

    /// The schema paths of a `.field` (one) or `.fields`; nil for the other kinds.
    public var fieldPaths: [String]? {
        switch self {
        case .field(let path): [path]
        case .fields(let paths): paths
        default: nil
        }
    }
}

/// What a rule that is its own check (`strength`, `custom`) said about a value.
enum RuleVerdict: Sendable {
    case pass
    /// The rule failed; its code, message and severity apply, with these parameters.
    case fail(MessageParameters)
    /// An app's check (`custom`) failed and says why with a code or a message of its own.
    case failsWith(CheckVerdict)
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

/// The check of a rule that is its own (see `DirectRule.Form.own`): the field's value (nil when
/// missing) and the whole record.
typealias OwnCheck = @Sendable (_ value: Value?, _ record: Value) -> RuleVerdict

/// A rule resolved at compile time: its arguments are already inside its test.
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
    /// The rule's test, as the engine (`DirectPlan`) lowers and runs it, and the parameters of its failure.
    let direct: DirectRule
    /// For `async` rules: the validator a live session runs.
    var asyncRule: AsyncRuleReference? = nil
}

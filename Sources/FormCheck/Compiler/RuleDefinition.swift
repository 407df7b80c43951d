/// What the compiler knows about one rule name: where it applies, which arguments it takes,
/// and how to turn those arguments into its test.
struct RuleDefinition: Sendable {
    let name: String
    /// The field types the rule applies to; nil for every type.
    let appliesTo: Set<FieldType>?
    /// Argument names; a rule written with a single plain argument (`minLength: 2`) receives it as `value`.
    let arguments: [String]
    /// Presence rules also run when the value is missing or empty.
    let isPresence: Bool
    /// The argument is itself a rule (`not: { contains: "@" }`), so a mapping is not read as named arguments.
    let takesRule: Bool
    /// Reads the arguments (reporting mistakes through the builder) and returns the rule's test, or nil
    /// on a mistake.
    let build: @Sendable (inout RuleBuilder) -> DirectRule?

    init(
        _ name: String, appliesTo: Set<FieldType>?, arguments: [String] = [], isPresence: Bool = false,
        takesRule: Bool = false, build: @escaping @Sendable (inout RuleBuilder) -> DirectRule?
    ) {
        self.name = name
        self.appliesTo = appliesTo
        self.arguments = arguments
        self.isPresence = isPresence
        self.takesRule = takesRule
        self.build = build
    }
}

/// Every built-in rule, by name.
enum RuleCatalogue {
    static let definitions: [String: RuleDefinition] = {
        let all = presenceRules + stringRules + numberRules + choiceRules + dateRules + crossFieldRules
            + arrayRules + compositionRules + extensionRules
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    /// Keys that a rule mapping may hold beside the rule's own key.
    static let optionKeys: Set<String> = ["message", "code", "severity"]
}

extension Set where Element == FieldType {
    static let strings: Set<FieldType> = [.string]
    static let numbers: Set<FieldType> = [.integer, .number]
    static let dates: Set<FieldType> = [.date]
    static let arrays: Set<FieldType> = [.array]
    static let scalars: Set<FieldType> = [.string, .integer, .number]

    /// "string fields", "integer or number fields".
    var fieldsDescription: String {
        let names = FieldType.allCases.filter(contains).map(\.rawValue)
        switch names.count {
        case 0: return "no fields"
        case 1: return "\(names[0]) fields"
        default: return names.dropLast().joined(separator: ", ") + " or \(names.last!) fields"
        }
    }
}

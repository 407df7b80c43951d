/// A rule an app defines in Swift and a schema names with `custom: NAME`.
public struct CustomRule: Sendable {
    /// The name a schema gives after `custom:`.
    public let name: String
    let check: @Sendable (_ value: Value, _ record: Value) -> CheckVerdict

    /// - Parameters:
    ///   - name: the name schemas use (`custom: noProfanity`); also the default error code.
    ///   - check: whether a present, non-empty value passes; it also receives the whole record.
    public init(_ name: String, check: @escaping @Sendable (_ value: Value, _ record: Value) -> Bool) {
        self.init(name, verdict: { CheckVerdict(check($0, $1)) })
    }

    /// A rule whose check says why a value fails: with parameters for the rule's message, a code of
    /// its own (whose message the catalogs give), or a message as it is (see `CheckVerdict`).
    /// - Parameters:
    ///   - name: the name schemas use (`custom: noProfanity`); also the default error code.
    ///   - verdict: what the check says of a present, non-empty value; it also receives the whole record.
    public init(_ name: String, verdict: @escaping @Sendable (_ value: Value, _ record: Value) -> CheckVerdict) {
        self.name = name
        self.check = verdict
    }
}

/// An asynchronous rule (`async: NAME`, with `debounce:` in milliseconds) that a live `FormSession`
/// runs through the validator the app registers under that name. Batch validation passes it.
public struct AsyncRuleReference: Sendable, Hashable {
    /// The name of the validator the app registers, after `async:` in the schema.
    public let name: String
    /// How long typing must pause before the check runs (`debounce:`, in milliseconds; 400 by default).
    public let debounce: Duration
}

extension RuleCatalogue {
    static let extensionRules: [RuleDefinition] = [
        RuleDefinition("custom", appliesTo: nil, arguments: ["value"]) { builder in
            guard let name = builder.string(), !name.isEmpty else { return nil }
            builder.defaultCode = name
            guard let rule = builder.compiler.customRules[name] else {
                if builder.compiler.assumesCustomRulesPass {
                    builder.compiler.noteUnregisteredCustomRule(name, at: builder.position)
                    return DirectRule([])
                }
                builder.error("custom rule '\(name)' is not registered; register it with FormSchema(..., customRules:), or pass --assume-custom-pass to treat it as passing",
                              at: builder.position)
                return nil
            }
            // The app's check, run on the value and the record as they are.
            return DirectRule(.own(readsRecord: true) { value, record in
                guard let value else { return .pass }
                switch rule.check(value, record) {
                case .valid: return .pass
                case .invalid(let parameters): return .fail(parameters)
                case let verdict: return .failsWith(verdict)
                }
            })
        },
        RuleDefinition("async", appliesTo: nil, arguments: ["value", "debounce"]) { builder in
            guard let name = builder.string(), !name.isEmpty else { return nil }
            let milliseconds = builder.has("debounce") ? builder.integer("debounce") : 400
            guard let milliseconds else { return nil }
            builder.defaultCode = name
            builder.asyncRule = AsyncRuleReference(name: name, debounce: .milliseconds(milliseconds))
            // Batch validation cannot call the app's validator: the rule passes there.
            return DirectRule([])
        },
    ]
}

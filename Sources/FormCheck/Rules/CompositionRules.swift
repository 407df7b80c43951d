/// Rules built from other rules: `allOf`, `anyOf`, `not`, and `when` with `then` and `else`.
extension RuleCatalogue {
    static let compositionRules: [RuleDefinition] = [
        RuleDefinition("allOf", appliesTo: nil, arguments: ["value"]) { builder in
            guard let rules = builder.rules() else { return nil }
            builder.runsOnEmpty = rules.contains(where: \.runsOnEmpty)
            return DirectRule(.allOf(rules))
        },
        RuleDefinition("anyOf", appliesTo: nil, arguments: ["value"]) { builder in
            guard let rules = builder.rules() else { return nil }
            guard rules.count >= 2 else {
                builder.error("'anyOf' needs at least two rules to choose from", at: builder.position)
                return nil
            }
            builder.runsOnEmpty = rules.contains(where: \.runsOnEmpty)
            let parameters: MessageParameters = ["rules": .list(rules.map(\.name))]
            return DirectRule(.anyOf(rules), failing: parameters)
        },
        RuleDefinition("not", appliesTo: nil, arguments: ["value"], takesRule: true) { builder in
            guard let rule = builder.singleRule() else { return nil }
            let parameters: MessageParameters = ["rule": .string(rule.name)]
            return DirectRule(.not(rule), failing: parameters)
        },
        RuleDefinition("when", appliesTo: nil, arguments: Condition.argumentNames + ["then", "else"]) { builder in
            let condition = builder.condition()
            let then = builder.rules("then")
            let otherwise = builder.rules("else", required: false) ?? []
            guard let condition, let then else { return nil }
            builder.runsOnEmpty = (then + otherwise).contains(where: \.runsOnEmpty)
            return DirectRule(.when(condition.direct(), then: then, otherwise: otherwise))
        },
    ]
}

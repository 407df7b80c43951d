/// Rules built from other rules: `allOf`, `anyOf`, `not`, and `when` with `then` and `else`.
extension RuleCatalogue {
    static let compositionRules: [RuleDefinition] = [
        RuleDefinition("allOf", appliesTo: nil, arguments: ["value"]) { builder in
            guard let rules = builder.rules() else { return nil }
            builder.runsOnEmpty = rules.contains(where: \.runsOnEmpty)
            builder.direct = DirectRule(.allOf(rules))
            return { value, context in nested(rules, value, context) }
        },
        RuleDefinition("anyOf", appliesTo: nil, arguments: ["value"]) { builder in
            guard let rules = builder.rules() else { return nil }
            guard rules.count >= 2 else {
                builder.error("'anyOf' needs at least two rules to choose from", at: builder.position)
                return nil
            }
            builder.runsOnEmpty = rules.contains(where: \.runsOnEmpty)
            let parameters: MessageParameters = ["rules": .list(rules.map(\.name))]
            builder.direct = DirectRule(.anyOf(rules), failing: parameters)
            return { value, context in
                rules.contains { RuleChain.passes([$0], on: value, in: context) } ? .pass : .fail(parameters)
            }
        },
        RuleDefinition("not", appliesTo: nil, arguments: ["value"], takesRule: true) { builder in
            guard let rule = builder.singleRule() else { return nil }
            let parameters: MessageParameters = ["rule": .string(rule.name)]
            builder.direct = DirectRule(.not(rule), failing: parameters)
            return { value, context in
                RuleChain.passes([rule], on: value, in: context) ? .fail(parameters) : .pass
            }
        },
        RuleDefinition("when", appliesTo: nil, arguments: Condition.argumentNames + ["then", "else"]) { builder in
            let condition = builder.condition()
            let then = builder.rules("then")
            let otherwise = builder.rules("else", required: false) ?? []
            guard let condition, let then else { return nil }
            builder.runsOnEmpty = (then + otherwise).contains(where: \.runsOnEmpty)
            builder.direct = DirectRule(.when(condition.direct(), then: then, otherwise: otherwise))
            return { value, context in
                nested(condition.holds(in: context) ? then : otherwise, value, context)
            }
        },
    ]

    /// Runs a nested list with the field's collect mode, passing its failures through unchanged.
    private static func nested(_ rules: [CompiledRule], _ value: Value?, _ context: EvaluationContext) -> RuleVerdict {
        var failures: [RuleFailure] = []
        RuleChain.evaluate(rules, on: value, in: context, stopAtFirst: !context.collectsAllErrors, into: &failures)
        return failures.isEmpty ? .pass : .failures(failures)
    }
}

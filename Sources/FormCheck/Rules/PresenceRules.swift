/// Presence rules: they run on missing and empty values, which every other rule skips.
extension RuleCatalogue {
    static let presenceRules: [RuleDefinition] = [
        RuleDefinition("required", appliesTo: nil, isPresence: true) { _ in DirectRule([.present]) },
        RuleDefinition("requiredIf", appliesTo: nil, arguments: Condition.argumentNames, isPresence: true) { builder in
            guard let condition = builder.condition() else { return nil }
            return DirectRule([.requiredWhen(condition.direct())], failing: condition.parameters)
        },
        RuleDefinition("requiredUnless", appliesTo: nil, arguments: Condition.argumentNames, isPresence: true) { builder in
            guard let condition = builder.condition() else { return nil }
            return DirectRule([.requiredWhen(condition.direct(negated: true))], failing: condition.parameters)
        },
        RuleDefinition("requiredWith", appliesTo: nil, arguments: ["value"], isPresence: true) { builder in
            guard let references = builder.references() else { return nil }
            return DirectRule([.requiredWhen(DirectCondition(nodes: references.map(\.target), test: .isFilled, negated: false))],
                              failing: others(references, builder))
        },
        RuleDefinition("requiredWithout", appliesTo: nil, arguments: ["value"], isPresence: true) { builder in
            guard let references = builder.references() else { return nil }
            return DirectRule([.requiredWhen(DirectCondition(nodes: references.map(\.target), test: .isEmpty, negated: false))],
                              failing: others(references, builder))
        },
        RuleDefinition("accepted", appliesTo: [.boolean], isPresence: true) { _ in DirectRule([.isTrue]) },
    ]

    private static func others(_ references: [FieldReference], _ builder: RuleBuilder) -> MessageParameters {
        ["others": .fields(references.map { builder.targetNode($0).path }), "count": .integer(references.count)]
    }
}

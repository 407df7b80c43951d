/// Presence rules: they run on missing and empty values, which every other rule skips.
extension RuleCatalogue {
    static let presenceRules: [RuleDefinition] = [
        RuleDefinition("required", appliesTo: nil, isPresence: true) { builder in
            builder.direct = DirectRule([.present])
            return { value, _ in value.isEmptyFormValue ? .fail([:]) : .pass }
        },
        RuleDefinition("requiredIf", appliesTo: nil, arguments: Condition.argumentNames, isPresence: true) { builder in
            guard let condition = builder.condition() else { return nil }
            let parameters = condition.parameters
            builder.direct = DirectRule([.requiredWhen(condition.direct())], failing: parameters)
            return { value, context in
                value.isEmptyFormValue && condition.holds(in: context) ? .fail(parameters) : .pass
            }
        },
        RuleDefinition("requiredUnless", appliesTo: nil, arguments: Condition.argumentNames, isPresence: true) { builder in
            guard let condition = builder.condition() else { return nil }
            let parameters = condition.parameters
            builder.direct = DirectRule([.requiredWhen(condition.direct(negated: true))], failing: parameters)
            return { value, context in
                value.isEmptyFormValue && !condition.holds(in: context) ? .fail(parameters) : .pass
            }
        },
        RuleDefinition("requiredWith", appliesTo: nil, arguments: ["value"], isPresence: true) { builder in
            guard let references = builder.references() else { return nil }
            let parameters = others(references, builder)
            builder.direct = DirectRule([.requiredWhen(DirectCondition(nodes: references.map(\.target), test: .isFilled, negated: false))],
                                        failing: parameters)
            return { value, context in
                let anyFilled = references.contains { !context.value(of: $0).isEmptyFormValue }
                return value.isEmptyFormValue && anyFilled ? .fail(parameters) : .pass
            }
        },
        RuleDefinition("requiredWithout", appliesTo: nil, arguments: ["value"], isPresence: true) { builder in
            guard let references = builder.references() else { return nil }
            let parameters = others(references, builder)
            builder.direct = DirectRule([.requiredWhen(DirectCondition(nodes: references.map(\.target), test: .isEmpty, negated: false))],
                                        failing: parameters)
            return { value, context in
                let anyEmpty = references.contains { context.value(of: $0).isEmptyFormValue }
                return value.isEmptyFormValue && anyEmpty ? .fail(parameters) : .pass
            }
        },
        RuleDefinition("accepted", appliesTo: [.boolean], isPresence: true) { builder in
            builder.direct = DirectRule([.isTrue])
            return { value, _ in value == .bool(true) ? .pass : .fail([:]) }
        },
    ]

    private static func others(_ references: [FieldReference], _ builder: RuleBuilder) -> MessageParameters {
        ["others": .fields(references.map { builder.targetNode($0).path }), "count": .integer(references.count)]
    }
}

/// Rules on array fields; `items` (a field spec, not a rule) checks each element.
extension RuleCatalogue {
    static let arrayRules: [RuleDefinition] = [
        RuleDefinition("minItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let min = builder.integer() else { return nil }
            builder.noteBound("items", .lower, Double(min))
            let parameters: MessageParameters = ["min": .integer(min)]
            return DirectRule([.itemCount(min: min, max: .max)], failing: parameters)
        },
        RuleDefinition("maxItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let max = builder.integer() else { return nil }
            builder.noteBound("items", .upper, Double(max))
            let parameters: MessageParameters = ["max": .integer(max)]
            return DirectRule([.itemCount(min: 0, max: max)], failing: parameters)
        },
        RuleDefinition("uniqueItems", appliesTo: .arrays) { _ in DirectRule([.uniqueItems]) },
    ]
}

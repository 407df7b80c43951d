/// Rules on array fields; `items` (a field spec, not a rule) checks each element.
extension RuleCatalogue {
    static let arrayRules: [RuleDefinition] = [
        RuleDefinition("minItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let min = builder.integer() else { return nil }
            builder.noteBound("items", .lower, Double(min))
            let parameters: MessageParameters = ["min": .integer(min)]
            builder.direct = DirectRule([.itemCount(min: min, max: .max)], failing: parameters)
            return RuleChecks.array(parameters) { $0.count >= min }
        },
        RuleDefinition("maxItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let max = builder.integer() else { return nil }
            builder.noteBound("items", .upper, Double(max))
            let parameters: MessageParameters = ["max": .integer(max)]
            builder.direct = DirectRule([.itemCount(min: 0, max: max)], failing: parameters)
            return RuleChecks.array(parameters) { $0.count <= max }
        },
        RuleDefinition("uniqueItems", appliesTo: .arrays) { builder in
            builder.direct = DirectRule([.uniqueItems])
            return RuleChecks.array { items in
                var seen = Set<Value>()
                return items.allSatisfy { seen.insert($0).inserted }
            }
        },
    ]
}

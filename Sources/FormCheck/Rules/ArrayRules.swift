/// Rules on array fields; `items` (a field spec, not a rule) checks each element.
extension RuleCatalogue {
    static let arrayRules: [RuleDefinition] = [
        RuleDefinition("minItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let min = builder.integer() else { return nil }
            builder.noteBound("items", .lower, Double(min))
            return RuleChecks.array(["min": .integer(min)]) { $0.count >= min }
        },
        RuleDefinition("maxItems", appliesTo: .arrays, arguments: ["value"]) { builder in
            guard let max = builder.integer() else { return nil }
            builder.noteBound("items", .upper, Double(max))
            return RuleChecks.array(["max": .integer(max)]) { $0.count <= max }
        },
        RuleDefinition("uniqueItems", appliesTo: .arrays) { _ in
            RuleChecks.array { items in
                var seen = Set<Value>()
                return items.allSatisfy { seen.insert($0).inserted }
            }
        },
    ]
}

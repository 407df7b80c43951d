/// `sameAs` and `differentFrom`: the value compared with another field's value (JSON equality).
extension RuleCatalogue {
    static let crossFieldRules: [RuleDefinition] = [
        equality("sameAs", mustEqual: true),
        equality("differentFrom", mustEqual: false),
    ]

    private static func equality(_ name: String, mustEqual: Bool) -> RuleDefinition {
        RuleDefinition(name, appliesTo: nil, arguments: ["value", "field"]) { builder in
            if builder.has("value") && builder.has("field") {
                builder.error("give the other field once, as '\(name): NAME'", at: builder.position)
                return nil
            }
            guard let reference = builder.reference(builder.has("field") ? "field" : "value") else { return nil }
            let target = builder.targetNode(reference)
            guard target.type == builder.field.type
                || (target.type.isNumeric && builder.field.type.isNumeric)
            else {
                builder.error("'\(name)' compares \(builder.field.type.rawValue) field '\(builder.field.path)' with \(target.type.rawValue) field '\(target.path)'",
                              at: builder.position)
                return nil
            }
            return DirectRule([.equality(node: reference.target, mustEqual: mustEqual)], failing: ["other": .field(target.path)])
        }
    }
}

/// Rules on `date` fields (`YYYY-MM-DD`): order against a date, `today` or another date field, and ages.
extension RuleCatalogue {
    static let dateRules: [RuleDefinition] = [
        order("after") { $0 > $1 },
        order("before") { $0 < $1 },
        RuleDefinition("minAge", appliesTo: .dates, arguments: ["value"]) { builder in
            guard let years = builder.integer() else { return nil }
            builder.noteBound("age", .lower, Double(years))
            return dateRule(["age": .integer(years)], against: .today) { date, today in date.age(on: today) >= years }
        },
        RuleDefinition("maxAge", appliesTo: .dates, arguments: ["value"]) { builder in
            guard let years = builder.integer() else { return nil }
            builder.noteBound("age", .upper, Double(years))
            return dateRule(["age": .integer(years)], against: .today) { date, today in date.age(on: today) <= years }
        },
    ]

    /// `after` and `before`: strict order against `YYYY-MM-DD`, `today`, or `{ field: NAME }`.
    private static func order(_ name: String, test: @escaping @Sendable (LocalDate, LocalDate) -> Bool) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .dates, arguments: ["value", "field"]) { builder in
            var parameters: MessageParameters = [:]
            let comparand = builder.comparand(named: "date", fieldTypes: .dates, parameters: &parameters) { builder in
                guard let node = builder.node("value") else { return nil }
                if node.scalarText == "today" { return (.today, .string("today")) }
                guard let text = node.scalarText, LocalDate(iso8601: text) != nil else {
                    builder.wrongType(node, expected: "a date written YYYY-MM-DD, or 'today'", name: "value")
                    return nil
                }
                return (.literal(.string(text)), .string(text))
            }
            guard let comparand else { return nil }
            return dateRule(parameters, against: comparand, test)
        }
    }

    /// A rule that tests a date value against a limit (a date, today, or another date field's value).
    /// Values that are not dates pass (the type check reports them), and so does a limit read from a
    /// field that holds no date.
    private static func dateRule(
        _ parameters: MessageParameters, against comparand: Comparand, _ passes: @escaping @Sendable (LocalDate, LocalDate) -> Bool
    ) -> DirectRule {
        let directComparand: DateComparand
        switch comparand {
        case .literal(let value): directComparand = .literal(LocalDate(iso8601: value.stringValue!)!)
        case .today: directComparand = .today
        case .field(let reference): directComparand = .node(reference.target)
        }
        return DirectRule([.date(directComparand, passes)], failing: parameters)
    }
}

/// Rules on integer and number fields. Each comparison also takes `{ field: NAME }` to compare with another field.
extension RuleCatalogue {
    static let numberRules: [RuleDefinition] = [
        comparison("min", placeholder: "min", bound: .lower) { $0 >= 0 },
        comparison("max", placeholder: "max", bound: .upper) { $0 <= 0 },
        comparison("greaterThan", placeholder: "limit", bound: nil) { $0 > 0 },
        comparison("lessThan", placeholder: "limit", bound: nil) { $0 < 0 },
        RuleDefinition("between", appliesTo: .numbers, arguments: ["min", "max"]) { builder in
            let min = builder.number("min")
            let max = builder.number("max")
            guard let min, let max else { return nil }
            if NumericOrder.compare(min, max)! > 0 {
                builder.error("'min' (\(min.displayText)) is greater than 'max' (\(max.displayText)) in 'between', so no value can pass",
                              at: builder.position)
                return nil
            }
            let parameters: MessageParameters = ["min": min.messageArgument, "max": max.messageArgument]
            return DirectRule([.order(limit: min, allowed: DirectCheck.allowedOrders { $0 >= 0 }),
                               .order(limit: max, allowed: DirectCheck.allowedOrders { $0 <= 0 })], failing: parameters)
        },
        RuleDefinition("multipleOf", appliesTo: .numbers, arguments: ["value"]) { builder in
            guard let factor = builder.number() else { return nil }
            guard factor.doubleValue! > 0 else {
                builder.wrongType(builder.node("value")!, expected: "a number greater than 0", name: "value")
                return nil
            }
            let parameters: MessageParameters = ["factor": factor.messageArgument]
            return DirectRule([.scalar(reference: nil) { value, _ in isMultiple(value, of: factor) }], failing: parameters)
        },
    ]

    /// `min`, `max`, `greaterThan`, `lessThan`: `test` receives the value's order against the limit (-1, 0, 1).
    private static func comparison(
        _ name: String, placeholder: String, bound: BoundsChecker.Bound.Side?, test: @escaping @Sendable (Int) -> Bool
    ) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .numbers, arguments: ["value", "field"]) { builder in
            var parameters: MessageParameters = [:]
            let comparand = builder.comparand(named: placeholder, fieldTypes: .numbers, parameters: &parameters) { builder in
                guard let limit = builder.number() else { return nil }
                if let bound { builder.noteBound("value", bound, limit.doubleValue!) }
                return (.literal(limit), limit.messageArgument)
            }
            guard let comparand else { return nil }
            switch comparand {
            case .literal(let limit):
                return DirectRule([.order(limit: limit, allowed: DirectCheck.allowedOrders(test))], failing: parameters)
            case .field(let reference):
                // A missing limit, or one that is not a number, lets every value pass.
                return DirectRule([.scalar(reference: reference.target) { value, limit in
                    guard let limit, let order = NumericOrder.compare(value, limit) else { return true }
                    return test(order)
                }], failing: parameters)
            case .today:
                preconditionFailure("a number is compared with a number or a field")
            }
        }
    }

    /// Exact for whole numbers (of any size, the factor too); for fractions, within a
    /// relative tolerance of 1e-9 so `0.3` is a multiple of `0.1`.
    static func isMultiple(_ value: Value, of factor: Value) -> Bool {
        switch (value, factor) {
        case (.integer(let a), .integer(let b)): return a % b == 0
        case (.largeInteger(let a), .integer(let b)): return a.isMultiple(of: b)
        case (.largeInteger(let a), .largeInteger(let b)): return a.isMultiple(of: b)
        // A factor beyond `Int`'s range is larger than any `Int` but zero.
        case (.integer(let a), .largeInteger): return a == 0
        default: break
        }
        guard let a = value.doubleValue, let b = factor.doubleValue else { return true }
        let quotient = a / b
        return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient))
    }
}

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
            builder.direct = DirectRule([.order(limit: min, allowed: DirectCheck.allowedOrders { $0 >= 0 }),
                                         .order(limit: max, allowed: DirectCheck.allowedOrders { $0 <= 0 })], failing: parameters)
            return { value, _ in
                guard let value, let low = NumericOrder.compare(value, min), let high = NumericOrder.compare(value, max),
                    low < 0 || high > 0
                else { return .pass }
                return .fail(parameters)
            }
        },
        RuleDefinition("multipleOf", appliesTo: .numbers, arguments: ["value"]) { builder in
            guard let factor = builder.number() else { return nil }
            guard factor.doubleValue! > 0 else {
                builder.wrongType(builder.node("value")!, expected: "a number greater than 0", name: "value")
                return nil
            }
            let parameters: MessageParameters = ["factor": factor.messageArgument]
            let passes: @Sendable (Value, Value?) -> Bool = { value, _ in isMultiple(value, of: factor) }
            builder.direct = DirectRule([.scalar(reference: nil, passes)], failing: parameters)
            return { value, _ in
                guard let value else { return .pass }
                return passes(value, nil) ? .pass : .fail(parameters)
            }
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
            let fixed = parameters
            // A missing limit, or one that is not a number, lets every value pass.
            let passes: @Sendable (Value, Value?) -> Bool = { value, limit in
                guard let limit, let order = NumericOrder.compare(value, limit) else { return true }
                return test(order)
            }
            switch comparand {
            case .literal(let limit):
                builder.direct = DirectRule([.order(limit: limit, allowed: DirectCheck.allowedOrders(test))], failing: fixed)
            case .field(let reference):
                builder.direct = DirectRule([.scalar(reference: reference.target, passes)], failing: fixed)
            case .today:
                break
            }
            return { value, context in
                guard let value else { return .pass }
                return passes(value, comparand.resolve(in: context)) ? .pass : .fail(fixed)
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

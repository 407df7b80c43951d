/// A test on another field, used by `requiredIf`, `requiredUnless` and `when`:
/// `{ field: country, equals: US }`, `notEquals`, `in: [..]`, or `field` alone for "is filled in".
struct Condition: Sendable {
    enum Test: Sendable {
        case equals(Value)
        case notEquals(Value)
        case isIn([Value])
        case filled
    }

    let reference: FieldReference
    let test: Test
    let otherPath: String

    /// `other`, `operator` and `value` (or `values`), for messages.
    var parameters: MessageParameters {
        var parameters: MessageParameters = ["other": .field(otherPath)]
        switch test {
        case .equals(let value):
            parameters["operator"] = .string("equals")
            parameters["value"] = value.messageArgument
        case .notEquals(let value):
            parameters["operator"] = .string("notEquals")
            parameters["value"] = value.messageArgument
        case .isIn(let values):
            parameters["operator"] = .string("in")
            parameters["values"] = .list(values.map(\.displayText))
        case .filled:
            parameters["operator"] = .string("filled")
        }
        return parameters
    }

    static let argumentNames = ["field", "equals", "notEquals", "in"]

    /// The condition as the engine tests it (held, or with `negated` not held).
    func direct(negated: Bool = false) -> DirectCondition {
        var negated = negated
        let literals: [Value]
        switch test {
        case .filled: return DirectCondition(nodes: [reference.target], test: .isFilled, negated: negated)
        case .equals(let value): literals = [value]
        case .isIn(let values): literals = values
        case .notEquals(let value):
            // Holds exactly when `equals` would not.
            literals = [value]
            negated.toggle()
        }
        return DirectCondition(nodes: [reference.target], test: .isIn(literals), negated: negated)
    }
}

extension RuleBuilder {
    /// Reads `field` and at most one of `equals`, `notEquals`, `in`.
    mutating func condition() -> Condition? {
        guard let reference = reference("field") else { return nil }
        let target = targetNode(reference)
        let given = ["equals", "notEquals", "in"].filter(has)
        guard given.count <= 1 else {
            _ = node(given[1])
            error("give only one of 'equals', 'notEquals' and 'in'", at: position)
            return nil
        }
        let test: Condition.Test
        switch given.first {
        case "equals":
            guard let value = literal(node("equals")!, for: target.type, name: "equals") else { return nil }
            test = .equals(value)
        case "notEquals":
            guard let value = literal(node("notEquals")!, for: target.type, name: "notEquals") else { return nil }
            test = .notEquals(value)
        case "in":
            guard let values = literals("in", for: target.type) else { return nil }
            test = .isIn(values)
        default:
            test = .filled
        }
        return Condition(reference: reference, test: test, otherPath: target.path)
    }
}

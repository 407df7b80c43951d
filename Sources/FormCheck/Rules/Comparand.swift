/// What a comparison rule compares with: a literal from the schema, today's date, or another field.
enum Comparand: Sendable {
    case literal(Value)
    case today
    case field(FieldReference)

    /// The value to compare with in this record; nil when a referenced field is missing.
    func resolve(in context: EvaluationContext) -> Value? {
        switch self {
        case .literal(let value): return value
        case .today: return .string(context.today.description)
        case .field(let reference): return context.value(of: reference)
        }
    }
}

extension RuleBuilder {
    /// Reads `value` (through `literal`) or `field` (a reference to a field of one of `fieldTypes`).
    /// Adds to `parameters` the literal under `name`, or `other` for a field, and `against`.
    mutating func comparand(
        named name: String, fieldTypes: Set<FieldType>, parameters: inout MessageParameters,
        literal: (inout RuleBuilder) -> (Comparand, MessageArgument)?
    ) -> Comparand? {
        if has("field") {
            if has("value") {
                error("give either a value or 'field', not both", at: position)
                return nil
            }
            guard let reference = reference("field") else { return nil }
            let target = targetNode(reference)
            guard fieldTypes.contains(target.type) else {
                error("'\(rule)' compares with \(fieldTypes.fieldsDescription), but '\(target.path)' is a \(target.type.rawValue) field",
                      at: position)
                return nil
            }
            parameters["against"] = .string("field")
            parameters["other"] = .field(target.path)
            return .field(reference)
        }
        guard let (comparand, argument) = literal(&self) else { return nil }
        parameters["against"] = .string(comparand.isToday ? "today" : "value")
        parameters[name] = argument
        return comparand
    }
}

extension Comparand {
    var isToday: Bool {
        if case .today = self { return true }
        return false
    }
}

/// Numeric order of JSON numbers: exact for two integers, by `Double` otherwise.
enum NumericOrder {
    static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        if case .integer(let a) = lhs, case .integer(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
        return a < b ? -1 : (a == b ? 0 : 1)
    }
}

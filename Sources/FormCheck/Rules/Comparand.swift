/// What a comparison rule compares with: a literal from the schema, today's date, or another field.
enum Comparand: Sendable {
    case literal(Value)
    case today
    case field(FieldReference)
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

/// Numeric order of JSON numbers: exact for two whole numbers, and for a whole number beyond `Int`'s
/// range against any number; by `Double` otherwise.
enum NumericOrder {
    static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.largeInteger(let a), .largeInteger(let b)): return a.compare(b)
        case (.largeInteger(let a), .integer(let b)): return a.compare(b)
        case (.integer(let a), .largeInteger(let b)): return -b.compare(a)
        case (.largeInteger(let a), .number(let b)): return a.compare(b)
        case (.number(let a), .largeInteger(let b)): return b.compare(a).map { -$0 }
        default:
            guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }
}

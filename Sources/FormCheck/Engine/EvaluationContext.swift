/// What a rule may read besides its own value: the enclosing object, the record, and today's date.
struct EvaluationContext: Sendable {
    /// The object that holds the field; sibling references read from it.
    let parent: ObjectValue?
    let root: Value
    let today: LocalDate
    /// True when the field's value is missing or empty: then only presence rules run.
    let valueIsEmpty: Bool
    /// True when the field reports every failing rule, nested lists included.
    let collectsAllErrors: Bool

    /// The current value of a referenced field, or nil when it is missing.
    func value(of reference: FieldReference) -> Value? {
        switch reference.scope {
        case .sibling(let key):
            return parent?[key]
        case .root(let keys):
            var current: Value? = root
            for key in keys { current = current?[key] }
            return current
        }
    }
}

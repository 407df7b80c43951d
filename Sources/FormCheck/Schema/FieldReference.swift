/// A compiled reference from one field's rule to another field's value.
struct FieldReference: Sendable, Hashable {
    enum Scope: Sendable, Hashable {
        /// A key of the same object as the referring field.
        case sibling(String)
        /// Keys from the record's root, written `/a/b` in the schema.
        case root([String])
    }

    let scope: Scope
    /// The referenced field's node in the graph.
    let target: Int
}

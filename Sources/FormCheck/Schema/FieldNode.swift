/// One compiled field of the graph: a declared field, or the `items` template of an array field.
struct FieldNode: Sendable {
    let id: Int
    /// The key in its object; empty for an `items` template.
    let key: String
    /// The schema path: `address.zip`, `tags[]`.
    let path: String
    /// The node is an array's `items` or lies within one: its path holds `[]`.
    var isWithinArrayElements: Bool {
        var afterBracket = false
        for byte in path.utf8 {
            if afterBracket, byte == UInt8(ascii: "]") { return true }
            afterBracket = byte == UInt8(ascii: "[")
        }
        return false
    }
    let label: String
    let type: FieldType
    /// `sensitive: true`, on the field itself or on a field that encloses it.
    let isSensitive: Bool
    let collectsAllErrors: Bool
    /// For objects: whether members the schema does not declare are errors.
    let rejectsUnknownFields: Bool
    let parent: Int?
    let position: SourcePosition
    var rules: [CompiledRule] = []
    /// Declared fields of an object, in schema order.
    var children: [Int] = []
    /// The template applied to each element of an array.
    var items: Int?
    /// `hidden: true`: kept out of the focus order (a value the app fills in itself).
    var isHidden = false
    /// A field-level `when:`: the field counts (is validated and focusable) only while it holds.
    var relevance: Condition?
    /// The nodes the relevance condition reads.
    var relevanceReferences: [Int] = []
}

/// A node of a parsed YAML (or JSON) document, with the position where it starts.
struct YAMLNode: Sendable {
    /// Deeper nesting is rejected by both readers, so later recursive walks stay well inside the stack.
    static let maximumDepth = 256

    enum Kind: Sendable {
        /// A scalar; `isPlain` is false for quoted, block and `!!str`-tagged scalars, which are always strings.
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// What few nodes have, kept behind one reference so that every node stays small to copy into
    /// its collection.
    private final class Rare: Sendable {
        let taggedValue: Value?
        let original: SourceSpan?

        init(taggedValue: Value?, original: SourceSpan?) {
            self.taggedValue = taggedValue
            self.original = original
        }
    }

    var kind: Kind
    /// How far after `position` a verbatim scalar's text starts (1 past an opening quote), or -1.
    private var verbatimTextOffset: Int8 = -1
    var position: SourcePosition
    /// Where the node ends (just after its last character).
    var end: SourcePosition
    private var rare: Rare?

    init(kind: Kind, position: SourcePosition, end: SourcePosition) {
        self.kind = kind
        self.position = position
        self.end = end
    }

    /// The value a core-schema tag gives a scalar (`!!int "12"` is 12); nil without such a tag.
    var taggedValue: Value? {
        get { rare?.taggedValue }
        set { rare = Rare(taggedValue: newValue, original: original) }
    }

    /// For a node that an alias (`*name`) copied, where its anchored original is written: what hides
    /// the alias's value must hide that text too.
    var original: SourceSpan? {
        get { rare?.original }
        set { rare = Rare(taggedValue: taggedValue, original: newValue) }
    }

    /// Where a scalar's text starts when the source spells it character for character on one line (a
    /// plain, or single- or double-quoted scalar without escapes or tag): a column within it is then
    /// exact. Nil otherwise.
    var verbatimTextStart: SourcePosition? {
        get {
            verbatimTextOffset < 0 ? nil : SourcePosition(line: position.line, column: position.column + Int(verbatimTextOffset))
        }
        set {
            guard let newValue else {
                verbatimTextOffset = -1
                return
            }
            precondition(newValue.line == position.line && (0...1).contains(newValue.column - position.column),
                         "a verbatim scalar's text starts at its position or after its opening quote")
            verbatimTextOffset = Int8(newValue.column - position.column)
        }
    }

    /// Where the originals of this node and of every alias inside it are written.
    var originals: [SourceSpan] {
        var spans = original.map { [$0] } ?? []
        switch kind {
        case .scalar: break
        case .sequence(let items): for item in items { spans += item.originals }
        case .mapping(let pairs): for pair in pairs { spans += pair.key.originals + pair.value.originals }
        }
        return spans
    }

    var scalarText: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The node in compact YAML flow style, for summaries: `2`, `[US, CA]`, `{field: country}`.
    var flowText: String {
        switch kind {
        case .scalar(let text, let isPlain):
            // Scalars keep their style: plain stays plain, quoted is shown double-quoted.
            guard !isPlain else { return text }
            // Byte by byte: a backslash and a quote are ASCII bytes, which no other character's UTF-8 holds.
            var quoted: [UInt8] = [UInt8(ascii: "\"")]
            quoted.reserveCapacity(text.utf8.count + 8)
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { quoted.append(UInt8(ascii: "\\")) }
                quoted.append(byte)
            }
            quoted.append(UInt8(ascii: "\""))
            return String(decoding: quoted, as: UTF8.self)
        case .sequence(let items):
            return "[" + items.map(\.flowText).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { "\($0.key.flowText): \($0.value.flowText)" }.joined(separator: ", ") + "}"
        }
    }

    /// A short noun for messages: "a string", "a list", "a mapping", "a number"...
    var kindDescription: String {
        switch kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch YAMLScalarResolver.value(of: self) {
            case .null: return "null"
            case .bool: return "a boolean"
            case .integer, .number: return "a number"
            default: return "a string"
            }
        }
    }
}

/// One key and value of a YAML mapping, in document order.
struct YAMLPair: Sendable {
    var key: YAMLNode
    var value: YAMLNode

    /// The key's text when it is a scalar.
    var keyText: String? { key.scalarText }
}

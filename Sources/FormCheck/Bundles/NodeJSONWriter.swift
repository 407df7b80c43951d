/// Writes a parsed schema or catalog as JSON that `JSONNodeReader` reads back to the same values:
/// mappings as objects (members in order, repeated keys kept), sequences as arrays, and scalars by
/// their YAML 1.2 core-schema value. A plain scalar that JSON writes the same way (a number, `true`,
/// `false`, `null`) keeps its text, so it reads back as the very same node; any other scalar is
/// written as its value: text in quotes, a number or a literal written as JSON spells it.
///
/// Members and elements stand one a line, indented by two spaces a level, so that a tree always
/// gives the same bytes: a tree written and read back is written again byte for byte.
enum NodeJSONWriter {
    /// A node JSON cannot hold: a key that is not a scalar, or an infinite or NaN number.
    struct Unwritable: Error {
        let problem: String
        let position: SourcePosition
    }

    /// The JSON text of `node`, its nested lines indented from `level`.
    static func json(_ node: YAMLNode, level: Int = 0) throws(Unwritable) -> String {
        var out = ""
        try write(node, level: level, to: &out)
        return out
    }

    private static func write(_ node: YAMLNode, level: Int, to out: inout String) throws(Unwritable) {
        let indent = String(repeating: "  ", count: level + 1)
        switch node.kind {
        case .scalar(let text, let isPlain):
            out += try scalar(node, text: text, isPlain: isPlain)
        case .sequence(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "["
            for (index, item) in items.enumerated() {
                out += (index == 0 ? "\n" : ",\n") + indent
                try write(item, level: level + 1, to: &out)
            }
            out += "\n" + String(repeating: "  ", count: level) + "]"
        case .mapping(let pairs):
            guard !pairs.isEmpty else { return out += "{}" }
            out += "{"
            for (index, pair) in pairs.enumerated() {
                guard let key = pair.keyText else {
                    throw Unwritable(problem: "a key that is not text cannot be written in JSON", position: pair.key.position)
                }
                out += (index == 0 ? "\n" : ",\n") + indent + JSONWriter.quoted(key) + ": "
                try write(pair.value, level: level + 1, to: &out)
            }
            out += "\n" + String(repeating: "  ", count: level) + "}"
        }
    }

    private static func scalar(_ node: YAMLNode, text: String, isPlain: Bool) throws(Unwritable) -> String {
        let value = YAMLScalarResolver.value(of: node)
        if case .string(let string) = value { return JSONWriter.quoted(string) }
        if isPlain, node.taggedValue == nil, (try? JSONReader.parse(Array(text.utf8))) != nil { return text }
        guard let bytes = JSONWriter.bytes(of: value) else {
            throw Unwritable(problem: "\(text) cannot be written in JSON", position: node.position)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

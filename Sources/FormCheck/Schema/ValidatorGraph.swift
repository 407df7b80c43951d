/// The compiled form: every field in schema order with its resolved rule chain, and the
/// dependency edges between fields created by cross-field references.
public struct ValidatorGraph: Sendable {
    /// Public facts about one field of the graph.
    public struct Field: Sendable, Hashable {
        /// The schema path: `email`, `address.zip`, `tags[]` for the items of `tags`.
        public let path: String
        /// The label messages give the field: its `label:`, or its name.
        public let label: String
        /// The field's declared type.
        public let type: FieldType
        /// Whether its value is hidden from every output (`sensitive: true`).
        public let isSensitive: Bool
        /// The rule names of its chain, in order.
        public let rules: [String]
        /// The rules as written, in short flow form: `minLength: 2`.
        public let ruleSummaries: [String]
        /// The schema path of the enclosing object or array field; nil at the top.
        public let parent: String?
        /// `hidden: true`: not part of the focus order.
        public let isHidden: Bool
        /// Whether a field-level `when:` decides if the field counts.
        public let isConditional: Bool
        /// Where the field is declared in the schema.
        public let position: SourcePosition
    }

    let nodes: [FieldNode]
    let rootFields: [Int]
    let rejectsUnknownRootFields: Bool
    private let nodeByPath: [String: Int]
    /// For each node, the nodes whose rules read it.
    private let dependentsByNode: [[Int]]
    /// For each node, whether it is sensitive or encloses a sensitive field; and for each node, then
    /// for the record, the fields among its own that do (see `SensitiveSpans`).
    let holdsSensitive: [Bool]
    let fieldsHoldingSensitive: [[Int]]
    /// For each node, its key's bytes when the key is ASCII (a key beyond ASCII can still equal ASCII
    /// text as Strings compare, as the Kelvin sign equals K, so it is compared as a String).
    let asciiKeys: [[UInt8]?]

    init(nodes: [FieldNode], rootFields: [Int], rejectsUnknownRootFields: Bool) {
        self.nodes = nodes
        self.rootFields = rootFields
        self.rejectsUnknownRootFields = rejectsUnknownRootFields
        self.nodeByPath = Dictionary(nodes.map { ($0.path, $0.id) }, uniquingKeysWith: { first, _ in first })
        var dependents = Array(repeating: [Int](), count: nodes.count)
        for node in nodes {
            for target in Set(node.rules.flatMap(\.referencedNodes) + node.relevanceReferences).sorted()
            where !dependents[target].contains(node.id) {
                dependents[target].append(node.id)
            }
        }
        self.dependentsByNode = dependents.map { $0.sorted() }
        var holds = [Bool?](repeating: nil, count: nodes.count)
        func holdsSensitive(_ id: Int) -> Bool {
            if let known = holds[id] { return known }
            let node = nodes[id]
            let answer = node.isSensitive || node.children.contains(where: holdsSensitive) || node.items.map(holdsSensitive) == true
            holds[id] = answer
            return answer
        }
        let holdsSensitive = nodes.indices.map(holdsSensitive)
        self.holdsSensitive = holdsSensitive
        self.fieldsHoldingSensitive = (nodes.map(\.children) + [rootFields]).map { $0.filter { holdsSensitive[$0] } }
        self.asciiKeys = nodes.map { node in node.key.utf8.allSatisfy { $0 < 0x80 } ? Array(node.key.utf8) : nil }
    }

    /// The keys from the record's top down to a node (empty keys for `items` templates).
    func keyPath(of id: Int) -> [String] {
        var keys: [String] = []
        var current: Int? = id
        while let node = current.map({ nodes[$0] }) {
            keys.append(node.key)
            current = node.parent
        }
        return keys.reversed()
    }

    /// The path to a node's value in a record, given the index of the element of each array around it
    /// (outermost first): an `items` template stands for an element, any other node for its key.
    func valuePath(of id: Int, elements: [Int]) -> [ValuePath.Component] {
        var components: [ValuePath.Component] = []
        var element = elements.count
        var current: Int? = id
        while let node = current.map({ nodes[$0] }) {
            if let parent = node.parent, nodes[parent].items == node.id {
                element -= 1
                components.append(.index(elements[element]))
            } else {
                components.append(.key(node.key))
            }
            current = node.parent
        }
        assert(element == 0, "an element index for each array around the node")
        return components.reversed()
    }

    /// A cross-field dependency: the rule `rule` of field `to` reads field `from`.
    public struct Edge: Sendable, Hashable {
        /// The field read.
        public let from: String
        /// The field whose rule reads it.
        public let to: String
        /// The rule that reads it.
        public let rule: String
    }

    /// Every dependency edge, in the order of the reading fields and their rules.
    public var edges: [Edge] {
        var edges: [Edge] = []
        for node in nodes {
            for rule in node.rules {
                for target in rule.referencedNodes {
                    let edge = Edge(from: nodes[target].path, to: node.path, rule: rule.name)
                    if !edges.contains(edge) { edges.append(edge) }
                }
            }
        }
        return edges
    }

    /// Every field, parents before their children, in schema order.
    public var fields: [Field] {
        nodes.map(field(of:))
    }

    /// The field at a schema path, if the schema declares it.
    public func field(at path: String) -> Field? {
        nodeByPath[path].map { field(of: nodes[$0]) }
    }

    /// The fields whose rules read the field at `path`: what to revalidate when it changes.
    public func dependents(of path: String) -> [Field] {
        guard let id = nodeByPath[path] else { return [] }
        return dependentsByNode[id].map { field(of: nodes[$0]) }
    }

    /// The fields that the rules of the field at `path` read.
    public func references(of path: String) -> [Field] {
        guard let id = nodeByPath[path] else { return [] }
        return Set(nodes[id].rules.flatMap(\.referencedNodes) + nodes[id].relevanceReferences).sorted().map { field(of: nodes[$0]) }
    }

    /// The paths of every value in `record` that belongs to a sensitive field (or lies inside one).
    func sensitiveValuePaths(in record: Value) -> [ValuePath] {
        var paths: [ValuePath] = []
        func visit(_ id: Int, _ value: Value, _ path: [ValuePath.Component]) {
            let node = nodes[id]
            if node.isSensitive {
                paths.append(ValuePath(path))
                return
            }
            switch value {
            case .object(let object):
                for child in node.children {
                    if let member = object[nodes[child].key] { visit(child, member, path + [.key(nodes[child].key)]) }
                }
            case .array(let elements):
                guard let items = node.items else { return }
                for (index, element) in elements.enumerated() { visit(items, element, path + [.index(index)]) }
            default:
                break
            }
        }
        guard let object = record.objectValue else { return [] }
        for id in rootFields {
            if let member = object[nodes[id].key] { visit(id, member, [.key(nodes[id].key)]) }
        }
        return paths
    }

    /// The node of the field at a schema path.
    func node(atPath path: String) -> Int? {
        nodeByPath[path]
    }

    func label(ofPath path: String) -> String {
        nodeByPath[path].map { nodes[$0].label } ?? path
    }

    private func field(of node: FieldNode) -> Field {
        Field(path: node.path, label: node.label, type: node.type, isSensitive: node.isSensitive,
              rules: node.rules.map(\.name), ruleSummaries: node.rules.map(\.summary),
              parent: node.parent.map { nodes[$0].path }, isHidden: node.isHidden, isConditional: node.relevance != nil,
              position: node.position)
    }
}

/// The direct path: checks a JSON record straight from its bytes, without building `Value`s, and
/// finds the same failures, in the same order, as the full validator. A record the bytes alone
/// cannot settle (escapes, non-ASCII text, repeated members, anything malformed) goes to the full
/// reader and validator instead. So the direct path changes speed, never results.
///
/// A plan exists when every field the record can reach is in its reach: no field-level `when:`,
/// no `date` fields, no `items` templates, and every rule has a direct form (`DirectCheck`).
struct DirectPlan: Sendable {
    /// The declared members of one object, by key.
    struct Layout: Sendable {
        private(set) var keys: [[UInt8]] = []
        private(set) var nodes: [Int] = []
        let rejectsUnknown: Bool
        /// For each node id, the layout of its members when it is an object read into slots.
        var childLayouts: [Int?]

        init(rejectsUnknown: Bool, nodeCount: Int) {
            self.rejectsUnknown = rejectsUnknown
            self.childLayouts = Array(repeating: nil, count: nodeCount)
        }

        mutating func add(key: String, node: Int) {
            keys.append(Array(key.utf8))
            nodes.append(node)
        }

        func node(forKey key: UnsafeBufferPointer<UInt8>) -> Int? {
            for index in keys.indices where keys[index].count == key.count && keys[index].elementsEqual(key) {
                return nodes[index]
            }
            return nil
        }
    }

    /// What the evaluation needs of one node.
    private struct Node: Sendable {
        struct Rule: Sendable {
            let runsOnEmpty: Bool
            let isError: Bool
            let direct: DirectRule
        }

        let type: FieldType
        let collectsAllErrors: Bool
        let rules: [Rule]
        let children: [Int]
    }

    /// One failure found: a node's type check (`rule` nil) or the rule at that index of its chain.
    struct Failure: Sendable, Hashable {
        let node: Int
        let rule: Int?
    }

    private(set) var layouts: [Layout] = []
    private let nodes: [Node?]
    private let rootFields: [Int]
    let nodeCount: Int

    init?(graph: ValidatorGraph) {
        var nodes = [Node?](repeating: nil, count: graph.nodes.count)
        var layouts: [Layout] = []
        func layout(of fields: [Int], rejectsUnknown: Bool) -> Int? {
            let index = layouts.count
            layouts.append(Layout(rejectsUnknown: rejectsUnknown, nodeCount: graph.nodes.count))
            for id in fields {
                let field = graph.nodes[id]
                guard field.relevance == nil, field.items == nil, field.type != .date,
                    !field.key.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") })
                else { return nil }
                var rules: [Node.Rule] = []
                for rule in field.rules {
                    guard let direct = rule.direct else { return nil }
                    rules.append(Node.Rule(runsOnEmpty: rule.runsOnEmpty, isError: rule.severity == .error, direct: direct))
                }
                if field.type == .object, !field.children.isEmpty {
                    guard let child = layout(of: field.children, rejectsUnknown: field.rejectsUnknownFields) else { return nil }
                    layouts[index].childLayouts[id] = child
                }
                nodes[id] = Node(type: field.type, collectsAllErrors: field.collectsAllErrors, rules: rules,
                                 children: field.type == .object ? field.children : [])
                layouts[index].add(key: field.key, node: id)
            }
            return index
        }
        guard layout(of: graph.rootFields, rejectsUnknown: graph.rejectsUnknownRootFields) != nil else { return nil }
        // References must land on nodes the plan reads.
        for node in nodes.compactMap({ $0 }) {
            for rule in node.rules {
                for case .equality(let target, _) in rule.direct.checks where nodes[target] == nil { return nil }
            }
        }
        self.layouts = layouts
        self.nodes = nodes
        self.rootFields = graph.rootFields
        self.nodeCount = graph.nodes.count
    }

    /// The failures of the JSON record in `bytes`, in the order the full validator reports them, or
    /// nil when the bytes alone cannot settle the record.
    func failures(in bytes: UnsafeBufferPointer<UInt8>, collectAllErrors: Bool) -> [Failure]? {
        withUnsafeTemporaryAllocation(of: RawValue.self, capacity: nodeCount) { values in
            values.initialize(repeating: .missing)
            defer { values.deinitialize() }
            var scanner = DirectScanner(bytes: bytes)
            guard scanner.scanRecord(layouts: layouts, into: values) else { return nil }
            var failures: [Failure] = []
            let read = UnsafeBufferPointer(values)
            for id in rootFields {
                guard evaluate(id, values: read, bytes: bytes, collectAllErrors: collectAllErrors, into: &failures) else { return nil }
            }
            return failures
        }
    }

    /// Appends the node's failures as `Validator` finds them; false when the bytes cannot tell.
    private func evaluate(
        _ id: Int, values: UnsafeBufferPointer<RawValue>, bytes: UnsafeBufferPointer<UInt8>, collectAllErrors: Bool,
        into failures: inout [Failure]
    ) -> Bool {
        guard let node = nodes[id] else { return false }
        let value = values[id]
        guard let isEmpty = value.isEmptyFormValue(in: bytes) else { return false }
        if !isEmpty, !Self.accepts(node.type, value) {
            failures.append(Failure(node: id, rule: nil))
            return true
        }
        let stopsAtFirst = !(node.collectsAllErrors || collectAllErrors)
        for (index, rule) in node.rules.enumerated() where rule.runsOnEmpty || !isEmpty {
            guard let passes = rule.direct.passes(value, values: values, bytes: bytes) else { return false }
            if !passes {
                failures.append(Failure(node: id, rule: index))
                if stopsAtFirst, rule.isError { break }
            }
        }
        guard !isEmpty, value.kind == .object else { return true }
        for child in node.children {
            guard evaluate(child, values: values, bytes: bytes, collectAllErrors: collectAllErrors, into: &failures) else { return false }
        }
        return true
    }

    /// `FieldType.accepts` for a value read in place.
    private static func accepts(_ type: FieldType, _ value: RawValue) -> Bool {
        if let scalar = value.scalar { return type.accepts(scalar) }
        switch value.kind {
        case .string: return type == .string
        case .object: return type == .object
        case .array: return type == .array
        default: return false
        }
    }
}

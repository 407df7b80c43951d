/// What a rule definition uses to read its arguments: typed accessors that report mistakes at the
/// argument's position, reference resolution, and nested rule lists for compositions.
struct RuleBuilder {
    struct Argument {
        let name: String
        let keyPosition: SourcePosition
        let node: YAMLNode
    }

    let compiler: SchemaCompiler
    let field: FieldNode
    let rule: String
    let position: SourcePosition
    /// Few: searched in order (the first of a name counts), not hashed.
    private let arguments: [Argument]
    /// Starts as the definition's `isPresence`; compositions set it from their children.
    var runsOnEmpty: Bool
    private(set) var referencedNodes: [Int] = []
    private(set) var bounds: [BoundsChecker.Bound] = []
    private(set) var failed = false
    /// The error code when the schema gives none (the rule's name unless a rule sets it, as `custom` does).
    var defaultCode: String?
    /// Set by `async`: the validator a live session calls.
    var asyncRule: AsyncRuleReference?

    init(compiler: SchemaCompiler, field: FieldNode, rule: String, position: SourcePosition, arguments: [Argument],
         runsOnEmpty: Bool) {
        self.compiler = compiler
        self.field = field
        self.rule = rule
        self.position = position
        self.arguments = arguments
        self.runsOnEmpty = runsOnEmpty
    }

    mutating func error(_ message: String, at position: SourcePosition) {
        compiler.error(message, at: position)
        failed = true
    }

    func has(_ name: String) -> Bool { arguments.contains { $0.name == name } }

    /// The argument's node; reports it missing when `required`.
    mutating func node(_ name: String, required: Bool = true) -> YAMLNode? {
        if let argument = arguments.first(where: { $0.name == name }) { return argument.node }
        if required { error("rule '\(rule)' needs the argument '\(name)'", at: position) }
        return nil
    }

    mutating func wrongType(_ node: YAMLNode, expected: String, name: String) {
        let what = name == "value" ? "the argument of '\(rule)'" : "'\(name)' of '\(rule)'"
        error("\(what) must be \(expected), not \(node.kindDescription)", at: node.position)
    }

    /// A whole number no smaller than `minimum`.
    mutating func integer(_ name: String = "value", minimum: Int = 0, required: Bool = true) -> Int? {
        guard let node = node(name, required: required) else { return nil }
        guard case .integer(let value) = YAMLScalarResolver.value(of: node), node.scalarText != nil, value >= minimum else {
            wrongType(node, expected: minimum == 0 ? "a whole number of 0 or more" : "a whole number of \(minimum) or more",
                      name: name)
            return nil
        }
        return value
    }

    /// A finite number (`.integer` or `.number`).
    mutating func number(_ name: String = "value", required: Bool = true) -> Value? {
        guard let node = node(name, required: required) else { return nil }
        let value = YAMLScalarResolver.value(of: node)
        guard node.scalarText != nil, let double = value.doubleValue, double.isFinite else {
            wrongType(node, expected: "a number", name: name)
            return nil
        }
        return value
    }

    mutating func string(_ name: String = "value", required: Bool = true) -> String? {
        guard let node = node(name, required: required) else { return nil }
        guard case .string(let text) = YAMLScalarResolver.value(of: node) else {
            wrongType(node, expected: "text", name: name)
            return nil
        }
        return text
    }

    mutating func boolean(_ name: String, required: Bool = false) -> Bool? {
        guard let node = node(name, required: required) else { return nil }
        guard case .bool(let value) = YAMLScalarResolver.value(of: node), node.scalarText != nil else {
            wrongType(node, expected: "true or false", name: name)
            return nil
        }
        return value
    }

    /// A scalar literal that a value of `type` could equal (for `oneOf`, conditions).
    mutating func literal(_ node: YAMLNode, for type: FieldType, name: String) -> Value? {
        let value = YAMLScalarResolver.value(of: node)
        guard node.scalarText != nil, type.accepts(value) || (type == .number && value.doubleValue != nil) else {
            wrongType(node, expected: "\(type.withArticle) value", name: name)
            return nil
        }
        return value
    }

    /// A list of scalar literals of the field's type.
    mutating func literals(_ name: String = "value", for type: FieldType) -> [Value]? {
        guard let node = node(name) else { return nil }
        guard let items = node.sequence, !items.isEmpty else {
            wrongType(node, expected: "a non-empty list such as [a, b]", name: name)
            return nil
        }
        var values: [Value] = []
        for item in items {
            guard let value = literal(item, for: type, name: name) else { return nil }
            values.append(value)
        }
        return values
    }

    /// A reference to another field, written as its name or a `/root/path`.
    mutating func reference(_ name: String = "value") -> FieldReference? {
        guard let node = node(name) else { return nil }
        guard let text = node.scalarText, !text.isEmpty else {
            wrongType(node, expected: "a field name", name: name)
            return nil
        }
        return reference(text, at: node.position)
    }

    mutating func reference(_ text: String, at position: SourcePosition) -> FieldReference? {
        guard let reference = compiler.resolveReference(text, from: field.id, at: position) else {
            failed = true
            return nil
        }
        referencedNodes.append(reference.target)
        return reference
    }

    /// One field name or a list of them.
    mutating func references(_ name: String = "value") -> [FieldReference]? {
        guard let node = node(name) else { return nil }
        let items = node.sequence ?? [node]
        var result: [FieldReference] = []
        for item in items {
            guard let text = item.scalarText, !text.isEmpty else {
                wrongType(item, expected: "a field name or a list of field names", name: name)
                return nil
            }
            guard let reference = reference(text, at: item.position) else { return nil }
            result.append(reference)
        }
        return result
    }

    func targetNode(_ reference: FieldReference) -> FieldNode { compiler.node(reference.target) }

    /// A nested rule list, compiled for the same field.
    mutating func rules(_ name: String = "value", required: Bool = true) -> [CompiledRule]? {
        guard let node = node(name, required: required) else { return nil }
        let before = compiler.diagnostics.count
        let rules = compiler.compileRuleList(node, field: field.id, topLevel: false)
        if compiler.diagnostics.count > before { failed = true }
        referencedNodes += rules.flatMap(\.referencedNodes)
        return rules
    }

    /// A single nested rule (for `not`).
    mutating func singleRule(_ name: String = "value") -> CompiledRule? {
        guard let node = node(name) else { return nil }
        guard let rule = compiler.compileRule(node, field: field.id)?.rule else {
            failed = true
            return nil
        }
        referencedNodes += rule.referencedNodes
        return rule
    }

    mutating func noteBound(_ measure: String, _ side: BoundsChecker.Bound.Side, _ limit: Double, rule: String? = nil) {
        bounds.append(.init(measure: measure, side: side, limit: limit, rule: rule ?? self.rule, position: position))
    }
}

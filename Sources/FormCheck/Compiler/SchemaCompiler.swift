/// Turns a parsed schema document into a `ValidatorGraph`, collecting every mistake as a diagnostic.
///
/// It works in two passes: the first declares every field (so references may point forward),
/// the second compiles each field's rule chain with its arguments and references resolved.
final class SchemaCompiler {
    struct Output {
        var form: String
        var title: String?
        var graph: ValidatorGraph
        /// The source locale (`locale:`), `en` by default.
        var locale: String
        /// The catalog folder (`messages:`) as written, and where.
        var messages: (path: String, position: SourcePosition)?
        var messageKeys: [(key: String, position: SourcePosition)]
        var ruleUsages: [RuleUsage]
        /// The live-form policy (`validation:`).
        var visibility: VisibilityPolicy
        var unregisteredCustomRules: [(name: String, position: SourcePosition)]
    }

    static let rootKeys = ["formcheck", "form", "title", "description", "locale", "messages", "validation", "fields",
                           "unknownFields"]
    static let fieldKeys = ["type", "label", "description", "rules", "sensitive", "collect", "hidden", "when", "fields", "items",
                            "unknownFields"]
    static let languageVersion = 1

    let file: String
    let customRules: [String: CustomRule]
    let assumesCustomRulesPass: Bool
    /// Custom rules the schema names that nothing registers (only with `assumesCustomRulesPass`).
    private(set) var unregisteredCustomRules: [(name: String, position: SourcePosition)] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var nodes: [FieldNode] = []
    private var rulesByNode: [Int: YAMLNode] = [:]
    private var relevanceByNode: [Int: YAMLPair] = [:]
    /// The catalog keys that rules name with `message: { key: ... }`, and where.
    private(set) var messageKeys: [(key: String, position: SourcePosition)] = []
    /// Every compiled rule, nested ones included, with its field: what catalog keys can refer to.
    private(set) var ruleUsages: [RuleUsage] = []
    /// For each object (the root is -1), its declared children by key.
    private var childrenByParent: [Int: [String: Int]] = [:]

    init(file: String, customRules: [CustomRule] = [], assumesCustomRulesPass: Bool = false) {
        self.file = file
        self.customRules = Dictionary(customRules.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.assumesCustomRulesPass = assumesCustomRulesPass
    }

    func noteUnregisteredCustomRule(_ name: String, at position: SourcePosition) {
        unregisteredCustomRules.append((name, position))
    }

    func error(_ message: String, at position: SourcePosition?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(.error, message, file: file, at: position, notes: notes))
    }

    /// Compiles a document; nil when any error was found (see `diagnostics`).
    func compile(_ document: YAMLNode, defaultName: String) -> Output? {
        guard document.mapping != nil else {
            error("a schema is a mapping with the keys 'formcheck', 'form' and 'fields', not \(document.kindDescription)",
                  at: document.position)
            return nil
        }
        let keys = checkedKeys(of: document, allowed: Self.rootKeys, what: "schema")
        if let version = keys["formcheck"] {
            if case .integer(let number) = YAMLScalarResolver.value(of: version.value), number == Self.languageVersion {
            } else {
                error("unsupported schema language version; this formcheck reads 'formcheck: \(Self.languageVersion)'",
                      at: version.value.position)
            }
        } else {
            error("missing 'formcheck: \(Self.languageVersion)', the schema language version", at: document.position)
        }
        let form = keys["form"].flatMap { text($0.value, what: "'form'") } ?? defaultName
        let title = keys["title"].flatMap { text($0.value, what: "'title'") }
        keys["description"].map { _ = text($0.value, what: "'description'") }
        let rejectsUnknown = keys["unknownFields"].flatMap { unknownFieldsPolicy($0.value) } ?? false
        var locale = "en"
        if let pair = keys["locale"], let text = text(pair.value, what: "'locale'") {
            if LocaleIdentifier.isValid(text) {
                locale = LocaleIdentifier.normalized(text)
            } else {
                error("'locale' must be a locale identifier such as en, fr or pt-BR", at: pair.value.position)
            }
        }
        let messages = keys["messages"].flatMap { pair in text(pair.value, what: "'messages'").map { ($0, pair.value.position) } }
        var visibility = VisibilityPolicy.onBlurThenLive
        if let pair = keys["validation"], let name = text(pair.value, what: "'validation'") {
            if let policy = VisibilityPolicy(rawValue: name) {
                visibility = policy
            } else {
                error("unknown validation policy '\(name)'\(Suggestions.didYouMean(name, among: VisibilityPolicy.allCases.map(\.rawValue))); use \(VisibilityPolicy.allCases.map(\.rawValue).joined(separator: ", "))",
                      at: pair.value.position)
            }
        }

        var rootFields: [Int] = []
        if let fields = keys["fields"] {
            rootFields = declareFields(fields.value, parent: nil, parentPath: "", rejectsUnknown: rejectsUnknown)
            if fields.value.mapping?.isEmpty == true { error("'fields' is empty; declare at least one field", at: fields.value.position) }
        } else {
            error("missing 'fields', the mapping of the form's fields", at: document.position)
        }

        for id in nodes.indices {
            if let when = relevanceByNode[id] { compileRelevance(when, field: id) }
            guard let rules = rulesByNode[id] else { continue }
            nodes[id].rules = compileRuleList(rules, field: id, topLevel: true)
        }
        diagnostics.sort { ($0.position ?? .init(line: 0, column: 0)) < ($1.position ?? .init(line: 0, column: 0)) }
        guard diagnostics.isEmpty else { return nil }
        return Output(form: form, title: title,
                      graph: ValidatorGraph(nodes: nodes, rootFields: rootFields, rejectsUnknownRootFields: rejectsUnknown),
                      locale: locale, messages: messages, messageKeys: messageKeys, ruleUsages: ruleUsages, visibility: visibility,
                      unregisteredCustomRules: unregisteredCustomRules)
    }

    // MARK: - Fields

    private func declareFields(_ node: YAMLNode, parent: Int?, parentPath: String, rejectsUnknown: Bool) -> [Int] {
        guard let pairs = node.mapping else {
            error("'fields' must be a mapping from field names to field specs, not \(node.kindDescription)", at: node.position)
            return []
        }
        var declared: [Int] = []
        var seen: [String: SourcePosition] = [:]
        for pair in pairs {
            guard let key = pair.keyText else {
                error("a field name must be plain text", at: pair.key.position)
                continue
            }
            if let first = seen[key] {
                error("duplicate field '\(key)'", at: pair.key.position,
                      notes: [.init(message: "'\(key)' is first declared here", position: first)])
                continue
            }
            seen[key] = pair.key.position
            guard isValidFieldName(key) else {
                error("field name '\(key)' may only contain letters, digits, '_' and '-', and must not start with a digit or '-'",
                      at: pair.key.position)
                continue
            }
            let path = parentPath.isEmpty ? key : "\(parentPath).\(key)"
            if let id = declareField(pair.value, key: key, path: path, defaultLabel: key, parent: parent,
                                     rejectsUnknown: rejectsUnknown, position: pair.key.position) {
                declared.append(id)
                childrenByParent[parent ?? -1, default: [:]][key] = id
            }
        }
        return declared
    }

    private func declareField(
        _ spec: YAMLNode, key: String, path: String, defaultLabel: String, parent: Int?, rejectsUnknown: Bool,
        position: SourcePosition
    ) -> Int? {
        // `name: string` is shorthand for `name: { type: string }`.
        if let typeName = spec.scalarText, spec.sequence == nil {
            guard let type = fieldType(typeName, at: spec.position) else { return nil }
            return addNode(key: key, path: path, label: defaultLabel, type: type, sensitive: false, collectAll: false,
                           rejectsUnknown: rejectsUnknown, parent: parent, position: position)
        }
        guard spec.mapping != nil else {
            error("field '\(path)' must be a mapping such as '{ type: string }', not \(spec.kindDescription)", at: spec.position)
            return nil
        }
        let keys = checkedKeys(of: spec, allowed: Self.fieldKeys, what: "field")
        guard let typeNode = keys["type"] else {
            error("field '\(path)' has no 'type'; add one of: \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))",
                  at: position)
            return nil
        }
        guard let typeName = text(typeNode.value, what: "'type'"), let type = fieldType(typeName, at: typeNode.value.position) else {
            return nil
        }
        let label = keys["label"].flatMap { text($0.value, what: "'label'") } ?? defaultLabel
        keys["description"].map { _ = text($0.value, what: "'description'") }
        let sensitive = keys["sensitive"].flatMap { boolean($0.value, what: "'sensitive'") } ?? false
        var collectAll = false
        if let collect = keys["collect"] {
            switch collect.value.scalarText {
            case "all": collectAll = true
            case "first": collectAll = false
            default: error("'collect' must be 'first' or 'all'", at: collect.value.position)
            }
        }
        let ownRejectsUnknown = keys["unknownFields"].flatMap { unknownFieldsPolicy($0.value) } ?? rejectsUnknown
        for (name, allowedType) in [("fields", FieldType.object), ("unknownFields", .object), ("items", .array)]
        where keys[name] != nil && type != allowedType {
            error("'\(name)' applies to \(allowedType.rawValue) fields; '\(path)' is \(type.withArticle) field",
                  at: keys[name]!.key.position)
        }
        let id = addNode(key: key, path: path, label: label, type: type, sensitive: sensitive, collectAll: collectAll,
                         rejectsUnknown: ownRejectsUnknown, parent: parent, position: position)
        if let rules = keys["rules"] { rulesByNode[id] = rules.value }
        if let hidden = keys["hidden"] { nodes[id].isHidden = boolean(hidden.value, what: "'hidden'") ?? false }
        if let when = keys["when"] { relevanceByNode[id] = when }
        if type == .object, let fields = keys["fields"] {
            nodes[id].children = declareFields(fields.value, parent: id, parentPath: path, rejectsUnknown: ownRejectsUnknown)
        }
        if type == .array, let items = keys["items"] {
            nodes[id].items = declareField(items.value, key: "", path: "\(path)[]", defaultLabel: label, parent: id,
                                           rejectsUnknown: ownRejectsUnknown, position: items.key.position)
        }
        return id
    }

    private func addNode(
        key: String, path: String, label: String, type: FieldType, sensitive: Bool, collectAll: Bool,
        rejectsUnknown: Bool, parent: Int?, position: SourcePosition
    ) -> Int {
        let id = nodes.count
        // What lies inside a sensitive field (its nested fields and items) is sensitive too.
        let sensitive = sensitive || parent.map { nodes[$0].isSensitive } == true
        nodes.append(FieldNode(id: id, key: key, path: path, label: label, type: type, isSensitive: sensitive,
                               collectsAllErrors: collectAll, rejectsUnknownFields: rejectsUnknown, parent: parent,
                               position: position))
        return id
    }

    private func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-", !("0"..."9").contains(first) else { return false }
        // The ASCII letters are the ASCII scalars with the Alphabetic property, told apart without looking it up.
        return name.unicodeScalars.allSatisfy { scalar in
            guard scalar.isASCII else { return scalar.properties.isAlphabetic }
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
        }
    }

    private func fieldType(_ name: String, at position: SourcePosition) -> FieldType? {
        if let type = FieldType(rawValue: name) { return type }
        error("unknown type '\(name)'\(Suggestions.didYouMean(name, among: FieldType.allCases.map(\.rawValue)))",
              at: position)
        return nil
    }

    private func unknownFieldsPolicy(_ node: YAMLNode) -> Bool? {
        switch node.scalarText {
        case "reject": return true
        case "ignore": return false
        default:
            error("'unknownFields' must be 'ignore' or 'reject'", at: node.position)
            return nil
        }
    }

    /// A field-level `when: { field, equals | notEquals | in }`.
    private func compileRelevance(_ pair: YAMLPair, field: Int) {
        guard let pairs = pair.value.mapping else {
            error("a field's 'when' is a condition such as '{ field: country, equals: US }'", at: pair.value.position)
            return
        }
        var arguments: [RuleBuilder.Argument] = []
        for item in pairs {
            let key = item.keyText ?? ""
            guard Condition.argumentNames.contains(key) else {
                error("unknown key '\(key)' in 'when'\(Suggestions.didYouMean(key, among: Condition.argumentNames)); it takes 'field' and one of 'equals', 'notEquals', 'in'",
                      at: item.key.position)
                return
            }
            arguments.append(.init(name: key, keyPosition: item.key.position, node: item.value))
        }
        var builder = RuleBuilder(compiler: self, field: nodes[field], rule: "when", position: pair.key.position, arguments: arguments,
                                  runsOnEmpty: false)
        guard let condition = builder.condition(), !builder.failed else { return }
        nodes[field].relevance = condition
        nodes[field].relevanceReferences = builder.referencedNodes
    }

    // MARK: - Rules

    /// Compiles an ordered rule list; `topLevel` is true for a field's own chain.
    func compileRuleList(_ node: YAMLNode, field: Int, topLevel: Bool) -> [CompiledRule] {
        guard let items = node.sequence else {
            error("'rules' must be a list, such as '[required, email]', not \(node.kindDescription)", at: node.position)
            return []
        }
        var bounds = BoundsChecker()
        var rules: [CompiledRule] = []
        for item in items {
            guard let compiled = compileRule(item, field: field) else { continue }
            rules.append(compiled.rule)
            if topLevel { compiled.bounds.forEach { bounds.note($0) } }
        }
        for conflict in bounds.conflicts {
            error(conflict.message, at: conflict.position)
        }
        return rules
    }

    /// Compiles a single rule written in any of its forms.
    func compileRule(_ node: YAMLNode, field: Int) -> (rule: CompiledRule, bounds: [BoundsChecker.Bound])? {
        /// The rule's `RuleCatalogue.optionKeys` pairs, few or none: searched in order, not hashed.
        var options: [YAMLPair] = []
        /// A repeated option is reported; its last value counts.
        func option(_ key: String) -> YAMLPair? { options.last { $0.keyText == key } }
        var arguments: [RuleBuilder.Argument] = []
        let name: String
        let namePosition: SourcePosition
        var argumentNode: YAMLNode?

        switch node.kind {
        case .scalar(let text, _):
            name = text
            namePosition = node.position
        case .sequence:
            error("a rule is a name such as 'required' or a mapping such as 'minLength: 2', not a list", at: node.position)
            return nil
        case .mapping(let pairs):
            let ruleKeys = pairs.filter { !RuleCatalogue.optionKeys.contains($0.keyText ?? "") && !["then", "else"].contains($0.keyText ?? "") }
            guard let ruleKey = ruleKeys.first, let text = ruleKey.keyText else {
                error("this rule has no name; write the rule's name as a key, such as 'minLength: 2'", at: node.position)
                return nil
            }
            name = text
            namePosition = ruleKey.key.position
            argumentNode = ruleKey.value
            for pair in pairs where pair.key.position != ruleKey.key.position {
                let key = pair.keyText ?? ""
                if RuleCatalogue.optionKeys.contains(key) {
                    if option(key) != nil { error("duplicate key '\(key)'", at: pair.key.position) }
                    options.append(pair)
                } else if RuleCatalogue.definitions[key] != nil && !["then", "else"].contains(key) {
                    error("'\(key)' is a rule of its own; give it its own list item ('- \(key): ...')", at: pair.key.position)
                    return nil
                } else {
                    arguments.append(.init(name: key, keyPosition: pair.key.position, node: pair.value))
                }
            }
        }

        guard let definition = RuleCatalogue.definitions[name] else {
            error("unknown rule '\(name)'\(Suggestions.didYouMean(name, among: RuleCatalogue.definitions.keys.sorted()))",
                  at: namePosition)
            return nil
        }
        let target = nodes[field]
        if let types = definition.appliesTo, !types.contains(target.type) {
            error("rule '\(name)' does not apply to \(target.type.rawValue) field '\(target.path)'; it applies to \(types.fieldsDescription)",
                  at: namePosition)
            return nil
        }

        if let argumentNode {
            if let pairs = argumentNode.mapping, !definition.takesRule {
                for pair in pairs {
                    let key = pair.keyText ?? ""
                    if RuleCatalogue.optionKeys.contains(key) {
                        if option(key) != nil { error("duplicate key '\(key)'", at: pair.key.position) }
                        options.append(pair)
                    } else {
                        arguments.append(.init(name: key, keyPosition: pair.key.position, node: pair.value))
                    }
                }
            } else if definition.arguments.isEmpty {
                if YAMLScalarResolver.value(of: argumentNode) != .null {
                    error("rule '\(name)' takes no argument; write it as '- \(name)'", at: argumentNode.position)
                    return nil
                }
            } else if definition.arguments.contains("value") {
                arguments.append(.init(name: "value", keyPosition: namePosition, node: argumentNode))
            } else {
                error("rule '\(name)' takes named arguments (\(definition.arguments.map { "'\($0)'" }.joined(separator: ", "))), such as '\(name): { \(definition.arguments[0]): ... }'",
                      at: argumentNode.position)
                return nil
            }
        } else if definition.arguments.contains("value") || definition.arguments.contains("min") || definition.arguments.contains("field") {
            error("rule '\(name)' needs an argument, such as '\(name): \(Self.exampleArgument(for: name))'", at: namePosition)
            return nil
        }

        var valid = true
        for (index, argument) in arguments.enumerated() {
            if !definition.arguments.contains(argument.name) {
                let expected = definition.arguments.map { "'\($0)'" }.joined(separator: ", ")
                error("unknown argument '\(argument.name)' for rule '\(name)'\(Suggestions.didYouMean(argument.name, among: definition.arguments + RuleCatalogue.optionKeys.sorted())); it takes \(expected.isEmpty ? "none" : expected)",
                      at: argument.keyPosition)
                valid = false
            } else if arguments[..<index].contains(where: { $0.name == argument.name }) {
                error("duplicate argument '\(argument.name)'", at: argument.keyPosition)
                valid = false
            }
        }

        var message = MessageSource.catalogs
        if let pair = option("message") {
            if let text = pair.value.scalarText {
                message = .literal(text)
            } else if let keyPair = pair.value.mapping, keyPair.count == 1, keyPair[0].keyText == "key",
                let key = keyPair[0].value.scalarText, !key.isEmpty {
                message = .key(key)
                messageKeys.append((key, keyPair[0].value.position))
            } else {
                error("'message' must be text, or { key: CATALOG_KEY } to name a catalog message", at: pair.value.position)
                valid = false
            }
        }
        var code = name
        if let pair = option("code") {
            if let text = text(pair.value, what: "'code'") {
                if text.isEmpty || text.contains(where: \.isWhitespace) {
                    error("'code' must be a non-empty word without spaces", at: pair.value.position)
                    valid = false
                } else {
                    code = text
                }
            }
        }
        var severity = Severity.error
        if let pair = option("severity") {
            if let text = pair.value.scalarText, let level = Severity(rawValue: text) {
                severity = level
            } else {
                error("'severity' must be 'error' or 'warning'", at: pair.value.position)
                valid = false
            }
        }
        guard valid else { return nil }

        var builder = RuleBuilder(compiler: self, field: target, rule: name, position: namePosition,
                                  arguments: arguments, runsOnEmpty: definition.isPresence)
        let test = definition.build(&builder)
        guard let test, !builder.failed else { return nil }
        let ordered = arguments.count < 2 ? arguments : arguments.sorted {
            (definition.arguments.firstIndex(of: $0.name) ?? 0) < (definition.arguments.firstIndex(of: $1.name) ?? 0)
        }
        let written = ordered.map { (name: $0.name, text: $0.node.flowText) }
        let summary = written.isEmpty ? name
            : (written.count == 1 && written[0].name == "value" ? "\(name): \(written[0].text)"
                : "\(name): {\(written.map { "\($0.name): \($0.text)" }.joined(separator: ", "))}")
        if option("code") == nil, let defaultCode = builder.defaultCode { code = defaultCode }
        let rule = CompiledRule(name: name, summary: summary, code: code, severity: severity, message: message, position: namePosition,
                                runsOnEmpty: builder.runsOnEmpty, referencedNodes: builder.referencedNodes, direct: test,
                                asyncRule: builder.asyncRule)
        var key: String?
        if case .key(let name) = message { key = name }
        ruleUsages.append(RuleUsage(field: target.path, rule: name, code: code, messageKey: key))
        return (rule, builder.bounds)
    }

    private static func exampleArgument(for rule: String) -> String {
        switch rule {
        case "pattern", "notPattern": return "\"^[0-9]+$\""
        case "oneOf", "notOneOf", "requiredWith", "requiredWithout", "allOf", "anyOf": return "[...]"
        case "sameAs", "differentFrom": return "other_field"
        case "after", "before": return "today"
        case "strength": return "good"
        case "requiredIf", "requiredUnless", "when": return "{ field: other_field, equals: value }"
        case "between", "length": return "{ min: 1, max: 5 }"
        default: return "2"
        }
    }

    // MARK: - References

    /// Resolves a field name (a sibling key) or a root path (`/a/b`) written in a rule of `field`.
    func resolveReference(_ name: String, from field: Int, at position: SourcePosition) -> FieldReference? {
        if name.hasPrefix("/") {
            let keys = name.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            var parent = -1
            var target: Int?
            for (index, key) in keys.enumerated() {
                guard let id = childrenByParent[parent]?[key] else {
                    let known = nodes.filter { !$0.isWithinArrayElements }.map { "/" + $0.path.replacingOccurrences(of: ".", with: "/") }
                    error("no field '\(name)' in this form\(Suggestions.didYouMean(name, among: known))", at: position)
                    return nil
                }
                if index < keys.count - 1, nodes[id].type != .object {
                    error("'\(name)' passes through '\(nodes[id].path)', which is not an object field", at: position)
                    return nil
                }
                parent = id
                target = id
            }
            guard let target else { return nil }
            return checkSelf(FieldReference(scope: .root(keys), target: target), from: field, name: name, at: position)
        }
        let scope = siblingScope(of: field)
        guard let target = childrenByParent[scope]?[name] else {
            let siblings = (childrenByParent[scope] ?? [:]).keys.sorted()
            let place = scope == -1 ? "at the top of the form" : "in '\(nodes[scope].path)'"
            error("no field '\(name)' \(place)\(Suggestions.didYouMean(name, among: siblings)); write '/a/b' for a path from the root",
                  at: position)
            return nil
        }
        return checkSelf(FieldReference(scope: .sibling(name), target: target), from: field, name: name, at: position)
    }

    /// The object whose fields count as siblings: the field's parent, skipping `items` templates.
    private func siblingScope(of field: Int) -> Int {
        var current = field
        while let parent = nodes[current].parent {
            if nodes[parent].type == .object { return parent }
            current = parent
        }
        return -1
    }

    private func checkSelf(_ reference: FieldReference, from field: Int, name: String, at position: SourcePosition) -> FieldReference? {
        guard reference.target != field else {
            error("field '\(nodes[field].path)' cannot reference itself", at: position)
            return nil
        }
        return reference
    }

    func node(_ id: Int) -> FieldNode { nodes[id] }

    // MARK: - Keys and scalars

    /// The mapping's pairs by key, reporting unknown, duplicate and non-text keys.
    private func checkedKeys(of node: YAMLNode, allowed: [String], what: String) -> CheckedKeys {
        var result = CheckedKeys(allowed: allowed)
        for pair in node.mapping ?? [] {
            guard let key = pair.keyText else {
                error("a \(what) key must be plain text", at: pair.key.position)
                continue
            }
            guard let index = allowed.firstIndex(of: key) else {
                error("unknown \(what) key '\(key)'\(Suggestions.didYouMean(key, among: allowed))", at: pair.key.position)
                continue
            }
            if let first = result.pairs[index] {
                error("duplicate key '\(key)'", at: pair.key.position,
                      notes: [.init(message: "'\(key)' is first given here", position: first.key.position)])
                continue
            }
            result.pairs[index] = pair
        }
        return result
    }

    /// A mapping's pairs under the keys it may have, found by comparing the few short keys rather than
    /// hashing them.
    private struct CheckedKeys {
        let allowed: [String]
        var pairs: [YAMLPair?]

        init(allowed: [String]) {
            self.allowed = allowed
            pairs = Array(repeating: nil, count: allowed.count)
        }

        subscript(key: String) -> YAMLPair? {
            guard let index = allowed.firstIndex(of: key) else { preconditionFailure("'\(key)' is not among the allowed keys") }
            return pairs[index]
        }
    }

    func text(_ node: YAMLNode, what: String) -> String? {
        if case .scalar(let text, _) = node.kind { return text }
        error("\(what) must be text, not \(node.kindDescription)", at: node.position)
        return nil
    }

    private func boolean(_ node: YAMLNode, what: String) -> Bool? {
        if case .bool(let value) = YAMLScalarResolver.value(of: node), node.mapping == nil, node.sequence == nil { return value }
        error("\(what) must be true or false", at: node.position)
        return nil
    }
}

/// A rule as the catalogs see it: which field it belongs to, its name and code, and the catalog key
/// its `message:` names.
struct RuleUsage: Sendable, Hashable {
    let field: String
    let rule: String
    let code: String
    let messageKey: String?
}

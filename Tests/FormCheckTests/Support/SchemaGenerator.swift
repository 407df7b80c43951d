/// One field of a generated schema, with the values worth trying in records (the literals its rules
/// and other fields' conditions compare with).
final class GeneratedField {
    enum Kind: String, CaseIterable {
        case string, integer, number, boolean, date, object, array
    }

    let name: String
    let kind: Kind
    var isTopLevel = false
    var label: String?
    var rules: [String] = []
    var when: String?
    var collectsAll = false
    var unknownFields: String?
    var children: [GeneratedField] = []
    var items: GeneratedField?
    /// Values the rules of this field or of others compare it with.
    var samples: [GeneratedValue] = []

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The field spec as YAML lines at `indent` spaces (the lines after `name:`).
    func specLines(indent: Int, using random: inout SeededRandom) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = [pad + "type: " + kind.rawValue]
        if let label { lines.append(pad + "label: " + GeneratedValue.yamlDoubleQuoted(label, using: &random)) }
        if collectsAll { lines.append(pad + "collect: all") }
        if let when { lines.append(pad + "when: " + when) }
        if let unknownFields { lines.append(pad + "unknownFields: " + unknownFields) }
        if !rules.isEmpty {
            lines.append(pad + "rules:")
            lines += rules.map { pad + "  - " + $0 }
        }
        if !children.isEmpty {
            lines.append(pad + "fields:")
            for child in children {
                lines.append(pad + "  " + child.name + ":")
                lines += child.specLines(indent: indent + 4, using: &random)
            }
        }
        if let items {
            lines.append(pad + "items:")
            lines += items.specLines(indent: indent + 2, using: &random)
        }
        return lines
    }
}

/// A generated schema: its fields and its YAML text.
struct GeneratedSchema {
    let fields: [GeneratedField]
    let rejectsUnknown: Bool
    let text: String
}

/// Draws schemas from the whole rule catalogue: every rule family, literals of every kind (non-ASCII
/// text, huge and fractional numbers, dates and `today`), `{ field: }` comparands, conditions,
/// compositions, field-level `when:`, `collect: all`, warnings, nested objects that reject unknown
/// members, and arrays whose items are scalars, objects or arrays.
struct SchemaGenerator {
    private var random: SeededRandom
    /// Keeps to the rules and forms that the direct path (JSON checked on its bytes) takes, so that
    /// its records are settled there rather than handed to the reference validator.
    private var directOnly = false
    /// The kinds of fields drawn (all but objects and arrays in nested scopes); some schemas hold text
    /// or numbers only, so that their rules meet many values.
    private var kinds = GeneratedField.Kind.allCases
    /// The top-level fields.
    private var roots: [GeneratedField] = []

    /// Whether the field whose rules are drawn is nested, so that it names a top-level field by its
    /// path from the root (`/f0`).
    private var referrerIsNested = false

    static func schema(seed: UInt64) -> GeneratedSchema {
        var generator = SchemaGenerator(random: SeededRandom(seed: seed))
        return generator.schema()
    }

    private mutating func schema() -> GeneratedSchema {
        directOnly = random.chance(0.4)
        switch random.int(0...9) {
        case 0, 1: kinds = [.string]
        case 2: kinds = [.integer, .number]
        default: kinds = directOnly ? GeneratedField.Kind.allCases.filter { $0 != .date } : GeneratedField.Kind.allCases
        }
        let rejectsUnknown = random.chance(0.25)
        let fields = scope(count: random.int(1...5), prefix: "f", depth: 0)
        var lines = ["formcheck: 1", "form: random"]
        if rejectsUnknown { lines.append("unknownFields: reject") }
        lines.append("fields:")
        for field in fields {
            lines.append("  " + field.name + ":")
            lines += field.specLines(indent: 4, using: &random)
        }
        return GeneratedSchema(fields: fields, rejectsUnknown: rejectsUnknown, text: lines.joined(separator: "\n") + "\n")
    }

    /// Sibling fields: their kinds first, so that rules can refer to each other.
    private mutating func scope(count: Int, prefix: String, depth: Int) -> [GeneratedField] {
        let kinds = depth < 2 ? self.kinds : self.kinds.filter { $0 != .object && $0 != .array }
        let fields = (0..<count).map { GeneratedField(name: "\(prefix)\($0)", kind: random.pick(kinds.isEmpty ? [.string] : kinds)) }
        if depth == 0 {
            roots = fields
            for field in fields { field.isTopLevel = true }
        }
        for field in fields {
            // Nested fields also refer to top-level ones, by their path from the root.
            let siblings = fields.filter { $0 !== field } + (depth > 0 && random.chance(0.5) ? roots : [])
            fill(field, siblings: siblings, depth: depth)
            referrerIsNested = depth > 0
            if !directOnly, random.chance(0.15), let condition = condition(on: siblings) { field.when = condition }
        }
        return fields
    }

    /// Gives a field its label, options, rules and nested fields.
    private mutating func fill(_ field: GeneratedField, siblings: [GeneratedField], depth: Int) {
        if random.chance(0.3) { field.label = random.pick(["Name", "Zoë's field", "日本", "E-mail", "Ünïcode ✓"]) }
        field.collectsAll = random.chance(0.25)
        referrerIsNested = depth > 0
        for _ in 0..<random.int(0...4) {
            if let rule = rule(for: field, siblings: siblings, depth: 0) { field.rules.append(rule) }
        }
        switch field.kind {
        case .object:
            if random.chance(0.8) {
                field.children = scope(count: random.int(1...3), prefix: "c", depth: depth + 1)
                if random.chance(0.5) { field.unknownFields = random.pick(["reject", "ignore"]) }
            }
        case .array:
            if random.chance(0.85) {
                let kinds: [GeneratedField.Kind] = directOnly ? [.string, .integer, .number, .boolean]
                    : depth < 2 ? GeneratedField.Kind.allCases : [.string, .integer, .number, .date]
                let item = GeneratedField(name: "items", kind: random.pick(kinds))
                fill(item, siblings: [], depth: depth + 1)
                field.items = item
            }
        default: break
        }
    }

    // MARK: Rules

    /// How the field whose rules are drawn names `other`.
    private func reference(to other: GeneratedField) -> String {
        other.isTopLevel && referrerIsNested ? "/" + other.name : other.name
    }

    /// One rule item for `field` as flow YAML, or nil when the draw has nothing to refer to.
    private mutating func rule(for field: GeneratedField, siblings: [GeneratedField], depth: Int) -> String? {
        if !directOnly, depth < 2, random.chance(0.12) { return composition(for: field, siblings: siblings, depth: depth) }
        if random.chance(0.2) { return presence(for: field, siblings: siblings) }
        switch field.kind {
        case .string: return stringRule(for: field, siblings: siblings)
        case .integer, .number: return numberRule(for: field, siblings: siblings)
        case .boolean: return random.chance(0.6) ? "accepted" : sameAs(field, siblings)
        case .date: return dateRule(for: field, siblings: siblings)
        case .array: return random.pick(["uniqueItems", withOptions("minItems", "\(random.int(0...3))"), withOptions("maxItems", "\(random.int(0...3))")])
        case .object: return "required"
        }
    }

    private mutating func composition(for field: GeneratedField, siblings: [GeneratedField], depth: Int) -> String? {
        switch random.int(0...3) {
        case 0: return "{ allOf: \(ruleList(random.int(1...3), for: field, siblings: siblings, depth: depth + 1)) }"
        case 1: return withOptions("anyOf", ruleList(random.int(2...3), for: field, siblings: siblings, depth: depth + 1))
        case 2:
            guard let inner = rule(for: field, siblings: siblings, depth: depth + 1) else { return nil }
            return withOptions("not", inner)
        default:
            guard let condition = condition(on: siblings) else { return nil }
            var text = "{ when: \(condition), then: \(ruleList(random.int(1...2), for: field, siblings: siblings, depth: depth + 1))"
            if random.chance(0.5) { text += ", else: \(ruleList(random.int(1...2), for: field, siblings: siblings, depth: depth + 1))" }
            return text + " }"
        }
    }

    /// `[RULE, ...]` of `count` rules (`required` where a draw has nothing to refer to).
    private mutating func ruleList(_ count: Int, for field: GeneratedField, siblings: [GeneratedField], depth: Int) -> String {
        let rules = (0..<count).map { _ in rule(for: field, siblings: siblings, depth: depth) ?? "required" }
        return "[" + rules.joined(separator: ", ") + "]"
    }

    private mutating func presence(for field: GeneratedField, siblings: [GeneratedField]) -> String? {
        switch random.int(0...4) {
        case 0, 1: return "required"
        case 2:
            guard let condition = condition(on: siblings) else { return "required" }
            return "{ \(random.pick(["requiredIf", "requiredUnless"])): \(condition)\(options()) }"
        default:
            guard !siblings.isEmpty else { return "required" }
            let names = (0..<random.int(1...2)).map { _ in reference(to: random.pick(siblings)) }
            let argument = names.count == 1 && random.chance(0.5) ? names[0] : "[\(names.joined(separator: ", "))]"
            return withOptions(random.pick(["requiredWith", "requiredWithout"]), argument)
        }
    }

    /// `{ field: NAME }` with `equals`, `notEquals` or `in` a literal of the other field's kind (which
    /// is added to its samples), or alone.
    private mutating func condition(on siblings: [GeneratedField]) -> String? {
        guard !siblings.isEmpty else { return nil }
        let other = random.pick(siblings)
        guard let literal = literal(for: other), random.chance(0.8) else { return "{ field: \(reference(to: other)) }" }
        other.samples.append(literal.value)
        switch random.int(0...2) {
        case 0: return "{ field: \(reference(to: other)), equals: \(literal.text) }"
        case 1: return "{ field: \(reference(to: other)), notEquals: \(literal.text) }"
        default:
            let more = self.literal(for: other)
            if let more { other.samples.append(more.value) }
            return "{ field: \(reference(to: other)), in: [\(([literal] + (more.map { [$0] } ?? [])).map(\.text).joined(separator: ", "))] }"
        }
    }

    /// A literal of the field's kind, as schema text and as a record value; nil for objects and arrays.
    private mutating func literal(for field: GeneratedField) -> (text: String, value: GeneratedValue)? {
        switch field.kind {
        case .string:
            let text = random.pick(directOnly ? Self.texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } } : Self.texts)
            return (GeneratedValue.yamlScalar(text, inFlow: true, using: &random), .string(text))
        case .integer:
            let spelling = random.pick(Self.integerLiterals)
            return (spelling, .number(spelling))
        case .number:
            let spelling = random.pick(Self.integerLiterals + Self.fractionLiterals)
            return (spelling, .number(spelling))
        case .boolean:
            let value = random.chance(0.5)
            return ("\(value)", .bool(value))
        case .date:
            let date = random.pick(Self.dates)
            return (random.chance(0.5) ? date : "\"\(date)\"", .string(date))
        case .object, .array: return nil
        }
    }

    private mutating func stringRule(for field: GeneratedField, siblings: [GeneratedField]) -> String? {
        let draw = random.int(0...13)
        if directOnly, [4, 5, 6, 7, 12, 13].contains(draw) {
            return random.pick(["email", "uuid", "containsUppercase", "containsLowercase", "containsDigit", "containsSymbol"])
        }
        switch draw {
        case 0: return random.chance(0.5) ? withOptions("minLength", "\(random.int(0...4))") : withOptions("maxLength", "\(random.int(2...8))")
        case 1:
            let min = random.int(0...4)
            return withOptions("length", random.chance(0.3) ? "{ max: \(random.int(0...6)) }" : "{ min: \(min), max: \(min + random.int(0...3)) }")
        case 2, 3:
            let pattern = random.pick(random.chance(0.5) ? Self.asciiPatterns : Self.unicodePatterns)
            let quoted = GeneratedValue.yamlDoubleQuoted(pattern, using: &random)
            let argument = random.chance(0.25) ? "{ value: \(quoted), ignoreCase: true }" : quoted
            return withOptions(random.pick(["pattern", "notPattern"]), argument)
        case 4: return random.pick(["email", "url", "uuid"])
        case 5:
            let text = random.pick(Self.texts.filter { !$0.isEmpty })
            field.samples.append(.string(text))
            return withOptions(random.pick(["startsWith", "endsWith", "contains"]), GeneratedValue.yamlScalar(text, inFlow: true, using: &random))
        case 6: return random.pick(["containsUppercase", "containsLowercase", "containsDigit", "containsSymbol", "alpha", "alphanumeric"])
        case 7: return withOptions("strength", random.pick(["fair", "good", "strong"]))
        case 8, 9: return choice(for: field)
        case 10, 11: return sameAs(field, siblings)
        default: return random.pick(["email", "alpha", "containsDigit", "url"])
        }
    }

    private mutating func numberRule(for field: GeneratedField, siblings: [GeneratedField]) -> String? {
        var draw = random.int(0...7)
        if directOnly, [4, 5, 6].contains(draw) { draw = random.pick([0, 3, 7]) }
        switch draw {
        case 0, 1, 2:
            let name = random.pick(["min", "max", "greaterThan", "lessThan"])
            let numeric = siblings.filter { $0.kind == .integer || $0.kind == .number }
            if !directOnly, !numeric.isEmpty, random.chance(0.3) { return withOptions(name, "{ field: \(reference(to: random.pick(numeric))) }") }
            guard let literal = literal(for: field) else { return nil }
            field.samples.append(literal.value)
            return withOptions(name, literal.text)
        case 3:
            guard var low = literal(for: field), var high = literal(for: field) else { return nil }
            if Double(low.text)! > Double(high.text)! { (low, high) = (high, low) }
            field.samples += [low.value, high.value]
            return withOptions("between", "{ min: \(low.text), max: \(high.text) }")
        case 4:
            return withOptions("multipleOf", random.pick(["3", "5", "0.5", "0.01", "0.1", "2", "1e2", "12345678901234567890"]))
        case 5, 6: return choice(for: field)
        default: return sameAs(field, siblings)
        }
    }

    private mutating func dateRule(for field: GeneratedField, siblings: [GeneratedField]) -> String? {
        switch random.int(0...4) {
        case 0, 1:
            let name = random.pick(["after", "before"])
            let dates = siblings.filter { $0.kind == .date }
            if !dates.isEmpty, random.chance(0.4) { return withOptions(name, "{ field: \(reference(to: random.pick(dates))) }") }
            if random.chance(0.3) { return withOptions(name, "today") }
            let date = random.pick(Self.dates)
            field.samples.append(.string(date))
            return withOptions(name, date)
        case 2: return withOptions(random.pick(["minAge", "maxAge"]), "\(random.pick([0, 1, 18, 21, 120]))")
        case 3: return choice(for: field)
        default: return sameAs(field, siblings)
        }
    }

    /// `oneOf` or `notOneOf` with literals of the field's kind (some with `ignoreCase`).
    private mutating func choice(for field: GeneratedField) -> String? {
        var texts: [String] = []
        for _ in 0..<random.int(1...4) {
            guard let literal = literal(for: field) else { return nil }
            texts.append(literal.text)
            field.samples.append(literal.value)
        }
        let list = "[\(texts.joined(separator: ", "))]"
        let argument = field.kind == .string && random.chance(0.3) ? "{ value: \(list), ignoreCase: true }" : list
        return withOptions(random.pick(["oneOf", "notOneOf"]), argument)
    }

    private mutating func sameAs(_ field: GeneratedField, _ siblings: [GeneratedField]) -> String? {
        let numeric: Set<GeneratedField.Kind> = [.integer, .number]
        let compatible = siblings.filter { $0.kind == field.kind || (numeric.contains($0.kind) && numeric.contains(field.kind)) }
        guard !compatible.isEmpty else { return nil }
        let other = reference(to: random.pick(compatible))
        return withOptions(random.pick(["sameAs", "differentFrom"]), random.chance(0.5) ? other : "{ field: \(other) }")
    }

    /// `{ NAME: ARGUMENT }`, sometimes with a warning severity, a code or a message.
    private mutating func withOptions(_ name: String, _ argument: String) -> String {
        "{ \(name): \(argument)\(options()) }"
    }

    private mutating func options() -> String {
        var text = ""
        if random.chance(0.15) { text += ", severity: warning" }
        if random.chance(0.1) { text += ", code: custom.code" }
        if random.chance(0.1) { text += ", message: \(random.pick(["\"Not this, {label}\"", "Ünïcode message", "\"Quote \\\" and \\\\ backslash\""]))" }
        return text
    }

    // MARK: Literals

    static let texts = [
        "US", "ca", "Zoë", "\u{00E9}", "e\u{0301}", "日本", "ß", "ADMIN", "a b", "x-1", "İ", "\u{212A}", "👍🏽", "@", ".org", "http",
        "ǅ", "Ω", "straße", "STRASSE", "a\"b", "back\\slash", "a/b", "", "ſ", "σ", "K", "ＵＳ", "١", "a\u{2028}",
    ]
    static let integerLiterals = [
        "0", "1", "-1", "3", "18", "100", "-5", "9223372036854775807", "-9223372036854775808", "12345678901234567890", "9007199254740993",
    ]
    static let fractionLiterals = ["0.5", "2.5", "-0.1", "0.3", "1e2", "1.0", "-0.0", "1.5e3", "9007199254740992.0", "17.5", "1e-7"]
    static let dates = ["2025-06-15", "2025-06-14", "2025-06-16", "2007-06-15", "2024-02-29", "2000-01-01", "2030-12-31", "1905-06-15"]
    static let asciiPatterns = [
        "^[a-z]+$", "^[A-Z][a-z]*$", "^[0-9]{5}$", "^\\d+$", "[aeiou]", "^[a-z0-9_]{3,16}$", "^(ab|cd)+$", "^.{2,4}$", "x", "^\\s*$",
        "^\\w+$", "^[^@\\s]+@[^@\\s]+$", "(?i)^admin", "^[A-Z]{2}-\\d{3}$", "^\\+?[0-9 ]{7,}$", "\\bfoo\\b", "^$", "a|b", "^[[:alpha:]]+$",
    ]
    static let unicodePatterns = [
        "^[\\p{L} '-]+$", "\\p{Han}", "^\\p{Lu}\\p{Ll}*$", "^[é-ü]+$", "ß", "^\\p{Greek}+$", "\\p{N}", "^.$", "é", "^[^\\p{L}]*$",
        "\\p{So}", "^(?i)straße$", "[\\p{L}--\\p{Ll}]", "^\\p{Latin}+$", "(?s)a.b", "Ω$", "(?m)^b$", "^a.b$", "c\\Z", "c\\z", "^[a-z]+$",
        "(?i)^s+$", "(?i)σ", "(?i)k", "(?i)^[a-z]+$", "^\\p{Lu}", "\\p{Nd}", "^\\S+$", "^[^ ]*$", "^\\w+$", "\\b\\w", "^.{3}$",
    ]
}

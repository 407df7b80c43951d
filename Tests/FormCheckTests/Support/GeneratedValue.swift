@testable import FormCheck

/// A JSON value as a generator writes it: numbers keep their spelling, objects keep repeated members
/// and their order, so the same value can be written as JSON text and as YAML text in several ways.
indirect enum GeneratedValue: Equatable {
    case null
    case bool(Bool)
    /// A number as JSON spells it: `-0`, `1.0`, `1e2`, `12345678901234567890123`.
    case number(String)
    case string(String)
    case array([GeneratedValue])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: GeneratedValue
    }

}

extension GeneratedValue {
    /// A `Value` as the generator writes it; nil when it holds a number JSON cannot write.
    init?(_ value: Value) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .integer(let integer): self = .number(String(integer))
        case .largeInteger(let integer): self = .number(integer.description)
        case .number(let number):
            guard number.isFinite else { return nil }
            self = .number(number.description)
        case .string(let string): self = .string(string)
        case .array(let elements):
            var items: [GeneratedValue] = []
            for element in elements {
                guard let item = GeneratedValue(element) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case .object(let object):
            var members: [Member] = []
            for (key, value) in zip(object.keys, object.values) {
                guard let member = GeneratedValue(value) else { return nil }
                members.append(Member(key: key, value: member))
            }
            self = .object(members)
        }
    }
}

// MARK: - JSON text

extension GeneratedValue {
    /// The value as JSON text, with varied spellings of the same value: escapes (`\u00e9`, `\/`,
    /// surrogate pairs, `\u0022`) and white space between tokens chosen at random.
    /// Most records are written without any escape, which the direct path reads on the bytes; a few
    /// have white space around them or a byte order mark before them.
    func jsonText(using random: inout SeededRandom) -> String {
        var text = random.chance(0.03) ? "\u{FEFF}" : ""
        if random.chance(0.1) { text += Self.jsonSpace(using: &random) }
        writeJSON(into: &text, escaping: random.chance(0.4), using: &random)
        if random.chance(0.1) { text += Self.jsonSpace(using: &random) }
        return text
    }

    private func writeJSON(into text: inout String, escaping: Bool, using random: inout SeededRandom) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let spelling): text += spelling
        case .string(let string): Self.writeJSONString(string, into: &text, escaping: escaping, using: &random)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                text += Self.jsonSpace(using: &random)
                item.writeJSON(into: &text, escaping: escaping, using: &random)
            }
            text += Self.jsonSpace(using: &random) + "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += Self.jsonSpace(using: &random)
                Self.writeJSONString(member.key, into: &text, escaping: escaping, using: &random)
                text += Self.jsonSpace(using: &random) + ":" + Self.jsonSpace(using: &random)
                member.value.writeJSON(into: &text, escaping: escaping, using: &random)
            }
            text += Self.jsonSpace(using: &random) + "}"
        }
    }

    private static func jsonSpace(using random: inout SeededRandom) -> String {
        random.chance(0.8) ? "" : random.pick([" ", "  ", "\t", "\n", "\r\n", " \n\t"])
    }

    /// A string literal: each scalar written as itself or, when `escaping`, escaped at random.
    private static func writeJSONString(_ string: String, into text: inout String, escaping: Bool, using random: inout SeededRandom) {
        // Some strings escape every scalar they can, others a few, others none.
        let escapeRate = !escaping || random.chance(0.4) ? 0.0 : random.pick([0.1, 0.5, 1.0])
        text += "\""
        for scalar in string.unicodeScalars {
            let escape = random.chance(escapeRate)
            switch scalar {
            case "\"": text += escape ? "\\u0022" : "\\\""
            case "\\": text += escape ? "\\u005C" : "\\\\"
            case "/": text += escape ? "\\/" : "/"
            case "\n": text += escape ? "\\u000a" : "\\n"
            case "\t": text += escape ? "\\u0009" : "\\t"
            case "\r": text += "\\r"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20: text += unicodeEscape(scalar.value, uppercase: random.chance(0.5))
            default:
                if !escape {
                    text.unicodeScalars.append(scalar)
                } else if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    let uppercase = random.chance(0.5)
                    text += unicodeEscape(0xD800 + (value >> 10), uppercase: uppercase)
                    text += unicodeEscape(0xDC00 + (value & 0x3FF), uppercase: uppercase)
                } else {
                    text += unicodeEscape(scalar.value, uppercase: random.chance(0.5))
                }
            }
        }
        text += "\""
    }

    private static func unicodeEscape(_ value: UInt32, uppercase: Bool) -> String {
        let hex = String(value, radix: 16, uppercase: uppercase)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

// MARK: - YAML text

extension GeneratedValue {
    /// Why YAML text cannot say what a value's JSON text says.
    enum YAMLGap: String, CaseIterable {
        /// A top-level sequence is read as one record per element.
        case topLevelArray = "a record that is an array (YAML data reads each element as a record)"
        /// A record that is a scalar or null: a YAML document of one scalar.
        case topLevelScalar = "a record that is not an object"
    }

    /// The value as YAML text of one document, in block style with flow collections, plain, single- and
    /// double-quoted scalars, and anchors and aliases for values written twice, at random; or why
    /// YAML reads the construct differently.
    func yamlText(using random: inout SeededRandom) -> Result<String, YAMLGapError> {
        switch self {
        case .array: return .failure(YAMLGapError(gap: .topLevelArray))
        case .object(let members) where !members.isEmpty:
            var writer = YAMLWriter(random: random)
            writer.writeBlockMapping(members, indent: 0)
            random = writer.random
            return .success(writer.text)
        case .object: return .success("{}\n")
        default: return .failure(YAMLGapError(gap: .topLevelScalar))
        }
    }

    struct YAMLGapError: Error {
        let gap: YAMLGap
    }

    /// Writes one YAML document, remembering the anchored values so that a value written again may be
    /// an alias (`*a1`) to the first.
    private struct YAMLWriter {
        var random: SeededRandom
        var text = ""
        var anchored: [(value: GeneratedValue, name: String)] = []

        mutating func writeBlockMapping(_ members: [Member], indent: Int) {
            let pad = String(repeating: " ", count: indent)
            for member in members {
                text += pad + GeneratedValue.yamlScalar(member.key, using: &random) + ":"
                writeBlockValue(member.value, indent: indent)
            }
        }

        /// An alias to an anchored value equal to `value`, sometimes; else an anchor to put before it
        /// (`&a1 `) sometimes, or nothing.
        mutating func alias(for value: GeneratedValue) -> (alias: String?, anchor: String) {
            if let earlier = anchored.first(where: { $0.value == value }), random.chance(0.7) { return ("*" + earlier.name, "") }
            guard random.chance(0.3) else { return (nil, "") }
            let name = "a\(anchored.count + 1)"
            anchored.append((value, name))
            return (nil, "&" + name + " ")
        }

        /// The rest of a line after `key:` or `-`: a scalar or flow collection on the same line, or a
        /// block collection on the lines below.
        mutating func writeBlockValue(_ value: GeneratedValue, indent: Int) {
            let (alias, anchor) = alias(for: value)
            if let alias {
                text += " " + alias + "\n"
                return
            }
            switch value {
            case .object(let members) where !members.isEmpty && random.chance(0.6):
                text += (anchor.isEmpty ? "" : " " + anchor.dropLast()) + "\n"
                writeBlockMapping(members, indent: indent + 2)
            case .array(let items) where !items.isEmpty && random.chance(0.6):
                text += (anchor.isEmpty ? "" : " " + anchor.dropLast()) + "\n"
                let pad = String(repeating: " ", count: indent + 2)
                for item in items {
                    text += pad + "-"
                    writeBlockValue(item, indent: indent + 2)
                }
            default:
                text += " " + anchor + flowText(value) + "\n"
            }
        }

        /// The value in flow style: `{a: 1, "b": [x, 'y', *a1 ]}`.
        mutating func flowText(_ value: GeneratedValue) -> String {
            switch value {
            case .null: return random.pick(["null", "~", "Null", "NULL"])
            case .bool(let value): return value ? random.pick(["true", "True", "TRUE"]) : random.pick(["false", "False", "FALSE"])
            case .number(let spelling): return spelling
            case .string(let string): return GeneratedValue.yamlScalar(string, inFlow: true, using: &random)
            case .array(let items):
                return "[" + items.map { flowItem($0) }.joined(separator: ", ") + "]"
            case .object(let members):
                return "{" + members.map { GeneratedValue.yamlScalar($0.key, inFlow: true, using: &random) + ": " + flowItem($0.value) }
                    .joined(separator: ", ") + "}"
            }
        }

        /// A value inside a flow collection: itself, anchored, or an alias (followed by a space, as
        /// an alias name runs to the next space).
        mutating func flowItem(_ value: GeneratedValue) -> String {
            let (alias, anchor) = alias(for: value)
            return alias.map { $0 + " " } ?? anchor + flowText(value)
        }
    }

    /// A string as a YAML scalar that reads back as that string: plain where the core schema keeps it a
    /// string, single-quoted where no escape is needed, double-quoted with escapes otherwise.
    static func yamlScalar(_ string: String, inFlow: Bool = false, using random: inout SeededRandom) -> String {
        if isSafePlain(string, inFlow: inFlow), random.chance(0.5) { return string }
        if string.unicodeScalars.allSatisfy(isPrintableInLine), random.chance(0.4) {
            // Scalar by scalar: a quote followed by a combining mark is one Character.
            var quoted = String.UnicodeScalarView()
            for scalar in string.unicodeScalars {
                quoted.append(scalar)
                if scalar == "'" { quoted.append(scalar) }
            }
            return "'" + String(quoted) + "'"
        }
        return yamlDoubleQuoted(string, using: &random)
    }

    /// A double-quoted YAML scalar, escaping what YAML would fold or refuse, and sometimes more.
    static func yamlDoubleQuoted(_ string: String, using random: inout SeededRandom) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += random.chance(0.5) ? "\\t" : "\t"
            case "\r": text += "\\r"
            case "\u{0}": text += "\\0"
            case "\u{85}": text += "\\N"
            case "\u{A0}": text += random.chance(0.5) ? "\\_" : "\u{A0}"
            case "\u{2028}": text += "\\L"
            case "\u{2029}": text += "\\P"
            case "/": text += random.chance(0.3) ? "\\/" : "/"
            case _ where !isPrintableInLine(scalar) || random.chance(0.05):
                text += scalar.value <= 0xFF ? hexEscape("x", scalar.value, digits: 2)
                    : scalar.value <= 0xFFFF ? hexEscape("u", scalar.value, digits: 4) : hexEscape("U", scalar.value, digits: 8)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Printable in YAML 1.1 (what libyaml reads) and not a line break or tab.
    private static func isPrintableInLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return true
        case 0xA0...0xD7FF: return scalar.value != 0x2028 && scalar.value != 0x2029
        case 0xE000...0xFFFD: return scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Text the core schema reads as this same string when written plain.
    private static func isSafePlain(_ string: String, inFlow: Bool) -> Bool {
        guard let first = string.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            !["true", "false", "null", "y", "n"].contains(string.lowercased())
        else { return false }
        return string.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.@".unicodeScalars.contains($0)) }
    }
}

/// `\` and `letter`, then `value` in uppercase hexadecimal zero-padded to `digits` digits: `\u00E9`.
private func hexEscape(_ letter: String, _ value: UInt32, digits: Int) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "\\" + letter + String(repeating: "0", count: max(0, digits - hex.count)) + hex
}

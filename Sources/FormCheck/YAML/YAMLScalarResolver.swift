/// Gives YAML nodes their values by the YAML 1.2 core schema: plain `null`, `~` and empty are null,
/// `true`/`false` are booleans, decimal, `0x`, `0o` numbers and `.inf`/`.nan` are numbers; everything
/// else, and every quoted scalar, is a string. So `NO` and `on` stay strings (no "Norway problem").
/// A core-schema tag (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`) decides the type instead.
enum YAMLScalarResolver {
    /// The tags of the YAML 1.2 core schema that give a scalar its type.
    enum CoreTag: String {
        case str, int, float, bool, null

        /// The tag as libyaml reports it: `tag:yaml.org,2002:int` for `!!int`; the non-specific tag `!`
        /// makes a scalar a string, as YAML says.
        init?(uri: String) {
            if uri == "!" { self = .str; return }
            let prefix = "tag:yaml.org,2002:"
            guard uri.hasPrefix(prefix) else { return nil }
            self.init(rawValue: String(uri.dropFirst(prefix.count)))
        }
    }

    static func value(of node: YAMLNode) -> Value {
        switch node.kind {
        case .scalar(let text, let isPlain):
            if let tagged = node.taggedValue { return tagged }
            return isPlain ? plainScalar(text) : .string(text)
        case .sequence(let items):
            return .array(items.map(value(of:)))
        case .mapping(let pairs):
            var object = ObjectValue()
            for pair in pairs {
                object[pair.keyText ?? describeKey(pair.key)] = value(of: pair.value)
            }
            return .object(object)
        }
    }

    static func plainScalar(_ text: String) -> Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return .string(text) }
        if text.hasPrefix("0x"), let int = Int(text.dropFirst(2), radix: 16) { return .integer(int) }
        if text.hasPrefix("0o"), let int = Int(text.dropFirst(2), radix: 8) { return .integer(int) }
        if isDecimalInteger(text) {
            if let int = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .integer(int) }
            if let large = LargeInteger(text) { return .largeInteger(large) }
            if let double = Double(text) { return .number(double) }
        }
        if isDecimalFloat(text), let double = Double(text) { return .number(double) }
        return .string(text)
    }

    /// A scalar's value under a core-schema tag, read from its text as a plain scalar would be, quoted
    /// or not: `!!int "12"` is 12, `!!str 12` the text "12"; nil when the text does not fit the tag.
    static func value(of text: String, taggedAs tag: CoreTag) -> Value? {
        if tag == .str { return .string(text) }
        let value = plainScalar(text)
        switch (tag, value) {
        case (.null, .null), (.bool, .bool), (.int, .integer), (.float, .number):
            return value
        case (.int, .number) where isDecimalInteger(text):
            return value
        case (.float, .integer(let int)) where isDecimalInteger(text):
            return .number(Double(int))
        default:
            return nil
        }
    }

    /// `[-+]? [0-9]+`, read byte by byte.
    private static func isDecimalInteger(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                bytes = bytes.dropFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static func describeKey(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar(let text, _): return text
        case .sequence: return "[…]"
        case .mapping: return "{…}"
        }
    }
}

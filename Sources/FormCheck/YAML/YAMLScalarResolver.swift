/// Gives YAML nodes their values by the YAML 1.2 core schema: plain `null`, `~` and empty are null,
/// `true`/`false` are booleans, decimal, `0x`, `0o` numbers and `.inf`/`.nan` are numbers; everything
/// else, and every quoted scalar, is a string. So `NO` and `on` stay strings (no "Norway problem").
enum YAMLScalarResolver {
    static func value(of node: YAMLNode) -> Value {
        switch node.kind {
        case .scalar(let text, let isPlain):
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
            if let double = Double(text) { return .number(double) }
        }
        if isDecimalFloat(text), let double = Double(text) { return .number(double) }
        return .string(text)
    }

    private static func isDecimalInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
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

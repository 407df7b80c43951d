/// A parsed message in ICU MessageFormat syntax: `{label}`, `{n, plural, one {# item} other {# items}}`,
/// `{x, select, a {...} other {...}}`, with ICU's apostrophe quoting (`''` is one apostrophe, `'{'` a brace).
struct MessageFormat: Sendable, Hashable {
    /// How deep plural and select arguments may nest; deeper messages are a syntax error (translations
    /// need a few levels, and the parser and renderer recurse once per level).
    static let maximumNesting = 32

    indirect enum Part: Sendable, Hashable {
        case text(String)
        case argument(String)
        case plural(String, offset: Int, cases: [Case])
        case select(String, cases: [Case])
        /// `#` inside a plural case: the number, less the offset.
        case number
    }

    struct Case: Sendable, Hashable {
        /// `=0`, `one`, `other`, or a select keyword.
        let selector: String
        let parts: [Part]
    }

    struct SyntaxError: Error, Hashable {
        let message: String
        /// Offset in Unicode scalars from the start of the pattern.
        let offset: Int
    }

    let parts: [Part]

    init(_ pattern: String) throws(SyntaxError) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        parts = try parser.parseParts(inPlural: false, nested: false)
    }

    /// The argument names the message uses, in order of first use.
    var argumentNames: [String] {
        var names: [String] = []
        func visit(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .argument(let name): if !names.contains(name) { names.append(name) }
                case .plural(let name, _, let cases), .select(let name, let cases):
                    if !names.contains(name) { names.append(name) }
                    cases.forEach { visit($0.parts) }
                case .text, .number: break
                }
            }
        }
        visit(parts)
        return names
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// The plural and select arguments the parser is inside.
        var depth = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func parseParts(inPlural: Bool, nested: Bool) throws(SyntaxError) -> [Part] {
            var parts: [Part] = []
            var text = ""
            func flush() {
                if !text.isEmpty { parts.append(.text(text)); text = "" }
            }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "'":
                    index += 1
                    if index < scalars.count, scalars[index] == "'" {
                        text.unicodeScalars.append("'")
                        index += 1
                    } else if index < scalars.count, scalars[index] == "{" || scalars[index] == "}" || (inPlural && scalars[index] == "#") {
                        // ICU's default apostrophe mode: only what would be syntax here starts quoted text.
                        while index < scalars.count {
                            if scalars[index] == "'" {
                                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                                    text.unicodeScalars.append("'")
                                    index += 2
                                    continue
                                }
                                index += 1
                                break
                            }
                            text.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                    } else {
                        text.unicodeScalars.append("'")
                    }
                case "{":
                    flush()
                    parts.append(try parseArgument())
                case "}":
                    guard nested else { throw SyntaxError(message: "unmatched '}'", offset: index) }
                    flush()
                    return parts
                case "#" where inPlural:
                    flush()
                    parts.append(.number)
                    index += 1
                default:
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
            }
            guard !nested else { throw SyntaxError(message: "missing '}'", offset: index) }
            flush()
            return parts
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }

        mutating func word() -> String {
            var word = ""
            while index < scalars.count, !scalars[index].properties.isWhitespace, ![",", "{", "}"].contains(scalars[index]) {
                word.unicodeScalars.append(scalars[index])
                index += 1
            }
            return word
        }

        mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(SyntaxError) {
            skipSpaces()
            guard index < scalars.count, scalars[index] == scalar else {
                throw SyntaxError(message: "expected \(what)", offset: index)
            }
            index += 1
        }

        mutating func parseArgument() throws(SyntaxError) -> Part {
            let start = index
            index += 1
            skipSpaces()
            let name = word()
            guard !name.isEmpty else { throw SyntaxError(message: "expected an argument name after '{'", offset: index) }
            skipSpaces()
            guard index < scalars.count else { throw SyntaxError(message: "missing '}' for the argument opened here", offset: start) }
            if scalars[index] == "}" {
                index += 1
                return .argument(name)
            }
            try expect(",", "',' or '}' after the argument name")
            skipSpaces()
            let type = word()
            switch type {
            case "plural", "select":
                try expect(",", "',' after '\(type)'")
                guard depth < MessageFormat.maximumNesting else {
                    throw SyntaxError(message: "plural and select arguments nest more than \(MessageFormat.maximumNesting) levels deep", offset: start)
                }
                depth += 1
                defer { depth -= 1 }
                var offset = 0
                var cases: [Case] = []
                while true {
                    skipSpaces()
                    guard index < scalars.count else { throw SyntaxError(message: "missing '}' for the argument opened here", offset: start) }
                    if scalars[index] == "}" { index += 1; break }
                    let selectorStart = index
                    let selector = word()
                    if type == "plural", selector.hasPrefix("offset:") {
                        guard let value = Int(selector.dropFirst(7)) else {
                            throw SyntaxError(message: "invalid plural offset", offset: selectorStart)
                        }
                        offset = value
                        continue
                    }
                    guard !selector.isEmpty else { throw SyntaxError(message: "expected a case keyword", offset: index) }
                    if type == "plural", selector.hasPrefix("="), Int(selector.dropFirst()) == nil {
                        throw SyntaxError(message: "invalid plural selector '\(selector)'", offset: selectorStart)
                    }
                    try expect("{", "'{' after '\(selector)'")
                    let parts = try parseParts(inPlural: type == "plural", nested: true)
                    index += 1
                    cases.append(Case(selector: selector, parts: parts))
                }
                guard cases.contains(where: { $0.selector == "other" }) else {
                    throw SyntaxError(message: "'\(type)' for '\(name)' has no 'other' case", offset: start)
                }
                return type == "plural" ? .plural(name, offset: offset, cases: cases) : .select(name, cases: cases)
            case "number":
                try expect("}", "'}' after 'number'")
                return .argument(name)
            default:
                throw SyntaxError(message: "unknown argument type '\(type)'; use plural, select or number", offset: start)
            }
        }
    }
}

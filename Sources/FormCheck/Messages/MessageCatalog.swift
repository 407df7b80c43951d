/// The messages of one locale from one catalog file: messages by key, labels by field path,
/// display names of choice values, and the punctuation of lists.
///
/// ```yaml
/// list: { separator: ", ", last: " et " }
/// messages:
///   minLength: "Le champ {label} doit contenir au moins {min, plural, one {# caractère} other {# caractères}}."
///   password.minLength: "Le mot de passe est trop court."
/// labels:
///   full_name: Nom complet
/// choices:
///   country: { FR: France }
/// ```
struct MessageCatalog: Sendable {
    /// One text of the catalog, with where it is written.
    struct Entry: Sendable {
        let text: String
        /// Nil when the text is not valid MessageFormat (see `syntaxError`).
        let format: MessageFormat?
        let syntaxError: MessageFormat.SyntaxError?
        let keyPosition: SourcePosition
        let valuePosition: SourcePosition
        /// Whether the value is written in quotes (its first character is one column after the position).
        let isQuoted: Bool
        /// Why the message cannot be shown: its syntax error, or placeholders its rules do not provide.
        /// Lookup skips such a message and goes on along the locale chain.
        var faults: [Diagnostic] = []

        /// The message, when it can be shown.
        var usableFormat: MessageFormat? { faults.isEmpty ? format : nil }

        /// The position of a character offset inside a message that is written on one line.
        func position(ofOffset offset: Int) -> SourcePosition {
            SourcePosition(line: valuePosition.line, column: valuePosition.column + offset + (isQuoted ? 1 : 0))
        }

        /// The position of a placeholder (`{name`) inside the message, or of the message.
        func position(ofPlaceholder name: String) -> SourcePosition {
            guard let range = text.range(of: "{" + name) else { return valuePosition }
            return position(ofOffset: text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound))
        }
    }

    let locale: String
    let file: String
    let source: SourceText
    private(set) var messages: [String: Entry] = [:]
    private(set) var labels: [String: Entry] = [:]
    private(set) var choices: [String: [String: Entry]] = [:]
    private(set) var listSeparator = ", "
    private(set) var listLast = ", "
    /// Structural mistakes found while reading (unknown keys, values that are not text, duplicates).
    private(set) var problems: [Diagnostic] = []
    /// Where each section (`messages`, `labels`, `choices`) starts, for findings about the whole section.
    private(set) var sectionPositions: [String: SourcePosition] = [:]

    static let sections = ["messages", "labels", "choices", "list"]

    /// Reads a catalog; a YAML syntax error is thrown, other mistakes are kept in `problems`.
    init(bytes: [UInt8], file: String, locale: String) throws(SchemaError) {
        let source = SourceText(name: file, bytes: bytes)
        self.init(root: try source.documents().first, file: file, locale: locale, source: source)
    }

    /// Reads a catalog from its parsed document (nil when it is empty), written in `source`; mistakes
    /// are kept in `problems`.
    init(root: YAMLNode?, file: String, locale: String, source: SourceText) {
        self.locale = locale
        self.file = file
        self.source = source
        guard let root else { return }
        guard let pairs = root.mapping else {
            problem("a message catalog is a mapping with 'messages', 'labels', 'choices' and 'list'", at: root.position)
            return
        }
        for pair in uniquePairs(pairs) {
            sectionPositions[pair.keyText ?? ""] = pair.key.position
            switch pair.keyText {
            case "messages":
                messages = entries(of: pair.value, what: "messages")
            case "labels":
                labels = entries(of: pair.value, what: "labels")
            case "choices":
                for field in uniquePairs(pair.value.mapping ?? []) {
                    guard let path = field.keyText else { continue }
                    choices[path] = entries(of: field.value, what: "choices of '\(path)'")
                }
                if pair.value.mapping == nil { problem("'choices' must map field paths to { value: name }", at: pair.value.position) }
            case "list":
                for item in uniquePairs(pair.value.mapping ?? []) {
                    switch (item.keyText, item.value.scalarText) {
                    case ("separator", let text?): listSeparator = text
                    case ("last", let text?): listLast = text
                    default: problem("'list' takes 'separator' and 'last' as text", at: item.key.position)
                    }
                }
            default:
                problem("unknown catalog key '\(pair.keyText ?? "")'\(Suggestions.didYouMean(pair.keyText ?? "", among: Self.sections))",
                        at: pair.key.position)
            }
        }
    }

    private mutating func entries(of node: YAMLNode, what: String) -> [String: Entry] {
        guard let pairs = node.mapping else {
            problem("'\(what)' must be a mapping from keys to text", at: node.position)
            return [:]
        }
        var result: [String: Entry] = [:]
        for pair in uniquePairs(pairs) {
            guard let key = pair.keyText else { continue }
            guard case .scalar(let text, let isPlain) = pair.value.kind else {
                problem("the value of '\(key)' must be text", at: pair.value.position)
                continue
            }
            var format: MessageFormat?
            var syntaxError: MessageFormat.SyntaxError?
            do { format = try MessageFormat(text) } catch { syntaxError = error }
            var entry = Entry(text: text, format: format, syntaxError: syntaxError, keyPosition: pair.key.position,
                              valuePosition: pair.value.position, isQuoted: !isPlain && text != "" && pair.value.position != pair.value.end)
            if let syntaxError {
                entry.faults = [Diagnostic(.error, "invalid message: \(syntaxError.message)", file: file, at: entry.position(ofOffset: syntaxError.offset))]
            }
            result[key] = entry
        }
        return result
    }

    /// Marks the messages that use a placeholder their rules do not provide (`{mni}` for `minLength`).
    /// - Parameter placeholders: the placeholders a message key may use, nil for a key nothing uses.
    mutating func rejectUnknownPlaceholders(_ placeholders: (String) -> Set<String>?) {
        for (key, entry) in messages {
            guard let format = entry.format, let allowed = placeholders(key)?.sorted() else { continue }
            for name in format.argumentNames where !allowed.contains(name) {
                messages[key]!.faults.append(Diagnostic(
                    .error, "unknown placeholder {\(name)}\(Suggestions.didYouMean(name, among: allowed)); this message can use \(allowed.map { "{\($0)}" }.joined(separator: ", "))",
                    file: file, at: entry.position(ofPlaceholder: name)))
            }
        }
    }

    /// The pairs with text keys, reporting duplicates (the first one counts).
    private mutating func uniquePairs(_ pairs: [YAMLPair]) -> [YAMLPair] {
        var seen: Set<String> = []
        return pairs.filter { pair in
            guard let key = pair.keyText else {
                problem("catalog keys must be text", at: pair.key.position)
                return false
            }
            guard seen.insert(key).inserted else {
                problem("duplicate key '\(key)'", at: pair.key.position)
                return false
            }
            return true
        }
    }

    private mutating func problem(_ message: String, at position: SourcePosition) {
        problems.append(Diagnostic(.error, message, file: file, at: position))
    }

    /// The list of `items` joined with this locale's punctuation: `A, B et C`.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: listSeparator) + listLast + items.last!
    }
}

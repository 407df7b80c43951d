/// A compiled pattern (`LinearPattern`'s dialect, ICU's syntax), searched anywhere in the value as
/// JSON Schema does, in time linear in the value.
struct RegularExpression: Sendable {
    /// A byte-level matcher for simple patterns on printable-ASCII values, built at its first use (a
    /// schema's patterns are checked when it compiles, their automata made when values need them); the
    /// engine decides the rest.
    var fastPath: ASCIIPattern? { lazyFastPath.value }
    private let lazyFastPath: OnceValue<ASCIIPattern?>
    private let engine: LinearPattern
    var source: String { engine.source }

    /// Compiles the pattern; `caseInsensitive` matches as if it began with `(?i)`.
    ///
    /// - Throws: `PatternSyntaxError` at the first construct the engine does not accept.
    init(_ source: String, caseInsensitive: Bool = false) throws(PatternSyntaxError) {
        let tree = try PatternParser.parse(source, caseInsensitive: caseInsensitive)
        engine = try LinearPattern(source, tree: tree)
        lazyFastPath = OnceValue { ASCIIPattern(tree) }
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        if let answer = fastPath?.matches(text) { return answer }
        return engine.matches(text)
    }

    /// Whether the pattern matches somewhere in the well-formed UTF-8 `text`, searched with the caches
    /// of one thread's searches (this pattern is `caches`'s number `index`).
    func matches(utf8 text: UnsafeBufferPointer<UInt8>, caches: inout PatternCaches, numbered index: Int) -> Bool {
        if let answer = lazyFastPath.withValue({ $0?.matches(text) }) { return answer }
        return engine.matches(utf8: text, caches: &caches, numbered: index)
    }
}

extension RuleBuilder {
    /// A pattern argument with its `ignoreCase` option, compiled once; a pattern the engine refuses is
    /// reported at the construct when the schema spells the pattern verbatim, else at the pattern's start.
    mutating func regularExpression() -> RegularExpression? {
        guard let pattern = string() else { return nil }
        let ignoreCase = boolean("ignoreCase")
        guard !failed else { return nil }
        do {
            return try RegularExpression(pattern, caseInsensitive: ignoreCase ?? false)
        } catch {
            let node = node("value")!
            var position = node.position
            if let start = node.verbatimTextStart {
                position = SourcePosition(line: start.line, column: start.column + error.offset)
            }
            self.error("invalid pattern for '\(rule)': \(error.message)", at: position)
            return nil
        }
    }
}

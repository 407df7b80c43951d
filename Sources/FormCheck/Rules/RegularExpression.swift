/// A compiled pattern (`LinearPattern`'s dialect, ICU's syntax), searched anywhere in the value as
/// JSON Schema does, in time linear in the value.
struct RegularExpression: Sendable {
    /// The matchers tried before the engine, each answering only some values, built at the first
    /// search (a schema's patterns are checked when it compiles, their matchers made when values need them).
    private struct FastPaths {
        /// A byte-level automaton for simple patterns, on printable-ASCII values.
        let ascii: ASCIIPattern?
        /// A table of members, for a pattern that is one class repeated over the whole value.
        let classRun: ClassRunPattern?

        /// The answer of the first matcher that answers for `text`, if one does.
        @inline(__always)
        func answer(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
            if let answer = ascii?.matches(text) { return answer }
            return classRun?.matches(text)
        }
    }

    var fastPath: ASCIIPattern? { fastPaths.value.ascii }
    var classRun: ClassRunPattern? { fastPaths.value.classRun }
    private let fastPaths: OnceValue<FastPaths>
    private let engine: LinearPattern
    var source: String { engine.source }

    /// Compiles the pattern; `caseInsensitive` matches as if it began with `(?i)`.
    ///
    /// - Throws: `PatternSyntaxError` at the first construct the engine does not accept.
    init(_ source: String, caseInsensitive: Bool = false) throws(PatternSyntaxError) {
        let tree = try PatternParser.parse(source, caseInsensitive: caseInsensitive)
        engine = try LinearPattern(source, tree: tree)
        fastPaths = OnceValue { FastPaths(ascii: ASCIIPattern(tree), classRun: ClassRunPattern(tree)) }
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { text in
            if let answer = fastPaths.withValue({ $0.answer(text) }) { return answer }
            return engine.matches(utf8: text)
        }
    }

    /// Whether the pattern matches somewhere in the well-formed UTF-8 `text`, searched with the caches
    /// of one thread's searches (this pattern is `caches`'s number `index`).
    func matches(utf8 text: UnsafeBufferPointer<UInt8>, caches: inout PatternCaches, numbered index: Int) -> Bool {
        if let answer = fastPaths.withValue({ $0.answer(text) }) { return answer }
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

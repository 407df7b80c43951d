/// A compiled pattern (`LinearPattern`'s dialect, ICU's syntax), searched anywhere in the value as
/// JSON Schema does, in time linear in the value.
struct RegularExpression: Sendable {
    /// A byte-level matcher for simple patterns on printable-ASCII values; the engine decides the rest.
    let fastPath: ASCIIPattern?
    private let engine: LinearPattern
    var source: String { engine.source }

    /// Compiles the pattern.
    ///
    /// - Throws: `PatternSyntaxError` at the first construct the engine does not accept.
    init(_ source: String) throws(PatternSyntaxError) {
        engine = try LinearPattern(source)
        fastPath = ASCIIPattern(source)
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        if let answer = fastPath?.matches(text) { return answer }
        return engine.matches(text)
    }
}

extension RuleBuilder {
    /// A pattern argument, compiled once; a pattern the engine refuses is reported at the construct
    /// when the schema spells the pattern verbatim, else at the pattern's start.
    mutating func regularExpression() -> RegularExpression? {
        guard let pattern = string() else { return nil }
        do {
            return try RegularExpression(pattern)
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

/// A pattern in ICU's syntax, searched anywhere in a value in time linear in the value's length:
/// the constructs that need backtracking are refused when the pattern is compiled.
struct LinearPattern: Sendable {
    let source: String
    let program: PatternProgram
    private let automaton: PatternDFA

    /// Compiles `source`; `caseInsensitive` matches as if it began with `(?i)`.
    ///
    /// - Throws: `PatternSyntaxError` at the first construct the engine does not accept.
    init(_ source: String, caseInsensitive: Bool = false) throws(PatternSyntaxError) {
        self.source = source
        program = try PatternProgram(PatternParser.parse(source, caseInsensitive: caseInsensitive))
        automaton = PatternDFA(program)
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and a text of *n* scalars.
    func matches(_ text: String) -> Bool {
        automaton.matches(text)
    }
}

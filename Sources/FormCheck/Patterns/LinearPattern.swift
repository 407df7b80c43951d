/// A pattern in ICU's syntax (`NSRegularExpression`'s), searched anywhere in a value in time linear
/// in the value's length: O(pattern size × value length) at worst, whatever the pattern and the value.
///
/// The dialect is ICU's, with ICU's meaning for every construct it accepts:
/// - `\d` is any decimal digit (Nd), `\w` ICU's word characters (alphabetic, marks, Nd, Pc, ZWNJ,
///   ZWJ), `\s` White_Space, `\h` tab and Zs, `\v` the line terminators (LF, VT, FF, CR, NEL, LS, PS);
///   `.` is anything but a line terminator (`(?s)`: anything).
/// - `^` and `\A` match at the start, `\z` at the end, `$` and `\Z` at the end or before a final line
///   terminator (or CR LF); under `(?m)`, `^` and `$` match at lines. `\b` looks through combining
///   marks and format characters, as ICU's does.
/// - Properties: general categories (`\p{L}`, `\p{Lu}`, `\p{Letter}`, `\p{gc=Nd}`), scripts (`\p{Latin}`,
///   `\p{sc=Grek}`, `\p{Script=Han}`; the Script property, Unicode `UnicodeTables.unicodeVersion`),
///   binary properties (Alphabetic, White_Space, Lowercase, Uppercase, Hex_Digit, Any, ASCII, Assigned...),
///   `\P{...}`, and POSIX classes (`[[:alpha:]]` is `\p{Alphabetic}`, as in ICU).
/// - Classes take ranges (`[\$-z]` is a range), nested classes (their union) and the operators `&&`
///   and `--`, applied left to right: `[a-z&&[^aeiou]]`, `[a-z--aeiou]`.
/// - `(?i)` (or `caseInsensitive`) compares by simple case folding; ICU also folds fully on literal
///   text (`(?i)ß` matches `ss` in ICU, not here). Flags `i`, `s` and `m` are supported.
/// - Capturing and named groups are plain groups; lazy quantifiers answer as greedy ones.
///
/// Refused with a `PatternSyntaxError` at their offset: backreferences, lookahead and lookbehind,
/// atomic groups, possessive quantifiers, recursion and conditionals (they need backtracking), malformed
/// counts (`{-1}`, `{+2}`, `{3,2}`), `\X`, `\N{...}`, the flags `x`, `w`, `d` and `u`, escaped letters
/// without a meaning (ICU reads `\y` as `y`), and programs beyond `PatternProgram.instructionLimit`.
struct LinearPattern: Sendable {
    let source: String
    private let automaton: PatternDFA
    var program: PatternProgram { automaton.program }
    /// Whether the program has been compiled (it is at the first search when it was sure to fit).
    var hasCompiledProgram: Bool { automaton.hasProgram }

    /// Compiles `source`; `caseInsensitive` matches as if it began with `(?i)`.
    ///
    /// - Throws: `PatternSyntaxError` at the first construct the engine does not accept.
    init(_ source: String, caseInsensitive: Bool = false) throws(PatternSyntaxError) {
        try self.init(source, tree: PatternParser.parse(source, caseInsensitive: caseInsensitive))
    }

    /// Compiles `tree`, the parse of `source`: at the first search when its program is sure to fit
    /// within `PatternProgram.instructionLimit`, else now, to report it.
    ///
    /// - Throws: `PatternSyntaxError` when the program would be too large.
    init(_ source: String, tree: PatternNode) throws(PatternSyntaxError) {
        self.source = source
        automaton = PatternProgram.alwaysFits(tree) ? PatternDFA(compilingLazily: tree) : PatternDFA(try PatternProgram(tree))
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and a text of *n* scalars.
    func matches(_ text: String) -> Bool {
        automaton.matches(text)
    }

    /// Whether the pattern matches somewhere in the well-formed UTF-8 `text`.
    ///
    /// - Complexity: as `matches(_:)`.
    func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        automaton.matches(utf8: text)
    }

    /// The same, with the caches of one thread's searches (this pattern is `caches`'s number `index`).
    func matches(utf8 text: UnsafeBufferPointer<UInt8>, caches: inout PatternCaches, numbered index: Int) -> Bool {
        caches.matches(automaton, numbered: index, utf8: text)
    }
}

/// A parsed pattern: what it matches, with the flags (`(?i)`, `(?s)`, `(?m)`) already applied to
/// its classes and anchors. Groups of any kind are plain groups; lazy quantifiers are greedy ones, as
/// they give the same yes/no answer.
enum PatternNode: Sendable, Equatable {
    /// Matches the empty text.
    case empty
    /// One scalar from the class.
    case scalar(ScalarClass)
    /// A zero-width test at the current place.
    case assertion(PatternAssertion)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// The node `min` to `max` times (`max` nil: no limit); `offset` is where its quantifier starts.
    indirect case repetition(PatternNode, min: Int, max: Int?, offset: Int)
}

/// A zero-width test, with ICU's meaning.
enum PatternAssertion: Sendable, Equatable {
    /// `^` and `\A`: the start of the value.
    case startOfText
    /// `\z`: the end of the value.
    case endOfText
    /// `$` and `\Z`: the end of the value, or just before a line terminator (or CR LF) that ends it.
    case endOfTextOrFinalLineTerminator
    /// `^` under `(?m)`: the start of the value, or just after a line terminator that is not its
    /// last character (never between CR and LF).
    case startOfLine
    /// `$` under `(?m)`: the end of the value, or just before a line terminator (never between CR and LF).
    case endOfLine
    /// `\b`: between a word character and a non-word character, combining marks and format
    /// characters being skipped (never just before one).
    case wordBoundary
    case notWordBoundary
    /// Not just before a line feed (so that `\R` never splits CR LF).
    case notBeforeLineFeed
}

/// A pattern the engine does not accept: where (in Unicode scalars from the pattern's start, from 0)
/// and why.
struct PatternSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    let offset: Int
    let message: String

    var description: String { "\(offset): \(message)" }
}

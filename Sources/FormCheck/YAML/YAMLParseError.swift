/// A document that libyaml (or the tree builder above it) rejected, or one this build cannot read.
struct YAMLParseError: Error, Sendable {
    var problem: String
    /// The problem told without quoting the document's text, for data files (whose text may be a
    /// sensitive value); nil when `problem` quotes none.
    var problemWithoutText: String?
    var position: SourcePosition?
    var context: String?
    var contextPosition: SourcePosition?
    /// What kind of failure it is, told before the problem.
    var kind = "invalid YAML"

    /// `KIND: PROBLEM`, as diagnostics tell it.
    var message: String { "\(kind): \(problem)" }

    /// `message` without quoting the document's text (see `problemWithoutText`).
    var messageWithoutText: String { "\(kind): \(problemWithoutText ?? problem)" }

    /// The error as a data file's: `messageWithoutText`, at its position (the start when it has none).
    var dataParseError: DataParseError {
        DataParseError(message: messageWithoutText, position: position ?? SourcePosition(line: 1, column: 1))
    }
}

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
    /// The document the error was met in, as far as it was read: its open collections closed, and the
    /// text that could not be read before the error standing as a value where one was being read
    /// (see `LibYAMLParser`); nil for an error outside a document.
    var documentRead: YAMLNode?

    /// `KIND: PROBLEM`, as diagnostics tell it.
    var message: String { "\(kind): \(problem)" }

    /// `message` without quoting the document's text (see `problemWithoutText`).
    var messageWithoutText: String { "\(kind): \(problemWithoutText ?? problem)" }

    /// The error as a data file's: `messageWithoutText`, at its position (the start when it has none).
    var dataParseError: DataParseError {
        DataParseError(message: messageWithoutText, position: position ?? SourcePosition(line: 1, column: 1))
    }

    /// `dataParseError`, placed as output places positions among the sensitive values that `sensitiveSpans`
    /// finds in the records of `documentRead` (when given): each counts as `***` on its line, and a
    /// position inside one (in the text that could not be read, where a sensitive value was being read)
    /// is its start.
    func dataParseError(hiding sensitiveSpans: (([YAMLNode]) -> [SourceSpan])?) -> DataParseError {
        guard let sensitiveSpans, let documentRead else { return dataParseError }
        return Redaction(spans: sensitiveSpans(documentRead.sequence ?? [documentRead])).shown(dataParseError)
    }
}

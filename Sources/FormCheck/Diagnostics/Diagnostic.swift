/// How serious a diagnostic or a validation failure is.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
}

/// One problem found in a schema or a data file, with the place it was found.
public struct Diagnostic: Sendable, Hashable {
    /// A secondary remark attached to a diagnostic, such as libyaml's context.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public var message: String
        /// Where it points, when it points somewhere.
        public var position: SourcePosition?
    }

    /// Whether the problem stops the schema from compiling (an error) or not (a warning).
    public var severity: Severity
    /// What is wrong, in one sentence.
    public var message: String
    /// The file name as shown to the user.
    public var file: String
    /// Where in the file, when known.
    public var position: SourcePosition?
    /// Further remarks, each with its own position.
    public var notes: [Note]
    /// The size limit a file crossed, when that is the problem; the message begins with its `message`.
    public var exceededLimit: SizeLimitExceeded?

    /// A diagnostic of `file`, at `position`.
    public init(
        _ severity: Severity = .error, _ message: String, file: String, at position: SourcePosition?,
        notes: [Note] = []
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.notes = notes
    }
}

/// A schema that could not be read or compiled: every problem found, in source order.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in source order.
    public var diagnostics: [Diagnostic]
    /// The schema text, kept to quote source lines when rendering.
    public var source: SourceText?

    /// The error of `diagnostics`, whose lines are quoted from `source` when it is given.
    public init(diagnostics: [Diagnostic], source: SourceText?) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// The diagnostics rendered as a compiler would print them.
    public var description: String {
        DiagnosticRenderer(source: source).render(diagnostics)
    }
}

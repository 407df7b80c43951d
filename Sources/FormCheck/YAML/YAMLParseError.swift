/// A document that libyaml (or the tree builder above it) rejected.
struct YAMLParseError: Error, Sendable {
    var problem: String
    /// The problem told without quoting the document's text, for data files (whose text may be a
    /// sensitive value); nil when `problem` quotes none.
    var problemWithoutText: String?
    var position: SourcePosition?
    var context: String?
    var contextPosition: SourcePosition?
}

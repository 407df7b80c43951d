/// A document that libyaml (or the tree builder above it) rejected.
struct YAMLParseError: Error, Sendable {
    var problem: String
    var position: SourcePosition?
    var context: String?
    var contextPosition: SourcePosition?
}

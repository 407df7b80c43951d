/// Data that is not well-formed JSON or YAML, with the place where reading stopped.
///
/// Messages describe the structure only and never quote the data, so no field value can leak.
public struct DataParseError: Error, Sendable, Hashable {
    /// What is wrong with the structure; never quotes the data.
    public var message: String
    /// Where reading stopped.
    public var position: SourcePosition

    /// The error `message` at `position`.
    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// Data that is not well-formed JSON or YAML, with the place where reading stopped.
///
/// Messages describe the structure only and never quote the data, so no field value can leak.
public struct DataParseError: Error, Sendable, Hashable {
    public var message: String
    public var position: SourcePosition

    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

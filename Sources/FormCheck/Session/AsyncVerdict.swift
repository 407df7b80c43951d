/// What the app's validator behind an `async: NAME` rule says about a value. A validator that only
/// knows yes or no answers `true` or `false` (or `AsyncVerdict(isValid)`); one that knows more says
/// why, so that "taken; try ada_2" can be shown.
public enum AsyncVerdict: Sendable, Equatable, ExpressibleByBooleanLiteral {
    /// The value is acceptable.
    case valid
    /// The value fails with the rule's message (its `message:` in the schema, or the catalogs'), its
    /// placeholders filled from `parameters`.
    case invalid(parameters: MessageParameters = [:])
    /// The value fails with an error code of the validator's own (`usernameTaken`): the issue has that
    /// code, and its message is the catalogs' under `FIELD.CODE` or `CODE` when they have one, else the
    /// rule's; `parameters` fill its placeholders (`{suggestion}`).
    case invalidCode(String, parameters: MessageParameters = [:])
    /// The value fails with this message, shown as it is, whatever the locale.
    case invalidMessage(String)

    public init(_ isValid: Bool) {
        self = isValid ? .valid : .invalid()
    }

    public init(booleanLiteral isValid: Bool) {
        self.init(isValid)
    }
}

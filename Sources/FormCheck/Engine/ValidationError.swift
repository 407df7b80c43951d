/// One failed rule in a record: where, which rule, and what to tell the user.
public struct ValidationError: Sendable, Hashable {
    /// Where the value sits in the record: `address.zip`, `tags[1]`.
    public let path: ValuePath
    /// The schema path of the field: `address.zip`, `tags[]`.
    public let field: String
    /// The stable error code: the rule's name unless the schema gives `code:`.
    public let code: String
    /// The rule that failed.
    public let rule: String
    public let severity: Severity
    /// The values the message's placeholders show (`min`, `max`, `other`, ...). Never holds the field's value.
    public let parameters: MessageParameters
    /// The message, in the locale the record was validated for.
    public let message: String
    /// Where the message comes from, kept so the error can be rendered again in another locale.
    let source: MessageSource
    /// The label shown for a member the schema does not declare (its own key).
    let labelOverride: String?

    /// The same error with another message text.
    func withMessage(_ text: String) -> ValidationError {
        ValidationError(path: path, field: field, code: code, rule: rule, severity: severity, parameters: parameters,
                        message: text, source: source, labelOverride: labelOverride)
    }
}

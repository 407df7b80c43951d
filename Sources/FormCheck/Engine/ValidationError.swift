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
    /// The message in the schema's language.
    public let message: String
}

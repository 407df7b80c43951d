/// What an app's own check says about a value: a `custom` rule's (`CustomRule`), or the validator's
/// behind an `async: NAME` rule (`FormSession.AsyncValidator`). A check that only knows yes or no
/// answers `true` or `false` (or `CheckVerdict(isValid)`); one that knows more says why, so that
/// "taken; try ada_2" can be shown.
public enum CheckVerdict: Sendable, Hashable, ExpressibleByBooleanLiteral {
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

    /// `.valid` when `isValid`, else `.invalid()` (the rule's own message).
    public init(_ isValid: Bool) {
        self = isValid ? .valid : .invalid()
    }

    public init(booleanLiteral isValid: Bool) {
        self.init(isValid)
    }
}

extension CheckVerdict {
    /// What the issue of a rule that fails with this verdict says: its code, where its message comes
    /// from and the parameters that fill it; nil for `.valid`. A code of the check's own takes the
    /// catalogs' message for the field and code, else for the code, else the rule's message.
    func issueParts(
        code ruleCode: String, message ruleMessage: MessageSource, field: String, catalogs: MessageCatalogs, locale: String
    ) -> (code: String, message: MessageSource, parameters: MessageParameters)? {
        switch self {
        case .valid:
            return nil
        case .invalid(let parameters):
            return (ruleCode, ruleMessage, parameters)
        case .invalidCode(let code, let parameters):
            let key = ["\(field).\(code)", code].first { catalogs.message(keys: [$0], locale: locale) != nil }
            return (code, key.map(MessageSource.key) ?? ruleMessage, parameters)
        case .invalidMessage(let text):
            return (ruleCode, .literal(text), [:])
        }
    }
}

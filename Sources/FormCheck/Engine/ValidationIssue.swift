/// One failed rule in a record: where, which rule, and what to tell the user.
///
/// Its fields live in one shared, immutable box, so copying an error (into reports, out of caches,
/// through reporters) costs one reference count, not one per string.
public struct ValidationIssue: Sendable, Hashable {
    private final class Fields: Sendable {
        let path: ValuePath
        let field: String
        let code: String
        let rule: String
        let severity: Severity
        let parameters: MessageParameters
        let message: String
        let source: MessageSource
        let labelOverride: String?

        init(path: ValuePath, field: String, code: String, rule: String, severity: Severity, parameters: MessageParameters,
             message: String, source: MessageSource, labelOverride: String?) {
            (self.path, self.field, self.code, self.rule, self.severity) = (path, field, code, rule, severity)
            (self.parameters, self.message, self.source, self.labelOverride) = (parameters, message, source, labelOverride)
        }
    }

    private let fields: Fields
    /// Where the value is written in the JSON the record was read from, as a range of its bytes from
    /// the record's start, when the direct path read that JSON; nil otherwise. Not part of what the
    /// error says: it is left out of equality.
    package private(set) var written: Range<Int>?
    /// The same for every copy of this error, and for no other error while a copy is alive: what
    /// output made of the error once can be kept by it.
    package var identity: ObjectIdentifier { ObjectIdentifier(fields) }

    /// Where the value sits in the record: `address.zip`, `tags[1]`.
    public var path: ValuePath { fields.path }
    /// The schema path of the field: `address.zip`, `tags[]`.
    public var field: String { fields.field }
    /// The stable error code: the rule's name unless the schema gives `code:`.
    public var code: String { fields.code }
    /// The rule that failed.
    public var rule: String { fields.rule }
    /// An error makes the record invalid; a warning (`severity: warning` in the schema) does not.
    public var severity: Severity { fields.severity }
    /// The values the message's placeholders show (`min`, `max`, `other`, ...). Never holds the field's value.
    public var parameters: MessageParameters { fields.parameters }
    /// The message, in the locale the record was validated for.
    public var message: String { fields.message }
    /// Where the message comes from, kept so the error can be rendered again in another locale.
    var source: MessageSource { fields.source }
    /// The label shown for a member the schema does not declare (its own key, as written in the data).
    public var labelOverride: String? { fields.labelOverride }

    init(path: ValuePath, field: String, code: String, rule: String, severity: Severity, parameters: MessageParameters,
         message: String, source: MessageSource, labelOverride: String?) {
        fields = Fields(path: path, field: field, code: code, rule: rule, severity: severity, parameters: parameters,
                        message: message, source: source, labelOverride: labelOverride)
    }

    public static func == (left: ValidationIssue, right: ValidationIssue) -> Bool {
        left.fields === right.fields
            || (left.path == right.path && left.field == right.field && left.code == right.code && left.rule == right.rule
                && left.severity == right.severity && left.parameters == right.parameters && left.message == right.message
                && left.source == right.source && left.labelOverride == right.labelOverride)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(field)
        hasher.combine(code)
        hasher.combine(rule)
        hasher.combine(severity)
        hasher.combine(parameters)
        hasher.combine(message)
        hasher.combine(source)
        hasher.combine(labelOverride)
    }

    /// The same error, its value written at `range` of the record's bytes.
    func written(at range: Range<Int>) -> ValidationIssue {
        var error = self
        error.written = range
        return error
    }

    /// The same error with another message text.
    func withMessage(_ text: String) -> ValidationIssue {
        ValidationIssue(path: path, field: field, code: code, rule: rule, severity: severity, parameters: parameters,
                        message: text, source: source, labelOverride: labelOverride)
    }
}

/// Settings for one validation run.
public struct ValidationOptions: Sendable, Hashable {
    /// Report every failing rule of every field, as `collect: all` does for one field.
    public var collectAllErrors: Bool
    /// The date that `today`, `minAge` and `maxAge` use; the machine's local date by default.
    public var today: LocalDate
    /// The locale of the messages (`fr`, `pt-BR`); nil for the schema's source locale.
    public var locale: String?
    /// The largest record read from a file or standard input: a JSON Lines line, or a whole JSON or
    /// YAML document. Reading stops at the limit with `DataFileError.tooLarge`.
    public var maxRecordSize: SizeLimit

    /// Options for one validation; each has the default that batch checks use.
    public init(collectAllErrors: Bool = false, today: LocalDate = .today(), locale: String? = nil, maxRecordSize: SizeLimit = .records) {
        self.collectAllErrors = collectAllErrors
        self.today = today
        self.locale = locale
        self.maxRecordSize = maxRecordSize
    }
}

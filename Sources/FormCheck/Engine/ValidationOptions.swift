/// Settings for one validation run.
public struct ValidationOptions: Sendable, Hashable {
    /// Report every failing rule of every field, as `collect: all` does for one field.
    public var collectAllErrors: Bool
    /// The date that `today`, `minAge` and `maxAge` use; the machine's local date by default.
    public var today: LocalDate

    public init(collectAllErrors: Bool = false, today: LocalDate = .today()) {
        self.collectAllErrors = collectAllErrors
        self.today = today
    }
}

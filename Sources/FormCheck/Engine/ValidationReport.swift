/// The outcome of validating one record: every failure, in field order.
public struct ValidationReport: Sendable, Hashable {
    /// Errors and warnings, in the order of the schema's fields and rules.
    public let issues: [ValidationIssue]

    /// True when no issue is an error; warnings never make a record invalid.
    public var isValid: Bool { !issues.contains { $0.severity == .error } }

    /// The issues that are errors, in order.
    public var errors: [ValidationIssue] { issues.filter { $0.severity == .error } }
    /// The issues that are warnings, in order.
    public var warnings: [ValidationIssue] { issues.filter { $0.severity == .warning } }

    /// The issues grouped by value path (`address.zip`).
    public var issuesByPath: [String: [ValidationIssue]] {
        Dictionary(grouping: issues, by: { $0.path.description })
    }

    /// The issues at one value path.
    public func issues(at path: String) -> [ValidationIssue] {
        issues.filter { $0.path.description == path }
    }
}

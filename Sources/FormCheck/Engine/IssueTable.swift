/// The issues made for the direct path's failures, each kept once made: a failure (a node's rule, at
/// the same elements, with the same parameters) reads the same under the same options whatever the
/// record, so its message is rendered once. Those of a node's rule alone (most failures) are found by
/// their place in a list (`plainIndex`), without hashing; the others (within arrays' elements, with
/// parameters of their own, or of undeclared members) by the whole failure.
struct IssueTable: Sendable {
    private var plain: [ValidationIssue?] = []
    private var plainCount = 0
    private var other: [DirectPlan.Failure: ValidationIssue] = [:]

    /// How many issues are kept.
    var count: Int { plainCount + other.count }

    /// The issue kept for `failure`, or the one `make` makes, kept.
    mutating func issue(for failure: DirectPlan.Failure, make: (DirectPlan.Failure) -> ValidationIssue) -> ValidationIssue {
        guard let index = Self.plainIndex(of: failure) else {
            if let kept = other[failure] { return kept }
            let issue = make(failure)
            other[failure] = issue
            return issue
        }
        if index < plain.count, let kept = plain[index] { return kept }
        let issue = make(failure)
        keep(issue, at: index)
        return issue
    }

    private mutating func keep(_ issue: ValidationIssue, at index: Int) {
        if index >= plain.count { plain += repeatElement(nil, count: index + 1 - plain.count) }
        plain[index] = issue
        plainCount += 1
    }

    /// For a failure told by its node and rule alone, its place among the plain ones: a reported
    /// rule's (rules are numbered across the plan), or its node's type check.
    private static func plainIndex(of failure: DirectPlan.Failure) -> Int? {
        guard failure.elements.isEmpty, failure.verdict == nil, failure.unknownKey == nil, failure.node >= 0 else { return nil }
        return failure.rule.map { 2 * $0 + 1 } ?? 2 * failure.node
    }
}

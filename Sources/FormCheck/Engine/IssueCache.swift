import Synchronization

/// The issues made for the direct path's failures, kept for a schema's later records: a failure (a
/// node's rule, at the same elements, with the same parameters) reads the same in a locale whatever the
/// record, so its message is rendered once. Shared by every thread that validates with the schema, in
/// shards (`ThreadShard`); each holds at most `limit` issues (and one record's beyond), and starts
/// again when full.
final class IssueCache: Sendable {
    /// The issues of one locale: those of a node's rule alone (most failures), found by their place in
    /// a list (`plainIndex`), and the others (within arrays' elements, with parameters of their own, or
    /// of undeclared members) by the whole failure.
    private struct Entries {
        let locale: String
        var plain: [ValidationIssue?] = []
        var plainCount = 0
        var other: [DirectPlan.Failure: ValidationIssue] = [:]
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
            if index >= plain.count { plain += Array(repeating: nil, count: index + 1 - plain.count) }
            plain[index] = issue
            plainCount += 1
            return issue
        }

        /// For a failure told by its node and rule alone, its place among the plain ones: a reported
        /// rule's (rules are numbered across the plan), or its node's type check.
        private static func plainIndex(of failure: DirectPlan.Failure) -> Int? {
            guard failure.elements.isEmpty, failure.verdict == nil, failure.unknownKey == nil else { return nil }
            return failure.rule.map { 2 * $0 + 1 } ?? 2 * failure.node
        }
    }

    private final class Shard: Sendable {
        let entries = Mutex<[Entries]>([])
    }

    private let shards = (0..<16).map { _ in Shard() }
    static let limit = 4096

    /// The issues for a record's `failures` in `locale`, in their order: kept, or made by `make` and
    /// kept, with the calling thread's shard locked once.
    func issues(for failures: [DirectPlan.Failure], locale: String, make: (DirectPlan.Failure) -> ValidationIssue) -> [ValidationIssue] {
        shards[ThreadShard.index(of: shards.count)].entries.withLock { entries in
            if entries.reduce(0, { $0 + $1.count }) >= Self.limit { entries.removeAll(keepingCapacity: true) }
            let index = entries.firstIndex { $0.locale == locale } ?? {
                entries.append(Entries(locale: locale))
                return entries.count - 1
            }()
            return failures.map { entries[index].issue(for: $0, make: make) }
        }
    }
}

import Synchronization

/// The issues made for the direct path's failures, kept for a schema's later records, a table
/// (`IssueTable`) per locale. Shared by every thread that validates with the schema, in shards
/// (`ThreadShard`); each holds at most `limit` issues (and one record's beyond), and starts again when
/// full.
final class IssueCache: Sendable {
    /// The issues of one locale.
    private struct Entries {
        let locale: String
        var table = IssueTable()
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
            if entries.reduce(0, { $0 + $1.table.count }) >= Self.limit { entries.removeAll(keepingCapacity: true) }
            let index = entries.firstIndex { $0.locale == locale } ?? {
                entries.append(Entries(locale: locale))
                return entries.count - 1
            }()
            return failures.map { entries[index].table.issue(for: $0, make: make) }
        }
    }
}

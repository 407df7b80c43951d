import Synchronization

/// The issues made for the direct path's failures, kept for a schema's later records: a failure (a
/// node's rule, at the same elements, with the same parameters) reads the same in a locale whatever the
/// record, so its message is rendered once. Shared by every thread that validates with the schema, in
/// shards (`ThreadShard`); each holds at most `limit` issues, and starts again when full.
final class IssueCache: Sendable {
    /// The issues of one locale: those of a node's rule alone (most failures), found by a number, and
    /// the others (within arrays' elements, with parameters of their own, or of undeclared members) by
    /// the whole failure.
    private struct Entries {
        let locale: String
        var plain: [Int: ValidationError] = [:]
        var other: [DirectPlan.Failure: ValidationError] = [:]
        var count: Int { plain.count + other.count }
    }

    private final class Shard: Sendable {
        let entries = Mutex<[Entries]>([])
    }

    private let shards = (0..<16).map { _ in Shard() }
    static let limit = 4096

    /// The issue for `failure` in `locale`: kept, or made by `make` and kept.
    func issue(for failure: DirectPlan.Failure, locale: String, make: () -> ValidationError) -> ValidationError {
        // A node and its reported rule (or its type check), as one number.
        let plainKey = failure.elements.isEmpty && failure.parameters == nil && failure.unknownKey == nil
            ? failure.node << 32 | ((failure.rule ?? -1) + 1) : nil
        let shard = shards[ThreadShard.index(of: shards.count)]
        let kept = shard.entries.withLock { entries -> ValidationError? in
            guard let entry = entries.first(where: { $0.locale == locale }) else { return nil }
            if let plainKey { return entry.plain[plainKey] }
            return entry.other[failure]
        }
        if let kept { return kept }
        let issue = make()
        shard.entries.withLock { entries in
            if entries.reduce(0, { $0 + $1.count }) >= Self.limit { entries.removeAll(keepingCapacity: true) }
            let index = entries.firstIndex { $0.locale == locale } ?? {
                entries.append(Entries(locale: locale))
                return entries.count - 1
            }()
            if let plainKey { entries[index].plain[plainKey] = issue } else { entries[index].other[failure] = issue }
        }
        return issue
    }
}

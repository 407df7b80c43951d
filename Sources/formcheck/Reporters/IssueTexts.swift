import FormCheck
import Synchronization

/// The output of a piece of an issue that depends on the issue alone (its path, message, code, ...),
/// made once per issue and copied after: the checking path hands out the same issue for every record
/// that fails the same way, so most issues of a run are written from here. Each checking thread's
/// renderer has its own; one that threads share (beyond `ThreadRenderers`' count) is locked in shards
/// (`ThreadShard`, so that threads seldom wait for one another). Each shard holds at most `capacity`
/// issues, and starts again when full.
final class IssueTexts: Sendable {
    private struct Entry: Sendable {
        /// Kept so that its identity is not taken by another issue while the entry stands.
        let issue: ValidationIssue
        let text: OutputBuffer
    }

    private final class Shard: Sendable {
        let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    }

    static let capacity = 4096
    private let shards = (0..<16).map { _ in Shard() }
    /// Writes the piece for an issue.
    private let make: @Sendable (ValidationIssue, inout OutputBuffer) -> Void

    init(_ make: @escaping @Sendable (ValidationIssue, inout OutputBuffer) -> Void) {
        self.make = make
    }

    /// Appends the piece for `issue` to `out`.
    func append(_ issue: ValidationIssue, to out: inout OutputBuffer) {
        let shard = shards[ThreadShard.index(of: shards.count)]
        // Copied under the lock, which spares the text a retain and a release.
        let found = shard.entries.withLock { entries in
            guard let entry = entries[issue.identity] else { return false }
            out.append(entry.text)
            return true
        }
        if found { return }
        var piece = OutputBuffer()
        make(issue, &piece)
        out.append(piece)
        shard.entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[issue.identity] = Entry(issue: issue, text: piece)
        }
    }
}

import FormCheck
import Synchronization

/// The output of a piece of an issue that depends on the issue alone (its path, message, code, ...),
/// made once per issue and copied after: the checking path hands out the same issue for every record
/// that fails the same way, so most issues of a run are written from here. Each checking thread's
/// renderer has its own; one that threads share (beyond `ThreadRenderers`' count) is locked. It holds
/// at most `capacity` issues, and starts again when full.
final class IssueTexts: Sendable {
    /// The pieces made, by the issue's identity: found at the slot its address gives, or one of the
    /// next (hashing the identity would cost more than copying the piece). Twice as many slots as
    /// pieces at most, a power of two, doubled as it fills.
    private struct Table {
        /// Each slot's issue's identity as a number, 0 where it is empty.
        var keys = [UInt](repeating: 0, count: 64)
        /// Kept so that an identity is not taken by another issue while its entry stands.
        var issues = [ValidationIssue?](repeating: nil, count: 64)
        var texts = [OutputBuffer?](repeating: nil, count: 64)
        var count = 0

        /// The slot that holds the issue whose identity is `key`, or the empty one where it goes.
        func slot(of key: UInt) -> Int {
            let mask = keys.count - 1
            // Objects lie 16 bytes apart at least: the address's low bits tell nothing.
            var slot = Int(truncatingIfNeeded: key >> 4) & mask
            while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & mask }
            return slot
        }

        mutating func insert(_ issue: ValidationIssue, _ text: OutputBuffer) {
            if 2 * (count + 1) > keys.count {
                let old = (issues, texts)
                keys = [UInt](repeating: 0, count: 2 * keys.count)
                issues = [ValidationIssue?](repeating: nil, count: keys.count)
                texts = [OutputBuffer?](repeating: nil, count: keys.count)
                count = 0
                for (kept, text) in zip(old.0, old.1) { if let kept, let text { insert(kept, text) } }
            }
            let key = UInt(bitPattern: issue.identity)
            let slot = slot(of: key)
            guard keys[slot] == 0 else { return }
            (keys[slot], issues[slot], texts[slot]) = (key, issue, text)
            count += 1
        }
    }

    static let capacity = 4096
    private let table = Mutex(Table())
    /// Writes the piece for an issue.
    private let make: @Sendable (ValidationIssue, inout OutputBuffer) -> Void

    init(_ make: @escaping @Sendable (ValidationIssue, inout OutputBuffer) -> Void) {
        self.make = make
    }

    /// Appends the piece for `issue` to `out`.
    func append(_ issue: ValidationIssue, to out: inout OutputBuffer) {
        // Copied under the lock, which spares the text a retain and a release.
        let found = table.withLock { table in
            guard let text = table.texts[table.slot(of: UInt(bitPattern: issue.identity))] else { return false }
            out.append(text)
            return true
        }
        if found { return }
        var piece = OutputBuffer()
        make(issue, &piece)
        out.append(piece)
        table.withLock { table in
            if table.count >= Self.capacity { table = Table() }
            table.insert(issue, piece)
        }
    }
}

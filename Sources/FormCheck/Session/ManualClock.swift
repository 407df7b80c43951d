import Foundation

/// A clock that moves only when it is told to, so a `FormSession`'s debounces are deterministic in
/// tests and in replayed scripts (`formcheck demo`).
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point in the clock's time: how long after its start.
    public struct Instant: InstantProtocol {
        /// The time since the clock started.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UUID
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []

    /// A clock at its start, which moves only when advanced.
    public init() {}

    /// The clock's present instant.
    public var now: Instant { lock.withLock { current } }
    /// Any duration can be waited: the clock moves in the steps it is given.
    public var minimumResolution: Duration { .zero }

    /// Waits until the clock is advanced to `deadline` or past it, or the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // A task cancelled before it got here must not stay asleep: its cancellation handler
                // has already run and found nothing to wake.
                let cancelled = Task.isCancelled
                let isDue = lock.withLock {
                    if deadline <= current || cancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if isDue {
                    continuation.resume()
                }
            }
        } onCancel: {
            let cancelled = lock.withLock {
                let cancelled = sleepers.first { $0.id == id }
                sleepers.removeAll { $0.id == id }
                return cancelled
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, then lets them run.
    public func advance(by duration: Duration) async {
        let due = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        for _ in 0..<20 { await Task.yield() }
    }

    /// How many tasks are sleeping now.
    public var sleeping: Int { lock.withLock { sleepers.count } }
}

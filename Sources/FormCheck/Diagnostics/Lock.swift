import Foundation
import Synchronization

/// A mutual-exclusion lock for small caches shared between threads.
final class NSLockLike: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A value made on first use, once, by whichever thread asks first; the others wait for it. Once
/// made, it is read without the lock.
final class OnceValue<Value>: @unchecked Sendable {
    /// The value once made, boxed so that one atomic reference publishes it.
    private final class Made {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let made = Atomic<Unmanaged<Made>?>(nil)
    private let lock = NSLockLike()
    private var make: (() -> Value)?

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    deinit {
        made.load(ordering: .relaxed)?.release()
    }

    /// Calls `body` with the value, made now if it was not yet, borrowed for the call: once made, it is
    /// read without copying what it holds (which threads sharing it would wait on each other to count).
    @inline(__always)
    func withValue<Result>(_ body: (Value) -> Result) -> Result {
        if let made = made.load(ordering: .acquiring) { return made._withUnsafeGuaranteedRef { body($0.value) } }
        return body(value)
    }

    var value: Value {
        if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue().value }
        return lock.withLock {
            if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue().value }
            let value = make!()
            make = nil
            made.store(Unmanaged.passRetained(Made(value)), ordering: .releasing)
            return value
        }
    }

    /// Whether the value has been made.
    var isMade: Bool { made.load(ordering: .acquiring) != nil }
}

/// Which of `count` shards of a cache the calling thread uses, so that threads sharing a cache seldom
/// wait for the same lock: the same shard for a thread every time, spread over the shards by the
/// thread's identity.
package enum ThreadShard {
    package static func index(of count: Int) -> Int {
        #if canImport(Darwin)
        let thread = UInt(bitPattern: pthread_self())
        #else
        let thread = UInt(pthread_self())
        #endif
        return Int(truncatingIfNeeded: (UInt64(thread) &* 0x9E37_79B9_7F4A_7C15) >> 40) % count
    }
}

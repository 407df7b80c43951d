import Foundation

/// A mutual-exclusion lock for small caches shared between threads.
final class NSLockLike: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A value made on first use, once, by whichever thread asks first; the others wait for it.
final class OnceValue<Value>: @unchecked Sendable {
    private let lock = NSLockLike()
    private var made: Value?
    private var make: (() -> Value)?

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.withLock {
            if let made { return made }
            let value = make!()
            made = value
            make = nil
            return value
        }
    }

    /// Whether the value has been made.
    var isMade: Bool { lock.withLock { made != nil } }
}

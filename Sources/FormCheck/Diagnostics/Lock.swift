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

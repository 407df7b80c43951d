import Dispatch

/// Order-preserving parallel map over the machine's cores.
public enum Parallel {
    /// `items.map(transform)`, computed on up to `jobs` threads; the results keep the items' order.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
        mapRanges(count: items.count, jobs: jobs) { range in range.map { transform(items[$0]) } }
    }

    /// The results of `transform` for consecutive ranges of `0..<count`, joined in order: each call
    /// returns one result per index of its range. Ranges run on up to `jobs` threads, so per-range work
    /// (such as borrowing a buffer) is paid once per range rather than once per index.
    static func mapRanges<R: Sendable>(count: Int, jobs: Int, _ transform: @escaping @Sendable (Range<Int>) -> [R]) -> [R] {
        guard jobs > 1, count > 1 else { return transform(0..<count) }
        let chunks = min(count, jobs * 4)
        let results = UnsafeMutableBufferPointer<R>.allocate(capacity: count)
        defer { results.deallocate() }
        nonisolated(unsafe) let output = results
        // Each index is written by exactly one chunk, and the buffer is read only after every chunk ends.
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * count / chunks)..<((chunk + 1) * count / chunks)
            let values = transform(range)
            precondition(values.count == range.count, "one result per index")
            _ = UnsafeMutableBufferPointer(rebasing: output[range]).initialize(from: values)
        }
        let array = Array(results)
        _ = results.deinitialize()
        return array
    }
}

/// A result computed on another thread: `value` waits for it.
final class Pending<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once, before `done` is signalled; read only after waiting for it.
    private var result: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = compute()
            self.done.signal()
        }
    }

    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}

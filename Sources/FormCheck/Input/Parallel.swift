import Dispatch

/// Order-preserving parallel map over the machine's cores.
public enum Parallel {
    /// `items.map(transform)`, computed on up to `jobs` threads; the results keep the items' order.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
        mapRanges(count: items.count, jobs: jobs) { range, results in
            for (slot, index) in range.enumerated() { (results.baseAddress! + slot).initialize(to: transform(items[index])) }
        }
    }

    /// The results for `0..<count`, computed a range at a time on up to `jobs` threads: `fill` is given
    /// consecutive ranges and must initialize every element of the buffer it is given, one per index of
    /// its range, in order. Per-range work (such as borrowing a buffer) is paid once per range.
    static func mapRanges<R: Sendable>(
        count: Int, jobs: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Void
    ) -> [R] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let chunks = jobs > 1 ? min(count, jobs * 4) : min(count, 1)
            nonisolated(unsafe) let output = buffer
            let fillChunk = { @Sendable (chunk: Int) in
                let range = (chunk * count / chunks)..<((chunk + 1) * count / chunks)
                fill(range, UnsafeMutableBufferPointer(rebasing: output[range]))
            }
            // Each index is written by exactly one chunk, and the array is used only after every chunk ends.
            if chunks > 1 {
                DispatchQueue.concurrentPerform(iterations: chunks, execute: fillChunk)
            } else if chunks == 1 {
                fillChunk(0)
            }
            initialized = count
        }
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

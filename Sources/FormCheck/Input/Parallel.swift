import Dispatch

/// Order-preserving parallel map over the machine's cores.
public enum Parallel {
    /// `items.map(transform)`, computed on up to `jobs` threads; the results keep the items' order.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard jobs > 1, items.count > 1 else { return items.map(transform) }
        let chunks = min(items.count, jobs * 4)
        let results = UnsafeMutableBufferPointer<R>.allocate(capacity: items.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let output = results
        // Each index is written by exactly one chunk, and the buffer is read only after every chunk ends.
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * items.count / chunks
            let end = (chunk + 1) * items.count / chunks
            for index in start..<end {
                (output.baseAddress! + index).initialize(to: transform(items[index]))
            }
        }
        let array = Array(results)
        _ = results.deinitialize()
        return array
    }
}

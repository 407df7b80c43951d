/// Order-preserving parallel map over the machine's cores.
package enum Parallel {
    /// `items.map(transform)`, computed on up to `jobs` threads; the results keep the items' order.
    package static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
        let pool = WorkerPool(threads: min(jobs, items.count))
        defer { pool.close() }
        return pool.map(items, transform)
    }

    /// The results for `0..<count`, computed a range at a time on up to `jobs` threads (the caller's
    /// among them), as `WorkerPool.submit` describes `fill`. Per-range work (such as borrowing a
    /// buffer) is paid once per range.
    static func mapRanges<R: Sendable>(
        count: Int, jobs: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Void
    ) -> [R] {
        let pool = WorkerPool(threads: min(jobs, count))
        defer { pool.close() }
        return pool.map(count: count, fill)
    }
}

/// Order-preserving parallel map over the machine's cores.
public enum Parallel {
    /// `items.map(transform)`, computed on up to `jobs` threads; the results keep the items' order.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
        mapRanges(count: items.count, jobs: jobs) { range, results in
            for (slot, index) in range.enumerated() { (results.baseAddress! + slot).initialize(to: transform(items[index])) }
        }
    }

    /// The results for `0..<count`, computed a range at a time on up to `jobs` threads (the caller's
    /// among them), as `WorkerPool.submit` describes `fill`. Per-range work (such as borrowing a
    /// buffer) is paid once per range.
    static func mapRanges<R: Sendable>(
        count: Int, jobs: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Void
    ) -> [R] {
        let pool = WorkerPool(threads: min(jobs, count))
        defer { pool.close() }
        // A few chunks per thread, so that threads that finish early take over the rest.
        let chunks = jobs > 1 ? jobs * 4 : 1
        let batch = pool.submit(count: count, chunkSize: (count + chunks - 1) / chunks, fill)
        pool.wait(for: batch)
        return batch.removeValues()
    }
}

import Foundation

/// Threads that compute batches of results a chunk at a time, for a thread that hands the results on
/// in order. The handing-on thread counts among the pool's `threads`: while it waits for a batch it
/// computes queued chunks itself, so no core idles while there is work, and with one thread
/// everything runs on the caller's.
package final class WorkerPool: @unchecked Sendable {
    /// A chunk of work, and the batch it belongs to.
    private struct Task {
        let run: () -> Void
        let batch: BatchProgress
    }

    // Guards `queue`, `head`, `isClosed` and every batch's `remaining`.
    private let condition = NSCondition()
    /// The memory of done batches' results, for the next batches.
    private let resultMemory = ResultMemory()
    private var queue: [Task] = []
    private var head = 0
    /// The chunks run since the last `wait`, which releases them on its thread, the one that queued
    /// them: released on a helper thread, their memory would go into that thread's cache of free
    /// blocks, and what it allocates next (issues, a record's report) would share cache lines with
    /// what the queuing thread writes, at every record.
    private var ran: [() -> Void] = []
    private var isClosed = false

    /// How many threads compute, the caller's among them.
    let threads: Int

    /// Starts `threads - 1` helper threads; the caller is the last one.
    package init(threads: Int) {
        self.threads = max(threads, 1)
        for _ in 1..<max(threads, 1) {
            Thread.detachNewThread { [self] in helpUntilClosed() }
        }
    }

    /// Stops the helper threads once the queue is empty.
    package func close() {
        condition.withLock {
            isClosed = true
            condition.broadcast()
        }
    }

    /// Queues the results for `0..<count`, to be computed in chunks of at most `chunkSize`: `fill` is
    /// given consecutive ranges, initializes the first elements of the buffer it is given (one per
    /// index of its range, or fewer when its caller lets one result stand for several indices), and
    /// returns how many. Whatever `fill` captured is released by the time `wait(for:)` returns for its
    /// batch, on the waiting thread.
    func submit<R>(count: Int, chunkSize: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Int) -> Batch<R> {
        let size = max(chunkSize, 1)
        let batch = Batch<R>(count: count, chunkSize: size, memory: resultMemory)
        let chunks = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        batch.progress.remaining = chunks.count
        nonisolated(unsafe) let output = batch.results
        nonisolated(unsafe) let madeCounts = batch.madeCounts
        condition.withLock {
            for (chunk, range) in chunks.enumerated() {
                queue.append(Task(run: {
                    let made = fill(range, UnsafeMutableBufferPointer(rebasing: output[range]))
                    assert(made <= range.count && (made > 0 || range.isEmpty), "a chunk made more results than indices, or none")
                    madeCounts[chunk] = made
                }, batch: batch.progress))
            }
            condition.broadcast()
        }
        return batch
    }

    /// Queues the results for `0..<count`, computed a range at a time as `submit` describes `fill`, one
    /// per index, in a few chunks per thread so that threads that finish early take over the rest.
    func submitSpread<R>(count: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Void) -> Batch<R> {
        let chunks = threads > 1 ? threads * 4 : 1
        return submit(count: count, chunkSize: (count + chunks - 1) / chunks) { range, results in
            fill(range, results)
            return range.count
        }
    }

    /// The results for `0..<count`, computed as `submitSpread` queues them.
    func map<R>(count: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutableBufferPointer<R>) -> Void) -> [R] {
        let batch = submitSpread(count: count, fill)
        wait(for: batch)
        return batch.removeValues()
    }

    /// `items.map(transform)`, computed on the pool; the results keep the items' order.
    package func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        map(count: items.count) { range, results in
            for (slot, index) in range.enumerated() { (results.baseAddress! + slot).initialize(to: transform(items[index])) }
        }
    }

    /// Waits for the first of `batches` (submitted in order), removes it and hands its results on to
    /// `body`.
    func handOnFirst<R>(of batches: inout [Batch<R>], to body: (R) -> Void) {
        let first = batches.removeFirst()
        wait(for: first)
        first.handOn(first: first.count, to: body)
    }

    /// Whether every chunk of `batch` is computed.
    func isDone<R>(_ batch: Batch<R>) -> Bool {
        condition.withLock { batch.progress.remaining == 0 }
    }

    /// Waits until every chunk of `batch` is computed, computing queued chunks (of any batch) meanwhile.
    /// What the chunks run so far captured is released then, on this thread.
    func wait<R>(for batch: Batch<R>) {
        condition.lock()
        while batch.progress.remaining > 0 {
            if !runNext() { condition.wait() }
        }
        let ran = self.ran
        self.ran = []
        condition.unlock()
        _ = consume ran
    }

    private func helpUntilClosed() {
        condition.lock()
        while !isClosed || head < queue.count {
            if !runNext() { condition.wait() }
        }
        condition.unlock()
    }

    /// Runs the next queued chunk, if any, with the lock released meanwhile; called and returns with
    /// the lock held.
    private func runNext() -> Bool {
        guard head < queue.count else { return false }
        var run: (() -> Void)? = queue[head].run
        let batch = queue[head].batch
        queue[head] = Task(run: {}, batch: batch)
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.unlock()
        run!()
        condition.lock()
        ran.append(run.take()!)
        batch.remaining -= 1
        if batch.remaining == 0 { condition.broadcast() }
        return true
    }
}

/// How many chunks of a batch are still to be computed (guarded by its pool's lock).
final class BatchProgress: @unchecked Sendable {
    var remaining = 0
}

/// The results a `WorkerPool` computes for one batch; read them only after `WorkerPool.wait(for:)`.
final class Batch<R>: @unchecked Sendable {
    let progress = BatchProgress()
    fileprivate let results: UnsafeMutableBufferPointer<R>
    /// How many results each chunk made, at the start of its range of `results`.
    fileprivate let madeCounts: UnsafeMutableBufferPointer<Int>
    private let chunkSize: Int
    private let memory: ResultMemory
    private let block: UnsafeMutableRawBufferPointer
    /// Whether the results were read (moved out, or handed on), and the indices below which they were.
    private var movedBelow: Int?

    fileprivate init(count: Int, chunkSize: Int, memory: ResultMemory) {
        self.memory = memory
        self.chunkSize = chunkSize
        block = memory.take(byteCount: count * MemoryLayout<R>.stride)
        assert(MemoryLayout<R>.alignment <= ResultMemory.alignment, "results aligned beyond what the memory gives")
        results = UnsafeMutableBufferPointer(start: block.baseAddress?.bindMemory(to: R.self, capacity: count), count: count)
        madeCounts = .allocate(capacity: (count + chunkSize - 1) / chunkSize)
    }

    /// How many indices the batch computes results for.
    var count: Int { results.count }

    /// For each chunk, the part of `results` that holds what it made, and the part of that which is
    /// moved out when the results for the indices below `count` are: a chunk that made fewer results
    /// than it has indices goes whole or not at all, so `count` must not fall inside one.
    private func chunks(movedBelow count: Int) -> some Sequence<(made: Range<Int>, moved: Range<Int>)> {
        stride(from: 0, to: results.count, by: chunkSize).lazy.map { [self] start in
            let indices = start..<min(start + chunkSize, results.count)
            let made = start..<(start + madeCounts[start / chunkSize])
            if indices.upperBound <= count { return (made, made) }
            if count <= start { return (made, start..<start) }
            precondition(made == indices, "a chunk whose results stand for several indices handed on in part")
            return (made, start..<count)
        }
    }

    /// The computed results, one per index, moved into an array; the batch holds none after.
    func removeValues() -> [R] {
        precondition(movedBelow == nil)
        assert(progress.remaining == 0, "results read before their batch is done")
        assert(chunks(movedBelow: 0).allSatisfy { $0.made.count == min(chunkSize, results.count - $0.made.lowerBound) },
               "a chunk made fewer results than indices")
        movedBelow = results.count
        return Array(unsafeUninitializedCapacity: results.count) { buffer, count in
            count = buffer.moveInitialize(fromContentsOf: results)
        }
    }

    /// Hands the results made for the first `count` indices to `body` in order, each moved out rather
    /// than copied; the batch holds none of them after. A chunk that made fewer results than it has
    /// indices (one result standing for several) is handed on whole or not at all.
    func handOn(first count: Int, to body: (R) -> Void) {
        precondition(movedBelow == nil && count <= results.count)
        assert(progress.remaining == 0, "results read before their batch is done")
        movedBelow = count
        for (_, moved) in chunks(movedBelow: count) {
            for index in moved { body(results.moveElement(from: index)) }
        }
    }

    deinit {
        if progress.remaining == 0 {
            for (made, moved) in chunks(movedBelow: movedBelow ?? 0) {
                UnsafeMutableBufferPointer(rebasing: results[moved.upperBound..<made.upperBound]).deinitialize()
            }
        }
        madeCounts.deallocate()
        memory.giveBack(block)
    }
}

/// Memory for batches' results, kept when a batch is done with it so that the next batches of a long
/// run reuse it. A batch of a megabyte's lines holds hundreds of kilobytes of results, which the C
/// library would map afresh for each batch, every page of it faulting in again.
final class ResultMemory: @unchecked Sendable {
    /// Enough for any result type.
    static let alignment = 16
    /// How many blocks are kept; more are freed.
    private static let kept = 4

    private let lock = NSLock()
    private var spare: [UnsafeMutableRawBufferPointer] = []

    /// At least `byteCount` bytes, uninitialized.
    func take(byteCount: Int) -> UnsafeMutableRawBufferPointer {
        let reused: UnsafeMutableRawBufferPointer? = lock.withLock {
            guard let index = spare.firstIndex(where: { $0.count >= byteCount }) else { return nil }
            return spare.remove(at: index)
        }
        return reused ?? .allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
    }

    /// Memory from `take`, whose values were deinitialized or moved out.
    func giveBack(_ block: UnsafeMutableRawBufferPointer) {
        let freed: UnsafeMutableRawBufferPointer? = lock.withLock {
            spare.append(block)
            guard spare.count > Self.kept, let smallest = spare.indices.min(by: { spare[$0].count < spare[$1].count }) else { return nil }
            return spare.remove(at: smallest)
        }
        freed?.deallocate()
    }

    deinit {
        for block in spare { block.deallocate() }
    }
}

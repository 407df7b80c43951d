import Synchronization
import Testing
@testable import FormCheck

/// Batches computed by a worker pool come back whole and in order, however many threads share them.
@Suite struct WorkerPoolTests {
    /// Squares of `start..<start + count`, computed a chunk at a time.
    func squares(from start: Int, count: Int, chunkSize: Int, on pool: WorkerPool) -> Batch<Int> {
        pool.submit(count: count, chunkSize: chunkSize) { range, results in
            for (slot, index) in range.enumerated() { (results.baseAddress! + slot).initialize(to: (start + index) * (start + index)) }
            return range.count
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func batchesInFlightTogetherKeepTheirOrder(threads: Int) {
        let pool = WorkerPool(threads: threads)
        defer { pool.close() }
        // Several batches queued before the first is waited for, as blocks of JSON Lines are.
        var batches: [(start: Int, count: Int, batch: Batch<Int>)] = []
        for (number, count) in [0, 1, 255, 256, 257, 4_099, 10_000].enumerated() {
            let start = number * 100_000
            batches.append((start, count, squares(from: start, count: count, chunkSize: 256, on: pool)))
        }
        for (start, count, batch) in batches {
            pool.wait(for: batch)
            var values: [Int] = []
            batch.handOn(first: batch.count) { values.append($0) }
            #expect(values == (start..<start + count).map { $0 * $0 })
        }
    }

    /// Results handed on are moved out, and those not handed on (after a syntax error in an array's
    /// window) are released with their batch, each exactly once, whether its memory is reused or not.
    @Test func resultsHandedOnInPartAreEachReleasedOnce() {
        final class Log: Sendable {
            let numbers = Mutex<[Int]>([])
            func withLock<R>(_ body: (inout [Int]) -> R) -> R { numbers.withLock { body(&$0) } }
        }
        final class Tracked: Sendable {
            let number: Int
            let released: Log
            init(_ number: Int, released: Log) { (self.number, self.released) = (number, released) }
            deinit { released.withLock { $0.append(number) } }
        }
        let released = Log()
        let pool = WorkerPool(threads: 2)
        defer { pool.close() }
        for round in 0..<3 {
            let base = round * 10
            var batch: Batch<Tracked>? = pool.submit(count: 5, chunkSize: 2) { range, results in
                for (slot, index) in range.enumerated() { (results.baseAddress! + slot).initialize(to: Tracked(base + index, released: released)) }
                return range.count
            }
            pool.wait(for: batch!)
            var handedOn: [Int] = []
            batch!.handOn(first: 2) { handedOn.append($0.number) }
            #expect(handedOn == [base, base + 1])
            #expect(released.withLock { $0.suffix(2) } == [base, base + 1])
            batch = nil
            #expect(released.withLock { $0.suffix(5).sorted() } == Array(base..<base + 5))
        }
        #expect(released.withLock { $0.count } == 15)
    }

    /// A chunk may make fewer results than it has indices (one for a run of records without issues):
    /// only those are handed on, in order, and those of chunks not handed on are released once.
    @Test func chunksMakingFewerResultsHandOnThoseAlone() {
        final class Log: Sendable {
            let texts = Mutex<[String]>([])
            var count: Int { texts.withLock { $0.count } }
        }
        final class Tracked: Sendable {
            let text: String
            let released: Log
            init(_ text: String, released: Log) { (self.text, self.released) = (text, released) }
            deinit { released.texts.withLock { $0.append(text) } }
        }
        let released = Log()
        let pool = WorkerPool(threads: 2)
        defer { pool.close() }
        // Chunks of 4: even indices get a result each, and each run of odd ones one result.
        func submit() -> Batch<Tracked> {
            pool.submit(count: 10, chunkSize: 4) { range, results in
                var made = 0
                for index in range where index % 2 == 0 {
                    (results.baseAddress! + made).initialize(to: Tracked("\(index)", released: released))
                    (results.baseAddress! + made + 1).initialize(to: Tracked("odd", released: released))
                    made += 2
                }
                return made
            }
        }
        var batch: Batch<Tracked>? = submit()
        pool.wait(for: batch!)
        var handedOn: [String] = []
        batch!.handOn(first: 10) { handedOn.append($0.text) }
        #expect(handedOn == ["0", "odd", "2", "odd", "4", "odd", "6", "odd", "8", "odd"])
        batch = nil
        #expect(released.count == 10)
        // Handed on up to the end of a chunk: the next chunk's results are released with the batch.
        batch = submit()
        pool.wait(for: batch!)
        handedOn = []
        batch!.handOn(first: 4) { handedOn.append($0.text) }
        #expect(handedOn == ["0", "odd", "2", "odd"])
        #expect(released.count == 14)
        batch = nil
        #expect(released.count == 20)
    }

    @Test func resultsMovedOutLeaveNothingBehind() {
        let pool = WorkerPool(threads: 2)
        defer { pool.close() }
        let batch = pool.submit(count: 3, chunkSize: 1) { range, results in
            results.baseAddress!.initialize(to: "item \(range.lowerBound)")
            return 1
        }
        pool.wait(for: batch)
        #expect(batch.removeValues() == ["item 0", "item 1", "item 2"])
    }

    @Test(arguments: [1, 2, 5])
    func mapKeepsTheItemsOrder(jobs: Int) {
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let items = Array(0..<1_000)
        #expect(pool.map(items) { "\($0 * 3)" } == items.map { "\($0 * 3)" })
        #expect(pool.map([Int]()) { $0 }.isEmpty)
    }

    /// A file's batches are mapped one after another on one pool: each map keeps its items' order.
    @Test(arguments: [1, 2, 3])
    func onePoolServesMapsInTurn(threads: Int) {
        let pool = WorkerPool(threads: threads)
        defer { pool.close() }
        for count in [2_048, 7, 0, 1, 500] {
            let items = Array(0..<count)
            #expect(pool.map(items) { $0 * $0 } == items.map { $0 * $0 })
        }
    }
}

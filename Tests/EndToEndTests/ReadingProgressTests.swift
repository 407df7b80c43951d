import Foundation
import Testing
@testable import formcheck

/// A JUnit suite predicts the counts its head will end with from how far its data file has been read:
/// the position of the descriptor this process reads it through, and the growth of the counts since
/// the first prediction (`ReadingProgress`), on Linux, where the kernel tells a descriptor's position.
#if os(Linux)
@Suite struct ReadingProgressTests {
    @Test func countsAreExtrapolatedToTheEndOfTheFile() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("d.jsonl", String(repeating: "x", count: 1_000_000))
        let progress = try #require(ReadingProgress(path: path))
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        func expect(_ values: [Double], _ expected: [Double]) {
            let extrapolated = progress.extrapolated(values)
            #expect(extrapolated.map { zip($0, expected).allSatisfy { abs($0 - $1) < 1e-6 } } == true, "\(String(describing: extrapolated))")
        }
        _ = try handle.read(upToCount: 100_000)
        // A tenth read: ten times the counts.
        expect([1_000, 5], [10_000, 50])
        _ = try handle.read(upToCount: 20_000)
        // Too little read since: still by the part read.
        expect([1_100, 6], [1_100 / 0.12, 6 / 0.12])
        _ = try handle.read(upToCount: 180_000)
        // Three tenths read: the counts grew by 1,000 and 5 over the last two tenths, and seven are left.
        expect([2_000, 10], [2_000 + 3_500, 10 + 17.5])
        try handle.close()
        #expect(progress.extrapolated([3_000, 10]) == nil)
        #expect(ReadingProgress(path: scratch.url.path) == nil)
        #expect(ReadingProgress(path: scratch.url.appendingPathComponent("missing.jsonl").path) == nil)
    }
}
#endif

import Foundation

/// Standard output of a reporter that streams its records' output (text, JSON, GitHub), written in
/// input order by the checking threads themselves: each chunk of records by the thread that rendered
/// it, as soon as every chunk before it is written, or else by the thread that writes the chunk just
/// before it. The reading thread, which no other thread can stand in for, then neither copies nor
/// frees those bytes (its own share of a two-job run of booking's text report fell from about 4.8% of
/// the run's CPU to 3.7%), and a thread that writes its chunk keeps the buffer's room for its next one.
///
/// A reporter that gathers its records' output rather than streaming it (SARIF's results and JUnit's
/// cases, placed behind a head written at the end) gives the place it gathers them in
/// (`init(gatheringWith:)`), which then takes each chunk's output, in its turn, instead of standard
/// output.
///
/// Chunks are numbered from 0 in input order within a file (see `RecordMaker`). A chunk whose records
/// the writing thread must write itself, one by one (one with an input that could not be read, told
/// on the writing thread), is written in its turn: `waitForTurn`, then `endTurn`. Between files,
/// `drain` waits for every chunk to be written.
final class OrderedOutput: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    /// The number of the chunk written next.
    private var next = 0
    /// Chunks rendered before their turn, by number.
    private var parked: [Int: OutputBuffer] = [:]
    /// Whether a thread is writing chunks.
    private var isWriting = false

    /// How much of the separator that starts each record's output is left out before the run's first
    /// (JSON's `,` before its first result).
    private let separatorLength: Int
    /// Whether any record's output was written. Changed only by the thread whose turn it is, which the
    /// lock hands on from one to the next.
    private(set) var wroteAny = false

    /// Where a gathering reporter takes a chunk's output, on the thread whose turn it is.
    private let gather: ((OutputBuffer) -> Void)?

    init(separatorLength: Int = 0) {
        self.separatorLength = separatorLength
        gather = nil
    }

    /// Output that `gather` takes, a chunk at a time, in input order.
    init(gatheringWith gather: @escaping (OutputBuffer) -> Void) {
        separatorLength = 0
        self.gather = gather
    }

    /// Writes the output of chunk `number` now if every chunk before it is written, then any chunk
    /// rendered meanwhile whose turn follows; else keeps it for the thread that writes the chunk before
    /// it. `output` is then empty, its room kept when it was written here.
    func finish(chunk number: Int, _ output: inout OutputBuffer) {
        let isTurn = condition.withLock {
            guard number == next else {
                assert(number > next && parked[number] == nil, "a chunk of output finished twice")
                parked[number] = output
                return false
            }
            // The chunk before it was written by a thread that then found no chunk after it.
            assert(!isWriting, "a chunk's turn while another is written")
            isWriting = true
            return true
        }
        guard isTurn else {
            output = OutputBuffer(capacity: output.count)
            return
        }
        writeDirectly(output)
        output.removeAll()
        writeParked(after: number)
    }

    /// Waits until every chunk before `number` is written, so that the calling thread can write chunk
    /// `number` itself; `endTurn` ends its turn.
    func waitForTurn(_ number: Int) {
        condition.withLock {
            while next != number || isWriting { condition.wait() }
            isWriting = true
        }
    }

    /// Ends the turn of chunk `number`, which the calling thread wrote, and writes the chunks rendered
    /// meanwhile whose turns follow.
    func endTurn(_ number: Int) {
        Output.flush()
        writeParked(after: number)
    }

    /// Waits until every chunk finished is written, and starts numbering again, for the next file.
    func drain() {
        condition.withLock {
            while isWriting { condition.wait() }
            precondition(parked.isEmpty, "a chunk of output whose turn never came")
            next = 0
        }
    }

    /// Writes `bytes[range]` of a record through standard output's buffer, on the thread whose turn it is.
    func write(_ bytes: OutputBuffer, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        Output.write(bytes, wroteAny ? range : range.dropFirst(separatorLength))
        wroteAny = true
    }

    /// Marks chunk `number` written, then writes the parked chunks that follow it, one by one.
    private func writeParked(after number: Int) {
        var number = number
        while let output = condition.withLock({ () -> OutputBuffer? in
            next = number + 1
            guard let output = parked.removeValue(forKey: next) else {
                isWriting = false
                condition.broadcast()
                return nil
            }
            return output
        }) {
            writeDirectly(output)
            number += 1
        }
    }

    /// Writes a chunk's bytes to standard output, after what its buffer holds, in as few writes as
    /// the system takes (a chunk is tens of kilobytes, which the buffer would only copy); or hands
    /// them to `gather`.
    private func writeDirectly(_ output: OutputBuffer) {
        guard !output.isEmpty else { return }
        if let gather { return gather(output) }
        Output.flush()
        output.withBytes { bytes in
            var rest = wroteAny ? bytes : UnsafeBufferPointer(rebasing: bytes.dropFirst(separatorLength))
            while let start = rest.baseAddress, !rest.isEmpty {
                let written = Foundation.write(1, start, rest.count)
                if written < 0 {
                    // Given up, as the buffered writes do, where standard output is closed or full.
                    if errno == EINTR { continue }
                    return
                }
                rest = UnsafeBufferPointer(rebasing: rest.dropFirst(written))
            }
        }
        wroteAny = true
    }
}

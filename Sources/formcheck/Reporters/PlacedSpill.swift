import Foundation

/// The spilled part of a `SpooledOutput` written straight into standard output, when that is a file,
/// where it will stand once the head before it is written: a large report is then written once, as
/// its records are checked, instead of going to a temporary file first and being copied out after the
/// last record. The head's length is predicted at every piece (a SARIF log's rules met so far, a JUnit
/// suite's counts so far); where the head comes out of another length (a count that gained a digit, a
/// rule met late), the pieces placed for the wrong length are moved in the file when the head is
/// written, before it.
///
/// Linux only (it reads the file back through `/proc/self/fd/1` to move pieces). Nothing else may be
/// written to standard output between `begin()` and `finish(head:)`.
final class PlacedSpill {
    /// Where the head will start in standard output.
    private let headStart: Int
    /// Standard output's file, opened again for reading, to move pieces.
    private let reader: Int32
    /// The pieces written, in order: where each starts among the bytes placed, and the length of the
    /// head it was placed after, never shorter than the piece before's (so that no piece overlaps the
    /// one before it, and moving them in order never overwrites one not yet moved).
    private var pieces: [(start: Int, headLength: Int)] = []
    /// The bytes placed.
    private var count = 0
    /// How much is moved at a time.
    private static let moveStep = 8 << 20

    private init(headStart: Int, reader: Int32) {
        self.headStart = headStart
        self.reader = reader
    }

    deinit {
        close(reader)
    }

    /// Starts placing in standard output, when it is a regular file that is written at its end (so
    /// that every byte beyond the head's start is this run's), not opened for appending, and not also
    /// standard error (`> log 2>&1`, where a message would be written where the head goes); nil
    /// otherwise. Flushes standard output.
    static func begin() -> PlacedSpill? {
        #if os(Linux)
        Output.flush()
        var (status, errors) = (stat(), stat())
        guard fstat(1, &status) == 0, status.st_mode & S_IFMT == S_IFREG, fcntl(1, F_GETFL) & O_APPEND == 0 else { return nil }
        guard fstat(2, &errors) != 0 || (errors.st_dev, errors.st_ino) != (status.st_dev, status.st_ino) else { return nil }
        let position = lseek(1, 0, SEEK_CUR)
        guard position == status.st_size else { return nil }
        let reader = open("/proc/self/fd/1", O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { return nil }
        return PlacedSpill(headStart: Int(position), reader: reader)
        #else
        return nil
        #endif
    }

    /// Writes the next bytes where they go after a head of `headLength` bytes; false when the file
    /// did not take them all (the bytes placed before stand, and these are not counted).
    func write(_ bytes: UnsafeBufferPointer<UInt8>, headLength: Int) -> Bool {
        let headLength = max(headLength, pieces.last?.headLength ?? 0)
        let offset = headStart + headLength + count
        FileSpace.reserve(in: 1, at: offset, count: bytes.count)
        guard Self.write(bytes, to: 1, at: offset) else { return false }
        if pieces.last?.headLength != headLength { pieces.append((count, headLength)) }
        count += bytes.count
        return true
    }

    /// Moves the pieces placed for a head of another length than `head`'s to their places behind it,
    /// writes `head`, and leaves standard output at the end of the bytes placed (the file cut there).
    /// False when the file could not be read or written, which leaves the report incomplete.
    func finish(head: String) -> Bool {
        Output.flush()
        assert(lseek(1, 0, SEEK_CUR) == headStart, "standard output written to while a spool was placed in it")
        let length = head.utf8.count
        var ranges: [(source: Int, count: Int, shift: Int)] = []
        for (index, piece) in pieces.enumerated() {
            let end = index + 1 < pieces.count ? pieces[index + 1].start : count
            ranges.append((headStart + piece.headLength + piece.start, end - piece.start, length - piece.headLength))
        }
        // The shifts decrease from piece to piece: those that go right move last first, those that go
        // left first first, so that each lands where nothing is left to move.
        var moved = true
        if ranges.contains(where: { $0.shift != 0 }) {
            var buffer = [UInt8](repeating: 0, count: Self.moveStep)
            for range in ranges.reversed() where range.shift > 0 { moved = moved && move(range, using: &buffer) }
            for range in ranges where range.shift < 0 { moved = moved && move(range, using: &buffer) }
        }
        var text = head
        let end = headStart + length + count
        let wroteHead = text.withUTF8 { Self.write($0, to: 1, at: headStart) }
        lseek(1, off_t(end), SEEK_SET)
        var status = stat()
        if fstat(1, &status) == 0, status.st_size > end { ftruncate(1, off_t(end)) }
        return moved && wroteHead
    }

    /// Moves `range.count` bytes from `range.source` by `range.shift`, a step at a time from the end
    /// that goes first.
    private func move(_ range: (source: Int, count: Int, shift: Int), using buffer: inout [UInt8]) -> Bool {
        var done = 0
        while done < range.count {
            let step = min(buffer.count, range.count - done)
            let from = range.shift > 0 ? range.source + range.count - done - step : range.source + done
            let read = buffer.withUnsafeMutableBytes { pread(reader, $0.baseAddress, step, off_t(from)) }
            guard read == step else { return false }
            guard buffer.withUnsafeBufferPointer({ Self.write(UnsafeBufferPointer(rebasing: $0[..<step]), to: 1, at: from + range.shift) })
            else { return false }
            done += step
        }
        return true
    }

    /// Writes all of `bytes` at `offset`, however many calls it takes.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, at offset: Int) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written))
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}

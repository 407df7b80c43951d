import Foundation

/// Reads a file descriptor in chunks and hands out lines, so a JSON Lines file of any size is read
/// with memory proportional to its longest line. A line (or, for `readAll`, the input) longer than
/// the limit ends the input there, and `checkRead` throws.
struct LineStream: ~Copyable {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` up to here hold no newline; a long line is scanned only once.
    private var scanned = 0
    private var atEnd = false
    /// The system's error number when reading failed; the input ends where it failed.
    private var readError: Int32?
    /// The limit that ended the input, when one did.
    private var crossedLimit: DataFileError?
    /// The most bytes a line may hold.
    let limit: SizeLimit
    /// The lines consumed so far (`forEachJSONLinesBlock` counts those of the blocks it is handed).
    var lineNumber = 0

    /// Whether reading on would not wait: the input ended, or more of it is ready.
    var hasInputReady: Bool { atEnd || FileBytes.hasInputReady(descriptor) }

    static let chunkSize = 1 << 20
    /// The size of the next block: the first ones are small, so that the threads checking them get
    /// lines soon after the start, and the size doubles up to `chunkSize`.
    private var blockSize = 1 << 16

    init(descriptor: Int32, ownsDescriptor: Bool, limit: SizeLimit) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.limit = limit
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next line without its `\n` (or `\r\n`), or nil at the end of the input.
    mutating func nextLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = self.line(from: start, to: newline)
                guard line.count <= limit.bytes else {
                    stopAtLineTooLarge()
                    return nil
                }
                start = newline + 1
                scanned = start
                lineNumber += 1
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count, crossedLimit == nil else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            fill()
        }
    }

    /// The first line for which `isWanted` holds, without its line break, reading ahead as needed
    /// without consuming anything; nil when the input ends first.
    mutating func peekLine(where isWanted: (ArraySlice<UInt8>) -> Bool) -> ArraySlice<UInt8>? {
        // Offsets from `start`, which reading ahead may move.
        var lineStart = 0
        var scannedTo = 0
        while true {
            // A limit crossed while reading ahead emptied the buffer: the offsets point nowhere.
            guard crossedLimit == nil else { return nil }
            if let newline = buffer[(start + scannedTo)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = self.line(from: start + lineStart, to: newline)
                if isWanted(line) { return line }
                lineStart = newline + 1 - start
                scannedTo = lineStart
                continue
            }
            scannedTo = buffer.count - start
            if atEnd {
                let line = buffer[(start + lineStart)...]
                return !line.isEmpty && isWanted(line) ? line : nil
            }
            fill()
        }
    }

    /// The line from `lineStart` to the line break at `newline`, without it (nor a `\r` before it).
    private func line(from lineStart: Int, to newline: Int) -> ArraySlice<UInt8> {
        let end = newline > lineStart && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        return buffer[lineStart..<end]
    }

    /// The next run of whole lines, about `blockSize` bytes or one long line, with their line breaks;
    /// nil at the end of the input. Input that comes slowly (typed, or piped from a program that
    /// writes as it goes) gives a run of the lines that came, once no more are ready. Not to be mixed
    /// with `nextLine`. Bytes are read straight into the block, after what the previous block left (a
    /// line not yet ended), so each is copied once. The block is built in `spare`'s memory when no one
    /// else holds it any more, so a long run reuses a few buffers instead of asking the system for
    /// fresh memory a megabyte at a time.
    mutating func nextBlock(reusing spare: inout [UInt8]) -> [UInt8]? {
        while true {
            let leftover = buffer[start...]
            // What is left is the start of a line, unless lines were looked at ahead (`peek`).
            guard !exceedsLimit(leftover) || leftover.contains(UInt8(ascii: "\n")) else {
                stopAtLineTooLarge()
                return nil
            }
            // A line longer than a block doubles the room, so reading it stays linear in its length.
            let capacity = max(leftover.count + blockSize, 2 * leftover.count)
            blockSize = min(2 * blockSize, Self.chunkSize)
            // Whole lines read ahead (by `peek`) are handed on without waiting for input that is not there yet.
            let readsMore = !atEnd && (!leftover.contains(UInt8(ascii: "\n")) || hasInputReady)
            let descriptor = self.descriptor
            var read: (count: Int, ended: Bool, error: Int32?)?
            // Copies the leftover into `room`, reads after it, and gives the count of bytes written.
            func write(into room: UnsafeMutableBufferPointer<UInt8>) -> Int {
                let count = room.initialize(fromContentsOf: leftover)
                guard readsMore else { return count }
                read = FileBytes.fill(UnsafeMutableBufferPointer(rebasing: room[count...]), from: descriptor, untilIdle: true)
                return count + read!.count
            }
            var block = spare
            spare = []
            if block.capacity >= capacity {
                // The spare's bytes are written over: only room it never held is filled first (an
                // array's elements are always initialized).
                if block.count > capacity { block.removeLast(block.count - capacity) }
                block.appendRoom(capacity - block.count)
                let count = block.withUnsafeMutableBufferPointer { write(into: $0) }
                block.removeLast(capacity - count)
            } else {
                block = Array(unsafeUninitializedCapacity: capacity) { room, count in count = write(into: room) }
            }
            if let read {
                atEnd = read.ended
                readError = read.error
            }
            (buffer, start) = ([], 0)
            if let newline = block.lastIndex(of: UInt8(ascii: "\n")) {
                buffer = Array(block[(newline + 1)...])
                block.removeSubrange((newline + 1)...)
                return block
            }
            if atEnd { return block.isEmpty ? nil : block }
            buffer = block
        }
    }

    /// The next `count` bytes (fewer where the input ends), read ahead without consuming them.
    mutating func peek(_ count: Int) -> ArraySlice<UInt8> {
        while buffer.count - start < count && !atEnd { fill(atMost: blockSize) }
        return buffer[start..<min(start + count, buffer.count)]
    }

    /// The first byte that is not white space, reading ahead as needed without consuming anything.
    mutating func peekFirstNonBlankByte() -> UInt8? {
        var index = start
        while true {
            while index < buffer.count {
                if ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(buffer[index]) { return buffer[index] }
                index += 1
            }
            if atEnd { return nil }
            fill()
            index = max(index, start)
        }
    }

    /// Everything not yet consumed; input larger than the limit ends at the limit, as an error.
    mutating func readAll() -> [UInt8] {
        while !atEnd {
            guard buffer.count - start <= limit.bytes else {
                stop(at: .tooLarge(SizeLimitExceeded(.input, limit: limit)))
                break
            }
            fill()
        }
        let rest = Array(buffer[start...])
        start = buffer.count
        return rest
    }

    /// Everything read and not yet consumed, consumed now, and whether the input has ended: for a
    /// reader that reads on from the descriptor itself.
    mutating func takeBuffered() -> (bytes: [UInt8], ended: Bool) {
        let rest = Array(buffer[start...])
        (buffer, start, scanned) = ([], 0, 0)
        return (rest, atEnd)
    }

    /// Whether `pending`, a line not yet ended, holds more than the limit; a `\r` at its end does not
    /// count, as the `\n` of its line break may come with the next read.
    private func exceedsLimit(_ pending: ArraySlice<UInt8>) -> Bool {
        pending.count - (pending.last == UInt8(ascii: "\r") ? 1 : 0) > limit.bytes
    }

    /// Ends the input before a line longer than the limit, the one after `lineNumber` plus
    /// `linesAhead` lines looked at ahead without being consumed, as an error.
    mutating func stopAtLineTooLarge(linesAhead: Int = 0) {
        stop(at: .tooLarge(SizeLimitExceeded(.line(lineNumber + linesAhead + 1), limit: limit)))
    }

    private mutating func stop(at error: DataFileError) {
        crossedLimit = error
        atEnd = true
        (buffer, start, scanned) = ([], 0, 0)
    }

    /// Reads what comes next (one read of at most `atMost` bytes, however much it gives), unless what
    /// is not yet consumed holds more than the limit already.
    private mutating func fill(atMost readSize: Int = chunkSize) {
        guard !exceedsLimit(buffer[start...]) else {
            return stopAtLineTooLarge(linesAhead: buffer[start...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
        }
        if start > 0 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        let read = buffer.appendRead(atMost: readSize, from: descriptor, untilIdle: true)
        if let error = read.error { readError = error }
        if read.ended { atEnd = true }
    }

    /// Throws the read error or the limit that ended the input, if one did.
    func checkRead() throws(DataFileError) {
        if let readError { throw .unreadable(FileBytes.reason(readError)) }
        if let crossedLimit { throw crossedLimit }
    }
}

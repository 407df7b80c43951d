import Foundation

/// A JSON file whose top level is an array, read a block at a time and handed out as windows: runs of
/// whole elements to check, each with enough of the text around them that positions, excerpts and
/// hidden values come out exactly as from the whole file. Memory follows the block and the largest
/// element, not the file.
///
/// Around its elements a window holds the text up to the edges of their lines, or, on a line too long
/// for that (an array written on one line), at least 51 whole elements and 808 bytes each side: more
/// than an excerpt can show (100 characters, each element showing two at least, and a line of 808
/// bytes or more being quoted as a window of itself). A window that starts inside a line is given,
/// through its reader, what the hidden values before it on that line take from columns (see
/// `FormSchema.validateJSONArray`).
///
/// Only the array's punctuation is read here; each element is read when it is checked. Anything
/// unexpected (unbalanced brackets, a missing comma, an unterminated string) ends the elements found,
/// and the whole-document reader's error for the text from there is given.
///
/// Text already in memory (standard input) is read the same way, without copying it block by block.
struct JSONArrayStream: ~Copyable {
    /// An element to check: where it lies in its window's bytes, and where it starts in the file.
    struct Element: Sendable {
        let range: Range<Int>
        let position: SourcePosition
    }

    /// Elements to check, and the text around them.
    struct Window: Sendable {
        let name: String
        /// The text, from `start` in the file.
        let bytes: [UInt8]
        let start: SourcePosition
        /// Where each whole element of the text starts, those around the ones to check included, and
        /// the column there.
        let valueStarts: [Int]
        let valueColumns: [Int]
        /// The elements to check: their ranges in `bytes` and where they start in the file.
        let elements: [Element]
        /// The array index (from 0) of the first element.
        let firstIndex: Int
        /// Where, in `bytes`, the element before the first one ends (nil when the first element is
        /// the array's first, and `bytes` starts with the file).
        let endBeforeFirst: Int?
        /// Whether the window starts inside the line of its first element, after hidden values it
        /// does not hold may have taken columns from that line.
        let continuesLine: Bool
        /// Whether the next window starts inside the line where this window's last element ends.
        let handsOnLine: Bool
        /// Where the last element ends.
        let end: SourcePosition
        /// Where, in `bytes`, the text after the array's last element read starts, when the array ended
        /// on a fault there (a syntax error, an element too large, the input ending inside one).
        let unreadStart: Int?

        /// Whether the elements to check all lie on the line where the last one ends, and the window
        /// holds nothing before them on it that the window before did not hold too.
        var checksOnlyItsLastLine: Bool {
            guard let first = elements.first, first.position.line == end.line else { return false }
            return continuesLine || valueStarts.first == first.range.lowerBound
        }

        /// The window's text as a document, made by the thread that checks it (a long line's columns
        /// are counted as it is made).
        func makeDocument() -> DataDocument {
            DataDocument(name: name, bytes: bytes, firstLine: start.line, firstColumn: start.column, jsonValueStarts: valueStarts,
                         jsonValueColumns: valueColumns, jsonUnreadStart: unreadStart)
        }
    }

    /// What reading on gave.
    enum Next {
        case window(Window)
        /// The array is closed, and only white space follows.
        case end
        case failed(DataFileError)
    }

    /// An element found: absolute offsets and positions.
    private struct Scanned {
        let start: Int
        let end: Int
        let startPosition: SourcePosition
        let endPosition: SourcePosition
        /// Where the text between the element before and this one starts (0 for the first).
        let gapStart: Int
        let gapStartPosition: SourcePosition
    }

    let name: String
    /// The file read, or -1 for text given whole.
    private let descriptor: Int32
    private let limit: SizeLimit
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`.
    private var base = 0
    private var atEnd = false
    private var readError: Int32?
    /// Where scanning goes on (absolute), and the position there.
    private var offset = 0
    private var position = SourcePosition(line: 1, column: 1)
    private var isClosed = false
    /// Found elements: the context kept from before, then those not yet handed out.
    private var scanned: [Scanned] = []
    /// The index in `scanned` of the first element not yet handed out, and its array index.
    private var pending = 0
    private var pendingIndex = 0
    /// For the next window: the first element of its context, and whether it starts inside a line.
    private var nextContext = 0
    private var nextContinuesLine = false

    /// The size of the file read, when it is a regular file (see `FileBytes.readRoom`).
    private var fileSize: Int?

    static let blockSize = 1 << 20
    /// The most elements a window checks.
    static let windowSize = 1024
    /// The context a window keeps on a long line: elements and bytes, each side.
    static let contextElements = 51
    static let contextBytes = 808

    /// Opens `path` for reading; `startsWithArray` tells whether it holds an array.
    init(path: String, limit: SizeLimit) throws(DataFileError) {
        self.descriptor = try DataReader.open(path)
        self.name = path
        self.limit = limit
        fileSize = FileBytes.size(of: descriptor)
    }

    /// Reads `bytes`, the whole text, named `name` in positions.
    init(bytes: [UInt8], name: String, limit: SizeLimit) {
        self.name = name
        self.descriptor = -1
        self.limit = limit
        buffer = bytes
        atEnd = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the text, once white space and a byte order mark are skipped, starts with `[`; reads
    /// as much as that takes. Throws when the text is not UTF-8.
    mutating func startsWithArray() throws(DataFileError) -> Bool {
        while buffer.count < 4, !atEnd { fill() }
        try JSONTextEncoding.requireUTF8(buffer.prefix(4))
        var start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while true {
            while start < buffer.count, Self.isWhitespace(buffer[start]) { start += 1 }
            if start < buffer.count { break }
            if atEnd { return false }
            fill()
        }
        guard buffer[start] == UInt8(ascii: "[") else { return false }
        advance(to: start + 1)
        return true
    }

    /// The rest of the text, for a document that is not an array (read whole, up to the limit).
    mutating func rest() throws(DataFileError) -> [UInt8] {
        while !atEnd {
            guard buffer.count <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
            fill()
        }
        if let readError { throw .unreadable(FileBytes.reason(readError)) }
        guard buffer.count <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
        return buffer
    }

    /// The next window, the end of the array, or what ended the reading.
    mutating func next() -> Next {
        while true {
            if let window = readyWindow() { return .window(window) }
            if isClosed {
                if let failure { return .failed(failure) }
                if let readError { return .failed(.unreadable(FileBytes.reason(readError))) }
                return isWellFormedToEnd ? .end : .failed(syntaxError())
            }
            if let failure = scanElement() {
                // The elements found before it are handed out first.
                self.failure = failure
                isClosed = true
            }
        }
    }

    // MARK: Windows

    /// A window of the pending elements, when enough of them, and of what follows, is known.
    private mutating func readyWindow() -> Window? {
        let count = min(scanned.count - pending, Self.windowSize)
        guard count > 0, count == Self.windowSize || isClosed else { return nil }
        let last = pending + count - 1
        // What follows: to the end of the last element's line, or enough of a long one.
        var after = last + 1
        var windowEnd: Int
        while true {
            guard after < scanned.count else {
                guard isClosed else { return nil }
                windowEnd = base + buffer.count
                break
            }
            if scanned[after].startPosition.line != scanned[last].endPosition.line {
                windowEnd = scanned[after].start
                break
            }
            if after - last - 1 >= Self.contextElements, scanned[after - 1].end - scanned[last].end >= Self.contextBytes {
                windowEnd = scanned[after - 1].end
                break
            }
            after += 1
        }
        let first = nextContext
        let continuesLine = nextContinuesLine
        let windowStart = continuesLine ? scanned[first].start : scanned[first].gapStart
        let startPosition = continuesLine ? scanned[first].startPosition : scanned[first].gapStartPosition
        // The context of the window after this one, which starts at `last + 1`.
        (nextContext, nextContinuesLine) = context(before: last + 1)
        let bytes = Array(buffer[(windowStart - base)..<(windowEnd - base)])
        let elements = scanned[pending...last].map {
            Element(range: ($0.start - windowStart)..<($0.end - windowStart), position: $0.startPosition)
        }
        let window = Window(name: name, bytes: bytes, start: startPosition, valueStarts: scanned[first..<after].map { $0.start - windowStart },
                            valueColumns: scanned[first..<after].map(\.startPosition.column),
                            elements: elements, firstIndex: pendingIndex,
                            endBeforeFirst: pendingIndex == 0 ? nil : scanned[pending].gapStart - windowStart, continuesLine: continuesLine,
                            handsOnLine: nextContinuesLine, end: scanned[last].endPosition,
                            unreadStart: isClosed && after == scanned.count && !isWellFormedToEnd ? scanned[last].end - windowStart : nil)
        pendingIndex += count
        pending = last + 1
        // Keep only what the next window's context needs.
        let keep = min(nextContext, pending)
        if keep > 0 {
            scanned.removeFirst(keep)
            pending -= keep
            nextContext -= keep
        }
        let keepFrom = min(scanned.first.map { nextContinuesLine ? $0.start : $0.gapStart } ?? lastEnd, lastEnd)
        // Text read from a file is dropped once no window needs it; text given whole is kept.
        if descriptor >= 0, keepFrom - base > Self.blockSize {
            buffer.removeFirst(keepFrom - base)
            base = keepFrom
        }
        return window
    }

    /// Where the context of a window whose first element is `first` starts: the first element of
    /// it (the window starting with the text before that element), and whether the window starts
    /// inside `first`'s line instead (at that element's start).
    private func context(before first: Int) -> (Int, Bool) {
        guard first < scanned.count || first > 0 else { return (first, false) }
        let line = first < scanned.count ? scanned[first].startPosition.line : scanned[first - 1].endPosition.line
        let start = first < scanned.count ? scanned[first].start : scanned[first - 1].end
        var element = first
        while element > 0 {
            if scanned[element - 1].endPosition.line != line { break }
            if first - element >= Self.contextElements, scanned[element].startPosition.line == line,
               start - scanned[element].start >= Self.contextBytes {
                return (element, true)
            }
            element -= 1
        }
        return (element, false)
    }

    // MARK: Scanning

    /// Whether the text after the last element was read to the end as white space after `]`.
    private var isWellFormedToEnd = false
    /// An element too large, which ended the reading.
    private var failure: DataFileError?

    /// Scans the next element and the separator after it (reading on as needed); nil when it was
    /// found, or when the array closed. A fault in the punctuation closes the array unread beyond.
    private mutating func scanElement() -> DataFileError? {
        while true {
            let scan = buffer.withUnsafeBufferPointer { bytes in
                Self.scanValue(bytes, from: offset - base, isFirst: elementsFound == 0, atEnd: atEnd)
            }
            switch scan {
            case .needMore where !atEnd:
                guard base + buffer.count - lastEnd <= limit.bytes else {
                    return .tooLarge(SizeLimitExceeded(.element(elementsFound + 1), limit: limit))
                }
                fill()
                continue
            case .needMore, .malformed:
                isClosed = true
                return nil
            case .emptyArray(let next):
                advance(to: next + base)
                isClosed = true
                isWellFormedToEnd = trailingWhitespaceToEnd()
                return nil
            case .element(let start, let end, let next, let closes):
                guard end + base - lastEnd <= limit.bytes else {
                    isClosed = true
                    return .tooLarge(SizeLimitExceeded(.element(elementsFound + 1), limit: limit))
                }
                advance(to: start + base)
                let startPosition = position
                advance(to: end + base)
                scanned.append(Scanned(start: start + base, end: end + base, startPosition: startPosition, endPosition: position,
                                       gapStart: lastEnd, gapStartPosition: lastEndPosition))
                lastEnd = end + base
                lastEndPosition = position
                advance(to: next + base)
                if closes == true {
                    isClosed = true
                    isWellFormedToEnd = trailingWhitespaceToEnd()
                } else if closes == nil {
                    // The text ends after the element, unclosed, or goes on with what cannot follow it.
                    isClosed = true
                }
                return nil
            }
        }
    }

    /// How many elements were found: those handed out, and those found since.
    private var elementsFound: Int { pendingIndex + scanned.count - pending }
    /// Where the last element found ends (0 and 1:1 before the first).
    private var lastEnd = 0
    private var lastEndPosition = SourcePosition(line: 1, column: 1)

    /// After `]`: reads on to the end; whether only white space follows.
    private mutating func trailingWhitespaceToEnd() -> Bool {
        while true {
            while offset - base < buffer.count {
                guard Self.isWhitespace(buffer[offset - base]) else { return false }
                offset += 1
            }
            if atEnd { return readError == nil }
            fill()
        }
    }

    private enum Scan {
        /// An element from `start` to `end`, then white space, a separator and white space up to `next`;
        /// `closes` tells whether the separator was `]`, and is nil when the text ends after the element
        /// or goes on with anything but a separator.
        case element(start: Int, end: Int, next: Int, closes: Bool?)
        /// `]` right after `[` (only for the first element).
        case emptyArray(next: Int)
        case needMore
        case malformed
    }

    /// Scans from `from` (after `[`, or after the separator that follows the element before): white
    /// space, the element, white space and the separator after it, and white space after a comma. An
    /// element ends where a value is complete (a string, a closed bracket, a number or literal followed
    /// by white space or punctuation): anything but a separator after it ends the array on a fault.
    private static func scanValue(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, isFirst: Bool, atEnd: Bool) -> Scan {
        var offset = from
        func skipWhitespace() {
            while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
        }
        skipWhitespace()
        guard offset < bytes.count else { return .needMore }
        let start = offset
        var end = offset
        switch bytes[offset] {
        case UInt8(ascii: "]") where isFirst:
            return .emptyArray(next: offset + 1)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            return .malformed
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""):
            // A string, or brackets up to the one that closes the first (strings within skipped whole).
            var depth = 0
            scan: while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\""):
                    guard let after = JSONReader.end(ofStringAt: offset, in: bytes) else { return .needMore }
                    offset = after
                    if depth == 0 { break scan }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        offset += 1
                        break scan
                    }
                default:
                    break
                }
                offset += 1
            }
            guard depth == 0 else { return .needMore }
            end = offset
        default:
            // A number or a literal (or what is neither, for the element's reader to report), up to
            // white space or punctuation.
            while offset < bytes.count, !JSONReader.endsBareValue(bytes[offset]) { offset += 1 }
            end = offset
            guard offset < bytes.count || atEnd else { return .needMore }
        }
        // The element from `start` to `end` is complete: what follows it.
        skipWhitespace()
        guard offset < bytes.count else { return atEnd ? .element(start: start, end: end, next: offset, closes: nil) : .needMore }
        switch bytes[offset] {
        case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            return offset < bytes.count || atEnd ? .element(start: start, end: end, next: offset, closes: false) : .needMore
        case UInt8(ascii: "]"):
            return .element(start: start, end: end, next: offset + 1, closes: true)
        default:
            // Only `,` or `]` may follow an element: anything else (a `}`, which nothing opened, another
            // value) ends the array on a fault, after the element.
            return .element(start: start, end: end, next: offset, closes: nil)
        }
    }

    /// Whether `byte` is JSON white space.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Moves the scan to `target` (absolute), counting lines and columns (Unicode scalars) on the way.
    private mutating func advance(to target: Int) {
        guard target > offset else { return }
        buffer.withUnsafeBufferPointer { bytes in
            var from = offset - base
            let to = target - base
            // A few bytes (the white space and separator between elements) one at a time.
            if to - from < 16 {
                position = Self.position(after: position, over: UnsafeBufferPointer(rebasing: bytes[from..<to]))
                return
            }
            while let newline = LineFeeds.first(in: bytes, within: from..<to) {
                position = SourcePosition(line: position.line + 1, column: 1)
                from = newline + 1
            }
            position.column += UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: bytes[from..<to]))
        }
        offset = target
    }

    /// The text read, from the start, when the array ended before any element was found (all of it is
    /// then still held); nil once one was.
    var textBeforeAnyElement: [UInt8]? {
        elementsFound == 0 && base == 0 ? buffer : nil
    }

    /// The whole-document reader's error for the text from the last element found on: read as the
    /// rest of the array, it fails where `parseRecords` would.
    private func syntaxError() -> DataFileError {
        let from = lastEnd
        let position = lastEndPosition
        let failure = buffer.withUnsafeBufferPointer { bytes in
            JSONReader.arrayFailure(UnsafeBufferPointer(rebasing: bytes[(from - base)...]), afterElement: elementsFound > 0)
        }
        return .malformed(DataParseError(message: failure.message, position: Self.position(after: position, in: buffer[(from - base)...],
                                                                                           at: failure.offset)).describing("malformed JSON"))
    }

    /// The position `count` bytes into `text`, which starts at `start`.
    static func position(after start: SourcePosition, in text: ArraySlice<UInt8>, at count: Int) -> SourcePosition {
        text.prefix(count).withUnsafeBufferPointer { position(after: start, over: $0) }
    }

    /// The position after `bytes`, which start at `start`, counted a byte at a time.
    private static func position(after start: SourcePosition, over bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var position = start
        for byte in bytes {
            if byte == 0x0A {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
        }
        return position
    }

    /// Reads the next block onto the buffer, in place.
    private mutating func fill() {
        let oldCount = buffer.count
        let room = FileBytes.readRoom(forFileOf: fileSize, after: base + oldCount, atMost: Self.blockSize)
        buffer.reserveCapacity(oldCount + room)
        let read = buffer.appendRead(atMost: room, from: descriptor)
        if let error = read.error { readError = error }
        if read.ended { atEnd = true }
    }
}

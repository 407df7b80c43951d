import Foundation

/// The text that records were read from: a whole file, one line of a JSON Lines file, or a window of
/// a JSON array read a part at a time (which may start in the middle of a line).
/// It turns byte offsets into positions and quotes lines for excerpts, building its line index
/// only when an error first needs it.
package final class DataDocument: @unchecked Sendable {
    /// The name shown in output: the path as given, or `<stdin>`.
    package let name: String
    // The text and what depends on it change only where a JSON Lines line's document, which nothing
    // else references any more, is made another line's (`replaceLine`): not checked for exclusive
    // access at run time.
    @exclusivity(unchecked) private(set) var bytes: [UInt8]
    /// The size of the text, in bytes.
    package var byteCount: Int { bytes.count }
    /// The line number of the first byte (above 1 for a JSON Lines line).
    @exclusivity(unchecked) private(set) var firstLine: Int
    /// The column of the first byte on its line (above 1 for a window that starts inside a line).
    let firstColumn: Int
    /// For a window of a JSON array: where each whole value it holds starts (sensitive values are
    /// looked for in these, as the window is not one JSON document).
    let jsonValueStarts: [Int]?
    /// For the last window of a JSON array that ended on a fault: where the text after its last
    /// element starts, which was not read, so that the sensitive values in it cannot be found; excerpts
    /// hide it whole.
    let jsonUnreadStart: Int?
    /// The positions output gives, worked out with the window's place in its file, or for a JSON Lines
    /// line from where the check found its sensitive values (see `FormSchema.redaction(of:)`); set by
    /// the thread that checks the window or the line, before any of its records is handed on.
    var knownRedaction: Redaction?
    /// The redaction of the line this document held before (see `replaceLine`), whose storage serves
    /// the next one made for it.
    @exclusivity(unchecked) private var spareRedaction: Redaction?
    /// For YAML text, its records; its lines then break where YAML's do (CR, LF, CRLF, NEL, LS, PS),
    /// as the reader counted them. JSON lines break at LF (a CR before it is not part of the line).
    let yamlRecords: [YAMLNode]?
    /// Guards `lineStarts`, which a document of several lines builds when first asked (a document of
    /// one line needs none), and `scalarsBeforeBlock`. A short document of one line (such as a JSON
    /// Lines record) needs neither, and has no lock.
    @exclusivity(unchecked) private var lock: NSLock?
    @exclusivity(unchecked) private var hasLineBreak: Bool
    private var lineStarts: [Int]?
    /// The number of Unicode scalars before each block of `blockSize` bytes (an `Int` per 256 bytes),
    /// so that a column far into a long line is counted from the nearest block, not from the line's
    /// start. Made when first needed, and only where `anchors` are not near enough.
    private var scalarsBeforeBlock: [Int]?
    /// For a one-line window of a JSON array: where each whole value starts, and how many scalars come
    /// before it (which the array's reader counted). A column near a value is counted from its start,
    /// so such a window needs no block index.
    private let anchors: (offsets: [Int], scalars: [Int])?
    static let blockSize = 256
    /// Scalars in a range up to this long are counted on its bytes (at eight a step) rather than from
    /// the blocks', so a short one-line document (a JSON Lines line) needs no block index.
    static let countedDirectly = 1024

    /// - Parameter jsonValueColumns: the column of each of `jsonValueStarts`.
    init(name: String, bytes: [UInt8], firstLine: Int = 1, firstColumn: Int = 1, yamlRecords: [YAMLNode]? = nil,
         jsonValueStarts: [Int]? = nil, jsonValueColumns: [Int]? = nil, jsonUnreadStart: Int? = nil) {
        self.name = name
        self.bytes = bytes
        self.firstLine = firstLine
        self.firstColumn = firstColumn
        self.yamlRecords = yamlRecords
        self.jsonValueStarts = jsonValueStarts
        self.jsonUnreadStart = jsonUnreadStart
        (hasLineBreak, lock) = Self.lineBreakAndLock(of: bytes, isYAML: yamlRecords != nil, lock: nil)
        if !hasLineBreak, let jsonValueStarts, let jsonValueColumns {
            assert(jsonValueStarts.count == jsonValueColumns.count, "a column for each value start")
            anchors = (jsonValueStarts, jsonValueColumns.map { $0 - firstColumn })
        } else {
            anchors = nil
        }
    }

    /// Whether `bytes` hold a line break, and the lock a document of them needs (`lock`, when there is
    /// one to keep): none for a short text of one line.
    private static func lineBreakAndLock(of bytes: [UInt8], isYAML: Bool, lock: NSLock?) -> (Bool, NSLock?) {
        let hasLineBreak = isYAML || LineFeeds.occur(in: bytes, within: 0..<bytes.count)
        return (hasLineBreak, hasLineBreak || bytes.count > countedDirectly ? lock ?? NSLock() : nil)
    }

    /// Makes this document, a JSON Lines line's that nothing else references any more (see
    /// `SharedBlock.reusedDocument`), the document of `line`, numbered `firstLine`, in the same file:
    /// its storage then serves the next line's text.
    func replaceLine(with line: UnsafeBufferPointer<UInt8>, firstLine: Int) {
        assert(yamlRecords == nil && jsonValueStarts == nil && anchors == nil && firstColumn == 1, "a document made another line's that is not a line's")
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: line)
        self.firstLine = firstLine
        (hasLineBreak, lock) = Self.lineBreakAndLock(of: bytes, isYAML: false, lock: lock)
        lineStarts = nil
        scalarsBeforeBlock = nil
        spareRedaction = knownRedaction.take()
    }

    /// The redaction of the line this document held before, if any: its storage serves this line's.
    func takeSpareRedaction() -> Redaction? {
        spareRedaction.take()
    }

    /// Where the bytes in `range` lie: the end is counted on from the start when no line break lies
    /// between them, and the start from `known` (an earlier offset whose position is known, such as
    /// its record's start) in the same way.
    func span(ofBytes range: Range<Int>, after known: (offset: Int, position: SourcePosition)? = nil) -> SourceSpan {
        let start: SourcePosition
        if let known, yamlRecords == nil, known.offset <= range.lowerBound, range.lowerBound <= bytes.count,
            !LineFeeds.occur(in: bytes, within: known.offset..<range.lowerBound) {
            start = SourcePosition(line: known.position.line, column: known.position.column + scalars(in: known.offset..<range.lowerBound))
        } else {
            start = position(ofOffset: range.lowerBound)
        }
        let end = min(range.upperBound, bytes.count)
        guard yamlRecords == nil, range.lowerBound <= end,
            !LineFeeds.occur(in: bytes, within: range.lowerBound..<end)
        else { return SourceSpan(start: start, end: position(ofOffset: range.upperBound)) }
        return SourceSpan(start: start, end: SourcePosition(line: start.line, column: start.column + scalars(in: range.lowerBound..<end)))
    }

    /// Where each of the byte ranges lies: each counted on from the end of the one before, when no
    /// line break lies between them (see `span(ofBytes:after:)`), so that ranges in order on one line
    /// are counted in one pass over it.
    func spans(ofBytes ranges: [Range<Int>]) -> [SourceSpan] {
        withSpans(ofBytes: ranges, Array.init)
    }

    /// Calls `body` with the spans `spans(ofBytes:)` gives, in memory valid for the call (on the stack,
    /// for a few).
    func withSpans<Result>(ofBytes ranges: [Range<Int>], _ body: (UnsafeBufferPointer<SourceSpan>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: SourceSpan.self, capacity: ranges.count) { spans in
            var known: (offset: Int, position: SourcePosition)?
            for (index, range) in ranges.enumerated() {
                let span = span(ofBytes: range, after: known)
                known = (range.upperBound, span.end)
                spans.initializeElement(at: index, to: span)
            }
            defer { spans.deinitialize() }
            return body(UnsafeBufferPointer(spans))
        }
    }

    /// The line and column (in Unicode scalars) of a byte offset.
    func position(ofOffset offset: Int) -> SourcePosition {
        // The last line that starts at the offset or before (the first, for an offset before it): the
        // first of a document of one line, which keeps no index of line starts.
        var (low, lineStart) = (0, 0)
        if hasLineBreak {
            let starts = lineIndex()
            low = max(0, starts.partitioningIndex { $0 > offset } - 1)
            lineStart = starts[low]
        }
        let end = min(offset, bytes.count)
        return SourcePosition(line: firstLine + low, column: firstColumn(ofLine: firstLine + low) + scalars(in: min(lineStart, end)..<end))
    }

    /// The column of a line's first byte here: `firstColumn` for the first line, else 1.
    func firstColumn(ofLine number: Int) -> Int {
        number == firstLine ? firstColumn : 1
    }

    /// The byte offset of a column of a line (clamped to the line's end).
    func offset(ofColumn column: Int, onLine number: Int) -> Int {
        guard let line = lineRange(number) else { return bytes.count }
        let target = scalars(in: 0..<line.lowerBound) + max(column - firstColumn(ofLine: number), 0)
        // From the last anchor or block that starts before the scalar, then scalar by scalar.
        var offset: Int
        var knownCount: Int?
        if let anchors, let index = Self.lastIndex(in: anchors.scalars, atMost: target),
            target - anchors.scalars[index] <= Self.countedDirectly {
            // A one-line text: the anchor's count is the scalars before it.
            (offset, knownCount) = (anchors.offsets[index], anchors.scalars[index])
        } else if line.count > Self.countedDirectly {
            let blocks = scalarsBlocks()
            let first = line.lowerBound / Self.blockSize
            let candidates = blocks[first..<max(first, min(blocks.count, line.upperBound / Self.blockSize + 1))]
            offset = max(first, candidates.partitioningIndex { $0 > target } - 1) * Self.blockSize
        } else {
            offset = line.lowerBound
        }
        if offset < line.lowerBound { (offset, knownCount) = (line.lowerBound, nil) }
        return self.offset(ofScalar: target - (knownCount ?? scalars(in: 0..<offset)), after: offset, before: line.upperBound)
    }

    /// The offset of the scalar `count` scalars on from the one at `start` (a scalar's first byte), or
    /// `limit` when the text ends first; walked eight bytes at a time while the scalar lies beyond them.
    func offset(ofScalar count: Int, after start: Int, before limit: Int) -> Int {
        bytes.withUnsafeBufferPointer { UTF8Text.offset(ofScalar: count, after: start, before: limit, in: $0) }
    }

    /// How many Unicode scalars (UTF-8 lead bytes) `range` holds: counted from the nearest block when
    /// the range is long.
    private func scalars(in range: Range<Int>) -> Int {
        guard range.count > Self.countedDirectly else { return Self.scalarCount(of: bytes[range]) }
        return scalarsBefore(range.upperBound) - (range.lowerBound == 0 ? 0 : scalarsBefore(range.lowerBound))
    }

    private func scalarsBefore(_ offset: Int) -> Int {
        if let anchors, let index = Self.lastIndex(in: anchors.offsets, atMost: offset), offset - anchors.offsets[index] <= Self.countedDirectly {
            return anchors.scalars[index] + Self.scalarCount(of: bytes[anchors.offsets[index]..<offset])
        }
        let blocks = scalarsBlocks()
        let block = offset / Self.blockSize
        return blocks[block] + Self.scalarCount(of: bytes[(block * Self.blockSize)..<offset])
    }

    private static func scalarCount(of bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer(UTF8Text.scalarCount)
    }

    /// The table of `scalarsBeforeBlock`; a large text's blocks are counted on several threads.
    private static func scalarsBeforeBlocks(of bytes: [UInt8]) -> [Int] {
        let blocks = bytes.count / blockSize
        var counts = [Int](repeating: 0, count: blocks + 1)
        let parts = bytes.count >= 1 << 22 ? ProcessInfo.processInfo.activeProcessorCount * 4 : 1
        counts.withUnsafeMutableBufferPointer { counts in
            nonisolated(unsafe) let counts = counts
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for block in stride(from: part * blocks / parts, to: (part + 1) * blocks / parts, by: 1) {
                    counts[block + 1] = scalarCount(of: bytes[(block * blockSize)..<((block + 1) * blockSize)])
                }
            }
        }
        for block in 0..<blocks { counts[block + 1] += counts[block] }
        return counts
    }

    /// The index of the last of `values` (in increasing order) that is at most `limit`.
    private static func lastIndex(in values: [Int], atMost limit: Int) -> Int? {
        let past = values.partitioningIndex { $0 > limit }
        return past > 0 ? past - 1 : nil
    }

    private func scalarsBlocks() -> [Int] {
        guard let lock else { return [0] }
        lock.lock()
        defer { lock.unlock() }
        if scalarsBeforeBlock == nil { scalarsBeforeBlock = Self.scalarsBeforeBlocks(of: bytes) }
        return scalarsBeforeBlock!
    }

    /// The byte range of a line (numbered as in the file), without its line break.
    func lineRange(_ number: Int) -> Range<Int>? {
        let index = number - firstLine
        let start: Int
        var end: Int
        if hasLineBreak {
            let starts = lineIndex()
            guard index >= 0, index < starts.count else { return nil }
            start = starts[index]
            end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
            if yamlRecords != nil {
                end = start
                while end < bytes.count, yamlLineBreakLength(at: end) == 0 { end += 1 }
            }
        } else {
            // A document of one line keeps no index of line starts.
            guard index == 0 else { return nil }
            (start, end) = (0, bytes.count)
        }
        if end > start, end <= bytes.count, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of a line (numbered as in the file), without its line break.
    package func line(_ number: Int) -> String? {
        lineRange(number).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The length of the YAML line break at `index` (CR LF counts as one), or 0.
    private func yamlLineBreakLength(at index: Int) -> Int {
        Self.yamlLineBreakLength(in: bytes, at: index)
    }

    /// The length of the YAML line break at `index` of `bytes` (CR LF counts as one), or 0.
    static func yamlLineBreakLength(in bytes: [UInt8], at index: Int) -> Int {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2 where byte(1) == 0x85: return 2
        case 0xE2 where byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9): return 3
        default: return 0
        }
    }

    /// The first index from `start` on of a byte that may start a line break of YAML as libyaml counts
    /// them (a control character, DEL or a byte beyond ASCII: NEL and the line and paragraph separators
    /// start so), or the end: printable ASCII is passed eight bytes at a time.
    static func nextPossibleYAMLLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            let word = ByteWord.load(bytes, at: index)
            let candidates = ByteWord.bytes(below: 0x0E, in: word) | ByteWord.bytesFromDelete(in: word)
            if candidates != 0 { return index + candidates.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] >= 0x0E, bytes[index] < 0x7F { index += 1 }
        return index
    }

    /// The start of each line; for a document of several lines only.
    private func lineIndex() -> [Int] {
        guard let lock else { preconditionFailure("a line index asked of a document of one line") }
        lock.lock()
        defer { lock.unlock() }
        if let lineStarts { return lineStarts }
        var starts = [0]
        if yamlRecords != nil {
            var index = 0
            while index < bytes.count {
                let length = yamlLineBreakLength(at: index)
                index += max(length, 1)
                if length > 0 { starts.append(index) }
            }
        } else {
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                while let found = LineFeeds.first(in: bytes, within: index..<bytes.count) {
                    index = found + 1
                    starts.append(index)
                }
            }
        }
        lineStarts = starts
        return starts
    }
}

/// A stretch of a data file, from the first character of a value to just after its last.
package struct SourceSpan: Sendable, Hashable {
    package var start: SourcePosition
    package var end: SourcePosition

    package init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

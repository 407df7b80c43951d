/// One quoted source line with a marker line under it, as compilers print them:
///
///       "email": "nope",
///                ^~~~~~
///
/// Tabs become four spaces, redacted column ranges become `***`, other control and format characters
/// are escaped as `PrintableText` writes them, and a line longer than `width` is cut to a window around
/// the marker, with `…` where text was left out.
package struct SourceExcerpt: Sendable, Hashable {
    /// The line as shown.
    package var text: String { String(decoding: written(appendText), as: UTF8.self) }
    /// Spaces, a caret under the first column, and tildes under the rest of the span on this line.
    package var marker: String { String(decoding: written(appendMarker), as: UTF8.self) }

    /// The UTF-8 of the shown characters in the window, without the ellipses: a slice of the source's
    /// bytes when they are shown as they are, so that output copies them from there.
    private let window: ArraySlice<UInt8>
    /// Whether text was left out before the window, and after it.
    private let isCutBefore: Bool
    private let isCutAfter: Bool
    /// The marker line: spaces before the caret, and tildes after it.
    private let markerSpaces: Int
    private let markerTildes: Int

    /// - Parameters:
    ///   - line: the source line, without its line break.
    ///   - column: the 1-based column (in Unicode scalars) to put the caret under.
    ///   - endColumn: the column just after the span, when it ends on this line.
    ///   - redacting: 1-based column ranges whose text must not be shown.
    ///   - width: the most characters to show.
    package init(line: String, column: Int, endColumn: Int? = nil, redacting: [Range<Int>] = [], width: Int = 100) {
        var line = line
        let layout = redacting.isEmpty && line.withUTF8(UTF8Text.isPrintableASCII)
            ? Layout(ascii: line) : Layout(scalarsOf: line, redacting: redacting)
        self.init(count: layout.count, caret: layout.start(column), end: endColumn.map(layout.start), width: width, text: layout.text)
    }

    /// The same for a line whose text is printable outside the column ranges to hide (which may hold
    /// anything): well-formed UTF-8 without a tab or a character that `PrintableText` escapes, shown as
    /// it is. It is given as its bytes and shown from them without decoding, and read only as far as
    /// its window needs; nil when a character read is not shown as it is, and when the ranges are not
    /// in order or overlap.
    init?(printable line: ArraySlice<UInt8>, column: Int, endColumn: Int?, redacting hidden: some Collection<Range<Int>>,
          width: Int = 100) {
        guard zip(hidden, hidden.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else { return nil }
        if hidden.isEmpty {
            guard let excerpt = Self(unhidden: line, column: column, endColumn: endColumn, width: width) else { return nil }
            self = excerpt
            return
        }
        guard width >= 0 else { return nil }
        // The line is read from its start, a run of shown characters or a hidden value at a time, only as
        // far as it must be: once the caret has landed, until one character past the window's end is
        // shown (any count beyond the window's end gives the same window and marker, as for a line with
        // nothing hidden). A column past the line's end lands at the end of the shown text.
        let targets = (caret: max(column, 1), end: endColumn.map { max($0, 1) })
        var landed: (caret: Int?, end: Int?) = (nil, nil)
        // The UTF-8 of the shown text, and how many characters it holds.
        var written: [UInt8] = []
        written.reserveCapacity(min(line.count, 4 * (width + 1) + 16))
        var shownCount = 0
        var offset = line.startIndex
        var column = 1
        /// How many characters shown settle the window: one more than its end, once the caret has landed.
        var enough = Int.max
        func land(_ caret: Int) {
            landed.caret = caret
            enough = max(0, caret - width * 2 / 5) + width + 1
        }
        /// Shows the columns from `column` to `stop` as they are, as far as the line goes and the window
        /// needs; false at a character that is not shown as it is.
        func show(until stop: Int) -> Bool {
            let (first, shownBefore) = (column, shownCount)
            // The caret's landing, when it lies in this run, bounds how far the run is read.
            let caretHere = landed.caret == nil && targets.caret >= first && targets.caret < stop
            if caretHere { land(shownBefore + targets.caret - first) }
            let wanted = min(stop - first, enough - shownBefore)
            let (end, count) = Self.printableScalars(wanted, in: line, from: offset)
            guard count == wanted || end == line.endIndex else { return false }
            line.withUnsafeBufferPointer { bytes in
                written.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(offset - line.startIndex)..<(end - line.startIndex)]))
            }
            (offset, column, shownCount) = (end, first + count, shownBefore + count)
            // A column beyond the line's end lands at the end of the shown text, as after the last character.
            if caretHere, targets.caret >= column { landed.caret = nil }
            if landed.end == nil, let target = targets.end, target >= first, target < column { landed.end = shownBefore + target - first }
            return true
        }
        /// Shows the columns from `column` to `stop` that the line holds as one `***`.
        func hide(until stop: Int) {
            let first = column
            guard stop > first, offset < line.endIndex else { return }
            // The hidden scalars end where the next shown one starts, or at the line's end: their count
            // is how many starts lie between.
            let skipped = line.withUnsafeBufferPointer { bytes in
                let from = offset - line.startIndex
                let to = UTF8Text.offset(ofScalar: stop - first, after: from, before: bytes.count, in: bytes)
                return (to, to == bytes.count ? UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: bytes[from..<to])) : stop - first)
            }
            (offset, column) = (line.startIndex + skipped.0, first + skipped.1)
            if landed.caret == nil, targets.caret >= first, targets.caret < column { land(shownCount) }
            if landed.end == nil, let target = targets.end, target >= first, target < column { landed.end = shownCount }
            for _ in 0..<3 { written.append(UInt8(ascii: "*")) }
            shownCount += 3
        }
        for range in hidden where range.upperBound > column {
            guard offset < line.endIndex, shownCount < enough else { break }
            guard show(until: max(range.lowerBound, column)) else { return nil }
            guard offset < line.endIndex, shownCount < enough else { break }
            hide(until: range.upperBound)
        }
        if offset < line.endIndex, shownCount < enough {
            guard show(until: .max) else { return nil }
        }
        let caret = landed.caret ?? shownCount
        let end = targets.end.map { _ in landed.end ?? shownCount }
        let shown = written[...]
        self.init(count: shownCount, caret: caret, end: end, width: width, text: Self.window(of: shown, isASCII: shownCount == shown.count))
    }

    /// The same for a line with nothing to hide, read from its start only as far as it must be: a line
    /// that goes on past its window as far as the window's end, and any other line whole (its
    /// characters are its scalars; a line of printable ASCII, its bytes). The window starts
    /// `2 * width / 5` characters before the caret, and whatever follows it only makes the line longer
    /// (a character that `PrintableText` escapes shows as more than one), which moves neither the
    /// window nor the marker. Nil when a character read is not shown as it is.
    init?(unhidden line: ArraySlice<UInt8>, column: Int, endColumn: Int?, width: Int = 100) {
        guard width >= 0 else { return nil }
        let caret = max(column, 1) - 1
        let first = max(0, caret - width * 2 / 5)
        // A line of no more bytes than `width` is shown whole.
        let isCut = width < line.count
        // Printable ASCII is read first, a scalar a byte, up to one past the window when the line can
        // hold that many; the rest of the way as scalars.
        let ascii = line.withUnsafeBufferPointer { UTF8Text.printableASCIIPrefix(of: $0, upTo: isCut ? first + width + 1 : line.count) }
        if ascii == line.count {
            self.init(count: line.count, column: column, endColumn: endColumn, width: width, text: Self.window(of: line, isASCII: true))
            return
        }
        var (readTo, counted) = (line.startIndex + ascii, ascii)
        /// Reads on to the scalar numbered `target` while the line goes on and its scalars are shown as
        /// they are; where that scalar starts, or nil when the reading stopped short of it.
        func read(to target: Int) -> Int? {
            guard target > ascii else { return line.startIndex + target }
            let (end, read) = Self.printableScalars(target - counted, in: line, from: readTo)
            (readTo, counted) = (end, counted + read)
            return counted == target ? end : nil
        }
        if isCut, let windowStart = read(to: first), let windowEnd = read(to: first + width), windowEnd < line.endIndex {
            // More characters follow the window: any count beyond it gives this window.
            self.init(count: first + width + 1, column: column, endColumn: endColumn, width: width) { range in
                assert(range == first..<(first + width), "a window other than the one read")
                return line[windowStart..<windowEnd]
            }
            return
        }
        // The line ends before the window does, or is shown whole: read to its end.
        if readTo < line.endIndex { _ = read(to: .max) }
        guard readTo == line.endIndex else { return nil }
        self.init(count: counted, column: column, endColumn: endColumn, width: width, text: Self.window(of: line, isASCII: counted == line.count))
    }

    /// The excerpt of a line of `count` characters shown as they are, its columns counted in them:
    /// columns past the end land at its end.
    private init(count: Int, column: Int, endColumn: Int?, width: Int, text: (Range<Int>) -> ArraySlice<UInt8>) {
        let start = { min(max($0, 1), count + 1) - 1 }
        self.init(count: count, caret: start(column), end: endColumn.map(start), width: width, text: text)
    }

    /// The UTF-8 of a range of the characters of `shown`, text whose characters are its scalars.
    private static func window(of shown: ArraySlice<UInt8>, isASCII: Bool) -> (Range<Int>) -> ArraySlice<UInt8> {
        { range in
            guard !isASCII else { return shown[(shown.startIndex + range.lowerBound)..<(shown.startIndex + range.upperBound)] }
            return shown.withUnsafeBufferPointer { bytes in
                let first = UTF8Text.offset(ofScalar: range.lowerBound, after: 0, before: bytes.count, in: bytes)
                let last = UTF8Text.offset(ofScalar: range.count, after: first, before: bytes.count, in: bytes)
                return shown[(shown.startIndex + first)..<(shown.startIndex + last)]
            }
        }
    }

    /// Where the scalars from `start` of `line` end that are shown as they are, `count` of them at
    /// most, and how many they are: printable ASCII (read eight bytes at a time), or well-formed
    /// sequences of characters that `PrintableText` does not escape. They stop short of `count` where
    /// the line ends, or where a scalar is not one of those.
    private static func printableScalars(_ count: Int = .max, in line: ArraySlice<UInt8>, from start: Int) -> (end: Int, count: Int) {
        line.withUnsafeBufferPointer { bytes in
            var offset = start - line.startIndex
            var remaining = count
            while remaining > 0, offset < bytes.count {
                // Eight bytes at a time: printable ASCII, or else the two-byte sequences that a word
                // settles alone; any other scalar one at a time.
                if offset + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, at: offset)
                    if ByteWord.bytes(below: 0x20, in: word) | ByteWord.bytesFromDelete(in: word) == 0 {
                        let run = min(8, remaining)
                        (offset, remaining) = (offset + run, remaining - run)
                        continue
                    }
                    if remaining >= 8 {
                        let run = ByteWord.shownTextRun(in: word)
                        (offset, remaining) = (offset + run.bytes, remaining - run.scalars)
                        if run.bytes > 0 { continue }
                    }
                }
                let byte = bytes[offset]
                let length: Int
                if byte < 0x80 {
                    guard byte >= 0x20, byte < 0x7F else { break }
                    length = 1
                } else if UTF8Text.isTwoByteSequence(in: bytes, at: offset) {
                    let value = UTF8Text.twoByteScalar(lead: byte, second: bytes[offset + 1])
                    guard !PrintableText.needsEscaping(Unicode.Scalar(UInt16(value))!) else { break }
                    length = 2
                } else {
                    guard let sequence = UTF8Text.sequenceLength(in: bytes, at: offset),
                        !PrintableText.needsEscaping(UTF8Text.scalar(in: bytes, at: offset).0)
                    else { break }
                    length = sequence
                }
                (offset, remaining) = (offset + length, remaining - 1)
            }
            return (line.startIndex + offset, count - remaining)
        }
    }

    /// The excerpt of a line of `count` shown characters, with the caret under the one at `caret` and
    /// the span ending before `end`; `text` gives the UTF-8 of the shown characters of a range.
    private init(count: Int, caret: Int, end spanEnd: Int?, width: Int, text shown: (Range<Int>) -> ArraySlice<UInt8>) {
        var end = caret + 1
        if let spanEnd { end = max(end, spanEnd) }
        var first = 0
        var last = count
        if count > width {
            first = max(0, min(caret - width * 2 / 5, count - width))
            last = min(count, first + width)
        }
        window = shown(first..<last)
        (isCutBefore, isCutAfter) = (first > 0, last < count)
        markerSpaces = max(0, caret - first + (first > 0 ? 1 : 0))
        markerTildes = max(0, min(end, last) - caret - 1)
    }

    /// Appends the line as shown.
    package func appendText(to out: inout some ByteSink) {
        let ellipsis: StaticString = "\u{2026}"
        let ellipsisUTF8 = UnsafeBufferPointer(start: ellipsis.utf8Start, count: ellipsis.utf8CodeUnitCount)
        if isCutBefore { out.append(ellipsisUTF8) }
        window.withUnsafeBufferPointer { out.append($0) }
        if isCutAfter { out.append(ellipsisUTF8) }
    }

    /// Appends the marker line: spaces, a caret, tildes.
    package func appendMarker(to out: inout some ByteSink) {
        Self.runs.withUnsafeBufferPointer { runs in
            func append(_ count: Int, from start: Int) {
                for written in stride(from: 0, to: count, by: Self.runLength) {
                    out.append(UnsafeBufferPointer(rebasing: runs[start..<(start + min(Self.runLength, count - written))]))
                }
            }
            append(markerSpaces, from: 0)
            out.append(UInt8(ascii: "^"))
            append(markerTildes, from: Self.runLength)
        }
    }

    private static let runLength = 128
    /// A run of spaces and a run of tildes, which markers are copied from.
    private static let runs = [UInt8](repeating: UInt8(ascii: " "), count: runLength) + [UInt8](repeating: UInt8(ascii: "~"), count: runLength)

    /// What `append` writes, as an array.
    private func written(_ append: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        append(&bytes)
        return bytes
    }

    /// The line as shown, and where each source column lands in it.
    private struct Layout {
        /// Characters shown.
        let count: Int
        /// Where a source column (1-based, clamped to one past the end) starts in the shown text.
        let start: (_ column: Int) -> Int
        /// The UTF-8 of the shown characters in a range.
        let text: (Range<Int>) -> ArraySlice<UInt8>

        /// A line of printable ASCII, shown as it is: columns are bytes.
        init(ascii line: String) {
            let bytes = Array(line.utf8)
            count = bytes.count
            start = { min(max($0, 1), bytes.count + 1) - 1 }
            text = { bytes[$0] }
        }

        /// Any line: tabs become four spaces, redacted columns `***`, and other control and format
        /// characters their escapes.
        init(scalarsOf line: String, redacting: [Range<Int>]) {
            let scalars = Array(line.unicodeScalars)
            var shown: [Unicode.Scalar] = []
            var starts = Array(repeating: 0, count: scalars.count + 2)
            var index = 0
            while index < scalars.count {
                let column = index + 1
                if let hidden = redacting.first(where: { $0.contains(column) }) {
                    let stop = min(hidden.upperBound - 1, scalars.count)
                    for skipped in column...max(column, stop) { starts[skipped] = shown.count }
                    shown += "***".unicodeScalars
                    index = stop
                    continue
                }
                starts[column] = shown.count
                if scalars[index] == "\t" {
                    shown += "    ".unicodeScalars
                } else {
                    PrintableText.append(scalars[index], to: &shown)
                }
                index += 1
            }
            starts[scalars.count + 1] = shown.count
            count = shown.count
            start = { [starts] in starts[min(max($0, 1), scalars.count + 1)] }
            text = { [shown] range in
                var utf8: [UInt8] = []
                for scalar in shown[range] { UTF8.encode(scalar) { utf8.append($0) } }
                return utf8[...]
            }
        }
    }
}

/// Where sensitive values are written in a document, and how output shows them: each value as `***`.
///
/// Positions are counted as the redacted text shows them: on a line that holds sensitive values,
/// columns are counted as if each value were written `***`, so a sensitive value spans three
/// columns from where it starts and no column tells its length. Line numbers stay exact.
package struct Redaction: Sendable {
    /// A sensitive value's columns on one line it touches.
    struct Entry: Sendable {
        let line: Int
        /// 1-based, in Unicode scalars.
        var columns: Range<Int>
        /// How many columns the values before it on its line lose when shown as `***`.
        let shiftBefore: Int
    }

    /// One entry per line a value touches, in order of line and column: one flat array, so that a
    /// record's redaction is one allocation whatever its lines, and a line of many values (a JSON array
    /// on one line) is searched.
    private var entries: [Entry] = []
    /// For text that starts inside a line (a window of a JSON array): that line, and the columns the
    /// values before the text lose on it.
    private var carried: (line: Int, shift: Int)?

    /// No value to hide.
    package init() {}

    /// The values written at `spans`, their entries made in the storage of `spare` (a redaction done
    /// with) when given.
    init(spans: some Collection<SourceSpan>, in spare: consuming Redaction? = nil) {
        entries = spare?.entries ?? []
        _ = consume spare
        entries.empty()
        entries.reserveCapacity(spans.count)
        var shift = 0
        // Values each on one line and in order (those of a JSON record) are entered as they come: a
        // value's columns on its line start at its start.
        if spans.allSatisfy({ $0.start.line == $0.end.line }), zip(spans, spans.dropFirst()).allSatisfy({ $0.start <= $1.start }) {
            for span in spans {
                if let columns = span.columns(onLine: span.start.line) { enter((span.start.line, columns), shift: &shift) }
            }
            return
        }
        var pieces: [(line: Int, columns: Range<Int>)] = []
        pieces.reserveCapacity(spans.count)
        for span in spans {
            for line in span.start.line...max(span.start.line, span.end.line) {
                if let columns = span.columns(onLine: line) { pieces.append((line, columns)) }
            }
        }
        func precedes(_ a: (line: Int, columns: Range<Int>), _ b: (line: Int, columns: Range<Int>)) -> Bool {
            a.line != b.line ? a.line < b.line : a.columns.lowerBound < b.columns.lowerBound
        }
        if !zip(pieces, pieces.dropFirst()).allSatisfy({ !precedes($1, $0) }) { pieces.sort(by: precedes) }
        for piece in pieces { enter(piece, shift: &shift) }
    }

    /// Enters the next hidden columns in order; `shift` is what the ones before on the line lose.
    private mutating func enter(_ entry: (line: Int, columns: Range<Int>), shift: inout Int) {
        let sameLine = entries.last?.line == entry.line
        // A value written inside another (a YAML anchor within a sensitive value) is merged into
        // it, as the excerpt shows them: one `***`.
        if sameLine, let last = entries.last?.columns, entry.columns.lowerBound < last.upperBound {
            shift -= last.count - 3
            entries[entries.count - 1].columns = last.lowerBound..<max(last.upperBound, entry.columns.upperBound)
            shift += entries[entries.count - 1].columns.count - 3
            return
        }
        if !sameLine { shift = 0 }
        entries.append(Entry(line: entry.line, columns: entry.columns, shiftBefore: shift))
        shift += entry.columns.count - 3
    }

    /// Counts on `line` the columns that values written before this text lose: positions there move
    /// left by `shift` more.
    mutating func carry(_ shift: Int, onLine line: Int) {
        carried = shift == 0 ? nil : (line, shift)
    }

    /// How many columns the values on `line` that start before `column` lose when shown as `***`
    /// (with those carried from before the text).
    func lostColumns(onLine line: Int, before column: Int) -> Int {
        withHiddenValues(onLine: line) { onLine in
            let index = onLine.partitioningIndex { $0.columns.lowerBound >= column }
            guard index > onLine.startIndex else { return carriedShift(onLine: line) }
            return carriedShift(onLine: line) + onLine[index - 1].shiftBefore + onLine[index - 1].columns.count - 3
        }
    }

    /// How many columns the values written at `ranges` of `bytes` (well-formed UTF-8, in order, apart,
    /// and all on one line) lose when shown as `***`.
    static func lostColumns(ofValuesAt ranges: [Range<Int>], onOneLineOf bytes: UnsafeBufferPointer<UInt8>) -> Int {
        ranges.reduce(0) { $0 + UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: bytes[$1])) - 3 }
    }

    /// The columns carried onto `line` from before the text (0 on any other line).
    private func carriedShift(onLine line: Int) -> Int {
        carried.map { $0.line == line ? $0.shift : 0 } ?? 0
    }

    /// The values whose columns must not be shown on `line`, in order.
    func hiddenValues(onLine line: Int) -> ArraySlice<Entry> {
        guard !entries.isEmpty else { return [] }
        return entries[Self.indices(onLine: line, of: entries)]
    }

    /// Calls `body` with the values whose columns must not be shown on `line`, in order, read in
    /// place: a position is shown for every issue, and a slice of the entries would retain and release
    /// their storage each time.
    private func withHiddenValues<Result>(onLine line: Int, _ body: (Slice<UnsafeBufferPointer<Entry>>) -> Result) -> Result {
        entries.withUnsafeBufferPointer { all in body(all[Self.indices(onLine: line, of: all)]) }
    }

    /// Where the values on `line` lie among `entries`.
    private static func indices<Entries: RandomAccessCollection<Entry>>(onLine line: Int, of entries: Entries) -> Range<Int>
        where Entries.Index == Int {
        let first = entries.partitioningIndex { $0.line >= line }
        return first..<entries[first...].partitioningIndex { $0.line > line }
    }

    /// The columns of some hidden values, each counted from `shift` columns further right: a view of
    /// their entries, which an excerpt reads without a list made for it.
    struct ShiftedColumns: RandomAccessCollection {
        let values: ArraySlice<Entry>
        let shift: Int

        var startIndex: Int { values.startIndex }
        var endIndex: Int { values.endIndex }

        subscript(index: Int) -> Range<Int> {
            let columns = values[index].columns
            return (columns.lowerBound - shift)..<(columns.upperBound - shift)
        }
    }

    /// The column ranges whose text must not be shown on `line`.
    package func columns(onLine line: Int) -> [Range<Int>] {
        hiddenValues(onLine: line).map { $0.columns }
    }

    /// The values on `line` whose columns reach into `columns`.
    func hiddenValues(onLine line: Int, overlapping columns: Range<Int>) -> ArraySlice<Entry> {
        let onLine = hiddenValues(onLine: line)
        let first = onLine.partitioningIndex { $0.columns.upperBound > columns.lowerBound }
        let last = onLine.partitioningIndex { $0.columns.lowerBound >= columns.upperBound }
        return onLine[first..<max(first, last)]
    }

    /// A position as output gives it: columns after a sensitive value move as if it were `***`, and a
    /// position inside one moves to its start.
    package func shown(_ position: SourcePosition) -> SourcePosition {
        let carriedShift = carriedShift(onLine: position.line)
        return withHiddenValues(onLine: position.line) { onLine in
            guard let last = onLine.last else { return SourcePosition(line: position.line, column: position.column - carriedShift) }
            // The first value that does not end before the position.
            let index = onLine.partitioningIndex { $0.columns.upperBound > position.column }
            let shift = index < onLine.endIndex ? onLine[index].shiftBefore : last.shiftBefore + last.columns.count - 3
            var column = position.column
            if index < onLine.endIndex, onLine[index].columns.lowerBound < column { column = onLine[index].columns.lowerBound }
            return SourcePosition(line: position.line, column: column - shift - carriedShift)
        }
    }

    /// A syntax error met in the document, at the position output gives (see `shown(_:)`), so that its
    /// column does not tell the lengths of the sensitive values before it on its line.
    package func shown(_ error: DataParseError) -> DataParseError {
        DataParseError(message: error.message, position: shown(error.position))
    }

    /// A span as output gives it: a sensitive value's own span is its start column to start + 3.
    package func shown(_ span: SourceSpan) -> SourceSpan {
        entries.isEmpty && carried == nil ? span : SourceSpan(start: shown(span.start), end: shown(span.end))
    }
}

extension SourceSpan {
    /// The 1-based columns this span covers on `line`, when it touches that line (a span that ends at
    /// the start of a later line, as a YAML block scalar does, covers nothing there).
    func columns(onLine line: Int) -> Range<Int>? {
        guard start.line <= line, end.line >= line, end.line == start.line || end.line > line || end.column > 1 else { return nil }
        let first = start.line == line ? start.column : 1
        let last = end.line == line ? end.column : Int.max
        return first..<max(first + 1, last)
    }
}

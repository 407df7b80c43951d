extension DataDocument {
    /// The excerpt of a line that output quotes under an issue (see `SourceExcerpt`), with the columns
    /// that `redaction` hides on it shown as `***`.
    ///
    /// Its text is read from the bytes of the stretch it can show only: on a long line (a JSON array
    /// written on one line), from enough characters each side of the caret that the window is the one
    /// the whole line would give, so that an issue costs the same wherever it lies.
    package func excerpt(line number: Int, column: Int, endColumn: Int?, redaction: Redaction, width: Int = 100) -> SourceExcerpt? {
        guard let line = lineRange(number) else { return nil }
        // Columns of a line that starts before this text (in a window of a JSON array) count from here.
        let lineStart = firstColumn(ofLine: number)
        guard line.count / 8 > width else {
            let shift = lineStart - 1
            let column = column - shift
            let endColumn = endColumn.map { $0 - shift }
            let hidden = Redaction.ShiftedColumns(values: redaction.hiddenValues(onLine: number), shift: shift)
            return Self.excerpt(of: bytes[line], column: column, endColumn: endColumn, hiding: hidden, width: width)
        }
        // Each character shows as one at least, and a hidden value as three: walking out from the caret
        // until more than `width` are shown each side keeps every one the window can show. The walk
        // steps over each run of shown characters at once, and over each hidden value.
        let values = redaction.hiddenValues(onLine: number)
        let caret = max(column, lineStart)
        var first = caret
        var shown = 0
        // The last hidden range that starts before `first`.
        var before = values.partitioningIndex { $0.columns.lowerBound >= first } - 1
        while shown <= width, first > lineStart {
            if before >= values.startIndex, values[before].columns.upperBound >= first {
                first = values[before].columns.lowerBound
                shown += 3
                before -= 1
            } else {
                let steps = min(first - max(before >= values.startIndex ? values[before].columns.upperBound : lineStart, lineStart), width + 1 - shown)
                first -= steps
                shown += steps
            }
        }
        // The walk may go past the line's end: its offset is the line's end, and no hidden range lies
        // beyond it. A value that goes on to the next line hides everything after its start (its range
        // ends at `Int.max`): the walk stops there, and the window takes the rest of the line.
        var end = caret
        shown = 0
        // The first hidden range that ends after `end`.
        var after = values.partitioningIndex { $0.columns.upperBound > end }
        while shown <= width, end < Int.max {
            if after < values.endIndex, values[after].columns.lowerBound <= end {
                end = values[after].columns.upperBound
                shown += 3
                after += 1
            } else {
                let steps = min((after < values.endIndex ? values[after].columns.lowerBound : Int.max) - end, width + 1 - shown)
                end += steps
                shown += steps
            }
        }
        let start = offset(ofColumn: first, onLine: number)
        // Where the window ends: walked on from its start while that is short (no long hidden value
        // lies between), else looked up.
        let stop = end == Int.max ? line.upperBound
            : end - first <= 8 * (width + 1) ? offset(ofScalar: end - first, after: start, before: line.upperBound)
            : offset(ofColumn: end, onLine: number)
        let hidden = Redaction.ShiftedColumns(values: redaction.hiddenValues(onLine: number, overlapping: first..<end), shift: first - 1)
        return Self.excerpt(of: bytes[start..<stop], column: column - first + 1, endColumn: endColumn.map { $0 - first + 1 },
                            hiding: hidden, width: width)
    }

    /// The excerpt of the text `line`, with columns counted from its first byte: read from the bytes
    /// when the text outside the hidden columns is printable, else decoded.
    private static func excerpt(
        of line: ArraySlice<UInt8>, column: Int, endColumn: Int?, hiding hidden: some Collection<Range<Int>>, width: Int
    ) -> SourceExcerpt {
        let read = hidden.isEmpty ? SourceExcerpt(unhidden: line, column: column, endColumn: endColumn, width: width)
            : SourceExcerpt(printable: line, column: column, endColumn: endColumn, redacting: hidden, width: width)
        return read ?? SourceExcerpt(line: String(decoding: line, as: UTF8.self), column: column, endColumn: endColumn, redacting: Array(hidden),
                             width: width)
    }
}

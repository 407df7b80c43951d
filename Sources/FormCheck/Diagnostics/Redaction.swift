/// Where sensitive values are written in a document, and how output shows them: each value as `***`.
///
/// Positions are counted as the redacted text shows them: on a line that holds sensitive values,
/// columns are counted as if each value were written `***`, so a sensitive value spans three
/// columns from where it starts and no column tells its length. Line numbers stay exact.
public struct Redaction: Sendable {
    /// The sensitive values on one line: their column ranges (1-based, in Unicode scalars) in order,
    /// and how many columns the values before each one lose when shown as `***`.
    private struct Line: Sendable {
        var ranges: [Range<Int>] = []
        var shiftBefore: [Int] = []
    }

    private var lines: [Int: Line] = [:]

    /// No value to hide.
    public init() {}

    init(spans: [SourceSpan]) {
        for span in spans {
            for line in span.start.line...max(span.start.line, span.end.line) {
                if let columns = span.columns(onLine: line) { lines[line, default: Line()].ranges.append(columns) }
            }
        }
        for number in lines.keys {
            // Sorted, and a value written inside another (a YAML anchor within a sensitive value) merged
            // into it, as the excerpt shows them: one `***`.
            var merged: [Range<Int>] = []
            for range in lines[number]!.ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, range.lowerBound < last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            lines[number]!.ranges = merged
            var shift = 0
            lines[number]!.shiftBefore = lines[number]!.ranges.map { range in
                defer { shift += range.count - 3 }
                return shift
            }
        }
    }

    /// The column ranges whose text must not be shown on `line`.
    public func columns(onLine line: Int) -> [Range<Int>] {
        lines[line]?.ranges ?? []
    }

    /// The column ranges on `line` that reach into `columns`.
    func columns(onLine line: Int, overlapping columns: Range<Int>) -> ArraySlice<Range<Int>> {
        guard let ranges = lines[line]?.ranges else { return [] }
        let first = Self.firstIndex(in: ranges) { $0.upperBound > columns.lowerBound }
        let last = Self.firstIndex(in: ranges) { $0.lowerBound >= columns.upperBound }
        return ranges[first..<max(first, last)]
    }

    /// The range of `line` that hides `column`, if any.
    func hiddenRange(containing column: Int, onLine line: Int) -> Range<Int>? {
        columns(onLine: line, overlapping: column..<(column + 1)).first
    }

    /// A position as output gives it: columns after a sensitive value move as if it were `***`, and a
    /// position inside one moves to its start.
    public func shown(_ position: SourcePosition) -> SourcePosition {
        guard let line = lines[position.line] else { return position }
        // The first value that does not end before the position.
        let index = Self.firstIndex(in: line.ranges) { $0.upperBound > position.column }
        let shift = index < line.ranges.count ? line.shiftBefore[index] : line.shiftBefore.last! + line.ranges.last!.count - 3
        var column = position.column
        if index < line.ranges.count, line.ranges[index].lowerBound < column { column = line.ranges[index].lowerBound }
        return SourcePosition(line: position.line, column: column - shift)
    }

    /// A span as output gives it: a sensitive value's own span is its start column to start + 3.
    public func shown(_ span: SourceSpan) -> SourceSpan {
        lines.isEmpty ? span : SourceSpan(start: shown(span.start), end: shown(span.end))
    }

    /// The first index of the sorted `ranges` where `isPast` holds (it holds from there to the end).
    private static func firstIndex(in ranges: [Range<Int>], where isPast: (Range<Int>) -> Bool) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(ranges[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
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

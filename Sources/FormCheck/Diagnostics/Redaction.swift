/// Where sensitive values are written in a document, and how output shows them: each value as `***`.
///
/// Positions are counted as the redacted text shows them: on a line that holds sensitive values,
/// columns are counted as if each value were written `***`, so a sensitive value spans three
/// columns from where it starts and no column tells its length. Line numbers stay exact.
public struct Redaction: Sendable {
    /// The column ranges (1-based, in Unicode scalars) of sensitive values on each line, in order.
    private var columnsByLine: [Int: [Range<Int>]] = [:]

    /// No value to hide.
    public init() {}

    init(spans: [SourceSpan]) {
        for span in spans {
            for line in span.start.line...max(span.start.line, span.end.line) {
                if let columns = span.columns(onLine: line) { columnsByLine[line, default: []].append(columns) }
            }
        }
        for line in columnsByLine.keys { columnsByLine[line]!.sort { $0.lowerBound < $1.lowerBound } }
    }

    /// The column ranges whose text must not be shown on `line`.
    public func columns(onLine line: Int) -> [Range<Int>] {
        columnsByLine[line] ?? []
    }

    /// A position as output gives it: columns after a sensitive value move as if it were `***`, and a
    /// position inside one moves to its start.
    public func shown(_ position: SourcePosition) -> SourcePosition {
        guard let ranges = columnsByLine[position.line] else { return position }
        var column = position.column
        var shift = 0
        for range in ranges {
            if range.upperBound <= position.column {
                shift += range.count - 3
            } else {
                if range.lowerBound < position.column { column = range.lowerBound }
                break
            }
        }
        return SourcePosition(line: position.line, column: column - shift)
    }

    /// A span as output gives it: a sensitive value's own span is its start column to start + 3.
    public func shown(_ span: SourceSpan) -> SourceSpan {
        columnsByLine.isEmpty ? span : SourceSpan(start: shown(span.start), end: shown(span.end))
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

import FormCheck

/// The default output: one line per issue, compiler style, with the data line and a caret under
/// the value, then a summary line.
///
///     data.jsonl:3:14: error: record 3, email: Email must be a valid email address. [email]
///     {"name": "Ann", "email": "nope"}
///                              ^~~~~~
///     3 files, 12 records: 8 valid, 4 invalid; 7 errors, 1 warning
///
/// Values of sensitive fields are shown as `***` in quoted lines, and positions are counted as those
/// lines show them (`ShownPositions`); text from the data is escaped (`PrintableText`).
struct TextReporter: CheckReporter {
    let style: Style
    let positions: ShownPositions
    private let stream = OrderedOutput()
    var orderedOutput: OrderedOutput? { stream }

    init(schema: FormSchema, style: Style) {
        self.style = style
        positions = ShownPositions(schema: schema)
    }

    func renderer(file: String) -> Renderer {
        Renderer(positions: positions, lines: IssueLineParts(shownFile: PrintableText.escaped(file), style: style, tails: issueLineTails(style: style)),
                 markerStart: OutputBuffer("\n" + style.start(.green)), markerEnd: OutputBuffer(style.end + "\n"))
    }

    struct Renderer: RecordRenderer {
        let positions: ShownPositions
        let lines: IssueLineParts
        /// What comes between a quoted line and its marker (a line break, and the marker's color), and
        /// after the marker.
        let markerStart: OutputBuffer
        let markerEnd: OutputBuffer

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> Range<Int>? {
            guard !report.issues.isEmpty else { return nil }
            let redaction = positions.redaction(for: record)
            let start = out.count
            for issue in report.issues {
                let span = record.span(of: issue)
                appendIssueLine(to: &out, record: record, issue: issue, at: redaction.shown(span), parts: lines)
                out.append(UInt8(ascii: "\n"))
                guard let excerpt = record.document?.excerpt(
                    line: span.start.line, column: span.start.column, endColumn: span.end.line == span.start.line ? span.end.column : nil,
                    redaction: redaction)
                else { continue }
                excerpt.appendText(to: &out)
                out.append(markerStart)
                excerpt.appendMarker(to: &out)
                out.append(markerEnd)
            }
            return start..<out.count
        }
    }

    mutating func write(_ rendered: Range<Int>, from output: OutputBuffer, file: String) {
        stream.write(output, rendered)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        Output.error(problemLine(file: file, position: position, message: message, style: style))
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out(style.bold(summary.line) + "\n")
    }
}

/// `--format summary`: only the closing line (and unreadable inputs on standard error), for large runs
/// where the counts are what matters.
struct SummaryReporter: CheckReporter {
    let style: Style

    func renderer(file: String) -> SilentRenderer { SilentRenderer() }

    mutating func write(_ rendered: Never, from output: OutputBuffer, file: String) {}

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        Output.error(problemLine(file: file, position: position, message: message, style: style))
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out(summary.line + "\n")
    }
}

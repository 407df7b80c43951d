import FormCheck

/// `--format github`: GitHub Actions workflow commands, so each issue is shown on its line of the
/// pull request, followed by the summary line.
///
///     ::error file=d.json,line=3,col=12,endLine=3,endColumn=18,title=email [email]::record 1: Email must be a valid email address.
struct GitHubReporter: CheckReporter {
    let positions: ShownPositions
    private let stream = OrderedOutput()
    var orderedOutput: OrderedOutput? { stream }

    func renderer(file: String) -> Renderer {
        func start(_ kind: String) -> [UInt8] {
            var start = OutputBuffer()
            Self.appendStart(kind, file: file, to: &start)
            return start.bytes
        }
        // An issue's title, and the end of its message after the record's number.
        let titles = IssueTexts { issue, out in
            let field = issue.path.components.isEmpty ? "record" : issue.printablePath
            GitHubReporter.appendTitle("\(field) [\(issue.code)]", to: &out)
        }
        let messages = IssueTexts { issue, out in
            GitHubReporter.appendEscaped(issue.printableMessage, isProperty: false, to: &out)
            out.append("\n")
        }
        return Renderer(errorStart: start("error"), warningStart: start("warning"), positions: positions, titles: titles, messages: messages)
    }

    struct Renderer: RecordRenderer {
        /// `::error file=FILE` and `::warning file=FILE`.
        let errorStart: [UInt8]
        let warningStart: [UInt8]
        let positions: ShownPositions
        let titles: IssueTexts
        let messages: IssueTexts

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> Range<Int>? {
            guard !report.issues.isEmpty else { return nil }
            let redaction = positions.redaction(for: record)
            let start = out.count
            for issue in report.issues {
                out.append(bytes: issue.severity == .warning ? warningStart : errorStart)
                GitHubReporter.appendSpan(redaction.shown(record.span(of: issue)), to: &out)
                titles.append(issue, to: &out)
                // `record N: ` holds nothing to escape.
                out.append("record ")
                out.append(record.index)
                out.append(": ")
                messages.append(issue, to: &out)
            }
            return start..<out.count
        }
    }

    mutating func write(_ rendered: Range<Int>, from output: OutputBuffer, file: String) {
        stream.write(output, rendered)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        let span = position.map { SourceSpan(start: $0, end: $0) }
        Output.out(Self.command("error", file: file, span: span, title: "formcheck", message: message))
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out(summary.line + "\n")
    }

    static func command(_ kind: String, file: String, span: SourceSpan?, title: String, message: String) -> String {
        var out = OutputBuffer()
        appendCommand(kind, file: file, span: span, title: title, message: message, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `::KIND file=FILE[,line=L,col=C,endLine=L,endColumn=C],title=TITLE::MESSAGE` and a line break.
    static func appendCommand(_ kind: String, file: String, span: SourceSpan?, title: String, message: String, to out: inout OutputBuffer) {
        appendStart(kind, file: file, to: &out)
        if let span { appendSpan(span, to: &out) }
        appendTitle(title, to: &out)
        appendEscaped(message, isProperty: false, to: &out)
        out.append("\n")
    }

    /// `::KIND file=FILE`
    private static func appendStart(_ kind: String, file: String, to out: inout OutputBuffer) {
        out.append("::")
        out.append(text: kind)
        out.append(" file=")
        appendEscaped(file, isProperty: true, to: &out)
    }

    /// `,line=L,col=C,endLine=L,endColumn=C`
    private static func appendSpan(_ span: SourceSpan, to out: inout OutputBuffer) {
        out.append(",line=")
        out.append(span.start.line)
        out.append(",col=")
        out.append(span.start.column)
        out.append(",endLine=")
        out.append(span.end.line)
        out.append(",endColumn=")
        out.append(span.end.column)
    }

    /// `,title=TITLE::`
    private static func appendTitle(_ title: String, to out: inout OutputBuffer) {
        out.append(",title=")
        appendEscaped(title, isProperty: true, to: &out)
        out.append("::")
    }

    /// Appends `text` with each byte the syntax reserves written `%XX`: `%`, CR and LF, and in a
    /// property value also `:` and `,`.
    private static func appendEscaped(_ text: String, isProperty: Bool, to out: inout OutputBuffer) {
        func escape(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "%"): return "%25"
            case UInt8(ascii: "\r"): return "%0D"
            case UInt8(ascii: "\n"): return "%0A"
            case UInt8(ascii: ":") where isProperty: return "%3A"
            case UInt8(ascii: ",") where isProperty: return "%2C"
            default: return nil
            }
        }
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
                guard let escaped = escape(byte) else { continue }
                out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(text: escaped)
                runStart = index + 1
            }
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}

import FormCheck

/// `--format github`: GitHub Actions workflow commands, so each issue is shown on its line of the
/// pull request, followed by the summary line.
///
///     ::error file=d.json,line=3,col=12,endLine=3,endColumn=18,title=email [email]::record 1: Email must be a valid email address.
struct GitHubReporter: CheckReporter {
    var positions: ShownPositions

    mutating func record(file: String, record: DataRecord, report: ValidationReport) {
        var text = ""
        for issue in report.issues {
            let span = positions.span(of: issue.path, in: record)
            let field = issue.path.components.isEmpty ? "record" : issue.printablePath
            text += Self.command(issue.severity.rawValue, file: file, span: span, title: "\(field) [\(issue.code)]",
                                 message: "record \(record.index): \(issue.printableMessage)")
        }
        Output.out(text)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        let span = position.map { SourceSpan(start: $0, end: $0) }
        Output.out(Self.command("error", file: file, span: span, title: "formcheck", message: message))
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out(summary.line + "\n")
    }

    static func command(_ kind: String, file: String, span: SourceSpan?, title: String, message: String) -> String {
        var properties = ["file=\(property(file))"]
        if let span {
            properties += ["line=\(span.start.line)", "col=\(span.start.column)", "endLine=\(span.end.line)",
                           "endColumn=\(span.end.column)"]
        }
        properties.append("title=\(property(title))")
        return "::\(kind) \(properties.joined(separator: ","))::\(data(message))\n"
    }

    /// Escapes a message as the workflow command syntax requires.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as a message, plus `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

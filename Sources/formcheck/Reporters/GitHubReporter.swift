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

    /// Escapes a message as the workflow command syntax requires: `%`, CR and LF.
    static func data(_ text: String) -> String {
        escaped(text, isProperty: false)
    }

    /// Escapes a property value: as a message, plus `:` and `,`.
    static func property(_ text: String) -> String {
        escaped(text, isProperty: true)
    }

    /// `text` with each byte the syntax reserves written `%XX`, in one pass (most text has none).
    private static func escaped(_ text: String, isProperty: Bool) -> String {
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
        guard text.utf8.contains(where: { escape($0) != nil }) else { return text }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if let escaped = escape(byte) { bytes += escaped.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

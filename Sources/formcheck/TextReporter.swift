import FormCheck

/// The default output: one line per issue, compiler style, then a summary line.
///
///     data.jsonl:3:14: error: record 3, password: Password must be at least 8 characters long. [minLength]
///     3 files, 12 records: 8 valid, 4 invalid; 7 errors, 1 warning
struct TextReporter: CheckReporter {
    mutating func record(file: String, record: DataRecord, report: ValidationReport) {
        var text = ""
        for issue in report.issues {
            let place = issue.path.components.isEmpty ? "record \(record.index)" : "record \(record.index), \(issue.path)"
            let position = record.span(of: issue.path).start
            text += "\(file):\(position): \(issue.severity.rawValue): \(place): \(issue.message) [\(issue.code)]\n"
        }
        Output.out(text)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        Output.error("\(file):\(position.map { "\($0):" } ?? "") error: \(message)\n")
    }

    mutating func finish(_ summary: CheckSummary) {
        var line = "\(count(summary.files, "file")), \(count(summary.records, "record")): \(summary.valid) valid, \(summary.invalid) invalid"
        line += "; \(count(summary.errors, "error")), \(count(summary.warnings, "warning"))"
        if summary.unreadable > 0 { line += "; \(summary.unreadable) unreadable" }
        Output.out(line + "\n")
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

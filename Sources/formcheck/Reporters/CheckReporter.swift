import FormCheck
import Foundation

/// Counts for the closing summary of a run.
struct CheckSummary {
    var files = 0
    var records = 0
    var valid = 0
    var invalid = 0
    var errors = 0
    var warnings = 0
    /// Files, JSON Lines lines and arguments that could not be read or parsed.
    var unreadable = 0

    mutating func count(_ report: ValidationReport) {
        records += 1
        // By index, so that no issue is copied just to read its severity.
        let errorCount = report.issues.indices.count { report.issues[$0].severity == .error }
        if errorCount == 0 { valid += 1 } else { invalid += 1 }
        errors += errorCount
        warnings += report.issues.count - errorCount
    }

    /// `3 files, 12 records: 8 valid, 4 invalid; 7 errors, 1 warning[; 2 unreadable]`
    var line: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var line = "\(count(files, "file")), \(count(records, "record")): \(valid) valid, \(invalid) invalid"
        line += "; \(count(errors, "error")), \(count(warnings, "warning"))"
        if unreadable > 0 { line += "; \(unreadable) unreadable" }
        return line
    }

    var exitStatus: ExitStatus {
        if unreadable > 0 { return .failure }
        return invalid > 0 ? .invalid : .valid
    }
}

/// The one-line form of an issue, shared by the text and JUnit reports:
/// `FILE:LINE:COL: SEVERITY: record N, PATH: MESSAGE [CODE]`.
/// `span` is where the issue's value is written, as shown (see `ShownPositions`).
func issueLine(file: String, record: DataRecord, issue: ValidationError, at span: SourceSpan, style: Style = .plain) -> String {
    let place = issue.path.components.isEmpty ? "record \(record.index)" : "record \(record.index), \(issue.printablePath)"
    return style.bold("\(PrintableText.escaped(file)):\(span.start):") + " \(style.severity(issue.severity.rawValue)): "
        + "\(place): \(issue.printableMessage) \(style.dim("[\(issue.code)]"))"
}

/// The line of an input that could not be read or parsed, for standard error:
/// `FILE[:LINE:COL]: error: MESSAGE`. File names found by walking folders may hold any character, so
/// they are escaped as data is (see `PrintableText`).
func problemLine(file: String, position: SourcePosition?, message: String, style: Style = .plain) -> String {
    style.bold("\(PrintableText.escaped(file)):\(position.map { "\($0):" } ?? "")") + " \(style.red("error")): \(message)\n"
}

extension ValidationError {
    /// The path with the member names it takes from the data escaped (see `PrintableText`), for text,
    /// JUnit and GitHub output.
    var printablePath: String {
        PrintableText.escaped(path.description)
    }

    /// The message with the data it quotes (an undeclared member's name) escaped.
    var printableMessage: String {
        guard let label = labelOverride, PrintableText.needsEscaping(label) else { return message }
        return message.replacingOccurrences(of: label, with: PrintableText.escaped(label))
    }
}

/// Receives a run's results as they happen, so output can stream.
protocol CheckReporter {
    /// Every record, valid or not, in input order.
    mutating func record(file: String, record: DataRecord, report: ValidationReport)
    /// An input that could not be read or parsed, with the place when known.
    mutating func problem(file: String, position: SourcePosition?, message: String)
    /// The end of one data file (or of standard input).
    mutating func fileDone(file: String)
    mutating func finish(_ summary: CheckSummary)
}

extension CheckReporter {
    mutating func fileDone(file: String) {}
}

/// The formats `--format` accepts.
enum OutputFormat: String, CaseIterable {
    case text, json, junit, sarif, github, summary
}

import FormCheck
import Foundation
import Synchronization

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

    /// Counts `count` records checked that had no issue.
    mutating func count(validRecords count: Int) {
        records += count
        valid += count
    }

    /// Counts a record checked: valid when it has no error.
    mutating func count(errors: Int, warnings: Int) {
        records += 1
        if errors == 0 { valid += 1 } else { invalid += 1 }
        self.errors += errors
        self.warnings += warnings
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
/// `FILE:LINE:COL: SEVERITY: record N, PATH: MESSAGE [CODE]`, with the file's name escaped
/// (`PrintableText`). `span` is where the issue's value is written, as shown (see `ShownPositions`).
func appendIssueLine(to out: inout OutputBuffer, record: DataRecord, issue: ValidationIssue, at span: SourceSpan, parts: IssueLineParts) {
    out.append(bytes: parts.fileStart)
    out.append(span.start.line)
    out.append(UInt8(ascii: ":"))
    out.append(span.start.column)
    out.append(bytes: issue.severity == .warning ? parts.warningStart : parts.errorStart)
    out.append(record.index)
    parts.tails.append(issue, to: &out)
}

/// What issue lines say apart from their positions, record numbers and issues, made once per file;
/// and the ends of the lines, made once per issue.
struct IssueLineParts: Sendable {
    /// `FILE:` in bold.
    let fileStart: [UInt8]
    /// `: error: record ` and `: warning: record `, after the column.
    let errorStart: [UInt8]
    let warningStart: [UInt8]
    /// After the record's number (see `appendIssueLineTail`).
    let tails: IssueTexts

    /// - Parameter shownFile: the file's name as shown (escaped, and for XML, as XML text).
    init(shownFile: String, style: Style, tails: IssueTexts) {
        var fileStart = OutputBuffer()
        fileStart.append(text: style.start(.bold))
        fileStart.append(text: shownFile)
        fileStart.append(":")
        self.fileStart = fileStart.bytes
        func severityStart(_ severity: String) -> [UInt8] {
            var start = OutputBuffer()
            start.append(":")
            start.append(text: style.end)
            start.append(" ")
            start.append(severity, Style.attribute(ofSeverity: severity), style)
            start.append(": record ")
            return start.bytes
        }
        errorStart = severityStart("error")
        warningStart = severityStart("warning")
        self.tails = tails
    }
}

/// The ends of issues' lines, after the record's number: `, PATH: MESSAGE [CODE]`.
func issueLineTails(style: Style) -> IssueTexts {
    IssueTexts { issue, out in appendIssueLineTail(of: issue, style: style, to: &out) }
}

func appendIssueLineTail(of issue: ValidationIssue, style: Style, to out: inout OutputBuffer) {
    if !issue.path.components.isEmpty {
        out.append(", ")
        out.append(text: issue.printablePath)
    }
    out.append(": ")
    out.append(text: issue.printableMessage)
    out.append(" ")
    out.append(text: style.start(.dim))
    out.append("[")
    out.append(text: issue.code)
    out.append("]")
    out.append(text: style.end)
}

/// The line of an input that could not be read or parsed, for standard error:
/// `FILE[:LINE:COL]: error: MESSAGE`. File names found by walking folders may hold any character, so
/// they are escaped as data is (see `PrintableText`).
func problemLine(file: String, position: SourcePosition?, message: String, style: Style = .plain) -> String {
    style.bold("\(PrintableText.escaped(file)):\(position.map { "\($0):" } ?? "")") + " \(style.red("error")): \(message)\n"
}

extension ValidationIssue {
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

/// Receives a run's results as they happen, so output can stream. What a record's issues look like
/// is made by the reporter's `Renderer` on the checking threads; the reporter writes it, in input order.
protocol CheckReporter {
    associatedtype Renderer: RecordRenderer
    /// What renders the records of `file` on one checking thread: each call makes one with caches of
    /// its own.
    func renderer(file: String) -> Renderer
    /// Where the checking threads write the output of their chunks themselves, in input order, for a
    /// reporter whose output is its records' output one after the other, or that gathers it so (SARIF's
    /// results, JUnit's cases: `OrderedOutput(gatheringWith:)`); nil (the default) for one that takes
    /// each record's (`write`).
    var orderedOutput: OrderedOutput? { get }
    /// What the renderer made of a record of `file`, in input order (nothing for the records it had
    /// nothing to say about), with the output of the record's chunk that it points into; for a
    /// reporter with `orderedOutput`, only where the checking threads do not write it.
    mutating func write(_ rendered: Renderer.Rendered, from output: OutputBuffer, file: String)
    /// An input that could not be read or parsed, with the place when known.
    mutating func problem(file: String, position: SourcePosition?, message: String)
    /// The start of one data file (or of standard input), before any of its records is checked; an
    /// input that cannot be opened is told (`problem`) without it.
    mutating func fileStarts(file: String)
    /// The end of one data file (or of standard input).
    mutating func fileDone(file: String)
    mutating func finish(_ summary: CheckSummary)
}

extension CheckReporter {
    var orderedOutput: OrderedOutput? { nil }
    mutating func fileStarts(file: String) {}
    mutating func fileDone(file: String) {}
}

/// Renders the records of one file on a checking thread, from what it was made with alone.
protocol RecordRenderer: Sendable {
    associatedtype Rendered: Sendable
    /// Whether `render` quotes or places records' text (`DataRecord.document`); true unless said.
    var readsRecordText: Bool { get }
    /// Appends to `output` what the reporter writes for the `count` records without issues numbered
    /// from `first` on, as one, as `render` does: nothing unless said.
    func render(runWithoutIssuesFrom first: Int, count: Int, into output: inout OutputBuffer) -> Rendered?
    /// Appends to `output` (the output of the thread's chunk of records, in one buffer) what the
    /// reporter writes for `record` and its report, and returns where it lies there, or nil when there
    /// is nothing to write.
    func render(_ record: DataRecord, _ report: ValidationReport, into output: inout OutputBuffer) -> Rendered?
}

extension RecordRenderer {
    var readsRecordText: Bool { true }
    func render(runWithoutIssuesFrom first: Int, count: Int, into output: inout OutputBuffer) -> Rendered? { nil }
}

/// A renderer with nothing to say about any record: its results hold nothing (`Never?` takes no room),
/// so that handing records on copies their counts alone.
struct SilentRenderer: RecordRenderer {
    var readsRecordText: Bool { false }
    func render(_ record: DataRecord, _ report: ValidationReport, into output: inout OutputBuffer) -> Never? { nil }
}

/// The renderers of a file's run, one for each checking thread, made on the writing thread. Each thread
/// takes one at its first chunk of records; a thread beyond their count shares one (renderers are
/// safe to share, only slower).
final class ThreadRenderers<Renderer: RecordRenderer>: Sendable {
    private let renderers: [Renderer]
    private let taken = Atomic<Int>(0)

    init(count: Int, _ make: () -> Renderer) {
        renderers = (0..<max(count, 1)).map { _ in make() }
    }

    var first: Renderer { renderers[0] }

    func take() -> Renderer {
        renderers[taken.add(1, ordering: .relaxed).oldValue % renderers.count]
    }
}

/// The formats `--format` accepts.
enum OutputFormat: String, CaseIterable {
    case text, json, junit, sarif, github, summary
}

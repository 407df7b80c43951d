import FormCheck
import Foundation

/// `--format junit`: JUnit XML (the Apache Ant schema most CI systems read), one `testsuite` per data
/// file and one `testcase` per record. An invalid record is a `failure` whose text lists every issue;
/// a file or line that cannot be read is an `error`. Warnings go to the suite's `system-out`.
struct JUnitReporter: CheckReporter {
    private struct Suite {
        /// The data file's name, and the form's.
        let file: String
        let form: String
        /// The suite's number among the run's, as far as it is known before it is written (see `head`).
        let expectedID: Int
        /// The `testcase` elements, each on its line (ended by a line break).
        let cases = SpooledOutput()
        var tests = 0
        var failures = 0
        var errors = 0
        /// The lines of warnings of records without errors, escaped as XML text.
        let warnings = SpooledOutput()
        let started = Date()

        /// The suite's start tag and properties, which come before its cases: with its counts and time so
        /// far, the element written when the suite is done, numbered `id`.
        func head(id: Int) -> String {
            let seconds = String(format: "%.3f", Date().timeIntervalSince(started))
            var out = "  <testsuite name=\"\(XMLText.attribute(file))\" package=\"\(XMLText.attribute(form))\" id=\"\(id)\""
            out += " timestamp=\"\(JUnitReporter.timestamp())\" hostname=\"\(XMLText.attribute(JUnitReporter.hostname))\""
            out += " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds)\">\n"
            out += "    <properties>\n      <property name=\"form\" value=\"\(XMLText.attribute(form))\"/>\n    </properties>\n"
            return out
        }

        /// A case, ended by a line break.
        mutating func add(_ testCase: OutputBuffer) {
            testCase.withBytes { add($0) }
        }

        /// `count` cases, each ended by a line break.
        mutating func add(_ testCases: UnsafeBufferPointer<UInt8>, count: Int = 1) {
            tests += count
            // The suite being checked is the next thing written to standard output, its head first: its
            // cases can be placed behind that head as they come.
            cases.append(testCases, headLength: head(id: expectedID).utf8.count)
        }

        /// A record's case, its element in `output`, counted as a failure when it is one, and its
        /// warnings.
        mutating func add(_ rendered: RenderedCase, from output: OutputBuffer) {
            output.withBytes { add(UnsafeBufferPointer(rebasing: $0[rendered.element]), count: rendered.cases) }
            if rendered.isFailure { failures += 1 }
            guard let lines = rendered.warnings else { return }
            if !warnings.isEmpty { warnings.append("\n") }
            warnings.append(lines)
        }
    }

    let form: String
    private let positions: ShownPositions
    /// The suite of the file being written, which most calls are for, and of any other file begun.
    private var current: (file: String, suite: Suite)?
    private var suites: [String: Suite] = [:]
    private var nextID = 0

    init(form: String, positions: ShownPositions) {
        self.form = form
        self.positions = positions
        Output.out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
    }

    func renderer(file: String) -> Renderer {
        // The ends of issues' lines (see `appendIssueLine`), as XML text.
        let tails = IssueTexts { issue, out in
            var tail = OutputBuffer()
            appendIssueLineTail(of: issue, style: .plain, to: &tail)
            tail.withBytes { out.appendXML($0, inAttribute: false) }
        }
        return Renderer(lines: IssueLineParts(shownFile: XMLText.text(PrintableText.escaped(file)), style: .plain, tails: tails),
                        afterName: Self.afterName(file: file, ending: ""), passingCaseEnd: Self.afterName(file: file, ending: "/>\n"),
                        positions: positions, failures: Self.failures())
    }

    /// What follows a case's name: its class, the file's name, and its time, then `ending`.
    private static func afterName(file: String, ending: String) -> OutputBuffer {
        OutputBuffer("\" classname=\"\(XMLText.attribute(file))\" time=\"0\"" + ending)
    }

    /// `    <testcase name="record N` and what follows the name (see `afterName(file:ending:)`).
    private static func appendCaseStart(record: Int, afterName: OutputBuffer, to out: inout OutputBuffer) {
        out.append("    <testcase name=\"record ")
        out.append(record)
        out.append(afterName)
    }

    /// The start of a `failure` element, for the first error of a record.
    private static func failures() -> IssueTexts { IssueTexts { first, out in
        out.append("><failure type=\"")
        out.appendXML(first.code, inAttribute: true)
        out.append("\" message=\"")
        if !first.path.components.isEmpty {
            out.appendXML(first.printablePath, inAttribute: true)
            out.append(": ")
        }
        out.appendXML(first.printableMessage, inAttribute: true)
        out.append("\">")
    } }

    /// A record's `testcase` element and, for a record with warnings only, their lines; or the
    /// elements of a run of passing records.
    struct RenderedCase: Sendable {
        /// Where the `testcase` elements lie in the output of the records' chunk.
        var element: Range<Int>
        /// How many `testcase` elements.
        var cases = 1
        var isFailure = false
        /// Nil for any other record: an empty buffer would hold the storage that empty buffers share,
        /// whose count of references the checking and writing threads would both change.
        var warnings: OutputBuffer?
    }

    struct Renderer: RecordRenderer {
        /// The issues' lines, as XML text.
        let lines: IssueLineParts
        /// What follows a case's name: its class, the file's name, and its time.
        let afterName: OutputBuffer
        /// The same, and the end of a passing case's element.
        let passingCaseEnd: OutputBuffer
        let positions: ShownPositions
        let failures: IssueTexts

        /// Every record is a test case: a passing one says its number alone.
        func render(runWithoutIssuesFrom first: Int, count: Int, into out: inout OutputBuffer) -> RenderedCase? {
            let start = out.count
            for record in first..<(first + count) { JUnitReporter.appendCaseStart(record: record, afterName: passingCaseEnd, to: &out) }
            return RenderedCase(element: start..<out.count, cases: count)
        }

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> RenderedCase? {
            guard !report.issues.isEmpty else { return render(runWithoutIssuesFrom: record.index, count: 1, into: &out) }
            var rendered = RenderedCase(element: 0..<0)
            let start = out.count
            JUnitReporter.appendCaseStart(record: record.index, afterName: afterName, to: &out)
            let redaction = positions.redaction(for: record)
            /// The issues' lines, as XML text.
            func appendLines(to out: inout OutputBuffer) {
                for (number, issue) in report.issues.enumerated() {
                    if number > 0 { out.append("\n") }
                    appendIssueLine(to: &out, record: record, issue: issue, at: redaction.shown(record.span(of: issue)), parts: lines)
                }
            }
            if let first = report.issues.first(where: { $0.severity == .error }) {
                rendered.isFailure = true
                failures.append(first, to: &out)
                appendLines(to: &out)
                out.append("</failure></testcase>\n")
            } else {
                out.append("/>\n")
                var warnings = OutputBuffer()
                appendLines(to: &warnings)
                rendered.warnings = warnings
            }
            rendered.element = start..<out.count
            return rendered
        }
    }

    mutating func write(_ rendered: RenderedCase, from output: OutputBuffer, file: String) {
        // The suite is changed in place in the dictionary: a copy would copy its cases for every record.
        withSuite(of: file) { $0.add(rendered, from: output) }
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        let name = position.map { "line \($0.line)" } ?? "read"
        let text = "\(file):\(position.map { "\($0):" } ?? "") error: \(message)"
        let testCase = OutputBuffer("""
                <testcase name="\(XMLText.attribute(name))" classname="\(XMLText.attribute(file))" time="0">\
            <error type="unreadable" message="\(XMLText.attribute(message))">\(XMLText.text(text))</error></testcase>

            """)
        withSuite(of: file) { suite in
            suite.errors += 1
            suite.add(testCase)
        }
    }

    /// Changes the suite of `file` in place (a copy would copy its cases for every record).
    private mutating func withSuite(of file: String, _ body: (inout Suite) -> Void) {
        if current?.file != file {
            if let current { suites[current.file] = current.suite }
            current = (file, suites.removeValue(forKey: file) ?? Suite(file: file, form: form, expectedID: nextID))
        }
        body(&current!.suite)
    }

    mutating func fileDone(file: String) {
        let suite: Suite
        if let current, current.file == file {
            suite = current.suite
            self.current = nil
        } else {
            suite = suites.removeValue(forKey: file) ?? Suite(file: file, form: form, expectedID: nextID)
        }
        suite.cases.write(after: suite.head(id: nextID))
        if suite.warnings.isEmpty {
            Output.out("    <system-out/>\n")
        } else {
            Output.out("    <system-out>")
            suite.warnings.write()
            Output.out("</system-out>\n")
        }
        Output.out("    <system-err/>\n  </testsuite>\n")
        nextID += 1
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out("</testsuites>\n")
    }

    /// Local time without a zone, as the schema wants; `SOURCE_DATE_EPOCH` fixes it for reproducible output.
    static func timestamp() -> String {
        var seconds = sourceDateEpoch ?? time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// `SOURCE_DATE_EPOCH`, read once: a suite's head is also made, to learn its length, while its file is checked.
    private static let sourceDateEpoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(time_t.init)

    /// The host's name, read once.
    static let hostname: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }()
}

/// Escaping for XML attribute values and text (see `OutputBuffer.appendXML`).
enum XMLText {
    static func text(_ value: String) -> String {
        escaped(value, inAttribute: false)
    }

    /// Also quotes and white space other than the space as references, which attribute values keep.
    static func attribute(_ value: String) -> String {
        escaped(value, inAttribute: true)
    }

    private static func escaped(_ value: String, inAttribute: Bool) -> String {
        var out = OutputBuffer()
        out.appendXML(value, inAttribute: inAttribute)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

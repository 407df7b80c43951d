import FormCheck
import Foundation

/// `--format junit`: JUnit XML (the Apache Ant schema most CI systems read), one `testsuite` per data
/// file and one `testcase` per record. An invalid record is a `failure` whose text lists every issue;
/// a file or line that cannot be read is an `error`. Warnings go to the suite's `system-out`.
struct JUnitReporter: CheckReporter {
    /// A suite's cases, and what is known of it before it is written.
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
        /// How far the data file has been read, when it is a file.
        let reading: ReadingProgress?

        init(file: String, form: String, expectedID: Int) {
            (self.file, self.form, self.expectedID) = (file, form, expectedID)
            reading = ReadingProgress(path: file)
        }

        /// The suite's start tag and properties, which come before its cases: with its counts and time so
        /// far, the element written when the suite is done, numbered `id`.
        func head(id: Int) -> String {
            head(id: id, tests: tests, failures: failures, errors: errors, seconds: Date().timeIntervalSince(started))
        }

        private func head(id: Int, tests: Int, failures: Int, errors: Int, seconds: Double) -> String {
            var out = "  <testsuite name=\"\(XMLText.attribute(file))\" package=\"\(XMLText.attribute(form))\" id=\"\(id)\""
            out += " timestamp=\"\(JUnitReporter.timestamp())\" hostname=\"\(XMLText.attribute(JUnitReporter.hostname))\""
            out += " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format: "%.3f", seconds))\">\n"
            out += "    <properties>\n      <property name=\"form\" value=\"\(XMLText.attribute(form))\"/>\n    </properties>\n"
            return out
        }

        /// The length the head is expected to have when the suite is done: its counts and time
        /// extrapolated to the end of the file (`ReadingProgress`), a count or time within 2% of gaining
        /// a digit taken to gain it. Cases placed behind a head of another length are moved when it is
        /// written (`PlacedSpill`), which costs a copy of them: a file of a million records would
        /// otherwise have nearly all of them moved, placed behind counts of six digits or fewer.
        func expectedHeadLength(id: Int) -> Int {
            let seconds = Date().timeIntervalSince(started)
            guard let final = reading?.extrapolated([Double(tests), Double(failures), seconds]) else { return head(id: id).utf8.count }
            func rounded(_ value: Double) -> Double {
                // A prediction only places the cases: one far off (at a file read a few bytes so far) is
                // kept in range.
                guard value.isFinite else { return 0 }
                let value = min(value, 1e15)
                let power = pow(10, floor(log10(max(value, 1))) + 1)
                return value >= power * 0.98 ? power : value
            }
            return head(id: id, tests: max(tests, Int(rounded(final[0]))), failures: max(failures, Int(rounded(final[1]))), errors: errors,
                        seconds: max(seconds, rounded(final[2]))).utf8.count
        }

        /// `count` cases, each ended by a line break.
        mutating func add(_ testCases: UnsafeBufferPointer<UInt8>, count: Int = 1) {
            tests += count
            // The suite being checked is the next thing written to standard output, its head first: its
            // cases can be placed behind that head as they come.
            cases.append(testCases, headLength: expectedHeadLength(id: expectedID))
        }

        /// The pieces rendered at `range` of `output` (see `RenderedCases`).
        mutating func add(pieces output: OutputBuffer, _ range: Range<Int>) {
            output.forEachPiece(in: range) { word, text in
                let piece = Piece(rawValue: word)
                if piece.isWarnings {
                    if !warnings.isEmpty { warnings.append("\n") }
                    warnings.append(text)
                } else {
                    add(text, count: piece.cases)
                    if piece.isFailure { failures += 1 }
                }
            }
        }
    }

    /// What a piece of a record's rendered output is (see `RenderedCases`).
    private struct Piece {
        let rawValue: UInt32
        /// The `testcase` elements of `cases` records, the first a failure when `isFailure`.
        init(cases: Int, isFailure: Bool = false) {
            precondition(cases < 1 << 30, "a piece of more cases than its word holds")
            rawValue = UInt32(cases) << 2 | (isFailure ? 1 : 0)
        }

        /// The lines of a passing record's warnings.
        static let warnings = Piece(rawValue: 2)

        init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        var isFailure: Bool { rawValue & 1 != 0 }
        var isWarnings: Bool { rawValue & 2 != 0 }
        var cases: Int { Int(rawValue >> 2) }
    }

    let form: String
    private let positions: ShownPositions
    private let suites: Suites
    /// The cases of JSON Lines chunks, gathered in input order by the checking threads themselves.
    private let gathered: OrderedOutput
    var orderedOutput: OrderedOutput? { gathered }

    init(form: String, positions: ShownPositions) {
        self.form = form
        self.positions = positions
        let suites = Suites(form: form)
        self.suites = suites
        gathered = OrderedOutput(gatheringWith: { output in suites.withSuite(of: nil) { $0.add(pieces: output, 0..<output.count) } })
        Output.out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
    }

    /// The suites begun and not yet written, changed by the thread whose turn it is (see
    /// `OrderedOutput`), which the turns hand on from one to the next: the checking threads, as they
    /// gather the cases of their chunks, or the reading thread (for the problems it tells, for the
    /// records it writes itself, and between files).
    private final class Suites: @unchecked Sendable {
        let form: String
        /// The suite of the file being checked, which most calls are for, and of any other file begun.
        private var current: (file: String, suite: Suite)?
        private var others: [String: Suite] = [:]
        /// The number of the suite written next.
        private(set) var nextID = 0

        init(form: String) {
            self.form = form
        }

        /// Changes the suite of `file`, or with nil that of the file being checked (see `fileStarts`), in
        /// place: a copy would copy its cases at every change.
        func withSuite(of file: String?, _ body: (inout Suite) -> Void) {
            if let file, current?.file != file {
                if let current { others[current.file] = current.suite }
                current = (file, others.removeValue(forKey: file) ?? Suite(file: file, form: form, expectedID: nextID))
            }
            precondition(current != nil, "a JUnit case gathered before its file started")
            body(&current!.suite)
        }

        /// Takes the suite of `file` out, to be written as the next one.
        func take(file: String) -> Suite {
            defer { nextID += 1 }
            if let current, current.file == file {
                self.current = nil
                return current.suite
            }
            return others.removeValue(forKey: file) ?? Suite(file: file, form: form, expectedID: nextID)
        }
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

    /// Where a record's pieces (`OutputBuffer.appendPiece`, each with its `Piece` as its word) lie in the
    /// output of its chunk: its `testcase` element (or the elements of a run of passing records) and,
    /// for a record with warnings only, their lines; a suite's counts are then kept by the thread that
    /// gathers its pieces.
    typealias RenderedCases = Range<Int>

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
        func render(runWithoutIssuesFrom first: Int, count: Int, into out: inout OutputBuffer) -> RenderedCases? {
            let start = out.count
            appendPiece(Piece(cases: count), to: &out) { out in
                for record in first..<(first + count) { JUnitReporter.appendCaseStart(record: record, afterName: passingCaseEnd, to: &out) }
            }
            return start..<out.count
        }

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> RenderedCases? {
            guard !report.issues.isEmpty else { return render(runWithoutIssuesFrom: record.index, count: 1, into: &out) }
            let start = out.count
            let redaction = positions.redaction(for: record)
            /// The issues' lines, as XML text.
            func appendLines(to out: inout OutputBuffer) {
                for (number, issue) in report.issues.enumerated() {
                    if number > 0 { out.append("\n") }
                    appendIssueLine(to: &out, record: record, issue: issue, at: redaction.shown(record.span(of: issue)), parts: lines)
                }
            }
            if let first = report.issues.first(where: { $0.severity == .error }) {
                appendPiece(Piece(cases: 1, isFailure: true), to: &out) { out in
                    JUnitReporter.appendCaseStart(record: record.index, afterName: afterName, to: &out)
                    failures.append(first, to: &out)
                    appendLines(to: &out)
                    out.append("</failure></testcase>\n")
                }
            } else {
                appendPiece(Piece(cases: 1), to: &out) { out in
                    JUnitReporter.appendCaseStart(record: record.index, afterName: afterName, to: &out)
                    out.append("/>\n")
                }
                appendPiece(.warnings, to: &out, appendLines)
            }
            return start..<out.count
        }

        /// Appends a piece (`OutputBuffer.appendPiece`) that `piece` says what it is of, and what `write`
        /// appends.
        private func appendPiece(_ piece: Piece, to out: inout OutputBuffer, _ write: (inout OutputBuffer) -> Void) {
            out.appendPiece { out in
                out.append(word: piece.rawValue)
                write(&out)
            }
        }
    }

    func fileStarts(file: String) {
        suites.withSuite(of: file) { _ in }
    }

    func write(_ rendered: RenderedCases, from output: OutputBuffer, file: String) {
        suites.withSuite(of: file) { $0.add(pieces: output, rendered) }
    }

    func problem(file: String, position: SourcePosition?, message: String) {
        let name = position.map { "line \($0.line)" } ?? "read"
        let text = "\(file):\(position.map { "\($0):" } ?? "") error: \(message)"
        let testCase = OutputBuffer("""
                <testcase name="\(XMLText.attribute(name))" classname="\(XMLText.attribute(file))" time="0">\
            <error type="unreadable" message="\(XMLText.attribute(message))">\(XMLText.text(text))</error></testcase>

            """)
        suites.withSuite(of: file) { suite in
            suite.errors += 1
            testCase.withBytes { suite.add($0) }
        }
    }

    func fileDone(file: String) {
        let id = suites.nextID
        let suite = suites.take(file: file)
        suite.cases.write(after: suite.head(id: id))
        if suite.warnings.isEmpty {
            Output.out("    <system-out/>\n")
        } else {
            Output.out("    <system-out>")
            suite.warnings.write()
            Output.out("</system-out>\n")
        }
        Output.out("    <system-err/>\n  </testsuite>\n")
    }

    func finish(_ summary: CheckSummary) {
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

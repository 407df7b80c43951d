import FormCheck
import Foundation
import Synchronization

/// `--format sarif`: a SARIF 2.1.0 log for code-scanning views, with one rule per error code and a
/// physical location (file, line and column span) for every issue. Files that cannot be read are
/// tool execution notifications.
struct SARIFReporter: CheckReporter {
    /// The numbers the renderers give error codes (see `RenderedResults`).
    private let codeNumbers = CodeNumbers()
    private let log: Log
    /// The results of JSON Lines chunks, gathered in input order by the checking threads themselves.
    private let gathered: OrderedOutput
    var orderedOutput: OrderedOutput? { gathered }
    /// Nil only for a log that `record` is never called on (such as `formcheck test`'s).
    private let positions: ShownPositions?

    /// Written between two result objects.
    static let resultSeparator: StaticString = ",\n      "

    init(positions: ShownPositions?) {
        self.positions = positions
        let log = Log(codeNumbers: codeNumbers)
        self.log = log
        gathered = OrderedOutput(gatheringWith: { log.append(results: $0, 0..<$0.count) })
    }

    /// What the log says before its results and the results themselves, gathered in input order by
    /// the thread whose turn it is (see `OrderedOutput`), which the turns hand on from one to the next:
    /// the checking threads, or the reading thread (for the problems it tells, and for the output it
    /// writes itself).
    private final class Log: @unchecked Sendable {
        /// Error codes in the order first met: a result names its rule by its index here.
        var rules: [String] = []
        /// By the number of its error code: how a result starts, `{"ruleId": CODE, "ruleIndex": N`.
        private var resultStarts: [[UInt8]?] = []
        /// The result objects, written at the end, after the rules they name.
        let results = SpooledOutput()
        var notifications: [String] = []
        private let codeNumbers: CodeNumbers

        init(codeNumbers: CodeNumbers) {
            self.codeNumbers = codeNumbers
        }

        /// Appends the results rendered at `range` of `output` (see `RenderedResults`).
        func append(results output: OutputBuffer, _ range: Range<Int>) {
            output.forEachPiece(in: range) { code, text in
                let start = resultStart(ofCode: Int(code))
                let separated = !results.isEmpty
                // Nothing is written before the log's head, which is written at the end: the results can
                // be placed behind it as they come.
                results.append(headLength: head(successful: true).utf8.count) { out in
                    if separated { out.append(SARIFReporter.resultSeparator) }
                    out.append(bytes: start)
                    out.append(text)
                }
            }
        }

        /// How a result of the code numbered `number` starts, its rule's index given when the code is
        /// first met.
        private func resultStart(ofCode number: Int) -> [UInt8] {
            if number < resultStarts.count, let start = resultStarts[number] { return start }
            let code = codeNumbers.code(numbered: number)
            var start = OutputBuffer()
            start.append("{")
            start.appendJSONMember("ruleId", string: code, first: true)
            start.appendJSONMember("ruleIndex", rules.count)
            rules.append(code)
            if number >= resultStarts.count { resultStarts += repeatElement(nil, count: number + 1 - resultStarts.count) }
            resultStarts[number] = start.bytes
            return start.bytes
        }

        /// The log up to its first result.
        func head(successful: Bool) -> String {
            SARIFReporter.head(rules: rules, notifications: notifications, successful: successful)
        }
    }

    func renderer(file: String) -> Renderer {
        Renderer(location: Location(file: file), positions: positions!, heads: Self.heads(numbering: codeNumbers), tails: Self.tails())
    }

    /// The number of a result's code, the word of its piece (see `RenderedResults`), then what it says
    /// before its location: its level and message.
    private static func heads(numbering codes: CodeNumbers) -> IssueTexts { IssueTexts { issue, out in
        out.append(word: UInt32(codes.number(of: issue.code)))
        out.appendJSONMember("level", string: issue.severity == .error ? "error" : "warning")
        out.appendJSONKey("message")
        out.append("{")
        out.appendJSONMember("text", string: issue.message, first: true)
        out.append("}")
        out.appendJSONKey("locations")
        out.append("[")
    } }

    /// What a result's properties say after the record's number, and the result's end.
    private static func tails() -> IssueTexts { IssueTexts { issue, out in
        out.appendJSONMember("path", string: issue.path.description)
        out.appendJSONMember("pointer", string: issue.path.jsonPointer)
        out.appendJSONMember("rule", string: issue.rule)
        out.append("}}")
    } }

    /// Where a record's issues lie in the output of its chunk, as result objects without their
    /// `ruleId` and `ruleIndex`, which the order of the whole run decides: each a piece
    /// (`OutputBuffer.appendPiece`) whose word is the number of its code.
    typealias RenderedResults = Range<Int>

    struct Renderer: RecordRenderer {
        let location: Location
        let positions: ShownPositions
        let heads: IssueTexts
        let tails: IssueTexts

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> RenderedResults? {
            guard !report.issues.isEmpty else { return nil }
            let redaction = positions.redaction(for: record)
            let start = out.count
            for issue in report.issues {
                out.appendPiece { out in
                    heads.append(issue, to: &out)
                    location.append(span: redaction.shown(record.span(of: issue)), to: &out)
                    out.append("]")
                    out.appendJSONKey("properties")
                    out.append("{")
                    out.appendJSONMember("record", record.index, first: true)
                    tails.append(issue, to: &out)
                }
            }
            return start..<out.count
        }
    }

    mutating func write(_ rendered: RenderedResults, from output: OutputBuffer, file: String) {
        log.append(results: output, rendered)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        var members = [("level", JSONText.quote("error")), ("message", JSONText.object([("text", JSONText.quote(message))]))]
        members.append(("locations", "[" + Self.location(file: file, span: position.map { SourceSpan(start: $0, end: $0) }) + "]"))
        log.notifications.append(JSONText.object(members))
    }

    mutating func finish(_ summary: CheckSummary) {
        finish(rules: log.rules, results: log.results, successful: summary.unreadable == 0)
    }

    /// Writes the log with the given rule ids and result objects (separated by `resultSeparator`).
    func finish(rules: [String], results: SpooledOutput, successful: Bool) {
        results.write(after: Self.head(rules: rules, notifications: log.notifications, successful: successful))
        Output.out("\n    ]\n  }]\n}\n")
    }

    /// The log up to its first result, with the given rule ids and notifications.
    private static func head(rules: [String], notifications: [String], successful: Bool) -> String {
        let ruleObjects = rules.map { code in
            JSONText.object([
                ("id", JSONText.quote(code)),
                ("shortDescription", JSONText.object([("text", JSONText.quote("formcheck rule '\(code)'"))])),
            ])
        }
        let driver = JSONText.object([
            ("name", JSONText.quote("formcheck")),
            ("version", JSONText.quote(FormCheckCommand.configuration.version)),
            ("rules", "[" + ruleObjects.joined(separator: ", ") + "]"),
        ])
        let invocation = JSONText.object([
            ("executionSuccessful", successful && notifications.isEmpty ? "true" : "false"),
            ("toolExecutionNotifications", "[" + notifications.joined(separator: ",\n        ") + "]"),
        ])
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": \(driver)},
                "columnKind": "unicodeCodePoints",
                "invocations": [\(invocation)],
                "results": [
            """ + "\n      "
    }

    static func location(file: String, span: SourceSpan?) -> String {
        var out = OutputBuffer()
        Location(file: file).append(span: span, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A file's physical location, its URI made once.
    struct Location: Sendable {
        /// `{"physicalLocation": {"artifactLocation": {"uri": URI}`
        private let start: [UInt8]

        init(file: String) {
            var start = OutputBuffer()
            start.append("{\"physicalLocation\": {\"artifactLocation\": {")
            start.appendJSONMember("uri", string: file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file, first: true)
            start.append("}")
            self.start = start.bytes
        }

        /// `{"physicalLocation": {"artifactLocation": {"uri": URI}[, "region": {...}]}}`
        func append(span: SourceSpan?, to out: inout OutputBuffer) {
            out.append(bytes: start)
            if let span {
                out.appendJSONKey("region")
                out.append("{")
                out.appendJSONMembers(span, keys: ("startLine", "startColumn", "endLine", "endColumn"), first: true)
                out.append("}")
            }
            out.append("}}")
        }
    }
}

/// Numbers for error codes, shared by the renderers of a run: the checking threads number the codes in
/// the order they meet them, which is not the run's order.
final class CodeNumbers: Sendable {
    private let numbers = Mutex<(byCode: [String: Int], codes: [String])>(([:], []))

    func number(of code: String) -> Int {
        numbers.withLock { numbers in
            if let number = numbers.byCode[code] { return number }
            numbers.codes.append(code)
            numbers.byCode[code] = numbers.codes.count - 1
            return numbers.codes.count - 1
        }
    }

    func code(numbered number: Int) -> String {
        numbers.withLock { $0.codes[number] }
    }
}

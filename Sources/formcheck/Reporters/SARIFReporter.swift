import FormCheck
import Foundation

/// `--format sarif`: a SARIF 2.1.0 log for code-scanning views, with one rule per error code and a
/// physical location (file, line and column span) for every issue. Files that cannot be read are
/// tool execution notifications.
struct SARIFReporter: CheckReporter {
    /// Error codes in the order first met: a result names its rule by its index here.
    private var rules: [String] = []
    /// By error code: how its results start, `{"ruleId": CODE, "ruleIndex": N`.
    private var resultStarts: [String: [UInt8]] = [:]
    /// The result objects, written at the end, after the rules they name.
    private let results = SpooledOutput()
    private var notifications: [String] = []
    /// Nil only for a log that `record` is never called on (such as `formcheck test`'s).
    private let positions: ShownPositions?

    /// Written between two result objects.
    static let resultSeparator: StaticString = ",\n      "

    init(positions: ShownPositions?) {
        self.positions = positions
    }

    func renderer(file: String) -> Renderer {
        Renderer(location: Location(file: file), positions: positions!, heads: heads, tails: tails)
    }

    /// What a result says before its location: its level and message.
    private let heads = IssueTexts { issue, out in
        out.appendJSONMember("level", string: issue.severity == .error ? "error" : "warning")
        out.appendJSONKey("message")
        out.append("{")
        out.appendJSONMember("text", string: issue.message, first: true)
        out.append("}")
        out.appendJSONKey("locations")
        out.append("[")
    }

    /// What a result's properties say after the record's number, and the result's end.
    private let tails = IssueTexts { issue, out in
        out.appendJSONMember("path", string: issue.path.description)
        out.appendJSONMember("pointer", string: issue.path.jsonPointer)
        out.appendJSONMember("rule", string: issue.rule)
        out.append("}}")
    }

    /// A record's issues as result objects, each without its `ruleId` and `ruleIndex`, which the
    /// order of the whole run decides.
    struct RenderedResults: Sendable {
        var codes: [String] = []
        /// Where each result's text ends in `text`.
        var ends: [Int] = []
        var text = OutputBuffer()
    }

    struct Renderer: RecordRenderer {
        let location: Location
        let positions: ShownPositions
        let heads: IssueTexts
        let tails: IssueTexts

        func render(_ record: DataRecord, _ report: ValidationReport) -> RenderedResults? {
            guard !report.issues.isEmpty else { return nil }
            let redaction = positions.redaction(for: record)
            var rendered = RenderedResults(text: OutputBuffer(capacity: 512 * report.issues.count))
            for issue in report.issues {
                heads.append(issue, to: &rendered.text)
                location.append(span: redaction.shown(record.span(of: issue)), to: &rendered.text)
                rendered.text.append("]")
                rendered.text.appendJSONKey("properties")
                rendered.text.append("{")
                rendered.text.appendJSONMember("record", record.index, first: true)
                tails.append(issue, to: &rendered.text)
                rendered.codes.append(issue.code)
                rendered.ends.append(rendered.text.count)
            }
            return rendered
        }
    }

    mutating func write(_ rendered: RenderedResults, file: String) {
        var start = 0
        var record = OutputBuffer(capacity: rendered.text.count + 64 * rendered.codes.count)
        for (code, end) in zip(rendered.codes, rendered.ends) {
            if !results.isEmpty || !record.isEmpty { record.append(Self.resultSeparator) }
            record.append(bytes: resultStart(ofRule: code))
            rendered.text.withBytes { record.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            start = end
        }
        results.append(record)
    }

    /// How a result of the rule `code` starts, its index given when the rule is first met.
    private mutating func resultStart(ofRule code: String) -> [UInt8] {
        if let start = resultStarts[code] { return start }
        var start = OutputBuffer()
        start.append("{")
        start.appendJSONMember("ruleId", string: code, first: true)
        start.appendJSONMember("ruleIndex", rules.count)
        rules.append(code)
        resultStarts[code] = start.bytes
        return start.bytes
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        var members = [("level", JSONText.quote("error")), ("message", JSONText.object([("text", JSONText.quote(message))]))]
        members.append(("locations", "[" + Self.location(file: file, span: position.map { SourceSpan(start: $0, end: $0) }) + "]"))
        notifications.append(JSONText.object(members))
    }

    mutating func finish(_ summary: CheckSummary) {
        finish(rules: rules, results: results, successful: summary.unreadable == 0)
    }

    /// Writes the log with the given rule ids and result objects (separated by `resultSeparator`).
    func finish(rules: [String], results: SpooledOutput, successful: Bool) {
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
        Output.out("""
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": \(driver)},
                "columnKind": "unicodeCodePoints",
                "invocations": [\(invocation)],
                "results": [
            """)
        Output.out("\n      ")
        results.write()
        Output.out("\n    ]\n  }]\n}\n")
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

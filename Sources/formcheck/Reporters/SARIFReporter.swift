import FormCheck
import Foundation

/// `--format sarif`: a SARIF 2.1.0 log for code-scanning views, with one rule per error code and a
/// physical location (file, line and column span) for every issue. Files that cannot be read are
/// tool execution notifications.
struct SARIFReporter: CheckReporter {
    private var rules: [String] = []
    private var results: [String] = []
    private var notifications: [String] = []
    /// Nil only for a log that `record` is never called on (such as `formcheck test`'s).
    private var positions: ShownPositions?

    init(positions: ShownPositions?) {
        self.positions = positions
    }

    mutating func record(file: String, record: DataRecord, report: ValidationReport) {
        for issue in report.issues {
            let ruleIndex: Int
            if let index = rules.firstIndex(of: issue.code) {
                ruleIndex = index
            } else {
                rules.append(issue.code)
                ruleIndex = rules.count - 1
            }
            let span = positions!.span(of: issue.path, in: record)
            results.append(JSONText.object([
                ("ruleId", JSONText.quote(issue.code)),
                ("ruleIndex", String(ruleIndex)),
                ("level", JSONText.quote(issue.severity == .error ? "error" : "warning")),
                ("message", JSONText.object([("text", JSONText.quote(issue.message))])),
                ("locations", "[" + Self.location(file: file, span: span) + "]"),
                ("properties", JSONText.object([
                    ("record", String(record.index)), ("path", JSONText.quote(issue.path.description)),
                    ("pointer", JSONText.quote(issue.path.jsonPointer)), ("rule", JSONText.quote(issue.rule)),
                ])),
            ]))
        }
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        var members = [("level", JSONText.quote("error")), ("message", JSONText.object([("text", JSONText.quote(message))]))]
        members.append(("locations", "[" + Self.location(file: file, span: position.map { SourceSpan(start: $0, end: $0) }) + "]"))
        notifications.append(JSONText.object(members))
    }

    mutating func finish(_ summary: CheckSummary) {
        finish(rules: rules, results: results, successful: summary.unreadable == 0)
    }

    /// Writes the log with the given rule ids and result objects.
    func finish(rules: [String], results: [String], successful: Bool) {
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
                  \(results.joined(separator: ",\n      "))
                ]
              }]
            }

            """)
    }

    static func location(file: String, span: SourceSpan?) -> String {
        let uri = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
        var physical = [("artifactLocation", JSONText.object([("uri", JSONText.quote(uri))]))]
        if let span {
            physical.append(("region", JSONText.object([
                ("startLine", String(span.start.line)), ("startColumn", String(span.start.column)),
                ("endLine", String(span.end.line)), ("endColumn", String(span.end.column)),
            ])))
        }
        return JSONText.object([("physicalLocation", JSONText.object(physical))])
    }
}

import FormCheck
import Foundation

/// Receives fixture case results as they happen.
protocol FixtureReporter {
    mutating func result(_ result: CaseResult)
    /// A path that could not be used (missing, or holding no case).
    mutating func problem(file: String, message: String)
    mutating func finish(passed: Int, failed: Int)
}

extension FixtureReporter {
    /// The closing line of every format: `N passed, N failed`.
    static func summaryLine(passed: Int, failed: Int) -> String { "\(passed) passed, \(failed) failed" }

    /// `STATUS name` and the differences indented below it, for the text and summary formats; file
    /// names and the data they quote are escaped (see `PrintableText`).
    static func caseText(_ result: CaseResult, status: String) -> String {
        "\(status) \(PrintableText.escaped(result.name))\n" + result.details.map { "  \(PrintableText.escaped($0))\n" }.joined()
    }
}

/// `PASS name` or `FAIL name` with the differences indented below, then `N passed, N failed`.
struct TextFixtureReporter: FixtureReporter {
    let style: Style

    mutating func result(_ result: CaseResult) {
        Output.out(Self.caseText(result, status: result.passed ? style.green("PASS") : style.red("FAIL")))
    }

    mutating func problem(file: String, message: String) {
        Output.error(problemLine(file: file, position: nil, message: message, style: style))
    }

    mutating func finish(passed: Int, failed: Int) {
        Output.out(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

/// One JSON document (`version` 1) with every case; the closing line goes to standard error.
struct JSONFixtureReporter: FixtureReporter {
    let schema: String
    private var cases: [String] = []
    private var problems: [String] = []

    init(schema: String) { self.schema = schema }

    mutating func result(_ result: CaseResult) {
        var members = [("name", JSONText.quote(result.name)), ("file", JSONText.quote(result.file))]
        if let position = result.position {
            members += [("line", String(position.line)), ("column", String(position.column))]
        }
        members += [("passed", result.passed ? "true" : "false"),
                    ("details", "[" + result.details.map(JSONText.quote).joined(separator: ", ") + "]")]
        cases.append(JSONText.object(members))
    }

    mutating func problem(file: String, message: String) {
        problems.append(JSONText.object([("file", JSONText.quote(file)), ("message", JSONText.quote(message))]))
    }

    mutating func finish(passed: Int, failed: Int) {
        Output.out("""
            {
              "version": 1,
              "schema": \(JSONText.quote(schema)),
              "cases": [\(cases.isEmpty ? "" : "\n    " + cases.joined(separator: ",\n    ") + "\n  ")],
              "problems": [\(problems.isEmpty ? "" : "\n    " + problems.joined(separator: ",\n    ") + "\n  ")],
              "summary": {"passed": \(passed), "failed": \(failed)}
            }

            """)
        Output.error(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

/// One JUnit `testsuite` for the run, one `testcase` per fixture case; the closing line goes to standard error.
struct JUnitFixtureReporter: FixtureReporter {
    let form: String
    private var cases: [String] = []
    private var failures = 0
    private var errors = 0
    private let started = Date()

    init(form: String) { self.form = form }

    mutating func result(_ result: CaseResult) {
        let head = "    <testcase name=\"\(XMLText.attribute(result.name))\" classname=\"\(XMLText.attribute(result.file))\" time=\"0\""
        if result.passed {
            cases.append(head + "/>")
        } else {
            failures += 1
            let message = result.details.first ?? "failed"
            cases.append(head + "><failure type=\"expectation\" message=\"\(XMLText.attribute(message))\">"
                + XMLText.text(result.details.joined(separator: "\n")) + "</failure></testcase>")
        }
    }

    mutating func problem(file: String, message: String) {
        errors += 1
        cases.append("    <testcase name=\"\(XMLText.attribute(file))\" classname=\"\(XMLText.attribute(file))\" time=\"0\">"
            + "<error type=\"unreadable\" message=\"\(XMLText.attribute(message))\">\(XMLText.text("\(file): \(message)"))</error></testcase>")
    }

    mutating func finish(passed: Int, failed: Int) {
        let seconds = String(format: "%.3f", Date().timeIntervalSince(started))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        out += "  <testsuite name=\"\(XMLText.attribute("fixtures of \(form)"))\" package=\"\(XMLText.attribute(form))\" id=\"0\""
        out += " timestamp=\"\(JUnitReporter.timestamp())\" hostname=\"\(XMLText.attribute(JUnitReporter.hostname))\""
        out += " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds)\">\n"
        out += "    <properties>\n      <property name=\"form\" value=\"\(XMLText.attribute(form))\"/>\n    </properties>\n"
        out += cases.map { $0 + "\n" }.joined()
        out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"
        Output.out(out)
        Output.error(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

/// `PASS name` lines for passing cases and an `::error` workflow command for each failing one.
struct GitHubFixtureReporter: FixtureReporter {
    mutating func result(_ result: CaseResult) {
        guard !result.passed else {
            Output.out("PASS \(result.name)\n")
            return
        }
        let span = result.position.map { SourceSpan(start: $0, end: $0) }
        Output.out(GitHubReporter.command("error", file: result.file, span: span, title: "fixture failed",
                                          message: ([result.name] + result.details).joined(separator: "\n")))
    }

    mutating func problem(file: String, message: String) {
        Output.out(GitHubReporter.command("error", file: file, span: nil, title: "formcheck", message: message))
    }

    mutating func finish(passed: Int, failed: Int) {
        Output.out(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

/// A SARIF 2.1.0 log with one result (rule `fixture`) per failing case; the closing line goes to standard error.
struct SARIFFixtureReporter: FixtureReporter {
    private var inner = SARIFReporter(positions: nil)
    private let failures = SpooledOutput()

    mutating func result(_ result: CaseResult) {
        guard !result.passed else { return }
        if !failures.isEmpty { failures.append { $0.append(SARIFReporter.resultSeparator) } }
        failures.append(JSONText.object([
            ("ruleId", JSONText.quote("fixture")),
            ("ruleIndex", "0"),
            ("level", JSONText.quote("error")),
            ("message", JSONText.object([("text", JSONText.quote(([result.name] + result.details).joined(separator: "\n")))])),
            ("locations", "[" + SARIFReporter.location(file: result.file, span: result.position.map { SourceSpan(start: $0, end: $0) }) + "]"),
        ]))
    }

    mutating func problem(file: String, message: String) {
        inner.problem(file: file, position: nil, message: message)
    }

    mutating func finish(passed: Int, failed: Int) {
        inner.finish(rules: ["fixture"], results: failures, successful: true)
        Output.error(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

/// `--format summary`: failing cases with their differences, then the closing line; passing cases are not listed.
struct SummaryFixtureReporter: FixtureReporter {
    mutating func result(_ result: CaseResult) {
        guard !result.passed else { return }
        Output.out(Self.caseText(result, status: "FAIL"))
    }

    mutating func problem(file: String, message: String) {
        Output.error(problemLine(file: file, position: nil, message: message))
    }

    mutating func finish(passed: Int, failed: Int) {
        Output.out(Self.summaryLine(passed: passed, failed: failed) + "\n")
    }
}

import FormCheck
import Foundation

/// `--format junit`: JUnit XML (the Apache Ant schema most CI systems read), one `testsuite` per data
/// file and one `testcase` per record. An invalid record is a `failure` whose text lists every issue;
/// a file or line that cannot be read is an `error`. Warnings go to the suite's `system-out`.
struct JUnitReporter: CheckReporter {
    private struct Suite {
        var cases: [String] = []
        var failures = 0
        var errors = 0
        var warnings: [String] = []
        let started = Date()
    }

    let form: String
    private var positions: ShownPositions
    private var suites: [String: Suite] = [:]
    private var nextID = 0

    init(form: String, positions: ShownPositions) {
        self.form = form
        self.positions = positions
        Output.out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
    }

    mutating func record(file: String, record: DataRecord, report: ValidationReport) {
        let name = XMLText.attribute("record \(record.index)")
        var lines: [String] = []
        for issue in report.issues {
            lines.append(issueLine(file: file, record: record, issue: issue, at: positions.span(of: issue.path, in: record)))
        }
        // The suite is changed in place in the dictionary: a copy would copy its cases for every record.
        if let first = report.errors.first {
            let message = first.path.components.isEmpty ? first.printableMessage : "\(first.printablePath): \(first.printableMessage)"
            suites[file, default: Suite()].failures += 1
            suites[file, default: Suite()].cases.append("""
                    <testcase name="\(name)" classname="\(XMLText.attribute(file))" time="0">\
                <failure type="\(XMLText.attribute(first.code))" message="\(XMLText.attribute(message))">\
                \(XMLText.text(lines.joined(separator: "\n")))</failure></testcase>
                """)
        } else {
            suites[file, default: Suite()].cases.append("    <testcase name=\"\(name)\" classname=\"\(XMLText.attribute(file))\" time=\"0\"/>")
            suites[file, default: Suite()].warnings += lines
        }
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        let name = position.map { "line \($0.line)" } ?? "read"
        let text = "\(file):\(position.map { "\($0):" } ?? "") error: \(message)"
        suites[file, default: Suite()].errors += 1
        suites[file, default: Suite()].cases.append("""
                <testcase name="\(XMLText.attribute(name))" classname="\(XMLText.attribute(file))" time="0">\
            <error type="unreadable" message="\(XMLText.attribute(message))">\(XMLText.text(text))</error></testcase>
            """)
    }

    mutating func fileDone(file: String) {
        let suite = suites.removeValue(forKey: file) ?? Suite()
        let seconds = String(format: "%.3f", Date().timeIntervalSince(suite.started))
        var out = "  <testsuite name=\"\(XMLText.attribute(file))\" package=\"\(XMLText.attribute(form))\" id=\"\(nextID)\""
        out += " timestamp=\"\(Self.timestamp())\" hostname=\"\(XMLText.attribute(Self.hostname()))\""
        out += " tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" time=\"\(seconds)\">\n"
        out += "    <properties>\n      <property name=\"form\" value=\"\(XMLText.attribute(form))\"/>\n    </properties>\n"
        out += suite.cases.map { $0 + "\n" }.joined()
        out += suite.warnings.isEmpty
            ? "    <system-out/>\n" : "    <system-out>\(XMLText.text(suite.warnings.joined(separator: "\n")))</system-out>\n"
        out += "    <system-err/>\n  </testsuite>\n"
        Output.out(out)
        nextID += 1
    }

    mutating func finish(_ summary: CheckSummary) {
        Output.out("</testsuites>\n")
    }

    /// Local time without a zone, as the schema wants; `SOURCE_DATE_EPOCH` fixes it for reproducible output.
    static func timestamp() -> String {
        var seconds = time(nil)
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) { seconds = epoch }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

/// Escaping for XML attribute values and text.
enum XMLText {
    static func text(_ value: String) -> String {
        escaped(value, inAttribute: false)
    }

    /// Also quotes and white space other than the space as references, which attribute values keep.
    static func attribute(_ value: String) -> String {
        escaped(value, inAttribute: true)
    }

    private static func escaped(_ value: String, inAttribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\r" where inAttribute: out += "&#13;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            // Characters XML 1.0 cannot hold at all.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

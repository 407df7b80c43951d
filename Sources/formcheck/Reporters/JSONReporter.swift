import FormCheck

/// `--format json`: one JSON document (format version 1), written as results arrive.
///
/// `results` lists the records with issues; `problems` the inputs that could not be read or parsed;
/// `summary` the counts. The README documents every key.
struct JSONReporter: CheckReporter {
    /// Each result starts with its separator, `,` and a line break; the first result's comma is left out.
    private let stream = OrderedOutput(separatorLength: 1)
    var orderedOutput: OrderedOutput? { stream }
    private var problems: [String] = []
    private let positions: ShownPositions

    init(schema: String, form: String, positions: ShownPositions) {
        self.positions = positions
        Output.out("{\n  \"version\": 1,\n  \"schema\": \(JSONText.quote(schema)),\n  \"form\": \(JSONText.quote(form)),\n  \"results\": [")
    }

    func renderer(file: String) -> Renderer {
        var start = OutputBuffer()
        start.append("{")
        start.appendJSONMember("file", string: file, first: true)
        return Renderer(start: start.bytes, positions: positions, heads: Self.heads(), tails: Self.tails())
    }

    /// What an issue's object says before its place: `{"path": ..., ..., "message": ...`.
    private static func heads() -> IssueTexts { IssueTexts { issue, out in
        out.append("{")
        out.appendJSONMember("path", string: issue.path.description, first: true)
        out.appendJSONMember("pointer", string: issue.path.jsonPointer)
        out.appendJSONMember("field", string: issue.field)
        out.appendJSONMember("code", string: issue.code)
        out.appendJSONMember("rule", string: issue.rule)
        out.appendJSONMember("severity", string: issue.severity.rawValue)
        out.appendJSONMember("message", string: issue.message)
    } }

    /// What it says after: its parameters, and the object's end.
    private static func tails() -> IssueTexts { IssueTexts { issue, out in
        out.appendJSONKey("parameters")
        out.append("{")
        for (number, (key, value)) in issue.parameters.sorted(by: { $0.key < $1.key }).enumerated() {
            // Parameter names are the schema's (a custom rule's own), so they are escaped.
            if number > 0 { out.append(", ") }
            out.appendJSON(key)
            out.append(": ")
            out.append(text: JSONText.argument(value))
        }
        out.append("}}")
    } }

    /// Renders a record with issues as its result object, after its separator (see `orderedOutput`).
    struct Renderer: RecordRenderer {
        /// `{"file": FILE`
        let start: [UInt8]
        let positions: ShownPositions
        let heads: IssueTexts
        let tails: IssueTexts

        func render(_ record: DataRecord, _ report: ValidationReport, into out: inout OutputBuffer) -> Range<Int>? {
            guard !report.issues.isEmpty else { return nil }
            let redaction = positions.redaction(for: record)
            let position = redaction.shown(record.position)
            let resultStart = out.count
            out.append(",\n    ")
            out.append(bytes: start)
            out.appendJSONMember("record", record.index)
            out.appendJSONMember("line", position.line)
            out.appendJSONMember("column", position.column)
            out.appendJSONKey("valid")
            out.append(report.isValid ? "true" : "false")
            out.appendJSONKey("issues")
            out.append("[")
            for (number, issue) in report.issues.enumerated() {
                if number > 0 { out.append(", ") }
                heads.append(issue, to: &out)
                out.appendJSONMembers(redaction.shown(record.span(of: issue)), keys: ("line", "column", "endLine", "endColumn"))
                tails.append(issue, to: &out)
            }
            out.append("]}")
            return resultStart..<out.count
        }
    }

    mutating func write(_ rendered: Range<Int>, from output: OutputBuffer, file: String) {
        stream.write(output, rendered)
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        var fields = [("file", JSONText.quote(file))]
        if let position {
            fields += [("line", String(position.line)), ("column", String(position.column))]
        }
        problems.append(JSONText.object(fields + [("message", JSONText.quote(message))]))
    }

    mutating func finish(_ summary: CheckSummary) {
        var out = stream.wroteAny ? "\n  ],\n" : "],\n"
        out += "  \"problems\": [" + (problems.isEmpty ? "" : "\n    " + problems.joined(separator: ",\n    ") + "\n  ") + "],\n"
        out += "  \"summary\": " + JSONText.object([
            ("files", String(summary.files)), ("records", String(summary.records)), ("valid", String(summary.valid)),
            ("invalid", String(summary.invalid)), ("errors", String(summary.errors)), ("warnings", String(summary.warnings)),
            ("unreadable", String(summary.unreadable)),
        ]) + ",\n"
        out += "  \"valid\": \(summary.exitStatus == .valid)\n}\n"
        Output.out(out)
    }
}

/// Minimal JSON text building for the reporters.
enum JSONText {
    static func quote(_ text: String) -> String { JSONWriter.quoted(text) }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func argument(_ argument: MessageArgument) -> String {
        switch argument {
        case .string(let text): return quote(text)
        case .integer(let int): return String(int)
        case .largeInteger(let large): return large.description
        case .number(let double): return double.isFinite ? "\(double)" : quote("\(double)")
        case .list(let items): return "[" + items.map(quote).joined(separator: ", ") + "]"
        case .field(let path): return quote(path)
        case .fields(let paths): return "[" + paths.map(quote).joined(separator: ", ") + "]"
        }
    }
}

import FormCheck

/// `--format json`: one JSON document (format version 1), written as results arrive.
///
/// `results` lists the records with issues; `problems` the inputs that could not be read or parsed;
/// `summary` the counts. The README documents every key.
struct JSONReporter: CheckReporter {
    private var wroteResult = false
    private var problems: [String] = []
    private var positions: ShownPositions

    init(schema: String, form: String, positions: ShownPositions) {
        self.positions = positions
        Output.out("{\n  \"version\": 1,\n  \"schema\": \(JSONText.quote(schema)),\n  \"form\": \(JSONText.quote(form)),\n  \"results\": [")
    }

    mutating func record(file: String, record: DataRecord, report: ValidationReport) {
        guard !report.issues.isEmpty else { return }
        let issues = report.issues.map { issue in
            let span = positions.span(of: issue.path, in: record)
            return JSONText.object([
                ("path", JSONText.quote(issue.path.description)),
                ("pointer", JSONText.quote(issue.path.jsonPointer)),
                ("field", JSONText.quote(issue.field)),
                ("code", JSONText.quote(issue.code)),
                ("rule", JSONText.quote(issue.rule)),
                ("severity", JSONText.quote(issue.severity.rawValue)),
                ("message", JSONText.quote(issue.message)),
                ("line", String(span.start.line)),
                ("column", String(span.start.column)),
                ("endLine", String(span.end.line)),
                ("endColumn", String(span.end.column)),
                ("parameters", JSONText.object(issue.parameters.sorted { $0.key < $1.key }.map { ($0.key, JSONText.argument($0.value)) })),
            ])
        }
        let start = positions.position(of: record)
        let result = JSONText.object([
            ("file", JSONText.quote(file)),
            ("record", String(record.index)),
            ("line", String(start.line)),
            ("column", String(start.column)),
            ("valid", report.isValid ? "true" : "false"),
            ("issues", "[" + issues.joined(separator: ", ") + "]"),
        ])
        Output.out((wroteResult ? ",\n    " : "\n    ") + result)
        wroteResult = true
    }

    mutating func problem(file: String, position: SourcePosition?, message: String) {
        var fields = [("file", JSONText.quote(file))]
        if let position {
            fields += [("line", String(position.line)), ("column", String(position.column))]
        }
        problems.append(JSONText.object(fields + [("message", JSONText.quote(message))]))
    }

    mutating func finish(_ summary: CheckSummary) {
        var out = wroteResult ? "\n  ],\n" : "],\n"
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

import Foundation
@testable import FormCheck

/// The report of one record through every kind of input the library reads it from, which must all be
/// the same as the reference validator's on the parsed `Value` (`ReferenceValidator`): JSON bytes through the direct path (when
/// it settles the record) and through `validate(json:)`, the `Value` through `validate(_:)` (which
/// writes it as JSON for the direct path), the same record written as YAML and read by the YAML data
/// reader, and each field through `validate(field:in:)`, which must give the whole report's issues at
/// and under the field.
enum InputKinds {
    /// One input kind's report, or why it has none.
    struct Outcome {
        let kind: String
        let report: ValidationReport?
        let note: String?
    }

    /// What running one record through every kind of input found.
    struct Comparison {
        /// The reports, the reference validator's first.
        var outcomes: [Outcome] = []
        /// Each disagreement, described.
        var differences: [String] = []
        var directSettled = false
    }

    /// Runs `json` (and `yaml`, when YAML can say the same record) through every kind of input.
    static func compare(_ schema: FormSchema, json: String, yaml: String?, options: ValidationOptions) -> Comparison {
        var comparison = Comparison()
        let bytes = Array(json.utf8)
        let value: Value
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            // Then `validate(json:)` throws the same error.
            do {
                _ = try schema.validate(json: bytes, options: options)
                comparison.differences.append("validate(json:) gave a report, but the JSON reader refuses the text: \(error.message)")
            } catch let thrown {
                if thrown != error { comparison.differences.append("validate(json:) threw \(thrown), the JSON reader \(error)") }
            }
            return comparison
        }
        let reference = schema.referenceReport(value, options: options)
        comparison.outcomes.append(Outcome(kind: "reference validator", report: reference, note: nil))
        comparison.outcomes.append(Outcome(kind: "validate(Value)", report: schema.validate(value, options: options), note: nil))

        var cache = IssueTable()
        let direct = bytes.withUnsafeBufferPointer { schema.directReport($0, options: options, cache: &cache) }
        comparison.directSettled = direct != nil
        // A second time, from the issues the first made.
        if bytes.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }) != direct {
            comparison.differences.append("the direct path gave another report from its cache")
        }
        comparison.outcomes.append(Outcome(kind: "direct path", report: direct, note: direct == nil ? "not well-formed" : nil))
        // Where the direct path read each issue's value is where the locator finds it again.
        for issue in direct?.issues ?? [] {
            let located = JSONLocator.range(of: issue.path, in: bytes, from: 0)
            if issue.written != located {
                comparison.differences.append("the direct path read \(issue.path) at \(issue.written.map { "\($0)" } ?? "no place"), the locator finds it at \(located)")
            }
        }

        do {
            comparison.outcomes.append(Outcome(kind: "validate(json:)", report: try schema.validate(json: bytes, options: options), note: nil))
        } catch {
            comparison.outcomes.append(Outcome(kind: "validate(json:)", report: nil, note: "threw \(error.message)"))
        }

        if let yaml {
            comparison.outcomes.append(yamlOutcome(schema, yaml: yaml, expected: value, options: options))
        }

        for outcome in comparison.outcomes.dropFirst() {
            if let report = outcome.report {
                if report != reference { comparison.differences.append("\(outcome.kind) differs from the reference validator") }
                if outcome.kind == "YAML data", let note = outcome.note { comparison.differences.append("YAML data \(note)") }
            } else if outcome.kind != "direct path" {
                comparison.differences.append("\(outcome.kind): \(outcome.note ?? "no report")")
            }
        }

        // A record that is not an object has one issue, of the record; a field alone reads it as
        // missing. A nested field is checked alone where the whole record reaches it: each enclosing
        // field is an object in the record and counts (has no `when:`).
        for (id, field) in schema.graph.nodes.enumerated() where !field.path.contains("[]") {
            let keys = schema.graph.keyPath(of: id)
            let prefix = keys.map { ValuePath.Component.key($0) }
            let expected = reference.issues.filter { $0.path.components.starts(with: prefix) }
            guard let alone = schema.validate(field: field.path, in: value, options: options) else {
                comparison.differences.append("validate(field: \(field.path)) gave no report")
                continue
            }
            if alone.issues != expected {
                comparison.differences.append("validate(field: \(field.path)) differs from the whole report's issues under it")
                comparison.outcomes.append(Outcome(kind: "validate(field: \(field.path))", report: alone, note: nil))
            }
        }
        return comparison
    }

    /// The differences between each record's report through `validateRecords` on a JSON Lines file and
    /// on a JSON array file of them all (the direct path on lines and elements, on `jobs` threads) and
    /// its report through `validate(_:)`. Records are written on one line each (white space between
    /// tokens is the only place a JSON text holds a raw line break) without a byte order mark.
    static func fileDifferences(_ schema: FormSchema, records: [String], options: ValidationOptions, jobs: Int) -> [String] {
        let lines = records.map { record in
            String(record.drop { $0 == "\u{FEFF}" }.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
        let expected = lines.map { line in (try? JSONReader.parse(Array(line.utf8))).map { schema.referenceReport($0, options: options) } }
        var differences: [String] = []
        for (format, text) in [(DataFormat.jsonLines, lines.joined(separator: "\n") + "\n"), (.json, "[" + lines.joined(separator: ",\n") + "]")] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString).\(format.rawValue)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            var reports: [ValidationReport?] = []
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                try schema.validateRecords(inFile: path, format: format, options: options, jobs: jobs) { _, report in reports.append(report) }
            } catch {
                differences.append("validateRecords on \(format.rawValue) threw \(error)")
                continue
            }
            if reports.count != expected.count {
                differences.append("validateRecords on \(format.rawValue) gave \(reports.count) reports for \(expected.count) records")
                continue
            }
            for (index, (report, wanted)) in zip(reports, expected).enumerated() where report != wanted {
                let found: String = report.map { $0.issues.map(describe).joined(separator: "; ") } ?? "none"
                let baseline: String = wanted.map { $0.issues.map(describe).joined(separator: "; ") } ?? "none"
                differences.append("validateRecords on \(format.rawValue), record \(index + 1), differs from the reference validator: \(lines[index])\n"
                    + "  validateRecords: \(found)\n  reference validator: \(baseline)")
            }
        }
        return differences
    }

    private static func yamlOutcome(_ schema: FormSchema, yaml: String, expected: Value, options: ValidationOptions) -> Outcome {
        var records: [DataRecord] = []
        do {
            try DataReader.forEachRecord(in: Array(yaml.utf8), format: .yaml, name: "record.yaml") { records.append($0) }
        } catch {
            return Outcome(kind: "YAML data", report: nil, note: "the YAML text was refused: \(error.message)")
        }
        guard records.count == 1 else { return Outcome(kind: "YAML data", report: nil, note: "the YAML text held \(records.count) records") }
        switch records[0].content {
        case .success(let value):
            let note = value == expected ? nil : "read as \(sketch(value)), JSON as \(sketch(expected))"
            return Outcome(kind: "YAML data", report: schema.validate(value, options: options), note: note)
        case .failure(let error):
            return Outcome(kind: "YAML data", report: nil, note: "the YAML text was refused: \(error.message)")
        }
    }

    /// A value as JSON-like text that keeps integers (`1`) and numbers (`1.0`) apart.
    static func sketch(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return "\(bool)"
        case .integer(let int): return "\(int)"
        case .largeInteger(let large): return "\(large)"
        case .number(let double): return "\(double)"
        case .string(let string): return string.debugDescription
        case .array(let items): return "[" + items.map(sketch).joined(separator: ", ") + "]"
        case .object(let object): return "{" + object.members.map { "\($0.debugDescription): \(sketch($1))" }.joined(separator: ", ") + "}"
        }
    }

    /// Every field of an issue, one line, as a failure message shows it.
    static func describe(_ issue: ValidationIssue) -> String {
        let parameters = issue.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        return "\(issue.path) | \(issue.field) | \(issue.code) | \(issue.rule) | \(issue.severity) | [\(parameters)] | \(issue.message)"
            + (issue.labelOverride.map { " | label \($0)" } ?? "")
    }

    /// The outcomes, each report's issues one per line.
    static func describe(_ outcomes: [Outcome]) -> String {
        outcomes.map { outcome in
            var text = "\(outcome.kind):" + (outcome.note.map { " (\($0))" } ?? "")
            if let report = outcome.report {
                text += report.issues.isEmpty ? " no issues" : "\n" + report.issues.map { "    " + describe($0) }.joined(separator: "\n")
            }
            return text
        }.joined(separator: "\n")
    }
}

import FormCheck
import Foundation

/// Finds fixture cases under the given paths and runs each against the schema:
/// records in `valid/` must pass, records in `invalid/` must fail (with the errors of their
/// `NAME.expect.yaml` sidecar, when there is one), and each case of a `*.suite.yaml` file must
/// match its `valid` and `errors`.
struct FixtureRunner {
    let schema: FormSchema
    let options: ValidationOptions
    /// Paths that could not be used at all (missing, or holding no case); they make the run exit 2.
    private(set) var problems: [(file: String, message: String)] = []

    init(schema: FormSchema, options: ValidationOptions) {
        self.schema = schema
        self.options = options
    }

    static let suiteSuffixes = [".suite.yaml", ".suite.yml", ".suite.json"]
    static let expectationSuffixes = [".expect.yaml", ".expect.yml", ".expect.json"]

    /// Runs the cases under `paths` on `jobs` threads, a file at a time, and reports them and the paths'
    /// problems in the order of the paths and their files, whatever the number of threads.
    mutating func run(_ paths: [String], jobs: Int, _ report: (CaseResult) -> Void) {
        var tree = FileTree()
        // Each path's problems, and its files that no path before it reached.
        var walked: [(path: String, problems: [(file: String, message: String)], files: [String], reachedBefore: Bool)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                walked.append((path, [(path, "cannot read: no such file or directory")], [], true))
                continue
            }
            let listing = isDirectory.boolValue ? tree.walk(path) : nil
            let files = listing?.files ?? [path]
            let new = files.filter { tree.isNew($0) }
            walked.append((path, listing?.problems ?? [], new, new.count < files.count))
        }
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        let runner = self
        let results = pool.map(walked.flatMap(\.files)) { file in runner.results(of: file) }
        var next = 0
        for (path, pathProblems, files, reachedBefore) in walked {
            problems += pathProblems
            var found = 0
            for fileResults in results[next..<(next + files.count)] {
                found += fileResults.count
                fileResults.forEach(report)
            }
            next += files.count
            if found == 0 && !reachedBefore && pathProblems.isEmpty {
                problems.append((path, "no fixture cases: expected records in valid/ or invalid/ folders, or *.suite.yaml files"))
            }
        }
    }

    /// The results of the cases of one file.
    private func results(of file: String) -> [CaseResult] {
        var results: [CaseResult] = []
        runFile(file) { results.append($0) }
        return results
    }

    /// Runs the cases of one file, if it holds any.
    private func runFile(_ file: String, _ report: (CaseResult) -> Void) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if Self.suiteSuffixes.contains(where: name.hasSuffix) { return runSuite(file, report) }
        if Self.expectationSuffixes.contains(where: name.hasSuffix) { return }
        guard let format = DataFormat(fileName: name) else { return }
        let folders = file.split(separator: "/").dropLast()
        guard let kind = folders.last(where: { $0 == "valid" || $0 == "invalid" }) else { return }
        runRecords(file, format: format, expectValid: kind == "valid", report)
    }

    private func runRecords(_ file: String, format: DataFormat, expectValid: Bool, _ report: (CaseResult) -> Void) {
        let expectation = loadExpectation(for: file)
        var outcomes: [(record: DataRecord, result: Result<ValidationReport, DataParseError>)] = []
        do {
            let hiding = schema.sensitiveValueFinder
            try DataReader.forEachRecord(inFile: file, format: format, maxRecordSize: options.maxRecordSize, hiding: hiding) { record in
                outcomes.append((record, record.content.map { schema.validate($0, options: options) }))
            }
        } catch {
            report(CaseResult(name: file, file: file, position: error.position, passed: false,
                              details: ["\(file):\(error.position.map { "\($0):" } ?? "") \(error.messageNamingOption)"]))
            return
        }
        if outcomes.isEmpty {
            report(CaseResult(name: file, file: file, position: nil, passed: false, details: ["the file holds no record"]))
            return
        }
        for (record, result) in outcomes {
            let name = outcomes.count == 1 ? file : "\(file), record \(record.index)"
            var details: [String] = []
            switch (result, expectation) {
            case (.failure(let error), _):
                details = ["\(file):\(error.position): \(error.message)"]
            case (_, .failure(let error)?):
                details = ["\(error.file): \(error.message)"]
            case (.success(let actual), let loaded):
                let expected = try? loaded?.get()
                if expected != nil, outcomes.count > 1 {
                    details = ["\(expected!.file) applies to a file with one record; this file has \(outcomes.count)"]
                } else if expectValid, !actual.isValid {
                    let redaction = record.document.map(schema.redaction(of:)) ?? Redaction()
                    details = ["expected a valid record, got \(actual.errors.count == 1 ? "1 error" : "\(actual.errors.count) errors"):"]
                        + actual.issues.map { describe($0, in: record, redaction: redaction, file: file) }
                } else if !expectValid, actual.isValid {
                    details = ["expected errors, but the record is valid"]
                } else if let expected {
                    let shown = expected.locale.map { schema.localized(actual, locale: $0) } ?? actual
                    details = ExpectedIssue.differences(expected: expected.issues, actual: shown.issues)
                }
            }
            report(CaseResult(name: name, file: file, position: record.position, passed: details.isEmpty, details: details))
        }
    }

    private func runSuite(_ file: String, _ report: (CaseResult) -> Void) {
        do {
            let format: DataFormat = file.hasSuffix(".json") ? .json : .yaml
            // A syntax error is placed among the sensitive values of the cases' data before it.
            let hiding = schema.sensitiveValueFinder(inMember: "data")
            try DataReader.forEachRecord(inFile: file, format: format, maxRecordSize: options.maxRecordSize, hiding: hiding) { record in
                report(runSuiteCase(record, file: file))
            }
        } catch {
            report(CaseResult(name: file, file: file, position: error.position, passed: false,
                              details: ["\(file):\(error.position.map { "\($0):" } ?? "") \(error.messageNamingOption)"]))
        }
    }

    private func runSuiteCase(_ record: DataRecord, file: String) -> CaseResult {
        func broken(_ message: String, _ name: String = "\(file), case \(record.index)") -> CaseResult {
            CaseResult(name: name, file: file, position: record.position, passed: false, details: ["\(file):\(record.position): \(message)"])
        }
        guard case .success(let value) = record.content, let object = value.objectValue else {
            return broken("a suite case is a mapping with description, data, valid and optional errors")
        }
        for key in object.keys where !["description", "data", "valid", "errors"].contains(key) {
            return broken("unknown key '\(key)'; a case has description, data, valid and errors")
        }
        guard let description = object["description"]?.stringValue else { return broken("the case needs a 'description'") }
        let name = "\(file): \(description)"
        guard let data = object["data"] else { return broken("the case needs 'data'", name) }
        guard case .bool(let expectValid)? = object["valid"] else { return broken("the case needs 'valid: true' or 'valid: false'", name) }
        let expected: [ExpectedIssue]?
        switch ExpectedIssue.list(from: object["errors"]) {
        case .success(let issues): expected = object["errors"] == nil ? nil : issues
        case .failure(let error): return broken(error.message, name)
        }
        let actual = schema.validate(data, options: options)
        let dataRecord = record.member("data")
        var details: [String] = []
        if expectValid, !actual.isValid {
            let redaction = schema.redaction(ofRecord: dataRecord)
            details = ["expected a valid record, got \(actual.errors.count == 1 ? "1 error" : "\(actual.errors.count) errors"):"]
                + actual.issues.map { describe($0, in: dataRecord, redaction: redaction, file: file) }
        } else if !expectValid, actual.isValid {
            details = ["expected errors, but the record is valid"]
        } else if let expected {
            details = ExpectedIssue.differences(expected: expected, actual: actual.issues)
        }
        return CaseResult(name: name, file: file, position: record.position, passed: details.isEmpty, details: details)
    }

    /// An issue of a record that should have been valid, at its position as shown (see `ShownPositions`).
    private func describe(_ issue: ValidationIssue, in record: DataRecord, redaction: Redaction, file: String) -> String {
        let path = issue.path.components.isEmpty ? "" : "\(issue.printablePath): "
        let position = redaction.shown(record.span(of: issue).start)
        return "\(file):\(position): \(issue.severity.rawValue): \(path)\(issue.printableMessage) [\(issue.code)]"
    }

    private struct LoadedExpectation {
        let file: String
        let issues: [ExpectedIssue]
        /// The locale its messages are written in; nil for the run's locale.
        let locale: String?
    }

    private struct ExpectationFileError: Error {
        let file: String
        let message: String
    }

    /// The sidecar of `NAME.json`: `NAME.expect.yaml` (or `.yml`, `.json`), when there is one.
    private func loadExpectation(for file: String) -> Result<LoadedExpectation, ExpectationFileError>? {
        let base = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        guard let sidecar = Self.expectationSuffixes.map({ base + $0 }).first(where: FileManager.default.fileExists(atPath:)) else {
            return nil
        }
        var value: Value?
        do {
            try DataReader.forEachRecord(inFile: sidecar, format: sidecar.hasSuffix(".json") ? .json : .yaml,
                                         maxRecordSize: options.maxRecordSize) { record in
                if value == nil, case .success(let content) = record.content { value = content }
            }
        } catch {
            return .failure(ExpectationFileError(file: sidecar, message: error.messageNamingOption))
        }
        guard let object = value?.objectValue else {
            return .failure(ExpectationFileError(file: sidecar, message: "an expectation file is a mapping with 'errors'"))
        }
        for key in object.keys where !["errors", "locale"].contains(key) {
            return .failure(ExpectationFileError(file: sidecar, message: "unknown key '\(key)'; an expectation has 'errors' and 'locale'"))
        }
        var locale: String?
        if let value = object["locale"] {
            guard let text = value.stringValue, LocaleIdentifier.isValid(text) else {
                return .failure(ExpectationFileError(file: sidecar, message: "'locale' must be a locale identifier such as en or fr"))
            }
            locale = text
        }
        switch ExpectedIssue.list(from: object["errors"]) {
        case .success(let issues): return .success(LoadedExpectation(file: sidecar, issues: issues, locale: locale))
        case .failure(let error): return .failure(ExpectationFileError(file: sidecar, message: error.message))
        }
    }
}

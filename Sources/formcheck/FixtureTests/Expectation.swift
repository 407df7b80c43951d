import FormCheck

/// One issue a fixture expects: where, which code, and optionally the severity and the exact message.
struct ExpectedIssue: Equatable {
    var path: String
    var code: String
    var severity: Severity = .error
    var message: String?

    var description: String {
        "\(path.isEmpty ? "(record)" : path) [\(code)]\(severity == .warning ? " (warning)" : "")"
            + (message.map { " \"\($0)\"" } ?? "")
    }

    /// Reads `{ path, code, severity?, message? }` entries; returns the problem when the list is malformed.
    static func list(from value: Value?) -> Result<[ExpectedIssue], ExpectationError> {
        guard let value else { return .success([]) }
        guard let items = value.arrayValue else { return .failure(ExpectationError("'errors' must be a list of { path, code }")) }
        var issues: [ExpectedIssue] = []
        for (index, item) in items.enumerated() {
            guard let object = item.objectValue, let path = object["path"]?.stringValue, let code = object["code"]?.stringValue else {
                return .failure(ExpectationError("error \(index + 1) needs 'path' and 'code' as text"))
            }
            for key in object.keys where !["path", "code", "severity", "message"].contains(key) {
                return .failure(ExpectationError("error \(index + 1) has an unknown key '\(key)'; use path, code, severity, message"))
            }
            var issue = ExpectedIssue(path: path, code: code)
            if let severity = object["severity"] {
                guard let level = severity.stringValue.flatMap(Severity.init(rawValue:)) else {
                    return .failure(ExpectationError("error \(index + 1): 'severity' must be error or warning"))
                }
                issue.severity = level
            }
            if let message = object["message"] {
                guard let text = message.stringValue else { return .failure(ExpectationError("error \(index + 1): 'message' must be text")) }
                issue.message = text
            }
            issues.append(issue)
        }
        return .success(issues)
    }

    /// The differences between expected and actual issues, as lines for the report; empty when they match.
    /// Order does not matter; each expected issue matches one actual issue.
    static func differences(expected: [ExpectedIssue], actual: [ValidationIssue]) -> [String] {
        var unmatched = actual
        var lines: [String] = []
        for issue in expected {
            if let index = unmatched.firstIndex(where: { issue.matches($0) }) {
                unmatched.remove(at: index)
            } else if let message = issue.message,
                let index = unmatched.firstIndex(where: { ExpectedIssue(path: issue.path, code: issue.code, severity: issue.severity).matches($0) }) {
                lines.append("message differs: \(issue.path) [\(issue.code)] expected \"\(message)\", got \"\(unmatched[index].printableMessage)\"")
                unmatched.remove(at: index)
            } else {
                lines.append("missing:    \(issue.description)")
            }
        }
        for issue in unmatched {
            lines.append("unexpected: \(ExpectedIssue(shown: issue).description)")
        }
        return lines
    }

    init(path: String, code: String, severity: Severity = .error, message: String? = nil) {
        self.path = path
        self.code = code
        self.severity = severity
        self.message = message
    }

    /// An actual issue as reports show it, with the member names it takes from the data escaped.
    init(shown actual: ValidationIssue) {
        self.init(path: actual.printablePath, code: actual.code, severity: actual.severity, message: actual.printableMessage)
    }

    func matches(_ actual: ValidationIssue) -> Bool {
        actual.path.description == path && actual.code == code && actual.severity == severity
            && (message == nil || message == actual.message)
    }
}

struct ExpectationError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

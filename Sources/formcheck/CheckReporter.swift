import FormCheck

/// Counts for the closing summary of a run.
struct CheckSummary {
    var files = 0
    var records = 0
    var valid = 0
    var invalid = 0
    var errors = 0
    var warnings = 0
    /// Files, JSON Lines lines and arguments that could not be read or parsed.
    var unreadable = 0

    var exitStatus: ExitStatus {
        if unreadable > 0 { return .failure }
        return invalid > 0 ? .invalid : .valid
    }
}

/// Receives a run's results as they happen, so output streams and memory stays flat.
protocol CheckReporter {
    /// A record with at least one issue (error or warning).
    mutating func record(file: String, record: DataRecord, report: ValidationReport)
    /// An input that could not be read or parsed, with the place when known.
    mutating func problem(file: String, position: SourcePosition?, message: String)
    mutating func finish(_ summary: CheckSummary)
}

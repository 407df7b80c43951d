import FormCheck

/// The outcome of one fixture case: a record in `valid/` or `invalid/`, or one case of a suite file.
struct CaseResult {
    /// `fixtures/signup/valid/ada.json`, `..., record 2`, or `signup.suite.yaml: short password`.
    let name: String
    /// The file the case points at, and where in it (the record, or the offending value).
    let file: String
    let position: SourcePosition?
    let passed: Bool
    /// What went wrong, one line each: the differences from the expectation.
    let details: [String]
}

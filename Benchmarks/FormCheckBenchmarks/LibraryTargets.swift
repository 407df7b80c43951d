import Benchmark
import FormCheck

/// The library's two latency targets: validating one 10-field record given as a `Value` (at most
/// 2 µs) and a `FormSession` keystroke, `setInput` plus the revalidation of the field and its
/// dependents (at most 20 µs). Each benchmark checks its answers outside the measured section.
@MainActor let libraryTargets = BenchmarkSuite(name: "Library targets") { suite in
    suite.benchmark("validate a valid 10-field record (Value)") { state in
        var report: ValidationReport?
        try state.measure { report = profile.validate(validProfile) }
        precondition(report!.isValid)
    }

    suite.benchmark("validate an invalid 10-field record (Value)") { state in
        var report: ValidationReport?
        try state.measure { report = profile.validate(invalidProfile) }
        precondition(report!.issues.map { "\($0.path): \($0.code)" } == invalidProfileIssues)
    }

    suite.benchmark("session keystroke: type into password, confirm_password revalidated") { state in
        let typed = typedPassword[keystroke % typedPassword.count]
        keystroke += 1
        let password = try signupSession.field("password"), confirm = try signupSession.field("confirm_password")
        try state.measure { password.setInput(typed) }
        let matches = typed == typedPassword.last!
        precondition(password.errors.isEmpty == matches)
        precondition(confirm.errors.map(\.code) == (matches ? [] : ["sameAs"]))
    }
}

/// A 10-field profile form: strings with lengths and patterns, an e-mail, a password and its
/// confirmation, integer bounds, a choice and a box to tick.
let profile = try! FormSchema(text: #"""
    formcheck: 1
    form: profile
    fields:
      username: { type: string, label: Username, rules: [required, { minLength: 3 }, { maxLength: 20 }, { pattern: "^[a-z0-9_]+$" }] }
      full_name: { type: string, label: Full name, rules: [required, { minLength: 2 }, { maxLength: 50 }, { pattern: "^[\\p{L} '-]+$" }] }
      email: { type: string, label: Email, rules: [required, email] }
      password: { type: string, label: Password, sensitive: true, rules: [required, { minLength: 8 }, { maxLength: 64 }] }
      confirm_password: { type: string, label: Confirm password, sensitive: true, rules: [required, { sameAs: password }] }
      age: { type: integer, label: Age, rules: [required, { min: 18 }, { max: 120 }] }
      country: { type: string, label: Country, rules: [required, { oneOf: [US, CA, FR, DE, JP] }] }
      zip: { type: string, label: ZIP code, rules: [required, { pattern: "^[0-9]{5}$" }] }
      phone: { type: string, label: Phone, rules: [{ minLength: 7 }, { maxLength: 20 }, { pattern: "^\\+?[0-9 ]+$" }] }
      terms: { type: boolean, label: Terms of service, rules: [accepted] }
    """#, name: "profile.yaml")

let validProfile: Value = [
    "username": "ada_lovelace", "full_name": "Ada Lovelace", "email": "ada@example.com", "password": "Analytical1",
    "confirm_password": "Analytical1", "age": 36, "country": "FR", "zip": "75001", "phone": "+33 1 23 45 67 89",
    "terms": true,
]
let invalidProfile: Value = [
    "username": "Ada!", "full_name": "A", "email": "ada@", "password": "short", "confirm_password": "shorter",
    "age": 16, "country": "UK", "zip": "7500", "phone": "call me", "terms": false,
]
/// `path: code` of each issue of `invalidProfile`, in field order.
let invalidProfileIssues = [
    "username: pattern", "full_name: minLength", "email: email", "password: minLength", "confirm_password: sameAs",
    "age: min", "country: oneOf", "zip: pattern", "phone: pattern", "terms: accepted",
]

/// A session of the shipped signup form, filled in but for the password, which the benchmark types
/// one character at a time, over and over; `confirm_password` depends on it through `sameAs`.
@MainActor let signupSession: FormSession = {
    let schema = try! FormSchema(contentsOfFile: repositoryPath("schemas/signup.yaml"))
    let session = try! FormSession(schema: schema)
    for (field, text) in [("full_name", "Ada Lovelace"), ("email", "ada@example.com"), ("confirm_password", "Analytical1"),
                          ("age", "36"), ("country", "FR"), ("terms", "true"), ("address.zip", "75001")] {
        try! session.setInput(text, for: field)
    }
    return session
}()
let typedPassword = (1...11).map { String("Analytical1".prefix($0)) }
@MainActor var keystroke = 0

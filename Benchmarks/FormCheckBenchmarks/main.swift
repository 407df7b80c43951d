import Benchmark
import FormCheck
import Foundation

/// The shipped signup schema, a record of it, and a generated 200-field schema.
let signupText = try! String(contentsOfFile: CommandLine.arguments.dropFirst().first { $0.hasSuffix(".yaml") }
    ?? repositoryPath("schemas/signup.yaml"), encoding: .utf8)
let signupMessages = repositoryPath("schemas/messages")
let record = Array(#"{"full_name":"Ada Lovelace","email":"ada@example.com","password":"Analytical1","confirm_password":"Analytical1","age":36,"country":"FR","terms":true,"address":{"zip":"75001"},"tags":["math","engines"]}"#.utf8)
let wide = "formcheck: 1\nfields:\n" + (0..<200).map { index in
    "  field\(index): { type: string, label: Field \(index), rules: [required, { minLength: 2 }, { maxLength: 40 }, { pattern: \"^[a-z]+$\" }] }\n"
}.joined()
let signup = try! FormSchema(text: signupText, name: "signup.yaml", messagesDirectory: signupMessages)
let valid: Value = ["full_name": "Ada Lovelace", "email": "ada@example.com", "password": "Analytical1",
                    "confirm_password": "Analytical1", "age": 36, "country": "FR", "terms": true,
                    "address": ["zip": "75001"], "tags": ["math", "engines"]]
let invalid: Value = ["full_name": "A", "email": "nope", "password": "short", "confirm_password": "x", "terms": false]

benchmark("compile the signup schema") {
    _ = try FormSchema(text: signupText, name: "signup.yaml", messagesDirectory: signupMessages)
}

benchmark("compile a 200-field schema") {
    _ = try FormSchema(text: wide)
}

benchmark("reader and engine: validate one JSON record") {
    let report = try signup.validate(json: record)
    precondition(report.isValid)
}

benchmark("engine: validate a parsed valid record") {
    precondition(signup.validate(valid).isValid)
}

benchmark("validate an invalid record, all errors, English messages") {
    _ = signup.validate(invalid, options: ValidationOptions(collectAllErrors: true))
}

benchmark("validate an invalid record, all errors, French messages") {
    _ = signup.validate(invalid, options: ValidationOptions(collectAllErrors: true, locale: "fr"))
}

Benchmark.main([defaultBenchmarkSuite, libraryTargets])

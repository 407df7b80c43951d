import Benchmark
import FormCheck
import Foundation

/// The shipped signup schema, a record of it, and two generated 200-field schemas.
let signupText = try! String(contentsOfFile: CommandLine.arguments.dropFirst().first { $0.hasSuffix(".yaml") }
    ?? repositoryPath("schemas/signup.yaml"), encoding: .utf8)
let signupMessages = repositoryPath("schemas/messages")
let record = Array(#"{"full_name":"Ada Lovelace","email":"ada@example.com","password":"Analytical1","confirm_password":"Analytical1","age":36,"country":"FR","terms":true,"address":{"zip":"75001"},"tags":["math","engines"]}"#.utf8)
let wide = "formcheck: 1\nfields:\n" + (0..<200).map { index in
    "  field\(index): { type: string, label: Field \(index), rules: [required, { minLength: 2 }, { maxLength: 40 }, { pattern: \"^[a-z]+$\" }] }\n"
}.joined()
/// 200 fields, each with a different pattern of the kinds forms use: ASCII shapes, Unicode properties
/// and scripts, `\d`, `\w`, alternations, counted repetitions and `(?i)`.
let variedPatterns: [(Int) -> String] = [
    { n in #"^[a-z0-9_]{3,\#(n + 12)}$"# },
    { n in #"^[\p{L}' -]{1,\#(n + 40)}$"# },
    { n in #"^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){0,\#(n + 1)}$"# },
    { n in #"^\d{\#(n + 3)}$"# },
    { n in #"^\+?\d{1,3}[ -]?\(?\d{2,\#(n + 4)}\)?[ -]?\d{3,4}[ -]?\d{3,4}$"# },
    { n in #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,\#(n + 6)}$"# },
    { n in #"^(?i)(yes|no|maybe|n/a|option\#(n))$"# },
    { n in #"^https?://[\w.-]+(?:/[\w./%-]*)?(?:\?[\w=&%-]{0,\#(n + 20)})?$"# },
    { n in #"^[\p{Greek}\s]{1,\#(n + 30)}$"# },
    { n in #"^[\p{Cyrillic}\s-]+\#(String(repeating: "[0-9]", count: n))$"# },
    { n in #"^[\p{Han}\p{Hiragana}\p{Katakana}]{1,\#(n + 5)}$"# },
    { n in #"^\p{Latin}[\p{Latin}\p{M}' -]{0,\#(n + 50)}$"# },
    { n in #"^[0-9]{5}(-[0-9]{\#(n + 1)})?$"# },
    { n in #"^(?:\d{1,3}\.){3}\d{1,\#(n + 1)}$"# },
    { n in #"^#[0-9a-fA-F]{\#(n * 2 + 2)}$"# },
    { n in #"^\w{2,\#(n + 60)}$"# },
    { n in #"^(?i)[a-z]{2}-[a-z]{\#(n + 2)}$"# },
    { n in #"^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T\d{2}:\d{2}){0,\#(n + 1)}$"# },
    { n in #"^[A-Z]{2}\d{2}[A-Z0-9]{11,\#(n + 30)}$"# },
    { n in #"^\s*\S.{0,\#(n + 200)}$"# },
    { n in #"^(?:[01]\d|2[0-3]):[0-5]\d(:[0-5]\d){0,\#(n + 1)}$"# },
    { n in #"^[\p{L}\p{N} .,'&()-]{2,\#(n + 100)}$"# },
    { n in #"^[^<>{}]{0,\#(n + 500)}$"# },
    { n in #"^\$?\d{1,3}(,\d{3})*(\.\d{\#(n + 2)})?$"# },
    { n in #"^[\p{Lu}\d]{6,\#(n + 8)}$"# },
    { n in #"^[a-f0-9]{8}-[a-f0-9]{4}-[1-\#(n % 5 + 5)][a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$"# },
    { n in #"\bSKU-\d{4,\#(n + 8)}\b"# },
    { n in #"^(?i:mr|mrs|ms|dr|prof|rev\#(n))\.?$"# },
    { n in #"^[\p{Arabic}\s]{1,\#(n + 40)}$"# },
    { n in #"^[[:alpha:]][[:alnum:]_]{0,\#(n + 30)}$"# },
    { n in #"^97[89]\d{\#(n + 10)}$"# },
    { n in #"^[a-z]+(?:-[a-z]+){0,\#(n + 6)}$"# },
    { n in #"^\p{N}{1,\#(n + 10)}$"# },
    { n in #"^(?i)[\p{L}\d]+(?:[._-][\p{L}\d]+)*@[a-z\d-]+(?:\.[a-z\d-]+){1,\#(n + 3)}$"# },
    { n in #"^(?:\p{Lu}\.){1,\#(n + 2)}$"# },
    { n in #"^[\p{Devanagari}\p{Bengali}\p{Tamil}\s]+$|^x{\#(n + 1)}$"# },
    { n in #"^(red|green|blue|cyan|magenta|yellow|black|white)(,(red|green|blue)){0,\#(n)}$"# },
    { n in #"^[\p{Hangul}\s]{2,\#(n + 20)}$"# },
    { n in #"^\P{Cc}{1,\#(n + 140)}$"# },
    { n in #"^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$|^\d{\#(n + 4)}$"# },
]
let varied = "formcheck: 1\nfields:\n" + (0..<200).map { index in
    let pattern = variedPatterns[index % variedPatterns.count](index / variedPatterns.count)
    let quoted = pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "  field\(index): { type: string, label: Field \(index), rules: [required, { maxLength: 1000 }, { pattern: \"\(quoted)\" }] }\n"
}.joined()
precondition(Set((0..<200).map { variedPatterns[$0 % variedPatterns.count]($0 / variedPatterns.count) }).count == 200)
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

benchmark("compile a 200-field schema with varied patterns") {
    _ = try FormSchema(text: varied)
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

import Foundation
import Testing

/// `formcheck test`: schemas have test suites, and every kind of mismatch is caught and shown.
@Suite(.needsYAML) struct TestCommandTests {
    @Test(arguments: ["signup.yaml", "login.yaml", "checkin.yaml", "client.yaml", "checkout.yaml", "event.json"])
    func everyShippedSchemaPassesItsFixtures(_ schemaFile: String) throws {
        let form = String(schemaFile.split(separator: ".")[0])
        let result = try Formcheck.run(["test", "schemas/\(schemaFile)", "fixtures/\(form)"])
        #expect(result.status == 0, "\(result.stdout)")
        let last = try #require(result.stdout.split(separator: "\n").last)
        #expect(last.hasSuffix(" passed, 0 failed"))
        #expect(!result.stdout.contains("FAIL"))
    }

    static let schema = """
        formcheck: 1
        fields:
          email: { type: string, label: Email, rules: [required, email] }
          age: { type: integer, label: Age, rules: [{ min: 18 }] }
        """

    func run(_ files: [String: String], _ arguments: [String] = ["fx"]) throws -> CommandResult {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        for (name, contents) in files { try scratch.write(name, contents) }
        return try Formcheck.run(["test", "s.yaml"] + arguments, directory: scratch.url)
    }

    @Test func passingCasesAndTheClosingLine() throws {
        let result = try run([
            "fx/valid/ok.json": #"{"email": "a@b.c", "age": 20}"#,
            "fx/invalid/minor.json": #"{"email": "a@b.c", "age": 12}"#,
            "fx/invalid/minor.expect.yaml": "errors:\n  - { path: age, code: min, message: Age must be at least 18. }\n",
        ])
        #expect(result.stdout == """
            PASS fx/invalid/minor.json
            PASS fx/valid/ok.json
            2 passed, 0 failed

            """)
        #expect(result.status == 0)
    }

    @Test func aWrongExpectationIsShownAsADifference() throws {
        let result = try run([
            "fx/invalid/minor.json": #"{"email": "a@b.c", "age": 12}"#,
            "fx/invalid/minor.expect.yaml": "errors:\n  - { path: age, code: min, message: Age must be 18 or more. }\n",
        ])
        #expect(result.stdout == """
            FAIL fx/invalid/minor.json
              message differs: age [min] expected "Age must be 18 or more.", got "Age must be at least 18."
            0 passed, 1 failed

            """)
        #expect(result.status == 1)
    }

    @Test func theSummaryFormatListsOnlyFailingCases() throws {
        let result = try run([
            "fx/valid/ok.json": #"{"email": "a@b.c", "age": 20}"#,
            "fx/invalid/minor.json": #"{"email": "a@b.c", "age": 12}"#,
            "fx/invalid/minor.expect.yaml": "errors:\n  - { path: age, code: min, message: Age must be 18 or more. }\n",
        ], ["fx", "--format", "summary"])
        #expect(result.stdout == """
            FAIL fx/invalid/minor.json
              message differs: age [min] expected "Age must be 18 or more.", got "Age must be at least 18."
            1 passed, 1 failed

            """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    /// Fixtures are checked with the messages `check` would show, and with the same warnings when
    /// messages of the locale fall back.
    @Test func catalogWarningsAsInCheck() throws {
        let result = try run(["fx/valid/ok.json": #"{"email": "a@b.c", "age": 20}"#], ["fx", "--locale", "zz"])
        #expect(result.stderr == "s.yaml: warning: no catalog for locale 'zz'; messages are shown in en\n")
        #expect(result.stdout == "PASS fx/valid/ok.json\n1 passed, 0 failed\n")
        #expect(result.status == 0)
    }

    @Test(arguments: ["check", "test"]) func helpListsEveryOutputFormat(_ command: String) throws {
        let result = try Formcheck.run([command, "--help"])
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--format <format> Output format: text, json, junit, sarif, github or summary (check: the closing line only; test: the failing cases, then the closing line)."))
        #expect(result.status == 0)
    }

    @Test func anUnexpectedError() throws {
        let result = try run([
            "fx/invalid/two.json": #"{"email": "nope", "age": 12}"#,
            "fx/invalid/two.expect.yaml": "errors:\n  - { path: age, code: min }\n",
        ])
        #expect(result.stdout == """
            FAIL fx/invalid/two.json
              unexpected: email [email] "Email must be a valid email address."
            0 passed, 1 failed

            """)
    }

    @Test func aMissingError() throws {
        let result = try run([
            "fx/invalid/one.json": #"{"email": "nope", "age": 30}"#,
            "fx/invalid/one.expect.yaml": "errors:\n  - { path: email, code: email }\n  - { path: age, code: min }\n",
        ])
        #expect(result.stdout == """
            FAIL fx/invalid/one.json
              missing:    age [min]
            0 passed, 1 failed

            """)
    }

    @Test func aValidRecordInInvalidAndAnInvalidRecordInValid() throws {
        let result = try run([
            "fx/invalid/actually-fine.json": #"{"email": "a@b.c"}"#,
            "fx/valid/actually-broken.jsonl": #"{"email": "a@b.c"}"# + "\n" + #"{"email": "x", "age": 3}"# + "\n",
        ])
        #expect(result.stdout == """
            FAIL fx/invalid/actually-fine.json
              expected errors, but the record is valid
            PASS fx/valid/actually-broken.jsonl, record 1
            FAIL fx/valid/actually-broken.jsonl, record 2
              expected a valid record, got 2 errors:
              fx/valid/actually-broken.jsonl:2:11: error: email: Email must be a valid email address. [email]
              fx/valid/actually-broken.jsonl:2:23: error: age: Age must be at least 18. [min]
            1 passed, 2 failed

            """)
        #expect(result.status == 1)
    }

    @Test func suiteFiles() throws {
        let result = try run(["cases.suite.yaml": """
            - description: adult
              data: { email: a@b.c, age: 30 }
              valid: true
            - description: minor
              data: { email: a@b.c, age: 12 }
              valid: false
              errors: [{ path: age, code: min }]
            - description: wrongly marked valid
              data:
                email: a@b.c
                age: 12
              valid: true
            - description: missing the valid key
              data: {}
            """], ["cases.suite.yaml"])
        #expect(result.stdout == """
            PASS cases.suite.yaml: adult
            PASS cases.suite.yaml: minor
            FAIL cases.suite.yaml: wrongly marked valid
              expected a valid record, got 1 error:
              cases.suite.yaml:11:10: error: age: Age must be at least 18. [min]
            FAIL cases.suite.yaml: missing the valid key
              cases.suite.yaml:13:3: the case needs 'valid: true' or 'valid: false'
            2 passed, 2 failed

            """)
        #expect(result.status == 1)
    }

    /// A fixture file reached again, through another argument, path or link, is run once, as check reads it once.
    @Test func aFileReachedAgainIsRunOnce() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("fx/valid/ok.json", #"{"email": "a@b.c", "age": 20}"#)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("fx/valid/z-again.json").path,
                                                   withDestinationPath: "ok.json")
        let result = try Formcheck.run(["test", "s.yaml", "fx", "fx/valid/ok.json", "./fx/valid/z-again.json", "fx"],
                                       directory: scratch.url)
        #expect(result.stdout == """
            PASS fx/valid/ok.json
            1 passed, 0 failed

            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A sidecar is read with --max-record-size, as the records and suite files are.
    @Test func aSidecarLargerThanTheRecordSizeLimit() throws {
        let result = try run([
            "fx/invalid/minor.json": #"{"email": "a@b.c", "age": 12}"#,
            "fx/invalid/minor.expect.yaml": "# " + String(repeating: "-", count: 1100) + "\nerrors:\n  - { path: age, code: min }\n",
        ], ["fx", "--max-record-size", "1K"])
        #expect(result.stdout == """
            FAIL fx/invalid/minor.json
              fx/invalid/minor.expect.yaml: the input is larger than the limit of 1K (--max-record-size)
            0 passed, 1 failed

            """)
        #expect(result.status == 1)
    }

    @Test func brokenExpectationsAndPathsWithoutCases() throws {
        let result = try run([
            "fx/invalid/a.json": #"[{"email": "x"}, {"email": "y"}]"#,
            "fx/invalid/a.expect.yaml": "errors: []\n",
            "fx/invalid/b.json": #"{"email": "x"}"#,
            "fx/invalid/b.expect.yaml": "errors:\n  - { path: email }\n",
            "empty/readme.json": "{}",
        ], ["fx", "empty", "nowhere"])
        #expect(result.stdout == """
            FAIL fx/invalid/a.json, record 1
              fx/invalid/a.expect.yaml applies to a file with one record; this file has 2
            FAIL fx/invalid/a.json, record 2
              fx/invalid/a.expect.yaml applies to a file with one record; this file has 2
            FAIL fx/invalid/b.json
              fx/invalid/b.expect.yaml: error 1 needs 'path' and 'code' as text
            0 passed, 3 failed

            """)
        #expect(result.stderr == """
            empty: error: no fixture cases: expected records in valid/ or invalid/ folders, or *.suite.yaml files
            nowhere: error: cannot read: no such file or directory

            """)
        #expect(result.status == 2)
    }

    @Test func junitAndJSONFormatsForFixtureRuns() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("fx/valid/ok.json", #"{"email": "a@b.c"}"#)
        try scratch.write("fx/invalid/fine.json", #"{"email": "a@b.c"}"#)
        let junit = try Formcheck.run(["test", "s.yaml", "fx", "--format", "junit"], directory: scratch.url)
        #expect(junit.stderr == "1 passed, 1 failed\n")
        try scratch.write("out.xml", junit.stdout)
        let xsd = Formcheck.packageRoot.appendingPathComponent("Tests/EndToEndTests/Schemas/junit.xsd").path
        let lint = try External.run(["xmllint", "--noout", "--schema", xsd, scratch.url.appendingPathComponent("out.xml").path])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(junit.stdout.contains(#"<testcase name="fx/invalid/fine.json" classname="fx/invalid/fine.json" time="0"><failure type="expectation" message="expected errors, but the record is valid">"#))

        let json = try Formcheck.run(["test", "s.yaml", "fx", "--format", "json"], directory: scratch.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["summary"] as! [String: Int] == ["passed": 1, "failed": 1])
        let github = try Formcheck.run(["test", "s.yaml", "fx", "--format", "github"], directory: scratch.url)
        #expect(github.stdout == """
            ::error file=fx/invalid/fine.json,line=1,col=1,endLine=1,endColumn=1,title=fixture failed::fx/invalid/fine.json%0Aexpected errors, but the record is valid
            PASS fx/valid/ok.json
            1 passed, 1 failed

            """)
    }

    /// Cases run on several threads a file at a time; the output is the same with any number of them,
    /// the paths' problems included, in every format.
    @Test func outputIsTheSameWithOneOrManyJobs() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        for index in 0..<40 {
            try scratch.write("fx/valid/ok\(index).json", #"{"email": "a\#(index)@b.c", "age": \#(index % 3 == 0 ? 12 : 30)}"#)
            try scratch.write("fx/invalid/bad\(index).json", index % 2 == 0 ? #"{"email": "nope"}"# : #"{"email": "a@b.c", "age": 40}"#)
        }
        try scratch.write("fx/invalid/lines.jsonl", #"{"email": "nope"}"# + "\n" + #"{"email": "a@b.c", "age": 40}"#)
        try scratch.write("fx/cases.suite.yaml", """
            - { description: adult, data: { email: a@b.c, age: 30 }, valid: true }
            - { description: minor, data: { email: a@b.c, age: 3 }, valid: false, errors: [{ path: age, code: min }] }
            - { description: wrong, data: { email: a@b.c }, valid: false }
            """)
        try scratch.write("empty/readme.txt", "no cases here")
        for format in ["text", "json", "summary"] {
            let arguments = ["test", "s.yaml", "missing", "fx", "empty", "fx/valid", "--format", format]
            let one = try Formcheck.run(arguments + ["--jobs", "1"], directory: scratch.url)
            #expect(one.status == 2)
            for jobs in ["2", "5"] {
                let many = try Formcheck.run(arguments + ["--jobs", jobs], directory: scratch.url)
                #expect(many.stdout == one.stdout, "\(format), --jobs \(jobs)")
                #expect(many.stderr == one.stderr, "\(format), --jobs \(jobs)")
                #expect(many.status == one.status)
            }
        }
        let summary = try Formcheck.run(["test", "s.yaml", "missing", "fx", "empty", "--format", "summary", "--jobs", "3"], directory: scratch.url)
        #expect(summary.stderr.components(separatedBy: "\n").filter { $0.contains("error:") }
            == ["missing: error: cannot read: no such file or directory",
                "empty: error: no fixture cases: expected records in valid/ or invalid/ folders, or *.suite.yaml files"])
    }
}

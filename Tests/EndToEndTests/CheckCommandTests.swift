import Foundation
import Testing

/// The `formcheck SCHEMA DATA...` command, run as a process, checked on stdout, stderr and exit code.
@Suite(.needsYAML) struct CheckCommandTests {
    static let schema = """
        formcheck: 1
        form: mini
        fields:
          email: { type: string, label: Email, rules: [required, email] }
          age: { type: integer, label: Age, rules: [{ min: 18 }] }
          password: { type: string, label: Password, sensitive: true, collect: all, rules: [required, { minLength: 8 }, containsDigit] }
        """

    @Test func quickStartChecksTheShippedSignupFixtures() throws {
        let result = try Formcheck.run(["schemas/signup.yaml", "fixtures/signup/invalid/password-weak.json",
                                        "fixtures/signup/invalid/zip-missing.json", "fixtures/signup/valid"])
        #expect(result.stdout == """
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Password must be at least 8 characters long. [minLength]
              "password": ***,
                          ^~~
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Password must contain an uppercase letter. [containsUppercase]
              "password": ***,
                          ^~~
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Password must contain a digit. [containsDigit]
              "password": ***,
                          ^~~
            fixtures/signup/invalid/zip-missing.json:9:14: error: record 1, address.zip: ZIP code is required. [required]
              "address": {},
                         ^
            6 files, 7 records: 5 valid, 2 invalid; 4 errors, 0 warnings

            """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test(arguments: ["signup.yaml", "login.yaml", "checkin.yaml", "client.yaml", "checkout.yaml", "event.json"])
    func everyShippedSchemaAcceptsItsValidFixturesAndRejectsItsInvalidOnes(_ schemaFile: String) throws {
        let form = String(schemaFile.split(separator: ".")[0])
        let valid = try Formcheck.run(["schemas/\(schemaFile)", "fixtures/\(form)/valid"])
        #expect(valid.status == 0, "\(valid.stdout)")
        #expect(valid.stdout.contains(" 0 invalid; 0 errors"))

        let invalid = try Formcheck.run(["schemas/\(schemaFile)", "fixtures/\(form)/invalid", "--format", "json"])
        #expect(invalid.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(invalid.stdout.utf8)) as! [String: Any]
        let summary = document["summary"] as! [String: Int]
        #expect(summary["valid"] == 0, "every record in invalid/ must fail")
        #expect(summary["records"] == summary["invalid"])
        let files = try FileManager.default.contentsOfDirectory(atPath: Formcheck.packageRoot.appendingPathComponent("fixtures/\(form)/invalid").path)
        let reported = Set((document["results"] as! [[String: Any]]).map { ($0["file"] as! String).split(separator: "/").last.map(String.init)! })
        #expect(reported == Set(files.filter { !$0.hasSuffix(".expect.yaml") }))
    }

    @Test func exitCodeZeroWhenEveryRecordIsValid() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("ok.json", #"{"email": "a@b.c", "age": 30, "password": "abcdefg1"}"#)
        let result = try Formcheck.run(["mini.yaml", "ok.json"], directory: scratch.url)
        #expect(result.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        #expect(result.status == 0)
    }

    @Test func schemaErrorsExitTwoWithDiagnosticsOnStandardError() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("broken.yaml", "formcheck: 1\nfields:\n  email: { type: string, rules: [emial] }\n")
        try scratch.write("ok.json", "{}")
        let result = try Formcheck.run(["broken.yaml", "ok.json"], directory: scratch.url)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            broken.yaml:3:34: error: unknown rule 'emial'; did you mean 'email'?
              email: { type: string, rules: [emial] }
                                             ^

            """)
        #expect(result.status == 2)
    }

    @Test func missingSchemaFile() throws {
        let result = try Formcheck.run(["nope.yaml", "fixtures/login"])
        #expect(result.stderr == "nope.yaml: error: cannot read the schema: no such file or directory\n")
        #expect(result.status == 2)
    }

    @Test func jsonLinesFromStandardInput() throws {
        let input = """
            {"email": "a@b.c", "age": 30, "password": "abcdefg1"}

            {"email": "nope", "age": 12, "password": "abcdefg1"}
            """
        let mini = try ScratchDirectory()
        try mini.write("mini.yaml", Self.schema)
        let lines = try Formcheck.run(["mini.yaml", "-"], input: Data(input.utf8), directory: mini.url)
        #expect(lines.stdout == """
            <stdin>:3:11: error: record 2, email: Email must be a valid email address. [email]
            {"email": "nope", "age": 12, "password": ***}
                      ^~~~~~
            <stdin>:3:26: error: record 2, age: Age must be at least 18. [min]
            {"email": "nope", "age": 12, "password": ***}
                                     ^~
            1 file, 2 records: 1 valid, 1 invalid; 2 errors, 0 warnings

            """)
        #expect(lines.status == 1)
    }

    /// Standard input is read in blocks like a file: line numbers and record numbers carry on across them.
    @Test func manyJSONLinesFromStandardInput() throws {
        let valid = #"{"email": "a@b.c", "age": 30, "password": "abcdefg1", "note": "\#(String(repeating: "x", count: 200))"}"#
        var lines = ["", valid]
        lines += Array(repeating: valid, count: 12_000)
        lines += [#"{"email": "nope", "age": 30, "password": "abcdefg1"}"#, "{oops"]
        let mini = try ScratchDirectory()
        try mini.write("mini.yaml", Self.schema)
        let result = try Formcheck.run(["mini.yaml", "-", "--format", "github"], input: Data(lines.joined(separator: "\n").utf8),
                                       directory: mini.url)
        #expect(result.stdout == """
            ::error file=<stdin>,line=12003,col=11,endLine=12003,endColumn=17,title=email [email]::record 12002: Email must be a valid email address.
            ::error file=<stdin>,line=12004,col=2,endLine=12004,endColumn=2,title=formcheck::malformed JSON: expected a member name in double quotes
            1 file, 12002 records: 12001 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """)
        #expect(result.status == 2)
    }

    @Test func jsonArrayAndYAMLFromStandardInput() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        let array = try Formcheck.run(["mini.yaml", "-"], input: Data("[\n  {\"email\": \"x\"},\n  {\"email\": \"a@b.c\", \"password\": \"abcdefg1\"}\n]\n".utf8),
                                      directory: scratch.url)
        #expect(array.stdout == """
            <stdin>:2:13: error: record 1, email: Email must be a valid email address. [email]
              {"email": "x"},
                        ^~~
            <stdin>:2:3: error: record 1, password: Password is required. [required]
              {"email": "x"},
              ^
            1 file, 2 records: 1 valid, 1 invalid; 2 errors, 0 warnings

            """)
        let yaml = try Formcheck.run(["mini.yaml", "-"], input: Data("email: a@b.c\npassword: short\n".utf8), directory: scratch.url)
        #expect(yaml.stdout == """
            <stdin>:2:11: error: record 1, password: Password must be at least 8 characters long. [minLength]
            password: ***
                      ^~~
            <stdin>:2:11: error: record 1, password: Password must contain a digit. [containsDigit]
            password: ***
                      ^~~
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
    }

    /// YAML on standard input is read as the same text in a file is: documents, and the items of a
    /// list, before a syntax error are checked before it is reported, with the same positions.
    @Test(arguments: [
        "---\nemail: x\n---\nemail: a@b.c\npassword: abcdefg1\n--- [unclosed\n",
        "- {email: x}\n- email: a@b.c\n  password: short\n- [unclosed\n- {email: y}\n",
        "- {email: x, password: abcdefg1}\n- *nosuch\n",
    ])
    func yamlFromStandardInputReadsAsAFile(input: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("d.yaml", input)
        let file = try Formcheck.run(["mini.yaml", "d.yaml"], directory: scratch.url)
        let standardInput = try Formcheck.run(["mini.yaml", "-", "--data-format", "yaml"], input: Data(input.utf8), directory: scratch.url)
        #expect(file.stdout.contains("record 1, email: Email must be a valid email address."))
        #expect(file.stdout.hasSuffix("1 unreadable\n") && file.status == 2)
        #expect(standardInput.stdout == file.stdout.replacingOccurrences(of: "d.yaml", with: "<stdin>"))
        #expect(standardInput.stderr == file.stderr.replacingOccurrences(of: "d.yaml", with: "<stdin>"))
        #expect(standardInput.status == file.status)
    }

    /// Standard input is read as it came: a document that ends without a line break is reported where
    /// it ends, as the same bytes in a file are.
    @Test(arguments: [
        ("[{\"email\": \"a@b.c\"}", "1:20: error: malformed JSON: unexpected end of data: expected ',' or ']' after an array element"),
        ("{\"email\": \"a", "1:11: error: malformed JSON: unexpected end of data: unterminated string"),
        // The element `1`, a record that is not an object in a form with sensitive fields, is hidden and
        // counts as `***`.
        ("\r\n\n[1,", "3:6: error: malformed JSON: unexpected end of data: expected a value"),
    ])
    func standardInputEndingWithoutALineBreak(input: String, error: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("d.json", input)
        let file = try Formcheck.run(["mini.yaml", "d.json"], directory: scratch.url)
        let standardInput = try Formcheck.run(["mini.yaml", "-"], input: Data(input.utf8), directory: scratch.url)
        #expect(file.stderr == "d.json:" + error + "\n")
        #expect(standardInput.stderr == "<stdin>:" + error + "\n")
        #expect(standardInput.status == 2)
    }

    @Test func directoriesAreWalkedRecursivelyInSortedOrder() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("data/b.json", #"{"email": "b"}"#)
        try scratch.write("data/a/z.yaml", "email: z\n")
        try scratch.write("data/a/m.jsonl", #"{"email": "m"}"# + "\n")
        try scratch.write("data/c.txt", "not data")
        try scratch.write("data/.hidden.json", "{")
        let result = try Formcheck.run(["mini.yaml", "data", "--format", "json"], directory: scratch.url)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let files = (document["results"] as! [[String: Any]]).map { $0["file"] as! String }
        #expect(files == ["data/a/m.jsonl", "data/a/z.yaml", "data/b.json"])
        #expect(result.status == 1)
    }

    /// Links are followed, but a directory is entered once (a link back up the tree or to itself adds
    /// nothing) and a file is checked once, however many paths or links reach it.
    @Test func linksReachEachDirectoryAndFileOnce() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("tree/data/b.json", #"{"email": "b", "password": "abcdefg1"}"#)
        let data = scratch.url.appendingPathComponent("tree/data").path
        try FileManager.default.createSymbolicLink(atPath: data + "/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: data + "/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: data + "/z-again.json", withDestinationPath: "b.json")
        let result = try Formcheck.run(["mini.yaml", "tree/data", "tree/data/b.json", "./tree/data/z-again.json", "tree"],
                                       directory: scratch.url)
        #expect(result.stdout == """
            tree/data/b.json:1:11: error: record 1, email: Email must be a valid email address. [email]
            {"email": "b", "password": ***}
                      ^~~
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    /// The elements of an array are reported as they are checked, so a syntax error late in the array
    /// comes after the reports of the elements before it; the file counts as unreadable, exit code 2.
    @Test(arguments: [["late.json"], ["-", "--data-format", "json"]])
    func aSyntaxErrorInAnArrayComesAfterTheElementsBeforeIt(arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        let text = "[{\"email\": \"a@b.c\", \"password\": \"secret99\"},\n {\"email\": \"x\", \"password\": \"s3cr3tpw\"},\n {\"email\": ]\n"
        try scratch.write("late.json", text)
        let name = arguments[0] == "-" ? "<stdin>" : "late.json"
        let result = try Formcheck.run(["mini.yaml"] + arguments, input: Data(text.utf8), directory: scratch.url)
        #expect(result.stdout == """
            \(name):2:12: error: record 2, email: Email must be a valid email address. [email]
             {"email": "x", "password": ***},
                       ^~~
            1 file, 2 records: 1 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """)
        #expect(result.stderr == "\(name):3:12: error: malformed JSON: expected a value (an object, array, string, number, true, false or null)\n")
        #expect(result.status == 2)
    }

    @Test func malformedJSONIsReportedWithItsPositionAndTheOtherFilesAreStillChecked() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("a-broken.json", "{\n  \"email\": \"a@b.c\",\n  \"age\": 30,,\n}\n")
        try scratch.write("b-invalid.json", #"{"email": "x", "password": "abcdefg1"}"#)
        let result = try Formcheck.run(["mini.yaml", "a-broken.json", "b-invalid.json"], directory: scratch.url)
        #expect(result.stderr == "a-broken.json:3:13: error: malformed JSON: expected a member name in double quotes\n")
        #expect(result.stdout == """
            b-invalid.json:1:11: error: record 1, email: Email must be a valid email address. [email]
            {"email": "x", "password": ***}
                      ^~~
            2 files, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """)
        #expect(result.status == 2)
    }

    @Test func malformedJSONLinesLineIsReportedAndTheOtherLinesAreChecked() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("data.jsonl", """
            {"email": "a@b.c", "password": "abcdefg1"}
            {"email": "a@b.c", "password": "abcdefg1"
            {"email": "bad", "password": "abcdefg1"}

            """)
        let result = try Formcheck.run(["mini.yaml", "data.jsonl"], directory: scratch.url)
        // The line's end, with the password before it counted as `***`.
        #expect(result.stderr == "data.jsonl:2:35: error: malformed JSON: unexpected end of data: expected ',' or '}' after an object member\n")
        #expect(result.stdout == """
            data.jsonl:3:11: error: record 3, email: Email must be a valid email address. [email]
            {"email": "bad", "password": ***}
                      ^~~~~
            1 file, 2 records: 1 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """)
        #expect(result.status == 2)
    }

    @Test func allErrorsReportsEveryFailingRule() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  name: { type: string, label: Name, rules: [{ minLength: 3 }, alpha] }\n")
        try scratch.write("d.json", #"{"name": "a1"}"#)
        let first = try Formcheck.run(["s.yaml", "d.json"], directory: scratch.url)
        #expect(first.stdout.split(separator: "\n").count == 4)
        let all = try Formcheck.run(["s.yaml", "d.json", "--all-errors"], directory: scratch.url)
        #expect(all.stdout == """
            d.json:1:10: error: record 1, name: Name must be at least 3 characters long. [minLength]
            {"name": "a1"}
                     ^~~~
            d.json:1:10: error: record 1, name: Name may only contain letters. [alpha]
            {"name": "a1"}
                     ^~~~
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
    }

    @Test func todayCanBeFixedForReproducibleRuns() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  day: { type: date, label: Day, rules: [{ after: today }] }\n")
        try scratch.write("d.json", #"{"day": "2030-01-02"}"#)
        #expect(try Formcheck.run(["s.yaml", "d.json", "--today", "2030-01-01"], directory: scratch.url).status == 0)
        let later = try Formcheck.run(["s.yaml", "d.json", "--today", "2030-01-02"], directory: scratch.url)
        #expect(later.stdout.hasPrefix("d.json:1:9: error: record 1, day: Day must be after today. [after]\n"))
        #expect(later.status == 1)
    }

    @Test func jsonFormatIsOneDocument() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("mini.yaml", Self.schema)
        try scratch.write("d.json", #"[{"email": "a@b.c", "password": "abcdefg1"}, {"email": "x", "age": 17, "password": "abcdefg1"}]"#)
        try scratch.write("e.json", "[")
        let result = try Formcheck.run(["mini.yaml", "d.json", "e.json", "--format", "json"], directory: scratch.url)
        #expect(result.stdout == """
            {
              "version": 1,
              "schema": "mini.yaml",
              "form": "mini",
              "results": [
                {"file": "d.json", "record": 2, "line": 1, "column": 39, "valid": false, "issues": [{"path": "email", "pointer": "/email", "field": "email", "code": "email", "rule": "email", "severity": "error", "message": "Email must be a valid email address.", "line": 1, "column": 49, "endLine": 1, "endColumn": 52, "parameters": {}}, {"path": "age", "pointer": "/age", "field": "age", "code": "min", "rule": "min", "severity": "error", "message": "Age must be at least 18.", "line": 1, "column": 61, "endLine": 1, "endColumn": 63, "parameters": {"against": "value", "min": 18}}]}
              ],
              "problems": [
                {"file": "e.json", "line": 1, "column": 2, "message": "malformed JSON: unexpected end of data: expected a value"}
              ],
              "summary": {"files": 2, "records": 2, "valid": 1, "invalid": 1, "errors": 2, "warnings": 0, "unreadable": 1},
              "valid": false
            }

            """)
        #expect(result.stderr == "")
        #expect(result.status == 2)
    }

    @Test func argumentMistakesExitTwo() throws {
        let noData = try Formcheck.run(["schemas/login.yaml"])
        #expect(noData.status == 2)
        #expect(noData.stderr.hasPrefix("Error: Missing expected argument '<data> ...'"))
        let badOption = try Formcheck.run(["schemas/login.yaml", "fixtures/login", "--format", "xml"])
        #expect(badOption.status == 2)
        #expect(badOption.stderr.contains("--format"))
        let badDate = try Formcheck.run(["schemas/login.yaml", "fixtures/login", "--today", "tomorrow"])
        #expect(badDate.status == 2)
        let help = try Formcheck.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit codes: 0 every record is valid"))
    }
}

/// `custom:` rules on the command line, which cannot run an app's Swift code.
@Suite(.needsYAML) struct CustomRuleCommandTests {
    @Test func customRulesNeedTheAssumeFlag() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  name: { type: string, rules: [{ custom: noProfanity }] }\n")
        try scratch.write("d.json", #"{"name": "x"}"#)
        let refused = try Formcheck.run(["s.yaml", "d.json"], directory: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("error: custom rule 'noProfanity' is not registered"))
        let assumed = try Formcheck.run(["s.yaml", "d.json", "--assume-custom-pass"], directory: scratch.url)
        #expect(assumed.status == 0)
        let lint = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix("""
            s.yaml:3:35: error: custom rule 'noProfanity' is not registered: an app must register it (FormSchema(..., customRules:)); \
            formcheck check refuses the schema unless --assume-custom-pass treats it as passing

            """))
        #expect(try Formcheck.run(["lint", "s.yaml", "--assume-custom-pass"], directory: scratch.url).status == 0)
    }
}

/// `--format summary`: counts only, for large runs.
@Suite(.needsYAML) struct SummaryFormatTests {
    @Test func onlyTheClosingLine() throws {
        let result = try Formcheck.run(["schemas/signup.yaml", "fixtures/signup", "--format", "summary"])
        #expect(result.stdout == "24 files, 25 records: 5 valid, 20 invalid; 23 errors, 0 warnings\n")
        #expect(result.status == 1)
        let test = try Formcheck.run(["test", "schemas/signup.yaml", "fixtures/signup", "--format", "summary"])
        #expect(test.stdout == "30 passed, 0 failed\n")
    }
}

/// `--jobs`: records parsed and validated on several threads, output identical and in input order.
@Suite(.needsYAML) struct ParallelRunTests {
    @Test func outputIsTheSameWithOneOrManyJobs() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  n: { type: integer, label: N, rules: [{ multipleOf: 7 }] }\n  s: { type: string, rules: [email] }\n")
        var lines: [String] = []
        for index in 0..<9_000 {
            lines.append(index % 1000 == 500 ? "{\"n\": " : #"{"n": \#(index), "s": "\#(index % 3 == 0 ? "a@b.c" : "x")"}"#)
        }
        try scratch.write("d.jsonl", lines.joined(separator: "\n") + "\n")
        try scratch.write("d.json", "[" + (0..<5_000).map { #"{"n": \#($0)}"# }.joined(separator: ",\n") + "]")
        let one = try Formcheck.run(["s.yaml", "d.jsonl", "d.json", "--jobs", "1", "--all-errors"], directory: scratch.url)
        let four = try Formcheck.run(["s.yaml", "d.jsonl", "d.json", "--jobs", "4", "--all-errors"], directory: scratch.url)
        #expect(one.stdout == four.stdout)
        #expect(one.stderr == four.stderr)
        #expect(one.stderr.split(separator: "\n").count == 9)
        #expect(one.stdout.hasSuffix("2 files, 13991 records: 1144 valid, 12847 invalid; 17985 errors, 0 warnings; 9 unreadable\n"))
        #expect(try Formcheck.run(["s.yaml", "d.json", "--jobs", "0"], directory: scratch.url).status == 2)
    }
}

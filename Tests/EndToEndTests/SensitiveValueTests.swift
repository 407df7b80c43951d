import Foundation
import Testing

/// The value of a `sensitive` field never appears in any output, whatever the format or failure.
@Suite(.needsYAML) struct SensitiveValueTests {
    static let secret = "Zq9xSecretVALUE"

    static let schema = """
        formcheck: 1
        fields:
          password:
            type: string
            label: Password
            sensitive: true
            collect: all
            rules: [required, { minLength: 40 }, containsSymbol, { pattern: "^x" }, { notOneOf: [\(secret)] }, { strength: strong }]
          confirm: { type: string, label: Confirm, sensitive: true, rules: [{ sameAs: password }] }
        """

    @Test(arguments: [["--format", "text"], ["--format", "json"], ["--format", "json", "--all-errors"]])
    func failingRulesNeverPrintTheValue(_ options: [String]) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.jsonl", """
            {"password": "\(Self.secret)", "confirm": "\(Self.secret)x"}
            {"password": "\(Self.secret)", "confirm": 42}

            """)
        let result = try Formcheck.run(["s.yaml", "d.jsonl"] + options, directory: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Password"))
        #expect(!result.stdout.contains("SecretVALUE"))
        #expect(!result.stderr.contains("SecretVALUE"))
    }

    @Test func malformedDataAroundASecretNeverPrintsIt() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("a.json", #"{"password": "\#(Self.secret)\q"}"#)
        try scratch.write("b.json", #"{"password": \#(Self.secret)}"#)
        try scratch.write("c.yaml", "password: \(Self.secret)\n  bad: [\n")
        try scratch.write("d.jsonl", #"{"password": "\#(Self.secret)"#)
        let result = try Formcheck.run(["s.yaml", "a.json", "b.json", "c.yaml", "d.jsonl"], directory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 4)
        #expect(!(result.stdout + result.stderr).contains("SecretVALUE"))
    }

    @Test func theStandardErrorAndOutputOfTheShippedSignupFixturesHoldNoPassword() throws {
        let result = try Formcheck.run(["schemas/signup.yaml", "fixtures/signup", "--all-errors", "--format", "json"])
        for password in ["Analytical1", "Analytical2", "\"short\"", "Passw0rdé"] {
            #expect(!result.stdout.contains(password), "\(password) leaked")
        }
    }

    static let namedSchema = """
        formcheck: 1
        fields:
          name: { type: string, label: Name, rules: [{ maxLength: 3 }] }
          password: { type: string, label: Password, sensitive: true, rules: [{ minLength: 20 }] }
          account:
            type: object
            fields:
              pin: { type: string, label: PIN, sensitive: true }
          creds:
            type: object
            label: Credentials
            sensitive: true
            unknownFields: reject
            fields:
              key: { type: string, label: Key }
              inner: { type: object, label: Inner, fields: { token: { type: string, label: Token } } }
        """

    /// Runs `check` on one data file with `namedSchema` and the given options.
    func check(_ file: String, _ contents: String, _ options: [String] = []) throws -> CommandResult {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.namedSchema)
        try scratch.write(file, contents)
        return try Formcheck.run(["s.yaml", file, "--all-errors"] + options, directory: scratch.url)
    }

    @Test func recordsSharingALineHideEachOthersValues() throws {
        let json = try check("d.json", #"[{"name": "Anna", "password": "Zq9xSecretVALUE1234567"}, {"name": "Bob", "password": "Zq9xSecretVALUE"}]"#)
        #expect(json.stdout == """
            d.json:1:11: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            [{"name": "Anna", "password": ***}, {"name": "Bob", "password": ***}]
                      ^~~~~~
            d.json:1:65: error: record 2, password: Password must be at least 20 characters long. [minLength]
            [{"name": "Anna", "password": ***}, {"name": "Bob", "password": ***}]
                                                                            ^~~
            1 file, 2 records: 0 valid, 2 invalid; 2 errors, 0 warnings

            """)
        let yaml = try check("d.yaml", "[{name: Anna, password: Zq9xSecretVALUE1234567}, {name: Bob, password: Zq9xSecretVALUE}]\n")
        #expect(yaml.stdout == """
            d.yaml:1:9: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            [{name: Anna, password: ***}, {name: Bob, password: ***}]
                    ^~~~
            d.yaml:1:53: error: record 2, password: Password must be at least 20 characters long. [minLength]
            [{name: Anna, password: ***}, {name: Bob, password: ***}]
                                                                ^~~
            1 file, 2 records: 0 valid, 2 invalid; 2 errors, 0 warnings

            """)
    }

    /// A JSON array that ends on a fault (a syntax error after an element, text after its `]`, the input
    /// ending inside an element): the records before it are reported, and their excerpts hide the text
    /// after the last element read, which was not read, so its sensitive values cannot be found.
    @Test func textAfterAnArraysSyntaxErrorIsHidden() throws {
        let secret = #""Zq9xSecretVALUE""#
        let cases = [
            ("after-element.json", #"[{"name": "Anna"}}, {"password": \#(secret)}]"#),
            ("after-array.json", #"[{"name": "Anna"}] {"password": \#(secret)}"#),
            ("inside-element.json", #"[{"name": "Anna"}, {"password": \#(secret)"#),
        ]
        for (file, text) in cases {
            for input in [file, "-"] {
                for jobs in ["1", "2"] {
                    let scratch = try ScratchDirectory()
                    try scratch.write("s.yaml", Self.namedSchema)
                    try scratch.write(file, text + "\n")
                    let result = try Formcheck.run(["s.yaml", input, "--jobs", jobs], input: input == "-" ? Data((text + "\n").utf8) : nil,
                                                   directory: scratch.url)
                    let name = input == "-" ? "<stdin>" : file
                    #expect(result.stdout == """
                        \(name):1:11: error: record 1, name: Name must be at most 3 characters long. [maxLength]
                        [{"name": "Anna"}***
                                  ^~~~~~
                        1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

                        """, "\(file) \(input) \(jobs)")
                    #expect(result.status == 2)
                    for format in ["json", "github", "sarif", "junit"] {
                        let other = try Formcheck.run(["s.yaml", input, "--format", format], input: input == "-" ? Data((text + "\n").utf8) : nil,
                                                      directory: scratch.url)
                        #expect(!(other.stdout + other.stderr).contains("SecretVALUE"), "\(file) \(format)")
                    }
                }
            }
        }
        // A malformed element, where the array ends: its sensitive values are found as far as it can be
        // read, and from the first thing that cannot be, the rest is hidden.
        let malformed = [
            (#"{x, "password": \#(secret)}"#, #"{***"#),
            (#"{"password" \#(secret)}"#, #"{"password" ***"#),
            (#"{"pass\word": \#(secret)}"#, #"{"pass***"#),
            (#"{"password": \#(secret) "x": 1}"#, #"{"password": *** ***"#),
            (#"{"name": {"y": [1, 2}, "password": \#(secret)}"#, #"{"name": {"y": [1, 2***"#),
            (#"{"creds": {"a": [1}, "key": \#(secret)}}"#, #"{"creds": ***"#),
            (#"{"account": {"pin" \#(secret)}}"#, #"{"account": {"pin" ***"#),
            (#"{"password": Zq9xSecretVALUE}"#, #"{"password": ***}]"#),
            // What the array's reader takes for one element runs to the next `,` or bracket.
            (#"{"name": "Bob"}; {"password": \#(secret)}"#, #"{"name": "Bob"}***"#),
            // The element `null` ends at the `{`, which ends the array.
            (#"null{"password": \#(secret)}"#, #"null***"#),
            // A key holding a control character, which JSON writes only escaped.
            ("{\"pa\rssword\": \(secret)}", #"{"pa***"#),
        ]
        for (element, shown) in malformed {
            let result = try check("m.json", #"[{"name": "Anna"}, \#(element)]"# + "\n")
            #expect(result.stdout.split(separator: "\n").dropFirst().first.map(String.init) == #"[{"name": "Anna"}, \#(shown)"#, "\(element)")
            #expect(!(result.stdout + result.stderr).contains("SecretVALUE"), "\(element)")
            #expect(result.status == 2)
        }
    }

    /// A JSON array written on one line: each excerpt is a window around its value, with every hidden
    /// value before it counted as `***` in the positions, for the first, a middle and the last record.
    @Test func anArrayOnOneLineQuotesAWindowAroundEachValue() throws {
        let records = (0..<60).map { index in
            let name = [0, 30, 59].contains(index) ? "Annabel" : "Bo"
            let password = index == 30 ? "Zq9xSecret" : "Zq9xSecretVALUE12345\(index / 10)\(index % 10)"
            return #"{"name":"\#(name)","password":"\#(password)"}"#
        }
        let text = try check("d.json", "[" + records.joined(separator: ",") + "]")
        #expect(text.stdout == """
            d.json:1:10: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            [{"name":"Annabel","password":***},{"name":"Bo","password":***},{"name":"Bo","password":***},{"name"…
                     ^~~~~~~~~
            d.json:1:885: error: record 31, name: Name must be at most 3 characters long. [maxLength]
            …*},{"name":"Bo","password":***},{"name":"Annabel","password":***},{"name":"Bo","password":***},{"nam…
                                                     ^~~~~~~~~
            d.json:1:906: error: record 31, password: Password must be at least 20 characters long. [minLength]
            …word":***},{"name":"Annabel","password":***},{"name":"Bo","password":***},{"name":"Bo","password":**…
                                                     ^~~
            d.json:1:1731: error: record 60, name: Name must be at most 3 characters long. [maxLength]
            …d":***},{"name":"Bo","password":***},{"name":"Bo","password":***},{"name":"Annabel","password":***}]
                                                                                       ^~~~~~~~~
            1 file, 60 records: 57 valid, 3 invalid; 4 errors, 0 warnings

            """)
        #expect(text.status == 1)
        let github = try check("d.json", "[" + records.joined(separator: ",") + "]", ["--format", "github"])
        #expect(github.stdout.split(separator: "\n").dropLast().joined(separator: "\n") == """
            ::error file=d.json,line=1,col=10,endLine=1,endColumn=19,title=name [maxLength]::record 1: Name must be at most 3 characters long.
            ::error file=d.json,line=1,col=885,endLine=1,endColumn=894,title=name [maxLength]::record 31: Name must be at most 3 characters long.
            ::error file=d.json,line=1,col=906,endLine=1,endColumn=909,title=password [minLength]::record 31: Password must be at least 20 characters long.
            ::error file=d.json,line=1,col=1731,endLine=1,endColumn=1740,title=name [maxLength]::record 60: Name must be at most 3 characters long.
            """)
        // The other formats give the same positions, each rendered on the checking threads.
        let json = try check("d.json", "[" + records.joined(separator: ",") + "]", ["--format", "json"])
        let results = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["results"] as? [[String: Any]]
        #expect(try #require(results).map { result in
            let issues = (result["issues"] as? [[String: Any]] ?? []).map { issue in
                "\(issue["path"]!) \(issue["line"]!):\(issue["column"]!)-\(issue["endLine"]!):\(issue["endColumn"]!)"
            }
            return "record \(result["record"]!) at \(result["line"]!):\(result["column"]!): " + issues.joined(separator: ", ")
        } == [
            "record 1 at 1:2: name 1:10-1:19",
            "record 31 at 1:877: name 1:885-1:894, password 1:906-1:909",
            "record 60 at 1:1723: name 1:1731-1:1740",
        ])
        let sarif = try check("d.json", "[" + records.joined(separator: ",") + "]", ["--format", "sarif"])
        #expect(sarif.stdout.split(separator: "\n").filter { $0.contains("\"ruleId\"") }.map { line in
            line.split(separator: ", ").filter { $0.contains("ruleIndex") || $0.contains("Line") || $0.contains("Column") }.joined(separator: ", ")
        } == [
            #""ruleIndex": 0, "region": {"startLine": 1, "startColumn": 10, "endLine": 1, "endColumn": 19}}}]"#,
            #""ruleIndex": 0, "region": {"startLine": 1, "startColumn": 885, "endLine": 1, "endColumn": 894}}}]"#,
            #""ruleIndex": 1, "region": {"startLine": 1, "startColumn": 906, "endLine": 1, "endColumn": 909}}}]"#,
            #""ruleIndex": 0, "region": {"startLine": 1, "startColumn": 1731, "endLine": 1, "endColumn": 1740}}}]"#,
        ])
        let junit = try check("d.json", "[" + records.joined(separator: ",") + "]", ["--format", "junit"])
        #expect(junit.stdout.split(separator: "\n").filter { $0.contains("d.json:1:") }.map { line in
            line.components(separatedBy: "\">").last!.replacingOccurrences(of: "</failure></testcase>", with: "")
        } == [
            "d.json:1:10: error: record 1, name: Name must be at most 3 characters long. [maxLength]",
            "d.json:1:885: error: record 31, name: Name must be at most 3 characters long. [maxLength]",
            "d.json:1:906: error: record 31, password: Password must be at least 20 characters long. [minLength]",
            "d.json:1:1731: error: record 60, name: Name must be at most 3 characters long. [maxLength]",
        ])
    }

    @Test func everyOccurrenceOfARepeatedKeyIsHidden() throws {
        let result = try check("d.jsonl", #"{"password": "Zq9xSecretVALUE", "password": "short", "name": "Anna"}"# + "\n")
        #expect(result.stdout == """
            d.jsonl:1:44: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            {"password": ***, "password": ***, "name": "Anna"}
                                                       ^~~~~~
            d.jsonl:1:31: error: record 1, password: Password must be at least 20 characters long. [minLength]
            {"password": ***, "password": ***, "name": "Anna"}
                                          ^~~
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
        let nested = try check("d.json", #"{"account": {"pin": "Zq9xSecretVALUE", "pin": "1"}, "name": "Anna"}"#)
        #expect(nested.stdout.contains(#"{"account": {"pin": ***, "pin": ***}, "name": "Anna"}"#))
        let flow = try check("d.yaml", "{name: Anna, password: Zq9xSecretVALUE, password: short}\n")
        #expect(flow.stdout.contains("{name: Anna, password: ***, password: ***}"))
        #expect(!(nested.stdout + flow.stdout).contains("SecretVALUE"))
    }

    /// A syntax error on a line with sensitive values before it is placed as if each were `***`, as
    /// far as the text can be read, in a JSON Lines line and a JSON document read whole, from a file
    /// and from standard input, in every format: its column does not tell their lengths.
    @Test func syntaxErrorsCountHiddenValuesAsThreeCharacters() throws {
        let lines = """
            {"name": "A", "password": "Zq9xSecretVALUE"}}
            {"password": "Zq9xSecretVALUE", "name": 01}
            {"password": "Zq9\\qSecretVALUE", "name": "x"}

            """
        let document = #"{"name": "A", "password": "Zq9xSecretVALUE", "x": }"#
        let expected = [
            "d.jsonl:1:31: error: malformed JSON: unexpected content after the end of the JSON document",
            "d.jsonl:2:28: error: malformed JSON: expected ',' or '}' after an object member",
            // Inside a sensitive value: its start.
            "d.jsonl:3:14: error: malformed JSON: invalid escape sequence in a string",
            "d.json:1:37: error: malformed JSON: expected a value (an object, array, string, number, true, false or null)",
        ]
        for format in ["text", "summary"] {
            let scratch = try ScratchDirectory()
            try scratch.write("s.yaml", Self.namedSchema)
            try scratch.write("d.jsonl", lines)
            try scratch.write("d.json", document)
            let result = try Formcheck.run(["s.yaml", "d.jsonl", "d.json", "--format", format], directory: scratch.url)
            #expect(result.status == 2)
            #expect(result.stderr == expected.joined(separator: "\n") + "\n", "\(format)")
            let piped = try Formcheck.run(["s.yaml", "-", "--data-format", "jsonl", "--format", format], input: Data(lines.utf8), directory: scratch.url)
            #expect(piped.stderr == expected.prefix(3).joined(separator: "\n").replacingOccurrences(of: "d.jsonl", with: "<stdin>") + "\n")
            let pipedDocument = try Formcheck.run(["s.yaml", "-", "--format", format], input: Data(document.utf8), directory: scratch.url)
            #expect(pipedDocument.stderr == expected[3].replacingOccurrences(of: "d.json", with: "<stdin>") + "\n")
        }
        let json = try check("d.jsonl", lines, ["--format", "json"])
        #expect(json.stdout.contains(#"{"file": "d.jsonl", "line": 2, "column": 28, "message": "malformed JSON: expected ',' or '}' after an object member"}"#))
        // Text that ends inside an escape, after a sensitive value and inside one: read no further than its end.
        for (text, column) in [(#"{"password": "Zq9xSecretVALUE", "name": "A\"#, 29), (#"{"name": "A", "password": "Zq9x\"#, 27)] {
            for file in ["e.json", "e.jsonl"] {
                let result = try check(file, text)
                #expect(result.status == 2, "\(file) \(text)")
                #expect(result.stderr == "\(file):1:\(column): error: malformed JSON: unexpected end of data: unterminated string\n", "\(file) \(text)")
            }
        }
    }

    /// A syntax error in a JSON array or in YAML is placed as one in a JSON Lines line is: each sensitive
    /// value before it on its line counts as `***` (those of earlier windows of a long array too), and
    /// text that could not be read where a sensitive value was being read is hidden, the error at its
    /// start; in every format, from a file or standard input, and in `formcheck test` (a suite's cases
    /// by the values of their data).
    @Test func syntaxErrorsInArraysAndYAMLCountHiddenValuesAsThreeCharacters() throws {
        let element = #"{"name": "A", "password": "Zq9xSecretVALUE"}"#
        // Elements whose values the checks do not place (a member written twice, a record that is not an
        // object, hidden whole) in two windows of three, and values beyond ASCII in each.
        let mixed = (0..<3000).map { index in
            switch index {
            case 500: #"{"password": "Zq9xSécrét", "name": "B", "password": "Zq9xSecretVALUE"}"#
            case 1500: #""Zq9xSecretVALUE""#
            case _ where index % 7 == 0: #"{"name": "Ü", "password": "Zq9xSécrétVALUE"}"#
            default: element
            }
        }
        let files = [
            // A malformed element, after another one on its line.
            ("a.json", #"[{"name": "A", "password": "Zq9xSecretVALUE"}, {"password": "Zq9xSecretVALUE", "name": 01}]"#,
             "1:61: error: malformed JSON: expected ',' or '}' after an object member"),
            // The array's punctuation after an element.
            ("b.json", #"[{"name": "A", "password": "Zq9xSecretVALUE"} {"name": "B"}]"#,
             "1:33: error: malformed JSON: expected ',' or ']' after an array element"),
            // An element the text ends inside, in a sensitive value: its start.
            ("c.json", #"[{"password": "Zq9xSecretVALUE"}, {"password": "Zq9xSecret"#,
             "1:34: error: malformed JSON: unexpected end of data: unterminated string"),
            // Before any element was found.
            ("d.json", #"[{"password": "Zq9xSecretVALUE""#,
             "1:18: error: malformed JSON: unexpected end of data: expected ',' or '}' after an object member"),
            // An array on one line, checked in windows: the values of every window before the error count.
            ("e.json", "[" + Array(repeating: element, count: 3000).joined(separator: ", ") + #" {"name": "B"}]"#,
             "1:96001: error: malformed JSON: expected ',' or ']' after an array element"),
            ("l.json", "[" + mixed.joined(separator: ", ") + #" {"name": "B"}]"#,
             "1:95991: error: malformed JSON: expected ',' or ']' after an array element"),
            ("f.yaml", "name: A\npassword: Zq9xSecretVALUE\n---\n{password: Zq9xSecretVALUE, name: [x}\n",
             "4:25: error: invalid YAML: did not find expected ',' or ']'"),
            // A value read whole, then the error after it.
            ("g.yaml", "password: Zq9xSecretVALUE: c\n", "1:14: error: invalid YAML: mapping values are not allowed in this context"),
            // A sensitive value that cannot be read: the error at the start of what was not read.
            ("h.yaml", #"password: "Zq9xSecretVALUE"#, "1:9: error: invalid YAML: found unexpected end of stream"),
            ("i.yaml", "- name: A\n  password: Zq9x\n- {password: Zq9xSecretVALUE, name: [}\n",
             "3:26: error: invalid YAML: did not find expected node content"),
            // Inside a sensitive collection that the text ends in: the collection is hidden to the error.
            ("k.yaml", "- {\"name\": 1,\n  \"creds\": {\"key\": \"Zq9xSecretVALUE\", \"inner\": {\"token\": \"Zq9xSecretVALUE",
             "2:12: error: invalid YAML: found unexpected end of stream"),
            // Nothing sensitive before it: where libyaml places it.
            ("j.yaml", "name: a: b\n", "1:8: error: invalid YAML: mapping values are not allowed in this context"),
        ]
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.namedSchema)
        for (name, contents, error) in files {
            try scratch.write(name, contents)
            for options in [["--format", "text"], ["--format", "summary"], ["--format", "json", "--jobs", "2"]] {
                let result = try Formcheck.run(["s.yaml", name] + options, directory: scratch.url)
                #expect(result.status == 2, "\(name) \(options)")
                let (line, column) = (error.split(separator: ":")[0], error.split(separator: ":")[1])
                if options.contains("json") {
                    #expect(result.stdout.contains(#"{"file": "\#(name)", "line": \#(line), "column": \#(column), "#), "\(name)")
                } else {
                    #expect(result.stderr == "\(name):\(error)\n", "\(name) \(options)")
                }
            }
            let piped = try Formcheck.run(["s.yaml", "-"], input: Data(contents.utf8), directory: scratch.url)
            #expect(piped.stderr == "<stdin>:\(error)\n", "\(name)")
            #expect(!piped.stdout.contains("Zq9x") && !piped.stderr.contains("Zq9x"))
        }
        for (name, contents, _) in files where ["a.json", "f.yaml"].contains(name) {
            try scratch.write("fx/invalid/\(name)", contents)
        }
        try scratch.write("fx/invalid/k.jsonl", #"{"password": "Zq9xSecretVALUE", "name": 01}"# + "\n")
        // In a suite, the values of the cases' data count.
        try scratch.write("fx/s.suite.yaml", "- description: one\n  data: {password: Zq9xSecretVALUE, name: [x}\n  valid: true\n")
        try scratch.write("fx/t.suite.json", #"[{"description": "one", "data": {"password": "Zq9xSecretVALUE", "name": 01}, "valid": true}]"#)
        let fixtures = try Formcheck.run(["test", "s.yaml", "fx"], directory: scratch.url)
        #expect(fixtures.stdout == """
            FAIL fx/invalid/a.json
              fx/invalid/a.json:1:61: malformed JSON: expected ',' or '}' after an object member
            FAIL fx/invalid/f.yaml
              fx/invalid/f.yaml:4:25: invalid YAML: did not find expected ',' or ']'
            FAIL fx/invalid/k.jsonl
              fx/invalid/k.jsonl:1:28: malformed JSON: expected ',' or '}' after an object member
            FAIL fx/s.suite.yaml
              fx/s.suite.yaml:2:33: invalid YAML: did not find expected ',' or ']'
            FAIL fx/t.suite.json
              fx/t.suite.json:1:60: malformed JSON: expected ',' or '}' after an object member
            0 passed, 5 failed

            """)
    }

    /// A value of another shape than its field's, where the field holds sensitive fields (an array or
    /// a string where the object `account` holding `pin` is declared, a record that is not an object),
    /// may hold what they would: it is hidden whole, in every input kind; `null` is shown.
    @Test func aValueOfAnotherShapeWhereSecretsAreDeclaredIsHidden() throws {
        let inputs = [
            ("d.jsonl", """
                {"name": "Anna", "account": [{"pin": "Zq9xSecretVALUE"}]}
                {"name": "Anna", "account": "Zq9xSecretVALUE"}
                {"name": "Anna", "account": null}
                [{"account": {"pin": "Zq9xSecretVALUE"}}, "Zq9xSecretVALUE"]

                """),
            ("d.json", #"[{"name": "Anna", "account": [{"pin": "Zq9xSecretVALUE"}]}, ["Zq9xSecretVALUE"]]"#),
            ("d.yaml", "name: Anna\naccount: [{pin: Zq9xSecretVALUE}]\n---\nname: Anna\naccount: Zq9xSecretVALUE\n---\nname: Anna\naccount:\n"),
        ]
        let lines = try check(inputs[0].0, inputs[0].1)
        #expect(lines.stdout == """
            d.jsonl:1:10: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            {"name": "Anna", "account": ***}
                     ^~~~~~
            d.jsonl:1:29: error: record 1, account: account must be an object. [type]
            {"name": "Anna", "account": ***}
                                        ^~~
            d.jsonl:2:10: error: record 2, name: Name must be at most 3 characters long. [maxLength]
            {"name": "Anna", "account": ***}
                     ^~~~~~
            d.jsonl:2:29: error: record 2, account: account must be an object. [type]
            {"name": "Anna", "account": ***}
                                        ^~~
            d.jsonl:3:10: error: record 3, name: Name must be at most 3 characters long. [maxLength]
            {"name": "Anna", "account": null}
                     ^~~~~~
            d.jsonl:4:1: error: record 4: Each record must be a JSON object. [type]
            ***
            ^~~
            1 file, 4 records: 0 valid, 4 invalid; 6 errors, 0 warnings

            """)
        let array = try check(inputs[1].0, inputs[1].1)
        #expect(array.stdout == """
            d.json:1:11: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            [{"name": "Anna", "account": ***}, ***]
                      ^~~~~~
            d.json:1:30: error: record 1, account: account must be an object. [type]
            [{"name": "Anna", "account": ***}, ***]
                                         ^~~
            d.json:1:36: error: record 2: Each record must be a JSON object. [type]
            [{"name": "Anna", "account": ***}, ***]
                                               ^~~
            1 file, 2 records: 0 valid, 2 invalid; 3 errors, 0 warnings

            """)
        let yaml = try check(inputs[2].0, inputs[2].1)
        #expect(yaml.stdout == """
            d.yaml:1:7: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            name: Anna
                  ^~~~
            d.yaml:2:10: error: record 1, account: account must be an object. [type]
            account: ***
                     ^~~
            d.yaml:4:7: error: record 2, name: Name must be at most 3 characters long. [maxLength]
            name: Anna
                  ^~~~
            d.yaml:5:10: error: record 2, account: account must be an object. [type]
            account: ***
                     ^~~
            d.yaml:7:7: error: record 3, name: Name must be at most 3 characters long. [maxLength]
            name: Anna
                  ^~~~
            1 file, 3 records: 0 valid, 3 invalid; 5 errors, 0 warnings

            """)
        for (file, contents) in inputs {
            for options in [["--format", "json"], ["--format", "sarif"], ["--format", "github"], ["--format", "junit"], ["--jobs", "2"]] {
                let result = try check(file, contents, options)
                #expect(result.status == 1, "\(file) \(options)")
                #expect(!(result.stdout + result.stderr).contains("SecretVALUE"), "\(file) \(options)")
            }
        }
    }

    @Test(arguments: ["\r", "\u{85}", "\u{2028}", "\u{2029}", "\r\n"])
    func yamlLinesBreakWhereTheReaderBreaksThem(_ lineBreak: String) throws {
        let result = try check("d.yaml", ["name: Anna", "password: Zq9xSecretVALUE", ""].joined(separator: lineBreak))
        #expect(result.stdout == """
            d.yaml:1:7: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            name: Anna
                  ^~~~
            d.yaml:2:11: error: record 1, password: Password must be at least 20 characters long. [minLength]
            password: ***
                      ^~~
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
    }

    @Test func aSensitiveValueOverSeveralLinesHidesOnlyItsOwnText() throws {
        let result = try check("d.yaml", "password: |\n  Zq9xSecret\n  VALUE\nname: Anna\n")
        #expect(result.stdout == """
            d.yaml:4:7: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            name: Anna
                  ^~~~
            d.yaml:1:11: error: record 1, password: Password must be at least 20 characters long. [minLength]
            password: ***
                      ^
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
    }

    @Test func anUnquotedValueReadAsAnAliasIsNotQuoted() throws {
        let result = try check("d.yaml", "name: Ann\npassword: *Zq9xSecretVALUE\n")
        #expect(result.stderr == "d.yaml:2:11: error: invalid YAML: unknown alias (a value starting with '*' must be quoted)\n")
        #expect(result.status == 2)
    }

    /// An anchor inside a hidden value (here `&r`, which `pin` aliases) is hidden with it, as one `***`,
    /// and the columns after it count it once, so the position given is the caret's.
    @Test func theAnchorOfAValueASensitiveFieldAliasesIsHidden() throws {
        let result = try check("d.yaml", """
            - name: &p Zq9xSecretVALUE
              password: *p
            - {name: &q [Zq9xSecretVALUE, &r x], password: *q, account: {pin: *r}}

            """)
        #expect(result.stdout == """
            d.yaml:1:9: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            - name: ***
                    ^~~
            d.yaml:2:13: error: record 1, password: Password must be at least 20 characters long. [minLength]
              password: ***
                        ^~~
            d.yaml:3:10: error: record 2, name: Name must be text. [type]
            - {name: ***, password: ***, account: {pin: ***}}
                     ^~~
            d.yaml:3:25: error: record 2, password: Password must be text. [type]
            - {name: ***, password: ***, account: {pin: ***}}
                                    ^~~
            1 file, 2 records: 0 valid, 2 invalid; 4 errors, 0 warnings

            """)
    }

    @Test(arguments: ["text", "json", "sarif", "github", "junit", "summary"])
    func membersOfASensitiveObjectAreNotNamed(_ format: String) throws {
        let result = try check("d.jsonl", #"{"creds": {"key": "a", "sk_live_Zq9xSecretVALUE": 1, "inner": {"x_Zq9xSecretVALUE": 2}}}"# + "\n",
                               ["--format", format])
        #expect(result.status == 1)
        #expect(!(result.stdout + result.stderr).contains("SecretVALUE"))
        if format == "text" {
            #expect(result.stdout == """
                d.jsonl:1:11: error: record 1, creds.inner.*: *** is not a field of this form. [unknownField]
                {"creds": ***}
                          ^
                d.jsonl:1:11: error: record 1, creds.*: *** is not a field of this form. [unknownField]
                {"creds": ***}
                          ^
                1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

                """)
        }
    }

    @Test func theDemoHidesValuesOfFieldsInsideASensitiveObject() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.namedSchema)
        try scratch.write("s.demo.yaml", "steps:\n  - { input: creds.key, value: Zq9xSecretVALUE }\n")
        let result = try Formcheck.run(["demo", "s.yaml"], directory: scratch.url)
        #expect(result.stdout == """
            form s, policy onBlurThenLive
            == input creds.key = ***
               no errors shown

            """)
    }

    @Test func positionsCountASensitiveValueAsThreeCharacters() throws {
        let data = #"{"password": "Zq9xSecretVALUE", "name": "Anna"}"# + "\n"
        let text = try check("d.jsonl", data)
        #expect(text.stdout.hasPrefix("""
            d.jsonl:1:27: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            {"password": ***, "name": "Anna"}
                                      ^~~~~~
            d.jsonl:1:14: error: record 1, password: Password must be at least 20 characters long. [minLength]
            {"password": ***, "name": "Anna"}
                         ^~~

            """))
        let github = try check("d.jsonl", data, ["--format", "github"])
        #expect(github.stdout == """
            ::error file=d.jsonl,line=1,col=27,endLine=1,endColumn=33,title=name [maxLength]::record 1: Name must be at most 3 characters long.
            ::error file=d.jsonl,line=1,col=14,endLine=1,endColumn=17,title=password [minLength]::record 1: Password must be at least 20 characters long.
            1 file, 1 record: 0 valid, 1 invalid; 2 errors, 0 warnings

            """)
        let json = try check("d.jsonl", data, ["--format", "json"])
        #expect(json.stdout.contains(#""line": 1, "column": 27, "endLine": 1, "endColumn": 33"#))
        #expect(json.stdout.contains(#""line": 1, "column": 14, "endLine": 1, "endColumn": 17"#))
        let sarif = try check("d.jsonl", data, ["--format", "sarif"])
        #expect(sarif.stdout.contains(#""startLine": 1, "startColumn": 27, "endLine": 1, "endColumn": 33"#))
        #expect(sarif.stdout.contains(#""startLine": 1, "startColumn": 14, "endLine": 1, "endColumn": 17"#))
        // A record that starts after another record's sensitive value on its line.
        let array = try check("d.json", #"[{"password": "Zq9xSecretVALUE1234567"}, {"name": "Anna"}]"#, ["--format", "json"])
        #expect(array.stdout.contains(#""record": 2, "line": 1, "column": 21"#))
    }

    @Test func fixtureRunsGivePositionsAsIfSensitiveValuesWereThreeCharacters() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.namedSchema)
        try scratch.write("fx/valid/a.jsonl", #"{"password": "Zq9xSecretVALUE", "name": "Anna"}"# + "\n")
        try scratch.write("fx/cases.suite.yaml", "- description: one\n  data: {password: Zq9xSecretVALUE, name: Anna}\n  valid: true\n")
        let result = try Formcheck.run(["test", "s.yaml", "fx"], directory: scratch.url)
        #expect(result.stdout == """
            FAIL fx/cases.suite.yaml: one
              expected a valid record, got 2 errors:
              fx/cases.suite.yaml:2:31: error: name: Name must be at most 3 characters long. [maxLength]
              fx/cases.suite.yaml:2:20: error: password: Password must be at least 20 characters long. [minLength]
            FAIL fx/valid/a.jsonl
              expected a valid record, got 2 errors:
              fx/valid/a.jsonl:1:27: error: name: Name must be at most 3 characters long. [maxLength]
              fx/valid/a.jsonl:1:14: error: password: Password must be at least 20 characters long. [minLength]
            0 passed, 2 failed

            """)
    }
}


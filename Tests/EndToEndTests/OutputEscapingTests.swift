import Foundation
import Testing

/// Text from data files (member names, quoted lines) cannot act on the terminal or forge output:
/// control, format and line separator characters are written as `\u{HEX}`, and every byte is written.
@Suite(.needsYAML) struct OutputEscapingTests {
    static let schema = """
        formcheck: 1
        unknownFields: reject
        fields:
          name: { type: string, label: Name }
        """

    func check(_ data: String, _ options: [String] = []) throws -> CommandResult {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.jsonl", data)
        return try Formcheck.run(["s.yaml", "d.jsonl", "--all-errors"] + options, directory: scratch.url)
    }

    @Test func aNulInAMemberNameIsWrittenAndTheSummaryKeepsItsLine() throws {
        let data = #"{"a\u0000b": 1}"# + "\n"
        #expect(try check(data).stdout == #"""
            d.jsonl:1:14: error: record 1, a\u{0}b: a\u{0}b is not a field of this form. [unknownField]
            {"a\u0000b": 1}
                         ^
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """#)
        #expect(try check(data, ["--format", "github"]).stdout == #"""
            ::error file=d.jsonl,line=1,col=14,endLine=1,endColumn=15,title=a\u{0}b [unknownField]::record 1: a\u{0}b is not a field of this form.
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """#)
    }

    @Test func controlFormatAndBidiCharactersFromTheDataAreEscaped() throws {
        let data = "{\"e\\u001b[2Jx\": 1, \"f\\ng.jsonl:9:9: error: forged\": 2, \"d\u{7F}\u{85}\u{202E}\u{200B}z\": 3}\n"
        let result = try check(data)
        #expect(result.stdout == #"""
            d.jsonl:1:17: error: record 1, e\u{1B}[2Jx: e\u{1B}[2Jx is not a field of this form. [unknownField]
            {"e\u001b[2Jx": 1, "f\ng.jsonl:9:9: error: forged": 2, "d\u{7F}\u{85}\u{202E}\u{200B}z": 3}
                            ^
            d.jsonl:1:53: error: record 1, f\u{A}g.jsonl:9:9: error: forged: f\u{A}g.jsonl:9:9: error: forged is not a field of this form. [unknownField]
            {"e\u001b[2Jx": 1, "f\ng.jsonl:9:9: error: forged": 2, "d\u{7F}\u{85}\u{202E}\u{200B}z": 3}
                                                                ^
            d.jsonl:1:66: error: record 1, d\u{7F}\u{85}\u{202E}\u{200B}z: d\u{7F}\u{85}\u{202E}\u{200B}z is not a field of this form. [unknownField]
            {"e\u001b[2Jx": 1, "f\ng.jsonl:9:9: error: forged": 2, "d\u{7F}\u{85}\u{202E}\u{200B}z": 3}
                                                                                                     ^
            1 file, 1 record: 0 valid, 1 invalid; 3 errors, 0 warnings

            """#)
        let github = try check(data, ["--format", "github"])
        #expect(github.stdout.contains(#"title=d\u{7F}\u{85}\u{202E}\u{200B}z [unknownField]::record 1: d\u{7F}\u{85}\u{202E}\u{200B}z is not"#))
        #expect(!github.stdout.contains("\u{1B}") && !github.stdout.contains("\u{202E}"))
        let junit = try check(data, ["--format", "junit"])
        #expect(junit.stdout.contains(#"record 1, e\u{1B}[2Jx: e\u{1B}[2Jx is not a field of this form."#))
        #expect(!junit.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }

    /// A label with characters XML 1.0 cannot hold (a C0 control, U+FFFE) and markup characters:
    /// JUnit output replaces the first with U+FFFD and writes the others as references.
    @Test func junitReplacesCharactersXMLCannotHold() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", #"""
            formcheck: 1
            fields:
              a: { type: string, label: "A\x01\uFFFE<&>", rules: [{ maxLength: 1 }] }
            """#)
        try scratch.write("d.jsonl", #"{"a": "xyz"}"# + "\n")
        let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "junit"], directory: scratch.url)
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("<testcase") } == [
            #"    <testcase name="record 1" classname="d.jsonl" time="0"><failure type="maxLength" message="a: A\#u{FFFD}\#u{FFFD}&lt;&amp;&gt; must be at most 1 character long.">d.jsonl:1:7: error: record 1, a: A\#u{FFFD}\#u{FFFD}&lt;&amp;&gt; must be at most 1 character long. [maxLength]</failure></testcase>"#,
        ])
    }

    @Test func everyByteOfTheOutputIsWritten() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("s.demo.yaml", #"steps:\n  - { input: name, value: "a\0b" }\n"#.replacingOccurrences(of: "\\n", with: "\n"))
        let result = try Formcheck.run(["demo", "s.yaml"], directory: scratch.url)
        #expect(result.stdout == "form s, policy onBlurThenLive\n== input name = \"a\u{0}b\"\n   no errors shown\n")
    }

    @Test func fixtureRunsEscapeMemberNames() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("fx/valid/a.jsonl", #"{"e\u001b[2J": 1}"# + "\n")
        try scratch.write("fx/invalid/b.jsonl", #"{"e\u001b[2J": 1}"# + "\n")
        try scratch.write("fx/invalid/b.expect.yaml", "errors:\n  - { path: name, code: required }\n")
        let result = try Formcheck.run(["test", "s.yaml", "fx"], directory: scratch.url)
        #expect(result.stdout == #"""
            FAIL fx/invalid/b.jsonl
              missing:    name [required]
              unexpected: e\u{1B}[2J [unknownField] "e\u{1B}[2J is not a field of this form."
            FAIL fx/valid/a.jsonl
              expected a valid record, got 1 error:
              fx/valid/a.jsonl:1:16: error: e\u{1B}[2J: e\u{1B}[2J is not a field of this form. [unknownField]
            0 passed, 2 failed

            """#)
    }

    @Test func fileNamesFoundInFoldersAreEscaped() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("data/x\u{1B}[2J\nforged.json:1:1: error: y.json", #"{"name": 1}"#)
        try scratch.write("data/\u{202E}bad.json", "{")
        let check = try Formcheck.run(["s.yaml", "data"], directory: scratch.url)
        #expect(check.stdout == #"""
            data/x\u{1B}[2J\u{A}forged.json:1:1: error: y.json:1:10: error: record 1, name: Name must be text. [type]
            {"name": 1}
                     ^
            2 files, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """#)
        #expect(check.stderr == #"data/\u{202E}bad.json:1:2: error: malformed JSON: unexpected end of data: expected a member name"# + "\n")
        #expect(check.status == 2)

        try scratch.write("fx/invalid/\u{1B}[31mred.json", #"{"name": "ok"}"#)
        let test = try Formcheck.run(["test", "s.yaml", "fx"], directory: scratch.url)
        #expect(test.stdout == #"""
            FAIL fx/invalid/\u{1B}[31mred.json
              expected errors, but the record is valid
            0 passed, 1 failed

            """#)
        #expect(test.status == 1)
    }
}


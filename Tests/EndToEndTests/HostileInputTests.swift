import Foundation
import Testing

/// Bad input never crashes or hangs: each case gives a clear error and the documented exit code.
@Suite(.needsYAML) struct HostileInputTests {
    static let schema = "formcheck: 1\nfields:\n  name: { type: string, label: Name, rules: [required, { maxLength: 10 }, { pattern: \"^[a-z]+$\" }] }\n"

    @Test func unreadablePath() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("ok.json", #"{"name": "ada"}"#)
        let result = try Formcheck.run(["s.yaml", "missing.json", "ok.json"], directory: scratch.url)
        #expect(result.stderr == "missing.json: error: cannot read: no such file or directory\n")
        #expect(result.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }

    @Test func unreadablePermissions() throws {
        guard getuid() != 0 else { return }  // root reads every file
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let path = try scratch.write("locked.json", "{}")
        chmod(path, 0)
        let result = try Formcheck.run(["s.yaml", "locked.json"], directory: scratch.url)
        #expect(result.stderr == "locked.json: error: cannot read: permission denied\n")
        #expect(result.status == 2)
    }

    /// A directory that cannot be listed is reported with the system's reason. Root lists every
    /// directory, so as root the command runs without the capabilities that let it.
    @Test func unreadableDirectory() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let path = try scratch.write("locked/ok.json", #"{"name": "ada"}"#)
        try scratch.write("open/ok.json", #"{"name": "ada"}"#)
        chmod(URL(fileURLWithPath: path).deletingLastPathComponent().path, 0)
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", "/bin/sh", "-c"] : []
        let result = try Formcheck.run(["s.yaml", "locked", "open"], directory: scratch.url, through: launcher)
        #expect(result.stderr == "locked: error: cannot read: permission denied\n")
        #expect(result.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }

    #if os(Linux)
    /// A directory whose listing fails while being read is reported as one that cannot be listed. The
    /// failure comes from a `readdir` that fails with EIO, preloaded into the command (Linux's loader).
    @Test func directoryReadFailure() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("data/ok.json", #"{"name": "ada"}"#)
        let shim = try scratch.write("readdir.c", """
            #include <dirent.h>
            #include <errno.h>
            struct dirent *readdir(DIR *directory) { errno = EIO; return 0; }
            struct dirent64 *readdir64(DIR *directory) { errno = EIO; return 0; }
            """)
        let library = scratch.url.appendingPathComponent("readdir.so").path
        let compiled = try External.run(["cc", "-shared", "-fPIC", "-o", library, shim])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let result = try Formcheck.run(["s.yaml", "data"], directory: scratch.url, environment: ["NO_COLOR": "1", "LD_PRELOAD": library])
        #expect(result.stderr == "data: error: cannot read: input/output error\n")
        #expect(result.stdout == "0 files, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }
    #endif

    /// Standard input that fails to read (here, a directory) is reported, whatever format is asked for.
    @Test(arguments: [[], ["--data-format", "jsonl"], ["--data-format", "json"]])
    func unreadableStandardInput(format: [String]) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let result = try Formcheck.run(["s.yaml", "-"] + format, directory: scratch.url, through: ["/bin/sh", "-c", "eval \"$0\" < ."])
        #expect(result.stderr == "<stdin>: error: cannot read: is a directory\n")
        #expect(result.stdout == "1 file, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }

    @Test func emptyFiles() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("empty.json", "")
        try scratch.write("empty.yaml", "")
        try scratch.write("empty.jsonl", "")
        try scratch.write("empty-schema.yaml", "")
        let result = try Formcheck.run(["s.yaml", "empty.json", "empty.yaml", "empty.jsonl"], directory: scratch.url)
        #expect(result.stderr == """
            empty.json:1:1: error: malformed JSON: the document is empty
            empty.yaml:1:1: error: invalid YAML: the document is empty

            """)
        #expect(result.stdout == "3 files, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 2 unreadable\n")
        #expect(result.status == 2)
        let schema = try Formcheck.run(["empty-schema.yaml", "empty.jsonl"], directory: scratch.url)
        #expect(schema.stderr == "empty-schema.yaml:1:1: error: the schema is empty; it needs at least 'formcheck: 1' and 'fields'\n")
        #expect(schema.status == 2)
    }

    /// Quantifiers that overlap make a backtracking matcher take time in a power of the value's length.
    @Test func patternThatWouldBacktrack() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  code: { type: string, label: Code, rules: [{ pattern: \"^[a-z]*[a-z]*[a-z]*[a-z]*1$\" }] }\n")
        let long = String(repeating: "a", count: 100_000)
        // The last value ends beyond ASCII, where ICU would have taken minutes to give up.
        try scratch.write("d.jsonl", "{\"code\": \"\(long)\"}\n{\"code\": \"abc1\"}\n{\"code\": \"\(long)é\"}\n")
        let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "github"], directory: scratch.url)
        #expect(result.stdout == """
            ::error file=d.jsonl,line=1,col=10,endLine=1,endColumn=100012,title=code [pattern]::record 1: Code is not in the expected format.
            ::error file=d.jsonl,line=3,col=10,endLine=3,endColumn=100013,title=code [pattern]::record 3: Code is not in the expected format.
            1 file, 3 records: 1 valid, 2 invalid; 2 errors, 0 warnings

            """)
        #expect(result.status == 1)
    }

    /// Patterns that make a backtracking matcher take exponential time, or give up and answer wrong,
    /// answer right on values of 100,000 characters: each value below fails or passes its one pattern.
    @Test func patternsThatWouldBacktrackAnswerRightOnLongValues() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", #"""
            formcheck: 1
            fields:
              p1: { type: string, label: P1, rules: [{ pattern: '(x+x+)+y' }] }
              p2: { type: string, label: P2, rules: [{ pattern: '^(\w+\s?)*$' }] }
              p3: { type: string, label: P3, rules: [{ pattern: '^([a-zA-Z0-9]+\.?)+@example\.com$' }] }
              p4: { type: string, label: P4, rules: [{ pattern: '^(\p{L}+[ ''-]?)+$' }] }
              p5: { type: string, label: P5, rules: [{ pattern: '^(a|aa)+$' }] }
              p6: { type: string, label: P6, rules: [{ pattern: '^(a+)+$|^a*c$' }] }
              n6: { type: string, label: N6, rules: [{ notPattern: '^(a+)+$|^a*c$' }] }

            """#)
        func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }
        let records: [(field: String, value: String)] = [
            ("p1", repeated("x", 100_000)), ("p1", repeated("x", 100_000) + "y"),
            ("p2", repeated("a", 99_999) + "!"), ("p2", repeated("ab ", 33_333)),
            ("p3", repeated("a", 100_000)), ("p3", repeated("a.", 50_000) + "b@example.com"),
            ("p4", repeated("é", 99_999) + "1"), ("p4", repeated("é", 100_000)),
            ("p5", repeated("a", 99_999) + "b"), ("p5", repeated("a", 100_000)),
            ("p6", repeated("a", 30) + "c"), ("p6", repeated("a", 100_000) + "c"),
            ("n6", repeated("a", 100_000) + "c"), ("n6", repeated("a", 99_999) + "b"),
        ]
        try scratch.write("d.jsonl", records.map { "{\"\($0.field)\": \"\($0.value)\"}\n" }.joined())
        let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "github"], directory: scratch.url)
        #expect(result.stdout == """
            ::error file=d.jsonl,line=1,col=8,endLine=1,endColumn=100010,title=p1 [pattern]::record 1: P1 is not in the expected format.
            ::error file=d.jsonl,line=3,col=8,endLine=3,endColumn=100010,title=p2 [pattern]::record 3: P2 is not in the expected format.
            ::error file=d.jsonl,line=5,col=8,endLine=5,endColumn=100010,title=p3 [pattern]::record 5: P3 is not in the expected format.
            ::error file=d.jsonl,line=7,col=8,endLine=7,endColumn=100010,title=p4 [pattern]::record 7: P4 is not in the expected format.
            ::error file=d.jsonl,line=9,col=8,endLine=9,endColumn=100010,title=p5 [pattern]::record 9: P5 is not in the expected format.
            ::error file=d.jsonl,line=13,col=8,endLine=13,endColumn=100011,title=n6 [notPattern]::record 13: N6 is in a format that is not allowed.
            1 file, 14 records: 8 valid, 6 invalid; 6 errors, 0 warnings

            """)
        #expect(result.status == 1)
    }

    /// A negative repetition count is a schema diagnostic, not a crash.
    @Test func negativeRepetitionCount() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  code: { type: string, rules: [{ pattern: \"^a{-1}$\" }] }\n")
        try scratch.write("d.json", #"{"code": "a"}"#)
        let result = try Formcheck.run(["s.yaml", "d.json"], directory: scratch.url)
        #expect(result.stderr == """
            s.yaml:3:47: error: invalid pattern for 'pattern': a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character
              code: { type: string, rules: [{ pattern: "^a{-1}$" }] }
                                                          ^
            """ + "\n")
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }

    @Test func fiftyMegabyteString() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        var data = Data(#"{"name": ""#.utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024))
        data.append(Data("\"}\n".utf8))
        try scratch.write("big.json", data)
        let result = try Formcheck.run(["s.yaml", "big.json"], directory: scratch.url)
        #expect(result.stdout == """
            big.json:1:10: error: record 1, name: Name must be at most 10 characters long. [maxLength]
            {"name": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """)
        #expect(result.status == 1)
    }

    /// A record larger than --max-record-size (a JSON Lines line, a JSON document that is not an array,
    /// a YAML document) stops its file there with an error naming the limit; a line of exactly the
    /// limit is read, and the lines before the one too large are checked.
    @Test func recordSizeLimit() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let long = String(repeating: "a", count: 2000)
        try scratch.write("big.json", #"{"name": "\#(long)"}"#)
        try scratch.write("big.yaml", "name: \(long)\n")
        func line(padding: Int) -> String { #"{"name": "ada", "pad": "\#(String(repeating: "x", count: padding))"}"# }
        #expect(line(padding: 998).utf8.count == 1024)
        try scratch.write("big.jsonl", [line(padding: 998), #"{"name": "ADA"}"#, line(padding: 999), #"{"name": "B"}"#, ""].joined(separator: "\n"))
        try scratch.write("small.json", #"{"name": "ada"}"#)
        let result = try Formcheck.run(["s.yaml", "big.json", "big.jsonl", "big.yaml", "small.json", "--max-record-size", "1K", "--format", "summary"],
                                       directory: scratch.url)
        #expect(result.stderr == """
            big.json: error: the input is larger than the limit of 1K (--max-record-size)
            big.jsonl:3:1: error: line 3 is larger than the limit of 1K (--max-record-size)
            big.yaml: error: document 1 of the file is larger than the limit of 1K (--max-record-size)

            """)
        #expect(result.stdout == "4 files, 3 records: 2 valid, 1 invalid; 1 error, 0 warnings; 3 unreadable\n")
        #expect(result.status == 2)
    }

    /// A line too large is reported at its line, also after lines read in earlier blocks and after
    /// blank lines that standard input's detection looked at ahead.
    @Test func lineTooLargeIsReportedAtItsLine() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let long = #"{"name": "\#(String(repeating: "a", count: 2000))"}"#
        try scratch.write("many.jsonl", String(repeating: #"{"name": "ada", "pad": "\#(String(repeating: "x", count: 600))"}"# + "\n", count: 2000) + long + "\n")
        let file = try Formcheck.run(["s.yaml", "many.jsonl", "--max-record-size", "1K", "--format", "summary"], directory: scratch.url)
        #expect(file.stderr == "many.jsonl:2001:1: error: line 2001 is larger than the limit of 1K (--max-record-size)\n")
        #expect(file.stdout == "1 file, 2000 records: 2000 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(file.status == 2)
        for ending in ["", "\n"] {
            let input = try Formcheck.run(["s.yaml", "-", "--max-record-size", "1K"], input: Data(("\n\n" + long + ending).utf8),
                                          directory: scratch.url)
            #expect(input.stderr == "<stdin>:3:1: error: line 3 is larger than the limit of 1K (--max-record-size)\n")
            #expect(input.status == 2)
        }
    }

    /// A JSON Lines line of exactly the limit is read whatever its line break, also when a read ends
    /// between its `\r` and its `\n` (the first read of a file takes one chunk: the line and its `\r`).
    @Test func lineOfExactlyTheLimitEndedByCRLF() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        // The reader reads 1M at a time.
        let limit = (1 << 20) - 1
        let prefix = #"{"name": "ada", "pad": ""#
        let line = prefix + String(repeating: "x", count: limit - prefix.utf8.count - 2) + #""}"#
        #expect(line.utf8.count == limit)
        try scratch.write("d.jsonl", line + "\r\n" + #"{"name": "ADA"}"# + "\r\n")
        for input in [["d.jsonl"], ["-", "--data-format", "jsonl"]] {
            let result = try Formcheck.run(["s.yaml"] + input + ["--max-record-size", String(limit), "--format", "summary", "--jobs", "1"],
                                           directory: scratch.url, through: ["/bin/sh", "-c", "eval \"$0\" < d.jsonl"])
            #expect(result.stdout == "1 file, 2 records: 1 valid, 1 invalid; 1 error, 0 warnings\n")
            #expect(result.stderr == "")
            #expect(result.status == 1)
        }
    }

    /// The largest size an `Int` holds is a limit like any other.
    @Test func largestSizeLimit() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.json", #"{"name": "ada"}"#)
        try scratch.write("d.yaml", "name: ada\n")
        let largest = String(Int.max)
        let result = try Formcheck.run(["s.yaml", "d.json", "d.yaml", "--max-record-size", largest, "--max-schema-size", largest],
                                       directory: scratch.url)
        #expect(result.stdout == "2 files, 2 records: 2 valid, 0 invalid; 0 errors, 0 warnings\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// Endless input stops at the limit: memory stays bounded by it and the run ends.
    @Test(arguments: [
        (["/dev/zero", "--data-format", "jsonl"], "/dev/zero:1:1: error: line 1 is larger than the limit of 1K (--max-record-size)"),
        (["/dev/zero", "--data-format", "json"], "/dev/zero: error: the input is larger than the limit of 1K (--max-record-size)"),
        (["-", "--data-format", "jsonl"], "<stdin>:1:1: error: line 1 is larger than the limit of 1K (--max-record-size)"),
        (["-", "--data-format", "json"], "<stdin>: error: the input is larger than the limit of 1K (--max-record-size)"),
        // Read as YAML, as a file is: its first bytes are not YAML.
        (["-"], "<stdin>:1:1: error: invalid YAML: control characters are not allowed"),
    ])
    func endlessData(arguments: [String], error: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let result = try Formcheck.run(["s.yaml"] + arguments + ["--max-record-size", "1K"], directory: scratch.url,
                                       through: ["/bin/sh", "-c", "eval \"$0\" < /dev/zero"])
        #expect(result.stderr == error + "\n")
        #expect(result.stdout == "1 file, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }

    /// A YAML document on standard input that never ends stops at the limit, as in a file.
    @Test func endlessYAMLDocument() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let result = try Formcheck.run(["s.yaml", "-", "--max-record-size", "1K"], directory: scratch.url,
                                       through: ["/bin/sh", "-c", "yes 'name: ada' | eval \"$0\""])
        #expect(result.stderr == "<stdin>: error: document 1 of the file is larger than the limit of 1K (--max-record-size)\n")
        #expect(result.stdout == "1 file, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }

    /// Schemas and catalogs larger than --max-schema-size (16M unless raised) are refused unread.
    @Test func schemaSizeLimit() throws {
        let scratch = try ScratchDirectory()
        let padding = "# " + String(repeating: "-", count: 1100) + "\n"
        try scratch.write("big.yaml", padding + Self.schema)
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("messages/fr.yaml", padding + "required: '{label} est obligatoire.'\n")
        try scratch.write("d.json", #"{"name": "ada"}"#)
        let big = try Formcheck.run(["big.yaml", "d.json", "--max-schema-size", "1K"], directory: scratch.url)
        #expect(big.stderr == "big.yaml: error: the schema is larger than the limit of 1K (--max-schema-size)\n")
        #expect(big.status == 2)
        let raised = try Formcheck.run(["big.yaml", "d.json", "--max-schema-size", "2K"], directory: scratch.url)
        #expect(raised.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        // A catalog too large is skipped for its own locale, which falls back along its chain.
        let catalog = try Formcheck.run(["s.yaml", "d.json", "--messages", "messages", "--max-schema-size", "1K", "--locale", "fr"],
                                        directory: scratch.url)
        #expect(catalog.stderr == """
            messages/fr.yaml: warning: the catalog is larger than the limit of 1K (--max-schema-size) \
            (catalog skipped; the next catalog on fr's chain is used)

            """)
        #expect(catalog.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        #expect(catalog.status == 0)
        let endless = try Formcheck.run(["/dev/zero", "d.json"], directory: scratch.url)
        #expect(endless.stderr == "/dev/zero: error: the schema is larger than the limit of 16M (--max-schema-size)\n")
        #expect(endless.status == 2)
    }

    /// Every command that reads a schema takes --max-schema-size.
    @Test(arguments: ["lint", "graph", "demo"])
    func schemaSizeLimitInEveryCommand(command: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("big.yaml", "# " + String(repeating: "-", count: 1100) + "\n" + Self.schema)
        try scratch.write("big.demo.yaml", "steps:\n  - submit\n")
        let small = try Formcheck.run([command, "big.yaml", "--max-schema-size", "1K"], directory: scratch.url)
        #expect(small.stderr == "big.yaml: error: the schema is larger than the limit of 1K (--max-schema-size)\n")
        #expect(small.stdout == "")
        #expect(small.status == 2)
        let raised = try Formcheck.run([command, "big.yaml", "--max-schema-size", "2K"], directory: scratch.url)
        #expect(raised.stderr == "")
        #expect(raised.status == 0)
    }

    /// Sizes are written in bytes or with a K, M or G suffix (1024-based).
    @Test func sizeOptionsAreChecked() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.json", #"{"name": "ada"}"#)
        for size in ["15", "1k", "2M", "1G"] {
            let result = try Formcheck.run(["s.yaml", "d.json", "--max-record-size", size], directory: scratch.url)
            #expect(result.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        }
        let tooSmall = try Formcheck.run(["s.yaml", "d.json", "--max-record-size", "14"], directory: scratch.url)
        #expect(tooSmall.stderr == "d.json: error: the input is larger than the limit of 14 bytes (--max-record-size)\n")
        for size in ["-1", "+1", "0", "1.5M", "1T", "M", "1 K"] {
            let result = try Formcheck.run(["s.yaml", "d.json", "--max-record-size=\(size)"], directory: scratch.url)
            #expect(result.stderr.hasPrefix("Error: The value '\(size)' is invalid for '--max-record-size <size>'\n"))
            #expect(result.status == 2)
        }
    }

    @Test func arrayNestedTenThousandDeep() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let deep = "{\"name\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        try scratch.write("deep.json", deep)
        try scratch.write("deep.jsonl", deep + "\n")
        try scratch.write("deep.yaml", "name: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n")
        let result = try Formcheck.run(["s.yaml", "deep.json", "deep.jsonl", "deep.yaml"], directory: scratch.url)
        #expect(result.stderr == """
            deep.json:1:521: error: malformed JSON: nesting is deeper than 512 levels
            deep.jsonl:1:521: error: malformed JSON: nesting is deeper than 512 levels
            deep.yaml:1:262: error: invalid YAML: nesting is deeper than 256 levels

            """)
        #expect(result.status == 2)
    }

    @Test func deeplyNestedSchemaIsRejected() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("deep.yaml", "formcheck: 1\nfields: " + String(repeating: "[", count: 10_000) + "\n")
        try scratch.write("d.json", "{}")
        let result = try Formcheck.run(["deep.yaml", "d.json"], directory: scratch.url)
        #expect(result.stderr.hasPrefix("deep.yaml:2:264: error: invalid YAML: nesting is deeper than 256 levels\n"))
        #expect(result.status == 2)
    }

    @Test func aliasBombIsRejected() throws {
        var yaml = "formcheck: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "fields: { a: string }\n"
        let scratch = try ScratchDirectory()
        try scratch.write("bomb.yaml", yaml)
        try scratch.write("d.json", "{}")
        let result = try Formcheck.run(["bomb.yaml", "d.json"], directory: scratch.url)
        #expect(result.stderr.contains("error: invalid YAML: the document expands to more than 1000000 nodes through aliases"))
        #expect(result.status == 2)
    }

    /// The alias limit counts only what aliases add: a long YAML data file without aliases (here 20,000
    /// documents of 22 nodes, nested three levels) is read whole, and its one invalid record reported.
    @Test func longYAMLDataFileWithoutAliases() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  name: { type: string, rules: [required] }\n  tags: { type: array }\n")
        let documents = (1...20_000).map { index in
            "---\nname: \(index == 19_999 ? "\"\"" : "n\(index)")\ntags: [a, b, c, d, e, f, g, h]\naddress: { zip: \"12345\", city: { name: x } }\n"
        }
        try scratch.write("d.yaml", documents.joined())
        let result = try Formcheck.run(["s.yaml", "d.yaml", "--jobs", "3"], directory: scratch.url)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            d.yaml:79994:7: error: record 19999, name: name is required. [required]
            name: ""
                  ^~
            1 file, 20000 records: 19999 valid, 1 invalid; 1 error, 0 warnings

            """)
        #expect(result.status == 1)
    }

    /// What aliases add counts over the whole file: 900 small documents that each expand by 1,220
    /// nodes pass the limit in the 820th, at the alias that crosses it.
    @Test func aliasesAddUpAcrossDocuments() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let document = "---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [" + Array(repeating: "*a", count: 10).joined(separator: ", ")
            + "]\nc: [" + Array(repeating: "*b", count: 10).joined(separator: ", ") + "]\n"
        try scratch.write("d.yaml", String(repeating: document, count: 900))
        let result = try Formcheck.run(["s.yaml", "d.yaml"], directory: scratch.url)
        #expect(result.stderr == "d.yaml:3280:29: error: invalid YAML: the document expands to more than 1000000 nodes through aliases\n")
        #expect(result.status == 2)
    }

    @Test func binaryGarbageAndInvalidUTF8() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("garbage.json", Data([0x00, 0xFF, 0xFE, 0x7B]))
        try scratch.write("bad-utf8.json", Data(#"{"name": "a"#.utf8) + Data([0xC3, 0x28]) + Data("\"}".utf8))
        let result = try Formcheck.run(["s.yaml", "garbage.json", "bad-utf8.json"], directory: scratch.url)
        #expect(result.stderr == """
            garbage.json:1:1: error: malformed JSON: expected a value (an object, array, string, number, true, false or null)
            bad-utf8.json:1:11: error: malformed JSON: a string is not valid UTF-8

            """)
        #expect(result.status == 2)
    }

    /// JSON in UTF-16 or UTF-32, with or without a byte order mark, is named for what it is, told from
    /// its first bytes as RFC 4627 section 3 does.
    @Test func jsonInUTF16OrUTF32() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let text = Array(#"{"name": "ada"}"#.utf8) + [0x0A]
        let encodings: [(name: String, bom: [UInt8], encode: (UInt8) -> [UInt8])] = [
            ("UTF-16LE", [0xFF, 0xFE], { [$0, 0] }), ("UTF-16BE", [0xFE, 0xFF], { [0, $0] }),
            ("UTF-32LE", [0xFF, 0xFE, 0, 0], { [$0, 0, 0, 0] }), ("UTF-32BE", [0, 0, 0xFE, 0xFF], { [0, 0, 0, $0] }),
        ]
        var files: [String] = []
        var expected = ""
        for encoding in encodings {
            let encoded = text.flatMap(encoding.encode)
            for (suffix, bytes) in [("", encoded), ("-bom", encoding.bom + encoded)] {
                for fileExtension in ["json", "jsonl"] {
                    let name = "\(encoding.name)\(suffix).\(fileExtension)"
                    try scratch.write(name, Data(bytes))
                    files.append(name)
                    expected += "\(name):1:1: error: JSON data must be UTF-8 (this file is \(encoding.name))\n"
                }
            }
        }
        let result = try Formcheck.run(["s.yaml"] + files, directory: scratch.url)
        #expect(result.stderr == expected)
        #expect(result.stdout == "16 files, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 16 unreadable\n")
        #expect(result.status == 2)
        for format in ["json", "jsonl"] {
            let input = Data(text.flatMap(encodings[1].encode))
            let standardInput = try Formcheck.run(["s.yaml", "-", "--data-format", format], input: input, directory: scratch.url)
            #expect(standardInput.stderr == "<stdin>:1:1: error: JSON data must be UTF-8 (this file is UTF-16BE)\n")
            #expect(standardInput.status == 2)
        }
    }

    /// Standard input without --data-format whose first bytes name UTF-16 or UTF-32 JSON is read as
    /// JSON, so the encoding is named; input in UTF-16 with a byte order mark is read as YAML.
    @Test func standardInputInUTF16OrUTF32IsNamed() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let text = Array(#"{"name": "ada"}"#.utf8) + [0x0A]
        let inputs: [(name: String, bytes: [UInt8])] = [
            ("UTF-16BE", text.flatMap { [0, $0] }),
            ("UTF-32BE", text.flatMap { [0, 0, 0, $0] }),
            ("UTF-32BE", [0, 0, 0xFE, 0xFF] + text.flatMap { [0, 0, 0, $0] }),
            ("UTF-32LE", [0xFF, 0xFE, 0, 0] + text.flatMap { [$0, 0, 0, 0] }),
        ]
        for input in inputs {
            let result = try Formcheck.run(["s.yaml", "-"], input: Data(input.bytes), directory: scratch.url)
            #expect(result.stderr == "<stdin>:1:1: error: JSON data must be UTF-8 (this file is \(input.name))\n")
            #expect(result.status == 2)
        }
        let yaml = try Formcheck.run(["s.yaml", "-"], input: Data([0xFE, 0xFF] + Array("name: ada\n".utf8).flatMap { [0, $0] }),
                                     directory: scratch.url)
        #expect(yaml.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        #expect(yaml.status == 0)
    }

    /// YAML in UTF-16 or UTF-32 is read as its UTF-8 text: excerpts show its characters and hide a
    /// sensitive value where it lies, exactly as for the same file in UTF-8; a character that is not
    /// well formed is an error at its place.
    @Test func yamlInUTF16OrUTF32IsQuotedAsItsText() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", """
            formcheck: 1
            fields:
              name: { type: string, label: Name }
              secret: { type: string, label: Secret, sensitive: true, rules: [{ minLength: 30 }] }

            """)
        let text = Array("name: Zoë 😀\nsecret: Zq9#hidden\n".unicodeScalars)
        try scratch.write("utf8.yaml", Data(String(String.UnicodeScalarView(text)).utf8))
        let utf8 = try Formcheck.run(["s.yaml", "utf8.yaml"], directory: scratch.url)
        #expect(utf8.stdout == """
            utf8.yaml:2:9: error: record 1, secret: Secret must be at least 30 characters long. [minLength]
            secret: ***
                    ^~~
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """)
        func units(_ scalar: Unicode.Scalar, width: Int) -> [UInt32] {
            width == 4 ? [scalar.value] : UTF16.encode(scalar)!.map(UInt32.init)
        }
        func bytes(_ unit: UInt32, width: Int, isBigEndian: Bool) -> [UInt8] {
            let little = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
            return isBigEndian ? little.reversed() : little
        }
        for (name, width, isBigEndian) in [("UTF-16LE", 2, false), ("UTF-16BE", 2, true), ("UTF-32LE", 4, false), ("UTF-32BE", 4, true)] {
            let encoded = text.flatMap { units($0, width: width) }.flatMap { bytes($0, width: width, isBigEndian: isBigEndian) }
            let withMark = bytes(0xFEFF, width: width, isBigEndian: isBigEndian) + encoded
            for (file, data) in [("\(name).yaml", encoded), ("\(name)-bom.yaml", withMark)] {
                try scratch.write(file, Data(data))
                let result = try Formcheck.run(["s.yaml", file], directory: scratch.url)
                #expect(result.stdout == utf8.stdout.replacingOccurrences(of: "utf8.yaml", with: file), "\(file)")
                #expect(result.status == 1)
                let standardInput = try Formcheck.run(["s.yaml", "-", "--data-format", "yaml"], input: Data(data), directory: scratch.url)
                #expect(standardInput.stdout == utf8.stdout.replacingOccurrences(of: "utf8.yaml", with: "<stdin>"), "\(file)")
            }
        }
        // A trail surrogate alone on line 2, and UTF-16 that ends inside a code unit.
        let lone: [UInt8] = [0xFF, 0xFE] + Array("a: 1\nb: ".utf8).flatMap { [$0, 0] } + [0x00, 0xDC]
        let odd: [UInt8] = [0xFF, 0xFE] + Array("a: 1\n".utf8).flatMap { [$0, 0] } + [0x62]
        try scratch.write("lone.yaml", Data(lone))
        try scratch.write("odd.yaml", Data(odd))
        let malformed = try Formcheck.run(["s.yaml", "lone.yaml", "odd.yaml"], directory: scratch.url)
        #expect(malformed.stderr == """
            lone.yaml:2:4: error: invalid YAML: the UTF-16LE text holds a surrogate without its pair
            odd.yaml:2:1: error: invalid YAML: the UTF-16LE text ends inside a character

            """)
        #expect(malformed.status == 2)
        // UTF-8 behind a UTF-16 byte order mark reads as characters of other scripts, which would show the
        // secret's bytes: it is refused, from a file and on standard input whatever the format given.
        let misnamed = [0xFF, 0xFE] + Array("name: Zoe\nsecret: Zq9#hidden\n".utf8)
        try scratch.write("misnamed.yaml", Data(misnamed))
        let refusal = "error: invalid YAML: the UTF-16LE text holds no ASCII character, not even a mapping's ':'; "
            + "are its bytes UTF-8 behind a UTF-16 byte order mark?\n"
        let file = try Formcheck.run(["s.yaml", "misnamed.yaml"], directory: scratch.url)
        #expect(file.stderr == "misnamed.yaml:1:1: " + refusal)
        #expect(file.stdout == "1 file, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(file.status == 2)
        for arguments in [["s.yaml", "-"], ["s.yaml", "-", "--data-format", "yaml"]] {
            let standardInput = try Formcheck.run(arguments, input: Data(misnamed), directory: scratch.url)
            #expect(standardInput.stderr == "<stdin>:1:1: " + refusal, "\(arguments)")
            #expect(standardInput.status == 2)
        }
    }

    @Test func hugeNumbersAndObjects() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  n: { type: number, label: N, rules: [{ max: 10 }] }\n")
        try scratch.write("n.json", #"{"n": 1e999}"#)
        let members = (0..<200_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        try scratch.write("wide.json", "{" + members + ", \"n\": 11}")
        let result = try Formcheck.run(["s.yaml", "n.json", "wide.json"], directory: scratch.url)
        #expect(result.stderr == "n.json:1:7: error: malformed JSON: number out of range\n")
        #expect(result.stdout == """
            wide.json:1:3377788: error: record 1, n: N must be at most 10. [max]
            …,"k199995": 199995,"k199996": 199996,"k199997": 199997,"k199998": 199998,"k199999": 199999, "n": 11}
                                                                                                              ^~
            2 files, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings; 1 unreadable

            """)
    }
}

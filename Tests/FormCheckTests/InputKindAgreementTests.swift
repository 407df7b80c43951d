import Foundation
import Testing
@testable import FormCheck

/// Every kind of input gives the same report for the same record: seeded random schemas drawn from the
/// whole rule catalogue, seeded random records with edge values, each through the direct path,
/// `validate(json:)`, `validate(_:)`, YAML data and `validate(field:in:)`, in both collect modes.
///
/// `FORMCHECK_AGREEMENT_ITERATIONS` sets how many schema and record pairs run (default 400), and
/// `FORMCHECK_AGREEMENT_SEED` the first seed; a failure names the seed that `replaysOneSeed` runs
/// again through `FORMCHECK_AGREEMENT_REPLAY`.
@Suite(.needsYAML) struct InputKindAgreementTests {
    static let today = LocalDate(year: 2025, month: 6, day: 15)!
    static let recordsPerSchema = 20
    /// Failures described in full before the rest are only counted.
    static let describedFailures = 10

    /// What a run went through.
    struct Tally {
        var schemas = 0
        var refusedSchemas = 0
        /// The compiler's first complaint about each refused schema, without its position.
        var refusals: [String: Int] = [:]
        var pairs = 0
        /// Records of schemas that compiled.
        var checked = 0
        var directSettled = 0
        /// Times the records of a schema were also read as files (once per collect mode).
        var fileChecks = 0
        /// Schemas that have a direct path.
        var yamlChecked = 0
        var yamlGaps: [String: Int] = [:]
        var failures = 0
        var failureKinds: [String: Int] = [:]
    }

    static func environmentNumber(_ name: String) -> UInt64? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// The seed of the `index`th schema of a run starting at `seed`.
    static func schemaSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
        return random.seed()
    }

    /// The seed of the `index`th record of the schema of `schemaSeed`.
    static func recordSeed(_ schemaSeed: UInt64, _ index: Int) -> UInt64 {
        var random = SeededRandom(seed: schemaSeed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
        return random.seed()
    }

    static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    @Test func everyInputKindGivesTheSameReport() throws {
        let pairs = Int(Self.environmentNumber("FORMCHECK_AGREEMENT_ITERATIONS") ?? 400)
        let seed = Self.environmentNumber("FORMCHECK_AGREEMENT_SEED") ?? 0x5EED_F0C5
        var tally = Tally()
        var schemaIndex = 0
        while tally.pairs < pairs {
            let schemaSeed = Self.schemaSeed(seed, schemaIndex)
            schemaIndex += 1
            // Files are read slowly in a debug build (a megabyte block at a time): every 25th schema.
            let files: [Bool] = schemaIndex % 25 == 1 ? [schemaIndex / 25 % 2 == 1] : []
            Self.run(schemaSeed: schemaSeed, records: 0..<min(Self.recordsPerSchema, pairs - tally.pairs), tally: &tally, files: files)
        }
        let summary = """
            \(tally.pairs) records over \(tally.schemas) schemas (\(tally.refusedSchemas) refused by the compiler: \(tally.refusals.sorted { $0.value > $1.value }.map { "\($0.value)× \($0.key)" })), first seed \(Self.hex(seed)); \
            the engine settled \(tally.directSettled) of \(2 * tally.checked) checks (the others are not well-formed JSON as the engine is given them); YAML \(tally.yamlChecked), \
            not written as YAML: \(tally.yamlGaps.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")); \
            \(tally.fileChecks) times as JSON Lines and JSON array files; failures: \(tally.failures) \(tally.failureKinds.sorted { $0.value > $1.value }.map { "\($0.value)× \($0.key)" })
            """
        print(summary)
        #expect(tally.failures == 0, "\(summary)")
        // The generators mostly make schemas that compile, records the engine settles, and records
        // YAML can say.
        #expect(tally.refusedSchemas * 4 < tally.schemas, "\(summary)")
        #expect(tally.directSettled > 0, "\(summary)")
        #expect(tally.yamlChecked * 10 > tally.checked * 8, "\(summary)")
    }

    /// Runs the pair named by `FORMCHECK_AGREEMENT_REPLAY` (`SCHEMASEED:RECORDSEED`, or `SCHEMASEED` for
    /// all its records), printing every report; without it, a fixed seed.
    @Test func replaysOneSeed() throws {
        let replay = ProcessInfo.processInfo.environment["FORMCHECK_AGREEMENT_REPLAY"] ?? "0x5eed"
        let parts = replay.split(separator: ":").map { part in part.hasPrefix("0x") ? UInt64(part.dropFirst(2), radix: 16) : UInt64(part) }
        let schemaSeed = try #require(parts.first ?? nil, "FORMCHECK_AGREEMENT_REPLAY=\(replay)")
        var tally = Tally()
        if parts.count > 1 {
            let recordSeed = try #require(parts[1], "FORMCHECK_AGREEMENT_REPLAY=\(replay)")
            Self.run(schemaSeed: schemaSeed, recordSeeds: [recordSeed], tally: &tally, verbose: true)
        } else {
            Self.run(schemaSeed: schemaSeed, records: 0..<Self.recordsPerSchema, tally: &tally, verbose: true)
        }
        #expect(tally.failures == 0)
    }

    /// The schemas drawn use every rule of the catalogue but those an app provides.
    @Test func schemasDrawEveryRuleOfTheCatalogue() throws {
        let texts = (0..<300).map { SchemaGenerator.schema(seed: Self.schemaSeed(1, $0)).text }.joined(separator: "\n")
        let names = RuleCatalogue.definitions.keys.filter { $0 != "custom" && $0 != "async" }.sorted()
        let missing = try names.filter { name in
            try Regex("(^|[\\s\\[{,])" + name + "([:\\],}]|$)").anchorsMatchLineEndings().firstMatch(in: texts) == nil
        }
        #expect(missing == [])
        for key in ["when:", "collect: all", "severity: warning", "unknownFields: reject", "items:", "ignoreCase: true", "today"] {
            #expect(texts.contains(key), "\(key)")
        }
    }

    /// The comparison finds a report that differs, and says which input kind gave it.
    @Test func aDifferenceBetweenInputKindsIsFound() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              name: { type: string, rules: [{ minLength: 2 }] }
            """)
        let options = ValidationOptions(today: Self.today)
        #expect(InputKinds.compare(schema, json: #"{"name":"Ada"}"#, yaml: "name: Ada\n", options: options).differences == [])
        let comparison = InputKinds.compare(schema, json: #"{"name":"Ada"}"#, yaml: "name: A\n", options: options)
        #expect(comparison.differences == [
            "YAML data differs from the reference validator", #"YAML data read as {"name": "A"}, JSON as {"name": "Ada"}"#,
        ])
        #expect(InputKinds.describe(comparison.outcomes) == """
            reference validator: no issues
            validate(Value): no issues
            direct path: no issues
            validate(json:): no issues
            YAML data: (read as {"name": "A"}, JSON as {"name": "Ada"})
                name | name | minLength | minLength | error | [min=integer(2)] | name must be at least 2 characters long.
            """)
    }

    /// The YAML writer says what the JSON writer says, whichever quoting it draws: text YAML would fold
    /// or refuse unescaped, text that looks like another type, and a quote before a combining mark
    /// (one `Character`, which text replacement would not double).
    @Test(arguments: [
        "'\u{301}", "it's", "\u{2028}", "a\u{85}b", "\u{2029}", "\u{0}", "\u{FEFF}x", "tab\there", "a\\b", "\"", "👍🏽", "true", "null", "-0",
        "1e2", "", " ", "- x", "a: b", "#", "\u{7F}", "\u{9F}", "\u{A0}", "\r\n", "/", "\u{FFFE}", "~", "0x1F", ".inf",
    ])
    func yamlTextReadsBackAsTheJSONText(_ text: String) throws {
        var random = SeededRandom(seed: 1)
        for _ in 0..<20 {
            let record = GeneratedValue.object([.init(key: text, value: .string(text)), .init(key: "list", value: .array([.string(text)]))])
            let json = record.jsonText(using: &random)
            let yaml = try record.yamlText(using: &random).get()
            var records: [DataRecord] = []
            try DataReader.forEachRecord(in: Array(yaml.utf8), format: .yaml, name: "record.yaml") { records.append($0) }
            #expect(try records.map { try $0.content.get() } == [try JSONReader.parse(Array(json.utf8))], "\(json)\n\(yaml)")
            let expected: Value = [text: .string(text), "list": .array([.string(text)])]
            #expect(try JSONReader.parse(Array(json.utf8)) == expected)
        }
    }

    // MARK: Differences found, reduced

    /// A field checked alone in a record that is not an object has no issue: the whole report has only
    /// the record's own issue, and nothing under the field.
    @Test func aFieldAloneInARecordThatIsNotAnObject() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              name: { type: string, rules: [required] }
            """)
        let options = ValidationOptions(today: Self.today)
        #expect(schema.validate([1], options: options).issues.map(InputKinds.describe) == [
            #" |  | type | recordType | error | [expected=string("object")] | Each record must be a JSON object."#,
        ])
        let alone = try #require(schema.validate(field: "name", in: [1], options: options))
        #expect(alone.issues.map(InputKinds.describe) == [])
    }

    /// A nested field checked alone has no issue where the whole record does not reach it: inside an
    /// object field whose `when:` does not hold, or whose value is not an object.
    @Test func aNestedFieldAloneWhereTheWholeRecordDoesNotReachIt() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              kind: string
              box:
                type: object
                when: { field: kind, equals: boxed }
                fields:
                  inner: { type: string, rules: [required] }
            """)
        let options = ValidationOptions(today: Self.today)
        let skipped: Value = ["kind": "loose", "box": [:]]
        #expect(schema.validate(skipped, options: options).issues.isEmpty)
        let notAnObject: Value = ["kind": "boxed", "box": 5]
        #expect(schema.validate(notAnObject, options: options).issues.map(InputKinds.describe) == [
            #"box | box | type | type | error | [expected=string("object")] | box must be an object."#,
        ])
        for record in [skipped, notAnObject] {
            let alone = try #require(schema.validate(field: "box.inner", in: record, options: options))
            #expect(alone.issues.map(InputKinds.describe) == [])
        }
    }

    static func run(schemaSeed: UInt64, records: Range<Int>, tally: inout Tally, files: [Bool] = [false, true], verbose: Bool = false) {
        run(schemaSeed: schemaSeed, recordSeeds: records.map { recordSeed(schemaSeed, $0) }, tally: &tally, files: files, verbose: verbose)
    }

    /// Checks the records of `recordSeeds` for the schema of `schemaSeed` through every kind of input,
    /// and also all together as files, once in each collect mode of `files`.
    static func run(schemaSeed: UInt64, recordSeeds: [UInt64], tally: inout Tally, files: [Bool] = [false, true], verbose: Bool) {
        let generated = SchemaGenerator.schema(seed: schemaSeed)
        tally.schemas += 1
        let schema: FormSchema
        do {
            schema = try FormSchema(text: generated.text, name: "random.yaml")
        } catch {
            tally.refusedSchemas += 1
            let first = error.diagnostics.first.map { "\($0.message)" } ?? "?"
            tally.refusals[first.replacingOccurrences(of: #"'[^']*'|\([^)]*\)"#, with: "…", options: .regularExpression), default: 0] += 1
            tally.pairs += recordSeeds.count
            if verbose { print("schema \(hex(schemaSeed)) does not compile:\n\(generated.text)") }
            return
        }
        var jsonTexts: [String] = []
        defer {
            // The records of the schema together, as files read through `validateRecords` on two threads.
            for collectAll in files {
                tally.fileChecks += 1
                let differences = InputKinds.fileDifferences(
                    schema, records: jsonTexts, options: ValidationOptions(collectAllErrors: collectAll, today: today), jobs: 2)
                guard !differences.isEmpty else { continue }
                tally.failures += 1
                tally.failureKinds["validateRecords differs from the reference validator", default: 0] += 1
                if tally.failures <= describedFailures {
                    Issue.record(Comment(rawValue: """
                        schema seed \(hex(schemaSeed)), collectAllErrors: \(collectAll), today: \(today)
                        \(differences.joined(separator: "\n"))
                        --- schema
                        \(generated.text)
                        """))
                }
            }
        }
        for recordSeed in recordSeeds {
            tally.pairs += 1
            tally.checked += 1
            let record = RecordGenerator.record(for: generated, seed: recordSeed)
            var writer = SeededRandom(seed: ~recordSeed)
            let json = record.jsonText(using: &writer)
            jsonTexts.append(json)
            var yaml: String?
            switch record.yamlText(using: &writer) {
            case .success(let text):
                yaml = text
                tally.yamlChecked += 1
            case .failure(let gap):
                tally.yamlGaps[gap.gap.rawValue, default: 0] += 1
            }
            for collectAll in [false, true] {
                let options = ValidationOptions(collectAllErrors: collectAll, today: today)
                let comparison = InputKinds.compare(schema, json: json, yaml: yaml, options: options)
                if comparison.directSettled { tally.directSettled += 1 }
                let text = """
                    seed \(hex(schemaSeed)):\(hex(recordSeed)) (FORMCHECK_AGREEMENT_REPLAY=\(hex(schemaSeed)):\(hex(recordSeed))), \
                    collectAllErrors: \(collectAll), today: \(today)
                    \(comparison.differences.joined(separator: "\n"))
                    --- schema
                    \(generated.text)--- record as JSON
                    \(json)
                    --- record as YAML
                    \(yaml ?? "(not written as YAML)\n")--- reports
                    \(InputKinds.describe(comparison.outcomes))
                    """
                if verbose { print(text) }
                guard !comparison.differences.isEmpty else { continue }
                tally.failures += 1
                for difference in Set(comparison.differences) {
                    tally.failureKinds[String(difference.prefix(60)), default: 0] += 1
                }
                if tally.failures <= describedFailures { Issue.record(Comment(rawValue: text)) }
            }
        }
    }
}

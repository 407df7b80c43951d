import Foundation
import Synchronization
import Testing
@testable import FormCheck

/// The direct path (records checked straight from their bytes) must report exactly what the full
/// reader and the reference validator report; a record that is not well-formed JSON goes to the reader.
@Suite(.needsYAML) struct DirectPathTests {
    /// A valid record's members, as raw JSON, in order.
    static let members: [(String, String)] = [
        ("name", #""Ada Lovelace""#), ("email", #""ada@example.com""#), ("username", #""ada_l""#), ("password", #""Passw0rdX""#),
        ("confirm_password", #""Passw0rdX""#), ("age", "36"), ("country", #""GB""#), ("terms", "true"),
        ("address", #"{"street":"1 Main Street","city":"London","zip":"12345"}"#),
    ]
    static let valid = record(members)

    static func record(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    let schema: FormSchema

    init() throws {
        schema = try FormSchema(contentsOfFile: "\(packageRoot)/bench/signup.yaml")
    }

    /// The direct report, after checking it equals the reference validator's; nil when the bytes are not well-formed JSON.
    func directReport(_ json: String, in schema: FormSchema? = nil, collectAll: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ValidationReport?
    {
        let schema = schema ?? self.schema
        let bytes = Array(json.utf8)
        let options = ValidationOptions(collectAllErrors: collectAll, today: LocalDate(iso8601: "2026-01-01")!)
        var cache = IssueTable()
        guard let direct = bytes.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }) else { return nil }
        // A second time, from the issues cached the first time.
        #expect(bytes.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }) == direct)
        let full = schema.referenceReport(try JSONReader.parse(bytes), options: options)
        #expect(direct == full, "\(json)", sourceLocation: sourceLocation)
        return direct
    }

    /// `path code` of each issue the direct path finds in `json`, all errors collected (after checking
    /// that its report is the reference validator's); nil when the bytes are not well-formed JSON.
    func directCodes(in schema: FormSchema, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]? {
        try directReport(json, in: schema, collectAll: true, sourceLocation: sourceLocation)?.issues.map { "\($0.path) \($0.code)" }
    }

    /// The valid record with the member `key` set to `value` (raw JSON), or removed when `value` is nil;
    /// `also` sets a second member.
    func replacing(_ key: String, with value: String?, also other: (String, String?)? = nil) -> String {
        var members = Self.members
        for (key, value) in [(key, value)] + (other.map { [$0] } ?? []) {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((key, value))
            }
        }
        return Self.record(members)
    }

    /// The plan is made when a record is first checked, not when the schema compiles (a schema that
    /// only reports its diagnostics or answers questions about its fields never makes it), and once
    /// when threads ask for it together: every thread gets the same plan and the same reports.
    @Test func thePlanIsMadeOnFirstUseOnce() throws {
        let fresh = try FormSchema(contentsOfFile: "\(packageRoot)/bench/signup.yaml")
        #expect(!fresh.plannedDirectPath.isMade)
        #expect(fresh.graph.dependents(of: "password").map(\.path) == ["confirm_password"])
        #expect(!fresh.plannedDirectPath.isMade)
        let invalid = Array(replacing("age", with: "12").utf8)
        let expected = try schema.validate(json: invalid)
        let lock = NSLock()
        nonisolated(unsafe) var answers: [(plan: ObjectIdentifier, report: ValidationReport?)] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let report = try? fresh.validate(json: invalid)
            let plan = ObjectIdentifier(fresh.directPlan)
            lock.withLock { answers.append((plan, report)) }
        }
        #expect(answers.count == 8)
        #expect(Set(answers.map(\.plan)).count == 1)
        #expect(answers.allSatisfy { $0.report == expected })
        #expect(fresh.plannedDirectPath.isMade)
    }

    @Test func validRecordIsSettledWithNoIssue() throws {
        let report = try #require(try directReport(Self.valid))
        #expect(report.issues.isEmpty)
    }

    @Test func failuresMatchTheReferenceValidatorCodeForCode() throws {
        let report = try #require(try directReport(replacing("age", with: "15", also: ("username", #""Ab""#))))
        #expect(report.issues.map { "\($0.path) \($0.code) \($0.message)" } == [
            "username minLength username must be at least 3 characters long.",
            "age between age must be between 18 and 120.",
        ])
        let typed = try #require(try directReport(replacing("name", with: "1234")))
        #expect(typed.issues.map { "\($0.path) \($0.code) \($0.parameters)" } == [#"name type ["expected": FormCheck.MessageArgument.string("string")]"#])
    }

    @Test func membersInAnyOrderAndKeysThatOnlyLookLikeDeclaredOnes() throws {
        // Keys are compared in place against the member the schema's order expects next; any other
        // order, and keys that merely start like a declared one, must read the same.
        let reversed = try #require(try directReport(Self.record(Self.members.reversed())))
        #expect(reversed.issues.isEmpty)
        let rotated = try #require(try directReport(Self.record(Array(Self.members[4...] + Self.members[..<4])), collectAll: true))
        #expect(rotated.issues.isEmpty)
        let lookalikes = Self.members.flatMap { [("\($0.0)x", "1"), (String($0.0.dropLast()), "1"), $0] }
        #expect(try #require(try directReport(Self.record(lookalikes))).issues.isEmpty)
        // Keys of the same length that differ in one byte, wherever it lies (keys are compared a word at
        // a time, back from their end), first in the record or later.
        for (index, member) in Self.members.enumerated() {
            for position in 0..<member.0.utf8.count {
                var key = Array(member.0.utf8)
                key[position] = key[position] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                var members = Self.members
                members[index].0 = String(decoding: key, as: UTF8.self)
                _ = try directReport(Self.record(members), collectAll: true)
                _ = try directReport(Self.record([members[index]] + members.filter { $0.0 != members[index].0 }), collectAll: true)
            }
        }
        let missingFirst = try #require(try directReport(Self.record(Array(Self.members.dropFirst())), collectAll: true))
        #expect(missingFirst.issues.map { "\($0.path) \($0.code)" } == ["name required"])
        // A key written with an escape is the same key, decoded on the bytes.
        let escapedKey = try #require(try directReport(Self.record([(#"na\u006De"#, #""Ada""#)] + Self.members.dropFirst())))
        #expect(escapedKey.issues.isEmpty)
    }

    /// Objects of more members than are tried in turn find a key out of the schema's order by its hash
    /// (`KeyTables`): members in any order, keys that differ from a declared one in one byte, keys
    /// written with escapes, repeated and at the record's end read as the reference validator reads them.
    @Test func membersOfLargeObjectsInAnyOrderAreFoundByTheirKeys() throws {
        let keys = ["a", "bb", "seven77", "exactly8", "nine_char", "sixteen_chars_ab", "seventeen_chars_a", "wordtopA", "wordtopB"]
            + (0..<24).map { "field_\(100 + $0)" } + ["longer_key_with_many_words_1", "longer_key_with_many_words_2"]
        let members = (0..<20).map { "m\(10 + $0)" }
        #expect(keys.count > DirectPlan.membersTriedInTurn && members.count > DirectPlan.membersTriedInTurn)
        let schema = try compile("""
            formcheck: 1
            form: wide
            unknownFields: reject
            fields:
            \(keys.map { "  \($0): { type: string, rules: [required, { maxLength: 4 }] }" }.joined(separator: "\n"))
              inner:
                type: object
                unknownFields: reject
                fields:
            \(members.map { "      \($0): { type: integer, rules: [{ min: 0 }] }" }.joined(separator: "\n"))
            """)
        var random = SeededRandom(seed: 0x4B45)
        let inner = "{" + members.map { "\"\($0)\":\(random.chance(0.1) ? -1 : 1)" }.joined(separator: ",") + "}"
        let all = keys.map { ($0, random.chance(0.1) ? #""too long""# : #""ok""#) } + [("inner", inner)]
        let inOrder = try #require(try directCodes(in: schema, Self.record(all)))
        #expect(!inOrder.isEmpty)
        for _ in 0..<20 {
            var shuffled = all
            shuffled.shuffle(using: &random)
            let innerShuffled = "{" + members.shuffled(using: &random).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            shuffled[shuffled.firstIndex { $0.0 == "inner" }!].1 = innerShuffled
            _ = try directCodes(in: schema, Self.record(shuffled))
        }
        // A declared key with one byte changed, wherever it lies, is undeclared; one written with an
        // escape is the declared one; a repeated one keeps its last value.
        for key in keys {
            for position in 0..<key.utf8.count {
                var changed = Array(key.utf8)
                changed[position] = changed[position] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                let lookalike = String(decoding: changed, as: UTF8.self)
                let codes = try #require(try directCodes(in: schema, Self.record(all.reversed() + [(lookalike, "1")])))
                #expect(codes.contains("\(lookalike) unknownField"))
            }
            let escaped = #"\u00"# + String(key.utf8.first!, radix: 16) + key.dropFirst()
            _ = try directCodes(in: schema, Self.record(all.reversed().filter { $0.0 != key } + [(escaped, #""esc""#)]))
            _ = try directCodes(in: schema, Self.record(all.reversed() + [(key, #""again!""#)]))
        }
        // The last key of the record, closer than eight bytes to its end.
        _ = try directCodes(in: schema, Self.record(all.filter { $0.0 != "a" }.reversed() + [("a", "1")]))
    }

    @Test func everySingleAndPairedMutationAgreesWithTheReferenceValidator() throws {
        let values: [String?] = [
            nil, "null", #""""#, #""   ""#, #"" x ""#, "0", "-1", "17", "18", "120", "121", "12.5", "2.0", "1e2", "-0", "true", "false",
            "[]", "[1,{\"a\":[]}]", "{}", #"{"zip":"12345"}"#, #""Ab""#, #""ab_c9""#, #""Passw0rdX""#, #""passw0rdx""#,
            #""US""#, #""usa""#, #""a@b.co""#, #""a@b""#, #""Bartholomew Maximilian Bartholomew Maximilian Bartholomew""#,
            #""O'Brien-Smith""#, #""é""#, #""a\u0041""#, #""tab\there""#, "123456789012345678901",
        ]
        let keys = ["name", "email", "username", "password", "confirm_password", "age", "country", "terms", "address", "extra"]
        var settled = 0
        var handedOver = 0
        for key in keys {
            for value in values {
                for collectAll in [false, true] {
                    if try directReport(replacing(key, with: value), collectAll: collectAll) != nil { settled += 1 } else { handedOver += 1 }
                }
            }
        }
        for password in values {
            for confirmation in values {
                let json = replacing("password", with: password, also: ("confirm_password", confirmation))
                if try directReport(json, collectAll: true) != nil { settled += 1 } else { handedOver += 1 }
            }
        }
        for zip in values {
            let json = replacing("address", with: #"{"street":"","city":"Paris","zip":\#(zip ?? "null")}"#)
            if try directReport(json) != nil { settled += 1 } else { handedOver += 1 }
        }
        // Every one of them is settled directly: escapes, text beyond ASCII and whole numbers beyond 64 bits included.
        #expect(settled > 1_000)
        #expect(handedOver == 0)
    }

    /// Whole numbers beyond `Int`'s range are read on the bytes and compared exactly, by bounds,
    /// choices, multiples, equality with another field and among elements, as the reference validator does.
    @Test func wholeNumbersBeyondSixtyFourBitsAreSettledExactly() throws {
        let big = try compile("""
            formcheck: 1
            form: big
            fields:
              a: { type: integer, rules: [{ max: 18446744073709551616 }] }
              b: { type: integer, rules: [{ oneOf: [18446744073709551617, 1, 1.8446744073709552e19] }] }
              c: { type: integer, rules: [{ multipleOf: 7 }] }
              d: { type: integer }
              e: { type: integer, rules: [{ sameAs: d }] }
              f: { type: array, rules: [uniqueItems] }
              g: { type: number, rules: [{ greaterThan: 9223372036854775807 }, { lessThan: 1e30 }] }
              h: { type: string }
            """)
        let numbers = [
            "18446744073709551616", "18446744073709551617", "-18446744073709551617", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "1234567890123456789", "70000000000000000000000000000000000000007",
            "1.8446744073709552e19", "1", "0",
        ]
        for key in ["a", "b", "c", "d", "e", "g", "h"] {
            for number in numbers {
                let others = key == "e" ? #","d":18446744073709551617"# : ""
                #expect(try directCodes(in: big, #"{"\#(key)":\#(number)\#(others)}"#) != nil, "\(key): \(number)")
            }
        }
        for pair in [("18446744073709551616", "1.8446744073709552e19"), ("18446744073709551616", "18446744073709551617"),
                     ("-18446744073709551617", "-18446744073709551617"), ("9223372036854775807", "9223372036854775808")] {
            #expect(try directCodes(in: big, #"{"f":[\#(pair.0),\#(pair.1)]}"#) != nil)
        }
        #expect(try directCodes(in: big, #"{"a":18446744073709551617,"b":18446744073709551615,"c":70000000000000000000000000000000000000008,"d":123456789012345678901,"e":123456789012345678900,"f":[18446744073709551616,1.8446744073709552e19],"g":9223372036854775807,"h":18446744073709551616}"#)
            == ["a max", "b oneOf", "c multipleOf", "e sameAs", "f uniqueItems", "g greaterThan", "h type"])
        #expect(try directCodes(in: big, #"{"a":-18446744073709551617,"b":18446744073709551616,"c":70000000000000000000000000000000000000007,"d":123456789012345678901,"e":123456789012345678901,"f":[18446744073709551616,18446744073709551617],"g":9223372036854775808}"#)
            == [])
    }

    /// Arrays and objects are read as deep as `JSONReader` reads them, counted from the record's
    /// document: a record it reads is settled on the bytes, one it finds too deep is malformed.
    @Test func nestingIsReadAsDeepAsTheFullReaderReadsIt() throws {
        let plan = schema.directPlan
        let today = LocalDate(iso8601: "2026-01-01")!
        for depth in [0, 1] {
            for arrays in (JSONReader.maximumDepth - 3)...(JSONReader.maximumDepth + 1) {
                for member in ["extra", "address"] {
                    let json = Array(replacing(member, with: String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)).utf8)
                    let read = json.withUnsafeBufferPointer { JSONReader.parseValue($0, depth: depth) } != nil
                    var memory = SlotMemory()
                    let settled = json.withUnsafeBufferPointer {
                        plan.failures(in: $0, depth: depth, collectAllErrors: true, today: today, memory: &memory)
                    } != nil
                    #expect(settled == read, "\(member): \(arrays) arrays, \(depth) levels down")
                    #expect(read == (depth + 1 + arrays <= JSONReader.maximumDepth))
                }
            }
        }
        var nested: Value = 1
        for _ in 0..<(JSONReader.maximumDepth - 2) { nested = [nested] }
        #expect(try directCodes(in: schema, String(decoding: try #require(JSONWriter.bytes(of: ["name": "", "extra": nested])), as: UTF8.self))
            == ["name required", "email required", "username required", "password required", "confirm_password required", "age required",
                "country required", "terms accepted"])
    }

    /// A `Value` is read as deep as it nests, past the depth `JSONReader` allows untrusted JSON, and the
    /// collections compared in it keep the numbers JSON cannot write.
    @Test func valuesAreReadAsDeepAsTheyNest() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              deep: { type: array, rules: [uniqueItems] }
              copy: { type: array, rules: [{ sameAs: deep }] }
              name: { type: string, rules: [required] }
            """)
        let plan = schema.directPlan
        var nested: Value = 1
        for _ in 0..<(2 * JSONReader.maximumDepth) { nested = [nested] }
        let options = ValidationOptions(collectAllErrors: true)
        for (record, expected) in [
            (["deep": [nested, nested], "copy": [nested]], ["deep uniqueItems", "copy sameAs", "name required"]),
            (["deep": [nested, 1], "copy": [nested, 1], "name": "x"], []),
            // NaN equals nothing, itself included, as `Value`'s equality says.
            (["deep": [[.number(.nan)], [.number(.nan)]], "copy": [[.number(.nan)], [.number(.nan)]], "name": "x"], ["copy sameAs"]),
            (["deep": [[.number(.infinity)], [.number(.infinity)]], "name": "x"], ["deep uniqueItems"]),
        ] as [(Value, [String])] {
            #expect(JSONWriter.withValueText(of: record) { plan.failures(in: $0, of: record, isAbridged: $1, collectAllErrors: true, today: LocalDate(iso8601: "2026-01-01")!) } != nil)
            #expect(schema.validate(record, options: options) == schema.referenceReport(record, options: options))
            #expect(schema.validate(record, options: options).issues.map { "\($0.path) \($0.code)" } == expected)
        }
    }

    /// `uniqueItems` over more elements than are compared pair by pair, or over objects and arrays, reads
    /// the array whole once and hashes its elements, with the reference validator's answers, on JSON
    /// and on a `Value` holding numbers JSON cannot write.
    @Test func uniqueItemsOverManyElementsOrCollections() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              list: { type: array, rules: [uniqueItems] }
            """)
        let objects = (0..<3_000).map { #"{"id":\#($0),"tags":["a","\#($0 % 7)"]}"# }
        let numbers = (0..<40).map(String.init)
        for (json, isUnique) in [
            (#"{"list":["# + objects.joined(separator: ",") + "]}", true),
            (#"{"list":["# + (objects + [#"{"tags":["a","2"],"id":1234}"#]).joined(separator: ",") + "]}", false),
            (#"{"list":["# + numbers.joined(separator: ",") + "]}", true),
            (#"{"list":["# + (numbers + ["7.0"]).joined(separator: ",") + "]}", false),
            (#"{"list":["# + (numbers + ["\"7\""]).joined(separator: ",") + "]}", true),
            (#"{"list":[1,"1",[1],{"a":1},[1.5]]}"#, true),
            (#"{"list":[1,{"a":1},{"a":1.0}]}"#, false),
            (#"{"list":[["é"],["e\u0301"]]}"#, false),
        ] {
            #expect(try Self.directAgrees(schema, json))
            #expect(try schema.validate(json: Array(json.utf8)).isValid == isUnique, "\(json.prefix(80))")
        }
        for (list, isUnique) in [
            // NaN equals nothing: no two of these arrays are equal.
            (Value.array((0..<40).map { _ in [.number(.nan)] }), true),
            (.array((0..<40).map { [.integer($0), .number(.infinity)] } + [[7, .number(.infinity)]]), false),
        ] {
            let record: Value = ["list": list]
            #expect(schema.validate(record) == schema.referenceReport(record))
            #expect(schema.validate(record).isValid == isUnique)
        }
    }

    /// A record that is a well-formed value other than an object fails `recordType` on the bytes, placed
    /// where the locator places it (the whole value).
    @Test func recordsThatAreNotObjectsAreSettled() throws {
        for json in ["[1]", " null ", #""a\nb""#, "-1.5e3", "18446744073709551616", "true", #"[{"name":"Ada"},[]]"#, "[]"] {
            let report = try #require(try directReport(json), "\(json)")
            #expect(report.issues.map { "\($0.path) \($0.code) \($0.message)" } == [" type Each record must be a JSON object."], "\(json)")
            #expect(report.issues.map(\.written) == [JSONLocator.range(of: ValuePath([]), in: Array(json.utf8), from: 0)], "\(json)")
        }
        #expect(try directReport("[1] x") == nil)
        #expect(throws: DataParseError.self) { try schema.validate(json: Array("[1".utf8)) }
    }

    /// `validate(json:)` reads what follows a byte order mark on the direct path, as the full reader
    /// skips the mark.
    @Test func aByteOrderMarkBeforeTheJSONIsSkipped() throws {
        let json = replacing("age", with: "12")
        let withMark: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(json.utf8)
        let report = try schema.validate(json: withMark)
        #expect(report == schema.referenceReport(try JSONReader.parse(withMark)))
        #expect(report == (try #require(try directReport(json))))
        #expect(report.issues.map { "\($0.path) \($0.code)" } == ["age between"])
    }

    @Test(arguments: [
        ("a byte order mark", "\u{FEFF}{}"),
        ("malformed JSON", #"{"age":01}"#),
        ("a trailing comma", #"{"age":1,}"#),
        ("content after the record", #"{} {}"#),
        ("an unknown escape", #"{"note":"\q"}"#),
        ("an unpaired surrogate", #"{"name":"\uD83D"}"#),
        ("nesting deeper than JSONReader reads", "{\"x\":" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"),
    ])
    func recordsTheBytesCannotSettleAreHandedOver(_ what: String, _ json: String) throws {
        var cache = IssueTable()
        #expect(Array(json.utf8).withUnsafeBufferPointer { schema.directReport($0, options: ValidationOptions(), cache: &cache) } == nil,
                "\(what)")
    }

    /// Keys beyond ASCII, in the schema or in the record, written as they are or with escapes, in
    /// composed or decomposed form, name members as the full reader's `String` keys do.
    @Test func keysBeyondASCIIAreSettledOnTheBytes() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            unknownFields: reject
            fields:
              prénom: { type: string, rules: [required, { minLength: 2 }] }
              straße: { type: object, fields: { größe: { type: integer, rules: [{ min: 1 }] } } }
              name: string
            """)
        let records = [
            #"{"prénom":"A"}"#, #"{"pr\u00e9nom":"Ann"}"#, "{\"pre\u{301}nom\":\"A\"}", #"{"pre\u0301nom":"Ann","name":"x"}"#,
            #"{"prénom":"Ann","straße":{"größe":0}}"#, #"{"prénom":"Ann","stra\u00dfe":{"gr\u00f6\u00dfe":"x"}}"#,
            #"{"ñame":"Zoë"}"#, #"{"n\u00E4me":"x"}"#, #"{"prénom":"Ann","pr\u00e9nom":"Bo"}"#, #"{"prénom":"Ann","name":"x"}"#,
        ]
        // Every one, the record that repeats a member (one spelling composed, one written with an escape) included.
        #expect(try Self.settledCount(schema, records) == records.count)
        #expect(try directCodes(in: schema, "{\"pre\u{301}nom\":\"A\",\"straße\":{\"größe\":0}}") == ["prénom minLength", "straße.größe min"])
        // Undeclared members come after their object's declared ones, in the order they are written.
        #expect(try directCodes(in: schema, #"{"zz":1,"prénom":"A","straße":{"x":[1],"größe":0,"y":{}},"ñame":"Zoë"}"#)
            == ["prénom minLength", "straße.größe min", "straße.x unknownField", "straße.y unknownField", "zz unknownField", "ñame unknownField"])
    }

    /// An undeclared member is placed where `JSONLocator` places its path: at its value, or in a
    /// sensitive object (where its path names it `*`) at the object's start, unless its key is `*`.
    @Test func undeclaredMembersArePlacedAsTheLocatorPlacesThem() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            unknownFields: reject
            fields:
              card: { type: object, sensitive: true, unknownFields: reject, fields: { number: string } }
              guests: { type: array, items: { type: object, unknownFields: reject, fields: { name: string } } }
            """)
        let json = #"{"extra": [1, {"a": 2}], "card": {"number": "1", "x": "secret", "*": 3}, "guests": [{"name": "A"}, {"age": 3, "name": 1}]}"#
        let bytes = Array(json.utf8)
        let report = try #require(try directReport(json, in: schema))
        #expect(report.issues.map { "\($0.path) \($0.code)" }
            == ["card.* unknownField", "card.* unknownField", "guests[1].name type", "guests[1].age unknownField", "extra unknownField"])
        #expect(report.issues.map(\.written) == report.issues.map { JSONLocator.range(of: $0.path, in: bytes, from: 0) })
        #expect(report.issues.map { $0.written.map { String(decoding: bytes[$0], as: UTF8.self) } }
            == ["3", "3", "1", "3", #"[1, {"a": 2}]"#])
        let unnamed = #"{"card": {"x": "secret"}}"#
        let alone = try #require(try directReport(unnamed, in: schema))
        #expect(alone.issues.map(\.written) == [9..<9])
        #expect(alone.issues.map(\.written) == alone.issues.map { JSONLocator.range(of: $0.path, in: Array(unnamed.utf8), from: 0) })
        // Many objects with undeclared members, written between each other's: each object's come after its
        // declared members, in the order they are written.
        let guests = (0..<300).map { #"{"k\#($0)":1,"name":"A","j":2}"# }.joined(separator: ",")
        let many = "{" + (0..<300).map { #""r\#($0)":0,"# }.joined() + #""guests":[\#(guests)],"z":{}}"#
        let codes = try #require(try directCodes(in: schema, many))
        #expect(codes == (0..<300).flatMap { ["guests[\($0)].k\($0) unknownField", "guests[\($0)].j unknownField"] }
            + (0..<300).map { "r\($0) unknownField" } + ["z unknownField"])
    }

    /// A repeated member's last value counts, as the full reader keeps it: a declared member's nested
    /// values are those of its last object; an undeclared one is reported once, in the place of its first
    /// key, at its last value.
    @Test func repeatedMembersAreSettledAsTheFullReaderReadsThem() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            unknownFields: reject
            fields:
              age: { type: integer, rules: [{ min: 18 }] }
              address: { type: object, unknownFields: reject, fields: { zip: { type: string, rules: [required] }, city: string } }
              card: { type: object, sensitive: true, unknownFields: reject, fields: { number: string } }
              guests: { type: array, items: { type: object, unknownFields: reject, fields: { name: { type: string, rules: [required] } } } }
            """)
        let cases: [(String, [String])] = [
            (#"{"age":30,"age":"x"}"#, ["age type"]),
            (#"{"age":"x","age":30}"#, []),
            (#"{"age":3,"a\u0067e":30}"#, []),
            (#"{"address":{"zip":"1","city":"P"},"address":{}}"#, ["address.zip required"]),
            (#"{"address":{"q":1,"zip":"1"},"address":{"zip":"2","w":2}}"#, ["address.w unknownField"]),
            (#"{"address":{"zip":"1"},"address":"x"}"#, ["address type"]),
            (#"{"address":"x","address":{"city":"P"}}"#, ["address.zip required"]),
            (#"{"x":1,"y":2,"x":[3],"age":40,"y":{}}"#, ["x unknownField", "y unknownField"]),
            (#"{"card":{"q":"secret","number":"1","q":"other"}}"#, ["card.* unknownField"]),
            (#"{"guests":[{"name":"A","j":1,"name":"","j":2},{"name":"B","name":"C"}]}"#, ["guests[0].name required", "guests[0].j unknownField"]),
            (#"{"guests":[{"name":"A"}],"guests":[{},{"name":"B"}]}"#, ["guests[0].name required"]),
        ]
        for (json, expected) in cases {
            let bytes = Array(json.utf8)
            let report = try #require(try directReport(json, in: schema, collectAll: true), "\(json)")
            #expect(report.issues.map { "\($0.path) \($0.code)" } == expected, "\(json)")
            #expect(report.issues.map(\.written) == report.issues.map { JSONLocator.range(of: $0.path, in: bytes, from: 0) }, "\(json)")
        }
    }

    /// Text beyond ASCII without escapes is read on the bytes: patterns run on its UTF-8, lengths count
    /// its characters, emptiness and equality decode it; every answer is the reference validator's.
    @Test func textBeyondASCIIIsSettledOnTheBytes() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              name: { type: string, rules: [required, { minLength: 2 }, { maxLength: 5 }, { pattern: "^[\\\\p{L} '-]+$" }] }
              words: { type: string, rules: [{ pattern: "^(\\\\w+\\\\s?)*$" }, { notPattern: "(?i)admin|\\\\p{Han}" }] }
              same: { type: string, rules: [{ sameAs: name }] }
              email: { type: string, rules: [email] }
            """)
        let values = [
            "Zoë", "Zoë Brontë", "Łukasz", "日本語", "e\u{0301}", "\u{00E9}", "\u{3000}", " \u{00A0} ", "\u{00A0}x", "👍🏽", "Ab\u{7F}",
            "K", "\u{212A}", "ADMİN", "ﬀ", "a b\u{2028}", "x\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}", "ß@exämple.com", "Ab",
        ].map { "\"" + $0 + "\"" }
        let records = ["name", "words", "same", "email"].flatMap { key in
            values.flatMap { value in
                [#""Ab""#, #""K""#, #""e\#u{0301}""#].map { other in
                    Self.record(key == "name" ? [(key, value), ("same", other)] : [(key, value), ("name", other)])
                }
            }
        }
        // Every record is settled: none holds a choice or a key beyond ASCII.
        #expect(try Self.settledCount(schema, records) == records.count)
        let report = try #require(try directReport(#"{"name":"Zoë Brontë","same":"Zoë Brontë","words":"日本"}"#, in: schema))
        #expect(report.issues.map { "\($0.path) \($0.code)" } == ["name maxLength", "words notPattern"])
    }

    /// A string's length is counted as `String.count` counts characters: on the bytes as the string is
    /// read where every scalar is its own character, by decoding elsewhere (combining marks, Hangul
    /// jamo, emoji sequences, flags, CR LF); written raw and written as `\u` escapes alike.
    @Test(arguments: [
        "", "abc", "Zoë", "Björk Guðmundsdóttir", "Łukasz Żółć", "日本語の名前", "中文", "e\u{0301}", "x\u{0301}\u{0301}\u{0308}",
        "Ngọc Anh", "ﬀ", "\u{00AD}a", "\u{1100}\u{1161}\u{11A8}", "한국어", "👍🏽", "🇫🇷🇩🇪", "👨‍👩‍👧", "क्षि", "a\r\nb", "\u{4E00}\u{3099}",
        "ÿ\u{0300}", "\u{9FFF}\u{A000}", "Ǆ\u{02FF}\u{0300}", "Ωμέγα", "Привет", "\u{0483}", "مرحبا\u{064B}",
        "Σοφία Παπαδοπούλου", "ω\u{0301}", "Ж\u{0483}", "Ж\u{048A}", "Հայաստան", "\u{058F}\u{0590}\u{0591}", "\u{036F}\u{0370}",
    ])
    func lengthsCountCharactersAsStringCountsThem(_ text: String) throws {
        let count = text.count
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              exact: { type: string, rules: [{ length: { min: \(count), max: \(count) } }] }
              shorter: { type: string, rules: [{ maxLength: \(max(count - 1, 0)) }] }
            """)
        let raw = text.unicodeScalars.map { scalar in
            switch scalar {
            case "\r": "\\r"
            case "\n": "\\n"
            default: String(scalar)
            }
        }.joined()
        let escaped = text.utf16.map { String(format: "\\u%04X", $0) }.joined()
        for written in [raw, escaped] {
            let report = try #require(try directReport(#"{"exact":"\#(written)","shorter":"\#(written)"}"#, in: schema))
            #expect(report.issues.map(\.code) == (count > 0 ? ["maxLength"] : []), "\(text.debugDescription) written \(written)")
        }
    }

    /// `allOf`, `anyOf`, `not` and rule-level `when` (with `then` and `else`, nested in one another,
    /// with presence rules and warnings inside) run on the bytes and report what the reference validator
    /// reports, in both collect modes, for every combination of values.
    @Test func compositionsAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              kind: { type: string }
              code:
                type: string
                rules:
                  - allOf: [{ minLength: 2 }, { pattern: "^[A-Z]", severity: warning }, { maxLength: 4 }]
                  - anyOf: [{ pattern: "^[A-Z]+$" }, { pattern: "^[0-9]+$" }, { allOf: [{ minLength: 6 }, { notPattern: " " }] }]
                  - not: { oneOf: [ADMIN, ROOT] }
              zip:
                type: string
                rules:
                  - when: { field: kind, equals: us }
                    then: [required, { pattern: "^[0-9]{5}$", message: "Enter a 5-digit ZIP code" }]
                    else: [{ maxLength: 3 }, { when: { field: code }, then: [{ sameAs: code }] }]
                  - not: { anyOf: [{ pattern: x }, { pattern: y }] }
              count:
                type: integer
                collect: all
                rules:
                  - when: { field: kind, in: [us, ca] }
                    then: [required, { min: 10 }, { max: 5, severity: warning }]
                  - anyOf: [{ max: 3 }, { min: 100 }]
            """)
        let kinds = ["", #","kind":"us""#, #","kind":"ca""#, #","kind":"fr""#, #","kind":"""#]
        let codes = ["", #","code":"AB""#, #","code":"ab""#, #","code":"ABCDEFG""#, #","code":"123456""#, #","code":"abcdef g""#,
                     #","code":"ADMIN""#, #","code":"A""#, #","code":"  ""#, #","code":7"#]
        let zips = ["", #","zip":"12345""#, #","zip":"1234""#, #","zip":"AB""#, #","zip":"x""#, #","zip":"""#]
        let counts = ["", #","count":1"#, #","count":7"#, #","count":12"#, #","count":150"#, #","count":null"#]
        var settled = 0
        for kind in kinds {
            for code in codes {
                for zip in zips {
                    for count in counts {
                        let json = "{\"z\":0" + kind + code + zip + count + "}"
                        if try Self.directAgrees(schema, json) { settled += 1 }
                        if try directReport(json, in: schema) != nil { settled += 1 }
                    }
                }
            }
        }
        #expect(settled == 2 * kinds.count * codes.count * zips.count * counts.count)
        let report = try #require(try directReport(#"{"kind":"us","code":"ab","zip":"1234","count":7}"#, in: schema, collectAll: true))
        #expect(report.issues.map { "\($0.path) \($0.code) \($0.severity) \($0.message)" } == [
            "code pattern warning code is not in the expected format.",
            "code anyOf error code does not match any of the allowed forms.",
            "zip pattern error Enter a 5-digit ZIP code",
            "count min error count must be at least 10.",
            "count max warning count must be at most 5.",
            "count anyOf error count does not match any of the allowed forms.",
        ])
    }

    /// Strings written with escapes (`\n`, `\"`, `\/`, `\u00E9`, surrogate pairs, escaped control
    /// characters and spaces, CR LF, which is one character) are decoded in place and checked as their
    /// text, in declared fields, in array elements and in skipped members, with the reference validator's answers.
    @Test func stringsWrittenWithEscapesAgreeWithTheReferenceValidator() throws {
        let escaped = [
            #""Zo\u00EB""#, #""O\u0027Brien""#, #""A\"B""#, #""a\\b""#, #""a\/b""#, #""\u0020\u0020""#, #""\n""#, #""\t x""#,
            #""\uD83D\uDE00""#, #""\u0000""#, #""a\u0301""#, #""\u212A""#, #""Passw0rd\u0058""#, #""US""#, #""\u0055S""#,
            #""\u0031\u0032\u0033\u0034\u0035""#, #""ada\u0040example.com""#, #""\u00E9\u00E9\u00E9\u00E9\u00E9""#, #""a\r\nb""#,
            #""\r\n""#, #""Zo\u00EB\r""#,
        ]
        var total = 0
        var settled = 0
        for key in ["name", "email", "username", "password", "confirm_password", "country", "extra"] {
            for value in escaped {
                for collectAll in [false, true] {
                    total += 1
                    if try directReport(replacing(key, with: value), collectAll: collectAll) != nil { settled += 1 }
                }
            }
        }
        for zip in escaped {
            total += 1
            if try directReport(replacing("address", with: #"{"street":"1 Main","city":"X\u00FF","zip":\#(zip)}"#)) != nil { settled += 1 }
        }
        // Every record is settled: text beyond printable ASCII among `country`'s choices is decoded.
        #expect(settled == total)
    }

    /// Bytes that are not well-formed UTF-8 in a string are left to the full reader, which reports them.
    @Test func malformedUTF8IsHandedOver() throws {
        var cache = IssueTable()
        for malformed: [UInt8] in [[0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF]] {
            let json = Array(#"{"name":"Zo"#.utf8) + malformed + Array(#"","note":"x"}"#.utf8)
            #expect(json.withUnsafeBufferPointer { schema.directReport($0, options: ValidationOptions(), cache: &cache) } == nil, "\(malformed)")
            #expect(throws: DataParseError.self) { try JSONReader.parse(json) }
        }
        let wellFormed = Array(#"{"name":"Zo\#u{00EB}","note":"\#u{10FFFF}\#u{FFFD}\#u{0800}"}"#.utf8)
        #expect(wellFormed.withUnsafeBufferPointer { schema.directReport($0, options: ValidationOptions(), cache: &cache) } != nil)
    }

    /// How many of the records the direct path settled, each report it gave checked by `directAgrees`.
    static func settledCount(_ schema: FormSchema, _ records: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try records.reduce(0) { count, json in try directAgrees(schema, json, sourceLocation: sourceLocation) ? count + 1 : count }
    }

    /// The records of one member each: every key with every value (raw JSON).
    static func oneMemberRecords(keys: [String], values: [String]) -> [String] {
        keys.flatMap { key in values.map { "{\"\(key)\":\($0)}" } }
    }

    /// Whether the direct path settled the record (all errors collected); when it did, its report must
    /// be the reference validator's.
    static func directAgrees(_ schema: FormSchema, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let bytes = Array(json.utf8)
        var cache = IssueTable()
        let options = ValidationOptions(collectAllErrors: true)
        guard let direct = bytes.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }) else { return false }
        #expect(direct == schema.referenceReport(try JSONReader.parse(bytes), options: options), "\(json)", sourceLocation: sourceLocation)
        return true
    }

    /// E-mail, UUID, character-class rules and patterns with ICU's Unicode classes, restated on ASCII
    /// bytes, against the reference validator on every value of a list of tricky ones.
    @Test func formatsAndCharacterClassesAgreeWithTheReferenceValidator() throws {
        let text = """
            formcheck: 1
            form: test
            fields:
              email: { type: string, rules: [email] }
              id: { type: string, rules: [uuid] }
              upper: { type: string, rules: [containsUppercase] }
              lower: { type: string, rules: [containsLowercase] }
              digit: { type: string, rules: [containsDigit] }
              symbol: { type: string, rules: [containsSymbol] }
              name: { type: string, rules: [{ pattern: "^[\\\\p{L} '-]+$" }] }
              word: { type: string, rules: [{ pattern: "^\\\\w+\\\\s\\\\p{Lu}\\\\p{Ll}*$" }] }
              number: { type: string, rules: [{ notPattern: "\\\\p{N}{3}" }] }
            """
        let formats = try compile(text)
        let values = [
            #""a@b.co""#, #""a@b""#, #""@b.co""#, #""a@-b.co""#, #""a.b+c@d-e.f""#, #""a@b..co""#, #""a b@c.d""#, #""a@b.c-""#,
            #""123e4567-e89b-12d3-a456-426614174000""#, #""123E4567-E89B-12D3-A456-42661417400G""#, #""123e4567e89b12d3a456426614174000""#,
            #""ABC""#, #""abc""#, #""123""#, #""!?""#, #"" ""#, #""a-b""#, #""O'Brien Smith""#, #""x_1 Ab""#, #""x_1  Ab""#, #""12""#,
            #""a123b""#, #""Zoë""#, "12", "null", "true", #""""#, #""   ""#, #""aA""#,
        ]
        let keys = ["email", "id", "upper", "lower", "digit", "symbol", "name", "word", "number"]
        #expect(try Self.settledCount(formats, Self.oneMemberRecords(keys: keys, values: values)) > 200)
    }

    /// Text beyond printable ASCII in a field of ASCII choices, or in a condition's field, is decoded
    /// and compared as `String`s compare: the record stays on the direct path, and the Kelvin sign is
    /// the letter K there as in `Value`'s equality.
    @Test func choicesAndConditionsDecideTextBeyondASCII() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              unit: { type: string, rules: [{ oneOf: [K, m, s] }] }
              other: { type: string, rules: [{ notOneOf: [K, m] }] }
              note: { type: string, rules: [{ requiredIf: { field: unit, equals: K } }] }
            """)
        #expect(try directCodes(in: schema, #"{"unit":"\u212A","other":"m\u0301"}"#) == ["note requiredIf"])
        #expect(try directCodes(in: schema, #"{"unit":"K\n","other":"\u212A"}"#) == ["unit oneOf", "other notOneOf"])
        #expect(try directCodes(in: schema, #"{"unit":"é","other":"K\t","note":"x"}"#) == ["unit oneOf"])
        #expect(try directCodes(in: schema, "{\"unit\":\"s\u{0301}\",\"other\":\"\u{2028}\"}") == ["unit oneOf"])
    }

    /// A condition whose literals are text beyond ASCII (field-level `when:`, `requiredIf`,
    /// `requiredUnless`, a `when` rule) keeps the schema on the direct path: string values are compared
    /// with such literals as `String`s compare, so `K` meets a literal Kelvin sign.
    @Test func conditionsOnTextBeyondASCIIHaveADirectForm() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              country: { type: string }
              unit: { type: string }
              region: { type: string, when: { field: country, equals: Österreich }, rules: [required] }
              note: { type: string, rules: [{ requiredIf: { field: unit, in: ["\\u212A", Ω] } }] }
              code: { type: string, rules: [{ requiredUnless: { field: country, notEquals: España } }] }
            """)
        #expect(try directCodes(in: schema, #"{"country":"Österreich","unit":"K"}"#) == ["region required", "note requiredIf"])
        #expect(try directCodes(in: schema, #"{"country":"O\u0308sterreich","unit":"\u03A9","region":"Tirol"}"#) == ["note requiredIf"])
        #expect(try directCodes(in: schema, #"{"country":"España","unit":"k","note":"x"}"#) == ["code requiredUnless"])
        #expect(try directCodes(in: schema, #"{"country":"Espana","unit":"m"}"#) == [])
    }

    /// Rules whose test reads the text as characters (`url`, `startsWith`, `endsWith`, `contains`,
    /// `alpha`, `alphanumeric`, and the character classes on text beyond ASCII) run their own test on the
    /// text decoded from the bytes, and answer as the reference validator on every value.
    @Test func rulesOnTheTextAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              site: { type: string, rules: [url] }
              ref: { type: string, rules: [{ startsWith: "ÉT-" }, { endsWith: "-x" }, { contains: "é" }] }
              word: { type: string, rules: [alpha] }
              code: { type: string, rules: [alphanumeric] }
              secret: { type: string, collect: all, rules: [containsUppercase, containsLowercase, containsDigit, containsSymbol] }
            """)
        let values = [
            "https://example.com/a?b=c", "http://[::1]:8080/", "ftp://example.com", "https://exämple.com", "https://", "example.com",
            "ÉT-é-x", "ET-e-x", "ÉT-café-x", "E\u{0301}T-é-x", "ÉT-e\u{0301}-x", "Zoë", "abc", "ab1", "a b", "日本", "٣٤", "١2a", "Ω9",
            "ÄÖ", "ñ1!", "Ǆ", "x²", "", "  ", "👍", "A\u{0301}é", "é1\u{20E3}", "\u{0600}1é", "éA", "aé", "é!", "a\u{0301}B\u{0301}1\u{0301}",
            "\u{0301}aé", "é\\r\\na", "ẞ1é",
        ].map { "\"" + $0 + "\"" } + ["1", "null", "true"]
        let records = Self.oneMemberRecords(keys: ["site", "ref", "word", "code", "secret"], values: values)
        #expect(try Self.settledCount(schema, records) == records.count)
    }

    /// `startsWith`, `endsWith` and `contains` with printable ASCII text run as automata on printable
    /// ASCII values, and decode other values; both answer as the reference validator.
    @Test func literalTextRulesAgreeWithTheReferenceValidator() throws {
        let schema = try compile(#"""
            formcheck: 1
            form: test
            fields:
              a: { type: string, collect: all, rules: [{ startsWith: "ab" }, { endsWith: "yz" }, { contains: "@" }] }
              b: { type: string, collect: all, rules: [{ contains: "aab" }, { contains: "" }, { startsWith: " " }, { endsWith: "\\" }] }
            """#)
        let values = [
            "abyz@", "ab", "yz", "@", "", "a", "aab", "aaab", "aaaab", "abab", "xaby", "Ab@YZ", "ab@yz@", #" x\\"#, #"\\"#, #"aa\\b"#,
            #"ab\u00e9yz"#, "é@ab", "abé@yz", "ab@yz\u{0301}", "a\u{0301}b", "\u{0301}ab@", "aab\u{0301}", "@\u{0301}",
        ].map { "\"" + $0 + "\"" } + ["1", "null"]
        let records = Self.oneMemberRecords(keys: ["a", "b"], values: values)
        #expect(try Self.settledCount(schema, records) == records.count)
        #expect(try directCodes(in: schema, #"{"a":"xaby","b":"aaab"}"#)
            == ["a startsWith", "a endsWith", "a contains", "b contains", "b startsWith", "b endsWith"])
    }

    /// A pattern with `ignoreCase` answers alike on the direct path and in the reference validator.
    @Test func caseInsensitivePatternsAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              code: { type: string, label: Code, rules: [{ pattern: { value: "^[a-z]+$", ignoreCase: true } }] }
              name: { type: string, label: Name, rules: [{ notPattern: { value: "admin", ignoreCase: true } }] }
            """)
        for json in [#"{"code":"ABC"}"#, #"{"code":"abc"}"#, #"{"code":"AB1"}"#, #"{"name":"ADMIN"}"#, #"{"name":"root"}"#] {
            _ = try Self.directAgrees(schema, json)
        }
        var record = ObjectValue()
        record["code"] = "ABC"
        record["name"] = "Root"
        #expect(issues(schema, .object(record)) == [])
        record["name"] = "AdMin"
        #expect(issues(schema, .object(record)) == ["name notPattern: Name is in a format that is not allowed."])
    }

    /// Choices among strings only, read by a trie automaton, against the reference validator: prefixes,
    /// extensions, case, escapes and values of other kinds (which the type check stops first).
    @Test func choicesAmongStringsAgreeWithTheReferenceValidator() throws {
        let text = """
            formcheck: 1
            form: test
            fields:
              country: { type: string, rules: [{ oneOf: [US, USA, CA, U, "a b", "x-1"] }] }
              other: { type: string, rules: [{ notOneOf: [US, CA, "n-a", "x y z"] }] }
            """
        let choices = try compile(text)
        let values = [
            #""US""#, #""USA""#, #""USAX""#, #""U""#, #""UK""#, #""us""#, #""CA""#, #""C""#, #""a b""#, #""a  b""#, #""x-1""#, #""x-""#,
            #""""#, #""  ""#, #""n-a""#, #""n-""#, #""x y z""#, #""x y""#, #""U\u0053""#, "1", "0", "1.5", "null", "true", "false",
        ]
        #expect(try Self.settledCount(choices, Self.oneMemberRecords(keys: ["country", "other"], values: values)) >= 36)
    }

    /// Choices that ignore case, and choices among text beyond ASCII, compare the decoded text on the
    /// direct path, as the reference validator does (canonical equivalence included).
    @Test func choicesOfTextAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              user: { type: string, rules: [{ notOneOf: { value: [admin, root], ignoreCase: true } }] }
              city: { type: string, rules: [{ oneOf: [Zürich, Genève, Bern] }] }
              unit: { type: string, rules: [{ oneOf: { value: ["\\u212A", mS, Ab-C, "İ"], ignoreCase: true } }] }
            """)
        let values = [#""admin""#, #""ADMIN""#, #""Admin""#, #""adminx""#, #""ROOT""#, #""İ""#, #""Zürich""#, #""Zu\u0308rich""#, #""zürich""#,
                      #""Genève""#, #""Bern""#, #""Berne""#, #""""#, #""k""#, #""K""#, #""\u212A""#, #""ms""#, #""MS""#, #""ab-c""#,
                      #""AB-C""#, #""ab-""#, #""adm""#, #""roots""#, #""i""#, #""I""#, #""i\u0307""#, "1"]
        #expect(try Self.settledCount(schema, Self.oneMemberRecords(keys: ["user", "city", "unit"], values: values)) == 3 * values.count)
        #expect(try directCodes(in: schema, #"{"user":"RooT","unit":"K"}"#) == ["user notOneOf"])
        #expect(try directCodes(in: schema, #"{"user":"RooTs","unit":"Ab-"}"#) == ["unit oneOf"])
    }

    /// Chains folded into one test (lengths, patterns, choices, formats, integer bounds of every kind,
    /// `accepted`, `sameAs`) accept only what the chain accepts: every value of a list of edge cases,
    /// for each field, against the reference validator. Chains that cannot fold run as they are.
    @Test func foldedChainsAgreeWithTheReferenceValidator() throws {
        let text = """
            formcheck: 1
            form: test
            fields:
              code: { type: string, rules: [required, { minLength: 2 }, { length: { min: 1, max: 3 } }, { pattern: "^[A-Z]+$" }, { oneOf: [AB, ABC, XY, B] }] }
              same: { type: string, rules: [{ sameAs: code }, { maxLength: 3 }] }
              mail: { type: string, rules: [email, { notOneOf: [a@b.co] }] }
              loose: { type: string, rules: [{ maxLength: 2 }] }
              age: { type: integer, rules: [required, { min: 18 }, { lessThan: 121 }] }
              above: { type: number, rules: [{ greaterThan: -3 }, { max: 3 }] }
              half: { type: number, rules: [{ min: 0.5 }] }
              exact: { type: integer, rules: [{ between: { min: 2, max: 2 } }] }
              terms: { type: boolean, rules: [accepted] }
              flag: { type: boolean, rules: [required] }
              far: { type: integer, rules: [{ min: -9223372036854775808 }, { lessThan: 9223372036854775807 }] }
            """
        let folded = try compile(text)
        let plan = folded.directPlan
        // Every field's chain folds except `mail` (a `notOneOf`) and `half` (a bound that is not whole).
        #expect(plan.foldedNodeCount == 9)
        let values = [
            #""AB""#, #""ABC""#, #""XY""#, #""B""#, #""ABCD""#, #""ab""#, #""A B""#, #""  ""#, #"" ""#, #""""#, #""a@b.co""#, #""x@y.org""#,
            #""x@y""#, "17", "18", "120", "121", "-3", "-2", "3", "4", "2", "2.0", "2.5", "0.5", "0", "1", "-9223372036854775808",
            "9223372036854775807", "true", "false", "null", "[]", "{}",
        ]
        let keys = ["code", "same", "mail", "loose", "age", "above", "half", "exact", "terms", "flag", "far"]
        var settled = 0
        for key in keys {
            for value in values {
                let members = key == "code" ? [(key, value)] : [(key, value), ("code", #""AB""#)]
                if try Self.directAgrees(folded, Self.record(members)) { settled += 1 }
            }
        }
        #expect(settled > 300)
    }

    /// White space may stand between any two tokens: a record reads the same with a space, a tab or a
    /// line break and indentation at each place, in objects, arrays and nested elements alike.
    @Test func whiteSpaceBetweenAnyTokensReadsTheSame() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            unknownFields: reject
            fields:
              name: { type: string, rules: [required, { maxLength: 5 }] }
              day: { type: date, rules: [{ after: 2020-01-01 }] }
              home: { type: object, fields: { city: { type: string, rules: [required] } } }
              rooms:
                type: array
                items: { type: object, fields: { beds: { type: integer, rules: [{ min: 1 }] }, tags: { type: array, items: string } } }
            """)
        let records = [
            #"{"name":"Ada","day":"2024-01-01","home":{"city":"X"},"rooms":[{"beds":2,"tags":["a","b"]},{"beds":1,"tags":[]}]}"#,
            #"{"rooms":[{"tags":[1],"beds":0},{}],"home":{},"name":"Adalbert","x":[1,{"y":null}],"day":"2019-01-01"}"#,
            #"{"name":"\u0041da","home":{"city":"é"},"rooms":[],"day":true}"#,
        ]
        var settled = 0
        var tried = 0
        for record in records {
            let bytes = Array(record.utf8)
            // The places between tokens: outside strings, next to a structural byte or between scalars.
            var places: [Int] = [0]
            var inString = false
            var escaped = false
            for (index, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        places.append(index + 1)
                    }
                } else if byte == UInt8(ascii: "\"") {
                    places.append(index)
                    inString = true
                } else if "{}[],:".utf8.contains(byte) {
                    places += [index, index + 1]
                }
            }
            for place in Set(places).sorted() {
                for space in [" ", "\t", "\r\n  ", "\n"] {
                    let spaced = String(decoding: bytes[..<place] + Array(space.utf8) + bytes[place...], as: UTF8.self)
                    tried += 1
                    if try Self.directAgrees(schema, spaced) { settled += 1 }
                }
            }
        }
        #expect(settled == tried && tried > 400)
    }

    /// An object whose own chain asks only for a value and whose members' chains all fold is accepted
    /// by its members' folds; a member that fails, a `when:` around it and an undeclared member in the
    /// record send it to its chain, which reports exactly what the reference validator reports.
    @Test func objectsWhoseMembersFoldAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            unknownFields: reject
            fields:
              country: string
              home:
                type: object
                rules: [required]
                fields:
                  city: { type: string, rules: [required, { maxLength: 5 }] }
                  zip: { type: string, rules: [{ pattern: "^[0-9]+$" }] }
              work:
                type: object
                when: { field: country, equals: FR }
                unknownFields: reject
                fields: { siren: { type: string, rules: [required] } }
              rooms:
                type: array
                items: { type: object, fields: { name: { type: string, rules: [required] }, beds: { type: integer, rules: [{ min: 1 }] } } }
            """)
        // country, city, zip, siren, name, beds, and the objects home, work and the rooms' items.
        #expect(schema.directPlan.foldedNodeCount == 9)
        let homes = [#"{"city":"Paris"}"#, #"{"city":"Paris","zip":"75001"}"#, #"{"city":"Marseille"}"#, #"{"zip":"x"}"#, "{}", "null", "3",
                     #"{"city":"Nice","floor":2}"#]
        let works = ["", #","work":{"siren":"1"}"#, #","work":{}"#, #","work":{"siren":"1","x":1}"#, #","work":[]"#]
        let rooms = ["", #","rooms":[{"name":"A","beds":2},{"name":"B"}]"#, #","rooms":[{"beds":0},{"name":"C","beds":1,"view":1}]"#,
                     #","rooms":[{"name":"A"},3,null]"#]
        let countries = ["", #","country":"FR""#, #","country":"DE""#]
        var settled = 0
        for home in homes {
            for work in works {
                for room in rooms {
                    for country in countries where try Self.directAgrees(schema, #"{"home":"# + home + work + room + country + "}") {
                        settled += 1
                    }
                }
            }
        }
        #expect(settled == homes.count * works.count * rooms.count * countries.count)
        let codes = try directCodes(in: schema, #"{"home":{"city":"Paris"},"work":{},"country":"FR","rooms":[{"name":"A"},{"name":""}],"x":1}"#)
        #expect(codes == ["work.siren required", "rooms[1].name required", "x unknownField"])
    }

    /// Blocks are read into reused memory, and a line with issues is made a document in the one made
    /// for the line before where nothing holds that any more: records kept past their block, or past
    /// the next record, must still read their own line.
    @Test func recordsKeptAcrossBlocksKeepTheirText() throws {
        let lines = (0..<16_000).map { index in index % 3 == 0 ? replacing("age", with: "\(index % 150)") : replacing("username", with: "\"u\(index)\"") }
        let path = NSTemporaryDirectory() + "direct-\(UUID().uuidString).jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var kept: [DataRecord] = []
        try schema.validateRecords(inFile: path, format: .jsonLines, jobs: 2) { record, _ in kept.append(record) }
        #expect(kept.count == lines.count)
        for (record, line) in zip(kept, lines) {
            #expect(record.document?.line(record.position.line) == line)
            #expect(try record.content.get() == JSONReader.parse(Array(line.utf8)))
        }
    }

    /// `requiredIf`, `requiredUnless`, `requiredWith` and `requiredWithout` read other fields in place;
    /// every combination of values must give what the reference validator gives.
    @Test func conditionalRequirementsAgreeWithTheReferenceValidator() throws {
        let conditional = try compile("""
            formcheck: 1
            form: test
            fields:
              kind: string
              count: integer
              flag: boolean
              a: { type: string, rules: [{ requiredIf: { field: kind, equals: company } }] }
              b: { type: string, rules: [{ requiredIf: { field: count, in: [1, 2] } }] }
              c: { type: string, rules: [{ requiredIf: { field: flag, equals: true } }] }
              d: { type: string, rules: [{ requiredUnless: { field: kind, notEquals: person } }] }
              e: { type: string, rules: [{ requiredIf: { field: /box/inner } }] }
              f: { type: string, rules: [{ requiredWith: [kind, count] }, { requiredWithout: [flag, kind] }] }
              box:
                type: object
                fields:
                  inner: string
                  g: { type: integer, rules: [{ requiredUnless: { field: inner, equals: x } }] }
            """)
        let kinds = ["", #","kind":"company""#, #","kind":"person""#, #","kind":"""#, #","kind":"comp\u0061ny""#, #","kind":1"#]
        let counts = ["", #","count":1"#, #","count":2.0"#, #","count":3"#, #","count":null"#, #","count":"1""#]
        let flags = ["", #","flag":true"#, #","flag":false"#, #","flag":"true""#]
        let boxes = ["", #","box":{}"#, #","box":{"inner":"x"}"#, #","box":{"inner":"y","g":1}"#, #","box":{"inner":" "}"#, #","box":[]"#]
        let filled = ["", #","a":"1","b":"1","c":"1","d":"1","e":"1","f":"1""#]
        var settled = 0
        for kind in kinds {
            for count in counts {
                for flag in flags {
                    for box in boxes {
                        for values in filled {
                            if try Self.directAgrees(conditional, "{\"z\":0" + kind + count + flag + box + values + "}") { settled += 1 }
                        }
                    }
                }
            }
        }
        #expect(settled > 1_000)
    }

    /// Arrays are read element by element: `items` templates of scalars, `minItems`, `maxItems` and
    /// `uniqueItems`, with element indexes in the paths, as in the shipped signup schema.
    @Test func arrayElementsAgreeWithTheReferenceValidator() throws {
        let signup = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let base = #"{"full_name":"Ada Lovelace","email":"ada@example.com","password":"Analytical1","confirm_password":"Analytical1","age":36,"terms":true,"address":{"zip":"75001"}"#
        let tags = [
            "[]", #"["a"]"#, #"["a","a"]"#, #"["a","b","c","d","e","f"]"#, #"["\#(String(repeating: "x", count: 25))"]"#, "[1,2]", "[1,1.0]",
            #"["a",null]"#, #"[["n"]]"#, #"[{"k":1}]"#, #""notalist""#, #"["é","e"]"#, "[true,false]", "[true,true]", #"[" ","  "]"#,
            #"["a\u0062","ab"]"#, "[" + Array(repeating: #""t""#, count: 300).joined(separator: ",") + "]", "null", "{}",
        ]
        var settled = 0
        for tagList in tags {
            for extra in [#","country":"US","state":"NY""#, #","country":"US","state":"""#, #","country":"FR","state":null"#] {
                if try Self.directAgrees(signup, base + extra + #","tags":"# + tagList + "}") { settled += 1 }
            }
        }
        #expect(settled >= 40)
        let report = try #require(try directReport(base + #","tags":["ok","\#(String(repeating: "x", count: 21))","ok"]}"#, in: signup))
        #expect(report.issues.map { "\($0.path) \($0.field) \($0.code)" } == ["tags tags uniqueItems", "tags[1] tags[] maxLength"])
    }

    /// `items` of objects and of arrays are read into a frame of slots per element, so their members'
    /// rules, references to siblings within the element and to the record's fields, `when:` conditions
    /// and nested arrays are checked on the bytes, with every element's index in the paths, at any length.
    @Test func itemsOfObjectsAndArraysAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              kind: string
              guests:
                type: array
                rules: [{ maxItems: 400 }]
                items:
                  type: object
                  fields:
                    name: { type: string, rules: [required, { maxLength: 5 }] }
                    nick: { type: string, rules: [{ differentFrom: name }] }
                    vat: { type: string, when: { field: /kind, equals: company }, rules: [required] }
                    home: { type: object, fields: { city: { type: string, rules: [required] } } }
                    scores: { type: array, rules: [uniqueItems], items: { type: array, items: { type: integer, rules: [{ min: 1 }] } } }
              grid: { type: array, items: { type: array, rules: [{ minItems: 1 }], items: { type: string, rules: [{ sameAs: /kind }] } } }
            """)
        let guests = [
            "[]", #"[{"name":"Ada"}]"#, #"[{"name":"Adalbert"},{}]"#, #"[{"name":"Al","nick":"Al"},{"name":"B","nick":"C"}]"#,
            #"[{"name":"A","home":{}},{"name":"B","home":{"city":"X"}},{"name":"C","home":3}]"#, #"[1,null,"x",[]]"#,
            #"[{"name":"A","scores":[[1,2],[0],[],[1,2]]},{"name":"B","scores":[[1],[1.5],"x",[3,0,null]]}]"#,
            #"[{"name":"A","vat":""},{"name":"B","vat":"GB1"}]"#, #"[{"name":"A","name":"B"}]"#,
        ]
        let kinds = ["", #","kind":"company""#, #","kind":"x""#]
        let grids = ["", #","grid":[["x"],[],["y","x"],null,[1]]"#, #","grid":[[]]"#]
        var settled = 0
        for list in guests {
            for kind in kinds {
                for grid in grids where try Self.directAgrees(schema, #"{"guests":"# + list + kind + grid + "}") { settled += 1 }
            }
        }
        // Every record, those with a repeated member included.
        #expect(settled == guests.count * kinds.count * grids.count)
        let many = "[" + (0..<300).map { #"{"name":"\#($0 % 2 == 0 ? "Ann" : "Annabel")","home":{"city":"C"}}"# }.joined(separator: ",") + "]"
        let codes = try directCodes(in: schema, #"{"kind":"x","grid":[["x"],["y"]],"guests":"# + many + "}")
        #expect(codes == stride(from: 1, to: 300, by: 2).map { "guests[\($0)].name maxLength" } + ["grid[1][0] sameAs"])
    }

    /// A field-level `when:` (on a sibling, on a field of the record, on an object with fields of its
    /// own) decides on the bytes whether the field counts, as the reference validator does.
    @Test func fieldsThatCountOnlyWhenAConditionHoldsAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              kind: string
              vat: { type: string, when: { field: kind, equals: company }, rules: [required, { minLength: 5 }] }
              note: { type: string, when: { field: kind }, rules: [{ maxLength: 3 }] }
              company:
                type: object
                when: { field: kind, in: [company, charity] }
                rules: [required]
                fields:
                  name: { type: string, rules: [required] }
                  size: { type: integer, when: { field: /kind, notEquals: charity }, rules: [required, { min: 1 }] }
            """)
        let kinds = ["", #","kind":"company""#, #","kind":"charity""#, #","kind":"person""#, #","kind":"""#, #","kind":1"#]
        let vats = ["", #","vat":"123""#, #","vat":"12345""#, #","vat":7"#]
        let notes = ["", #","note":"abcd""#, #","note":"ab""#]
        let companies = ["", #","company":{}"#, #","company":{"name":"X","size":0}"#, #","company":{"name":"","size":3}"#, #","company":[]"#]
        var settled = 0
        for kind in kinds {
            for vat in vats {
                for note in notes {
                    for company in companies where try Self.directAgrees(schema, "{\"z\":0" + kind + vat + note + company + "}") {
                        settled += 1
                    }
                }
            }
        }
        #expect(settled == kinds.count * vats.count * notes.count * companies.count)
    }

    /// `strength` and `custom` rules run their own checks on the value made a `Value` (and on the
    /// record, for `custom`), so their failures carry what they tell about the value: the score, the
    /// requirements unmet.
    @Test func rulesThatTellAboutTheValueAgreeWithTheReferenceValidator() throws {
        let differsFromUsername = CustomRule("notTheUsername") { value, record in value != record["username"] }
        let schema = try FormSchema(text: """
            formcheck: 1
            form: test
            fields:
              username: string
              password: { type: string, collect: all, rules: [required, { strength: good }, { custom: notTheUsername }, { minLength: 4 }] }
              pins: { type: array, items: { type: object, fields: { pin: { type: string, rules: [{ strength: fair }] } } } }
              extra: { type: object, rules: [{ custom: notTheUsername }] }
            """, customRules: [differsFromUsername])
        let passwords = ["", #","password":"abc""#, #","password":"Correct horse 9!""#, #","password":"ada""#, #","password":"caf\u00e9""#]
        let others = ["", #","username":"ada""#, #","pins":[{"pin":"1"},{"pin":"Aa1!Aa1!"}]"#, #","extra":{"a":[1,"\n"]}"#]
        var settled = 0
        for password in passwords {
            for other in others where try Self.directAgrees(schema, #"{"z":0"# + password + other + "}") { settled += 1 }
        }
        #expect(settled == passwords.count * others.count)
        let report = try #require(try directReport(#"{"username":"ada","password":"ada","pins":[{"pin":"x"}]}"#, in: schema))
        #expect(report.issues.map { "\($0.path) \($0.code) \($0.parameters["unmet"].map { "\($0)" } ?? "")" } == [
            #"password strength list(["length8", "uppercase", "digit", "symbol", "length12"])"#, "password notTheUsername ", "password minLength ",
            #"pins[0].pin strength list(["length8", "uppercase", "digit", "symbol", "length12"])"#,
        ])
    }

    /// A `custom` rule reads the record a `Value` gives as it is, NaN and infinities included (its JSON
    /// text could not say them), and the record is settled on the direct path.
    @Test func customRulesReadTheValueGiven() throws {
        let seen = Mutex<[Value]>([])
        let differsFromUsername = CustomRule("notTheUsername") { value, record in
            seen.withLock { $0.append(record) }
            return value != record["username"]
        }
        let schema = try FormSchema(text: """
            formcheck: 1
            form: test
            fields:
              username: string
              password: { type: string, rules: [{ custom: notTheUsername }] }
              score: number
            """, customRules: [differsFromUsername])
        let plan = schema.directPlan
        for record: Value in [["username": "ada", "password": "ada", "score": .number(.nan)], ["username": "ada", "password": "bob", "score": .number(-.infinity)]] {
            seen.withLock { $0.removeAll() }
            let settled = JSONWriter.withValueText(of: record) {
                plan.failures(in: $0, of: record, isAbridged: $1, collectAllErrors: true, today: LocalDate(iso8601: "2026-01-01")!)
            }
            #expect(settled != nil)
            let options = ValidationOptions(collectAllErrors: true)
            #expect(schema.validate(record, options: options) == schema.referenceReport(record, options: options))
            // The rule saw the score as given, a number that is not finite.
            #expect(seen.withLock { !$0.isEmpty && $0.allSatisfy { $0.objectValue?["score"]?.doubleValue?.isFinite == false } })
        }
        #expect(schema.validate(["username": "ada", "password": "ada", "score": .number(.nan)]).issues.map { "\($0.path) \($0.code)" }
            == ["password notTheUsername", "score type"])
    }

    /// Number comparisons against another field and `multipleOf` run the rule's own test on the numbers
    /// read in place, as the reference validator does on every pair of values.
    @Test func numberRulesOnOtherFieldsAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              low: { type: number }
              high: { type: integer, collect: all, rules: [{ min: { field: low } }, { lessThan: { field: low }, severity: warning }, { multipleOf: 5 }] }
              step: { type: number, rules: [{ multipleOf: 0.1 }, { max: { field: high } }] }
            """)
        let numbers = ["", "null", "0", "-0", "5", "10", "10.0", "12", "0.3", "0.30000000000000004", "1e1", "-5", "2.5", "\"7\"", "true", "[]"]
        let records = numbers.flatMap { low in
            numbers.flatMap { high in
                ["", "0.3", "0.35", "12"].map { step in Self.record([("low", low), ("high", high), ("step", step)].filter { !$0.1.isEmpty }) }
            }
        }
        #expect(try Self.settledCount(schema, records) == records.count)
    }

    /// Date fields and the date rules (`after` and `before` a date, `today` or another field, `minAge`,
    /// `maxAge`) are read on the bytes, including dates in `items`, with the options' `today`.
    @Test func datesAgreeWithTheReferenceValidator() throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              start: { type: date, rules: [required, { after: 2020-01-31 }, { before: today }] }
              end: { type: date, rules: [{ after: { field: start } }, { before: 2030-12-31, severity: warning }] }
              birth: { type: date, collect: all, rules: [{ minAge: 18 }, { maxAge: 65 }] }
              days: { type: array, items: { type: date, rules: [{ after: { field: /start } }] } }
            """)
        // Every date field's chain folds (the array's does not): a date is accepted by its date tests.
        #expect(schema.directPlan.foldedNodeCount == 4)
        let dates = ["", "null", #""2020-01-31""#, #""2020-02-01""#, #""2024-02-29""#, #""2023-02-29""#, #""2025-12-31""#, #""2026-01-01""#,
                     #""2031-01-01""#, #""2008-01-01""#, #""2008-01-02""#, #""1960-01-01""#, #""1961-01-02""#, #""2024-1-01""#, #""""#,
                     #""  ""#, "20240101", #""２０２４-01-01""#, #""2024-01-0\u0031""#]
        var total = 0
        var settled = 0
        for key in ["start", "end", "birth"] {
            for value in dates {
                for start in [#""2025-06-01""#, #""2021-03-04""#, "7", #""nope""#] {
                    let members = value.isEmpty ? [("start", start)] : (key == "start" ? [(key, value)] : [(key, value), ("start", start)])
                    total += 1
                    if try Self.directAgrees(schema, Self.record(members)) { settled += 1 }
                }
            }
        }
        for days in [#"["2025-06-02","2025-05-01"]"#, #"["2025-06-01",""]"#, "[1]", "[]"] {
            total += 1
            if try Self.directAgrees(schema, #"{"start":"2025-06-01","days":"# + days + "}") { settled += 1 }
        }
        // A date field's date is read with its value, once: a repeated member's last value counts.
        for repeated in [#"{"start":"nope","end":"2025-01-01","start":"2024-06-01"}"#, #"{"start":"2024-06-01","start":"nope"}"#,
                         #"{"start":"2024-06-01","end":"2025-01-01","end":7}"#, #"{"end":"2025-01-01","start":"2024-06-01","start":"2025-02-01"}"#] {
            total += 1
            if try Self.directAgrees(schema, repeated) { settled += 1 }
        }
        #expect(settled == total)
        let options = ValidationOptions(today: LocalDate(iso8601: "2026-01-01")!)
        var cache = IssueTable()
        let report = try #require(Array(#"{"start":"2026-01-01","end":"2025-01-01","birth":"2010-05-05"}"#.utf8).withUnsafeBufferPointer {
            schema.directReport($0, options: options, cache: &cache)
        })
        #expect(report.issues.map { "\($0.path) \($0.code)" } == ["start before", "end after", "birth minAge"])
    }

    @Test func jsonLinesFilesGiveTheSameReportsEitherWay() throws {
        let lines = [Self.valid, replacing("age", with: "15"), #"{"name":"Zoë"}"#, "{oops", replacing("address", with: "{}")]
        let path = NSTemporaryDirectory() + "direct-\(UUID().uuidString).jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var results: [(Int, Int, [String])] = []
        try schema.validateRecords(inFile: path, format: .jsonLines, jobs: 2) { record, report in
            results.append((record.index, record.position.line, report.map { $0.issues.map { "\($0.path) \($0.code)" } } ?? ["unparsed"]))
            if let report, case .success(let value) = record.content {
                #expect(schema.referenceReport(value) == report)
            }
        }
        #expect(results.map(\.0) == [1, 2, 3, 4, 5])
        #expect(results.map(\.1) == [1, 2, 3, 4, 5])
        #expect(results.map(\.2) == [
            [], ["age between"], ["name pattern", "email required", "username required", "password required", "confirm_password required",
                                  "age required", "country required", "terms accepted"],
            ["unparsed"], ["address.street required", "address.city required", "address.zip required"],
        ])
    }

    /// The ranges of sensitive values that the direct path hands on with a record's failures, when it
    /// can tell them from its slots, are exactly those `JSONLocator` finds by reading the record again.
    @Test func sensitiveValuesAreFoundWhereTheLocatorFindsThem() throws {
        let schema = try compile("""
            formcheck: 1
            form: secrets
            fields:
              name: { type: string, rules: [required, { minLength: 3 }] }
              password: { type: string, sensitive: true, rules: [required] }
              card:
                type: object
                fields:
                  number: { type: string, sensitive: true, rules: [{ minLength: 12 }] }
                  holder: { type: string }
              vault:
                type: object
                sensitive: true
                fields:
                  pin: { type: string, sensitive: true }
            """)
        let records = [
            #"{"name":"Al","password":"hunter2","card":{"number":"4111111111111111","holder":"Al"},"vault":{"pin":"1234"}}"#,
            #"{"vault":{"pin":"1234","x":[1,{"y":2}]},"password":"p\u00e4ss \"q\"","name":"Al"}"#,
            #"{ "name" : "Al" , "password" : 12.5e3 , "card" : { "holder" : "Al" , "number" : [ "4111" ] } }"#,
            #"{"name":"Al","card":"not an object","vault":null}"#,
            #"{"name":"Al","pass\u0077ord":"hidden","card":{"num\u0062er":"hidden too"}}"#,
            #"{"name":"Al","password":"first","password":"second"}"#,
            #"{"name":"Al","card":{"number":"1"},"card":{"number":"2"}}"#,
            #"{"name":"Al","unknown":{"password":"not a field"}}"#,
            #"{"name":"Al","card":["4111111111111111"]}"#,
            #"{"name":"Al","card":null,"password":"p"}"#,
        ]
        let plan = schema.directPlan
        var found: [Bool] = []
        for record in records {
            let bytes = Array(record.utf8)
            var memory = SlotMemory()
            let checked = try #require(bytes.withUnsafeBufferPointer {
                plan.failuresAndSensitiveRanges(in: $0, depth: 0, collectAllErrors: true, today: LocalDate(iso8601: "2026-01-01")!, memory: &memory)
            }, "\(record)")
            #expect(!checked.failures.isEmpty, "\(record)")
            if let sensitive = checked.sensitive {
                #expect(sensitive == JSONLocator.sensitiveRanges(in: bytes, graph: schema.graph), "\(record)")
            }
            found.append(checked.sensitive != nil)
        }
        // A repeated member leaves the earlier values to the locator: a slot holds the last one; so
        // does an object holding sensitive fields written as another kind of value, which is hidden whole.
        #expect(found == [true, true, true, false, true, false, false, true, false, true])
        #expect(JSONLocator.sensitiveRanges(in: Array(records[3].utf8), graph: schema.graph) == [20..<35, 44..<48])
        #expect(JSONLocator.sensitiveRanges(in: Array(records[8].utf8), graph: schema.graph) == [20..<40])
        // Within an array's elements, they are all left to the locator.
        let inArrays = try compile("""
            formcheck: 1
            form: secrets
            fields:
              name: { type: string, rules: [{ minLength: 3 }] }
              keys:
                type: array
                items: { type: object, fields: { secret: { type: string, sensitive: true } } }
            """)
        var memory = SlotMemory()
        let bytes = Array(#"{"name":"Al","keys":[{"secret":"a"},{"secret":"b"}]}"#.utf8)
        let checked = try #require(bytes.withUnsafeBufferPointer {
            inArrays.directPlan.failuresAndSensitiveRanges(in: $0, depth: 0, collectAllErrors: true, today: LocalDate(iso8601: "2026-01-01")!,
                                                           memory: &memory)
        })
        #expect(checked.failures.count == 1 && checked.sensitive == nil)
    }
}

import Foundation
import Testing
@testable import FormCheck

/// The JSON a `Value` record is written as for the direct path (and the reporters' quoting): exact
/// text, and text that the JSON reader reads back as the same value, of the same kinds.
@Suite struct JSONWriterTests {
    /// JSON Pointers escape `~` as `~0` and `/` as `~1` (RFC 6901), and leave other keys as they are.
    @Test func jsonPointersEscapeTildesAndSlashes() {
        let path = ValuePath([.key("a/b"), .key("m~n"), .key("~/"), .key("plain é"), .index(2)])
        #expect(path.jsonPointer == "/a~1b/m~0n/~0~1/plain é/2")
        #expect(ValuePath().jsonPointer == "")
    }

    /// Whole numbers are written as the standard library writes them: each power of ten and its
    /// neighbours, both signs, the ends of `Int`, and random numbers of every length.
    @Test func decimalTextIsTheStandardLibrarys() {
        var numbers: [Int] = [0, 1, 9, 10, 99, 100, 101, .max, .min, .max - 1, .min + 1]
        var power = 1
        while power <= Int.max / 10 {
            power *= 10
            numbers += [power - 1, power, power + 1]
        }
        var random = SeededRandom(seed: 0xDEC1)
        for digits in 1...18 { for _ in 0..<20 { numbers.append(random.int(0...(Int(pow(10.0, Double(digits))) - 1))) } }
        numbers += numbers.filter { $0 != .min }.map { -$0 }
        var wrong: [Int] = []
        for number in numbers {
            var written: [UInt8] = []
            written.append(decimal: number)
            if String(decoding: written, as: UTF8.self) != String(number) || DecimalText.count(of: number) != String(number).utf8.count {
                wrong.append(number)
            }
        }
        #expect(wrong == [])
    }

    func written(_ value: Value) -> String? {
        JSONWriter.bytes(of: value).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func compactTextInMemberOrder() {
        #expect(written(["b": 1, "a": [2.0, "x", nil, true, false], "c": [:]]) == #"{"b":1,"a":[2.0,"x",null,true,false],"c":{}}"#)
        #expect(written([.integer(.max), .integer(.min), .number(-0.0), .number(1e-7), .number(1e300)])
            == "[9223372036854775807,-9223372036854775808,-0.0,1e-07,1e+300]")
        #expect(JSONWriter.quoted("a\"b\\c\n\r\t\u{0}\u{1F}\u{7F}é\u{2028}😀") == #""a\"b\\c\n\r\t\u0000\u001f"# + "\u{7F}é\u{2028}😀\"")
    }

    @Test(arguments: [
        Value.integer(.max), .integer(.min), .integer(0), .number(-0.0), .number(2.0), .number(0.1), .number(5e-324),
        .number(1.7976931348623157e308), .string(""), .string(" \u{0}\u{8}\u{C}\"\\/"), .string("e\u{301} 👍🏽 \u{85}"),
        ["k\"ey": ["nested": [1, [2, [3]]]], "é": nil],
    ])
    func readsBackAsTheSameValueOfTheSameKinds(_ value: Value) throws {
        let read = try JSONReader.parse(try #require(JSONWriter.bytes(of: value)))
        #expect(read == value)
        // Equality takes 2 for 2.0; the descriptions keep the kinds apart.
        #expect(String(describing: read) == String(describing: value))
    }

    /// The text written into the writer's own memory (as `validate` writes a record) is the array's,
    /// when it grows a byte at a time and by runs longer than it holds.
    @Test(arguments: [
        ["a": 1] as Value, ["s": .string(String(repeating: "é\"x", count: 300))],
        .array((0..<200).map { .integer($0 * 1_000_003 - 7) }), .string(String(repeating: "\u{1}", count: 100)), ["n": .number(1.5)],
    ])
    func memoryOfItsOwnHoldsTheSameText(_ value: Value) {
        #expect(JSONWriter.withValueText(of: value) { text, _ in Array(text) } == JSONWriter.bytes(of: value))
    }

    /// A value nested deeper than `JSONReader` reads is not written as JSON; in a value's text its
    /// collections beyond that depth are written `null` (the writer recurses no deeper), and found whole
    /// in the value where a rule reads them.
    @Test(.needsYAML) func deepValuesAreAbridgedInTheirText() throws {
        var deep: Value = 1
        for _ in 0..<10_000 { deep = [deep] }
        #expect(JSONWriter.bytes(of: deep) == nil)
        var tall: Value = 1
        for _ in 0..<600 { tall = [tall] }
        let record: Value = ["a": tall, "l": [tall, [1, tall]]]
        let text = JSONWriter.withValueText(of: record) { text, _ in String(decoding: text, as: UTF8.self) }
        func abridged(_ depth: Int) -> String {
            String(repeating: "[", count: JSONReader.maximumDepth - depth + 1) + "null" + String(repeating: "]", count: JSONReader.maximumDepth - depth + 1)
        }
        #expect(text == #"{"a":"# + abridged(2) + #","l":["# + abridged(3) + ",[1," + abridged(4) + "]]}")
        // Each array and object is found where its text starts, whole.
        let pair = try #require(text.firstRange(of: ",[1,")).lowerBound.utf16Offset(in: text) + 1
        for (offset, expected) in [(0, record), (5, tall), (6, tall.arrayValue![0]), (pair, Value.array([1, tall])), (pair + 3, tall)] as [(Int, Value)] {
            #expect(JSONWriter.value(in: record, writtenAt: offset) == expected, "\(offset)")
        }
        #expect(JSONWriter.value(in: record, writtenAt: 1) == nil)
        #expect(JSONWriter.value(in: record, writtenAt: pair + 1) == nil)
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              name: { type: string, rules: [required] }
            """)
        let plan = schema.directPlan
        let huge: Value = ["name": "", "extra": deep]
        #expect(JSONWriter.withValueText(of: huge) { plan.failures(in: $0, of: huge, isAbridged: $1, collectAllErrors: true, today: LocalDate(iso8601: "2026-01-01")!) } != nil)
        #expect(schema.validate(huge).issues.map { "\($0.path) \($0.code)" } == ["name required"])
        var shallow: Value = 1
        for _ in 0..<JSONReader.maximumDepth - 1 { shallow = [shallow] }
        #expect(JSONWriter.bytes(of: ["extra": shallow]) != nil)
        // Only a value that nests deeper than that is abridged.
        func isAbridged(_ value: Value) -> Bool { JSONWriter.withValueText(of: value) { $1 } }
        #expect(isAbridged(huge) && isAbridged(record))
        #expect(!isAbridged(["extra": shallow]))
        #expect(isAbridged(["extra": [shallow]]))
    }

    /// A number JSON cannot write is written `NaN`, `Infinity` or `-Infinity` in a value's text, which
    /// the direct path reads: it fails `type` as on the reference validator.
    @Test(.needsYAML) func numbersJSONCannotWriteAreReadInAValuesText() throws {
        #expect(JSONWriter.bytes(of: ["n": .number(.nan)]) == nil)
        #expect(JSONWriter.bytes(of: [.number(-.infinity)]) == nil)
        let record: Value = ["n": .number(.infinity), "m": [.number(.nan), .number(-.infinity), .number(.nan)], "k": .number(.infinity)]
        #expect(JSONWriter.withValueText(of: record) { text, _ in String(decoding: text, as: UTF8.self) } == #"{"n":Infinity,"m":[NaN,-Infinity,NaN],"k":Infinity}"#)
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              n: { type: number, rules: [{ max: 5 }] }
              m: { type: array, rules: [uniqueItems] }
              k: { type: integer, rules: [{ sameAs: n }] }
              s: { type: string, rules: [{ notOneOf: [x] }] }
            """)
        let plan = schema.directPlan
        let today = LocalDate(iso8601: "2026-01-01")!
        for (value, expected) in [
            (record, ["n type", "k type"]), (["m": [.number(.infinity), .number(.infinity)]], ["m uniqueItems"]),
            (["s": .number(-.infinity), "n": .number(-5)], ["s type"]), (["n": .number(.nan), "k": 1], ["n type", "k sameAs"]),
        ] as [(Value, [String])] {
            #expect(JSONWriter.withValueText(of: value) { plan.failures(in: $0, of: value, isAbridged: $1, collectAllErrors: true, today: today) } != nil)
            let options = ValidationOptions(collectAllErrors: true)
            #expect(schema.validate(value, options: options) == schema.referenceReport(value, options: options))
            #expect(schema.validate(value, options: options).issues.map { "\($0.path) \($0.code)" } == expected)
        }
        // In JSON they are not numbers: the record is malformed.
        #expect(throws: DataParseError.self) { try schema.validate(json: Array(#"{"n":NaN}"#.utf8)) }
    }
}

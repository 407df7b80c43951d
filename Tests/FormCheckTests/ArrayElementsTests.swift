import Foundation
import Testing
@testable import FormCheck

/// A top-level JSON array is split into elements checked apart: the elements, their positions, the
/// reports and the errors must be those of the whole-document reader.
@Suite struct ArrayElementsTests {
    /// Documents whose elements the splitter must find exactly where the whole-document reader does.
    static let wellFormed: [String] = [
        "[]", "[ ]\n", "  \n [\n{\"a\":1}\n\n,\n\n{\"b\":2}\n ]  \n\n", "\u{FEFF}[{\"name\":\"x\"},\n {\"name\":\"y\"}]",
        "[{\"name\":\"üüü\"}, {\"name\":\"ab\"}, \t{\"name\":\"日日日日日\"},{\"name\":\"abcdefghijklmnopqrstuvwxyz\"}]",
        "[\n  {\n    \"name\": \"Ann\",\n    \"address\": {\"zip\": \"1\"}\n  },\n  {\n    \"name\": \"Bo\", \"age\": 12\n  }\n]\n",
        #"[{"name":"a\"b\\"}, {"name":"[{,]}"}, "x", 1, null, [1, [2]], {"k": {"l": []}}]"#, "[1]\r\n", "[\"\\\\\"]",
    ]

    /// Documents the whole-document reader refuses: the splitter gives up, or an element fails on its own.
    static let malformed: [String] = [
        "[1,]", "[,1]", "[{\"a\":[1}]", "[{\"a\":1}] x", "[{\"a\":\"unterminated]", "[{\"a\":1},,{\"b\":2}]", "[{\"a\":1} {\"b\":2}]",
        "[{\"a\":1}}]", "[", "[{\"a\":1}", "[{\"a\":tru}]", "[{\"a\":\"tab\there\"}]", "[{\"a\":1},]", "[\"\\\"]",
        "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]",
    ]

    func split(_ text: String) -> [JSONArrayElements.Element]? {
        Array(text.utf8).withUnsafeBufferPointer(JSONArrayElements.split)
    }

    @Test func elementsStartWhereTheWholeDocumentReaderFindsThem() throws {
        for text in Self.wellFormed {
            let bytes = Array(text.utf8)
            let records = try JSONReader.parseRecords(bytes)
            let elements = try #require(split(text), "\(text)")
            let document = DataDocument(name: "test", bytes: bytes)
            #expect(elements.map(\.range.lowerBound) == records.map(\.offset), "\(text)")
            #expect(elements.map(\.position) == records.map { document.position(ofOffset: $0.offset) }, "\(text)")
            for (element, record) in zip(elements, records) {
                let value = bytes.withUnsafeBufferPointer { JSONReader.parseValue(UnsafeBufferPointer(rebasing: $0[element.range]), depth: 1) }
                #expect(value == record.value, "\(text)")
            }
        }
    }

    @Test func malformedDocumentsAreLeftToTheWholeDocumentReader() throws {
        for text in Self.malformed {
            let bytes = Array(text.utf8)
            #expect(throws: DataParseError.self, "\(text)") { try JSONReader.parseRecords(bytes) }
            guard let elements = split(text) else { continue }
            let failing = elements.filter { element in
                bytes.withUnsafeBufferPointer { JSONReader.parseValue(UnsafeBufferPointer(rebasing: $0[element.range]), depth: 1) } == nil
            }
            #expect(!failing.isEmpty, "\(text)")
        }
    }

    /// Records, positions and reports through `validateRecords`, against the whole-document reader.
    func results(of text: String, jobs: Int) throws -> [String] {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/bench/signup.yaml")
        let path = NSTemporaryDirectory() + "array-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var results: [String] = []
        try schema.validateRecords(inFile: path, format: .json, jobs: jobs) { record, report in
            let value = (try? record.content.get()) ?? .null
            let issues = report?.issues.map { "\($0.path) \($0.code) \(record.span(of: $0.path).start)" } ?? ["unparsed"]
            results.append("\(record.index) \(record.position) \(value) \(issues)")
        }
        var expected: [String] = []
        try DataReader.forEachRecord(inFile: path, format: .json) { record in
            let value = (try? record.content.get()) ?? .null
            let issues = schema.validate(value).issues.map { "\($0.path) \($0.code) \(record.span(of: $0.path).start)" }
            expected.append("\(record.index) \(record.position) \(value) \(issues)")
        }
        #expect(results == expected)
        return results
    }

    @Test func arrayFilesGiveTheSameRecordsAndReportsEitherWay() throws {
        let records = [
            DirectPathTests.valid, DirectPathTests.valid.replacingOccurrences(of: "36", with: "15"), #"{"name":"Zoë"}"#,
            #"{"name":"Ann\u00e9", "age": 200}"#, "[1]", "\"text\"", DirectPathTests.valid.replacingOccurrences(of: "12345", with: "1"),
        ]
        for jobs in [1, 2] {
            let compact = try results(of: "[" + records.joined(separator: ",") + "]", jobs: jobs)
            #expect(compact.count == records.count)
            let pretty = try results(of: "[\n  " + records.joined(separator: ",\n  ") + "\n]\n", jobs: jobs)
            #expect(pretty.count == records.count)
            #expect(pretty[1].hasPrefix("2 3:3 "), "\(pretty[1])")
        }
    }

    /// A syntax error ends the array: the elements before it are handed on, in order, then the error
    /// is thrown with the whole-document reader's message and position; nothing is handed on twice.
    @Test(arguments: [1, 2])
    func aMalformedArrayHandsOnTheElementsBeforeItsFirstError(jobs: Int) throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/bench/signup.yaml")
        let valid = DirectPathTests.valid
        // Punctuation found wrong by the splitter, after several runs of elements; an element found
        // malformed by the checker; an unterminated string at the end.
        let many = Array(repeating: valid, count: 9_000).joined(separator: ",")
        let cases: [(text: String, handedOn: Int, error: DataParseError)] = [
            ("[\(valid),\n \(valid) \(valid)]", 1,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element", position: SourcePosition(line: 2, column: 3 + valid.count))),
            ("[\(many),\(valid)}]", 9_001,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element",
                            position: SourcePosition(line: 1, column: 2 + 9_001 * (valid.count + 1) - 1))),
            ("[\(valid),\n{\"name\": }, \(valid)]", 1,
             DataParseError(message: "malformed JSON: expected a value (an object, array, string, number, true, false or null)",
                            position: SourcePosition(line: 2, column: 10))),
            ("[\(valid), \(valid), {\"name\": \"Ada", 2,
             DataParseError(message: "malformed JSON: unexpected end of data: unterminated string", position: SourcePosition(line: 1, column: 2 * (valid.count + 2) + 11))),
        ]
        for (text, expectedCount, error) in cases {
            let path = NSTemporaryDirectory() + "array-\(UUID().uuidString).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var indexes: [Int] = []
            #expect(throws: DataFileError.malformed(error)) {
                try schema.validateRecords(inFile: path, format: .json, jobs: jobs) { record, _ in indexes.append(record.index) }
            }
            #expect(indexes.count == expectedCount && indexes == Array(1...expectedCount),
                    "\(text.prefix(60)): \(indexes.count) handed on, \(indexes.suffix(3))")
        }
    }
}

import Foundation
import Testing
@testable import FormCheck

/// A top-level JSON array is read into elements checked apart: the elements, their positions, the
/// reports and the errors must be those of the whole-document reader.
@Suite(.needsYAML) struct ArrayElementsTests {
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
        "[{\"a\":1}}]", "[{\"a\":1};{\"b\":2}]", "[1 2]", "[\"a\"\"b\"]", "[1{\"a\":1}]", "[1:2]", "[", "[{\"a\":1}", "[{\"a\":tru}]", "[{\"a\":\"tab\there\"}]", "[{\"a\":1},]", "[\"\\\"]",
        "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]",
    ]

    /// The elements the array reader hands out, each as its position and its value.
    func elements(of text: String) throws -> [(SourcePosition, Value?)] {
        var stream = JSONArrayStream(bytes: Array(text.utf8), name: "test", limit: .records)
        guard try stream.startsWithArray() else { return [] }
        var elements: [(SourcePosition, Value?)] = []
        while case .window(let window) = stream.next() {
            for element in window.elements {
                let value = window.bytes.withUnsafeBufferPointer {
                    JSONReader.parseValue(UnsafeBufferPointer(rebasing: $0[element.range]), depth: 1)
                }
                elements.append((element.position, value))
            }
        }
        return elements
    }

    @Test func elementsStartWhereTheWholeDocumentReaderFindsThem() throws {
        for text in Self.wellFormed {
            let bytes = Array(text.utf8)
            let records = try JSONReader.parseRecords(bytes)
            let elements = try elements(of: text)
            let document = DataDocument(name: "test", bytes: bytes)
            #expect(elements.map(\.0) == records.map { document.position(ofOffset: $0.offset) }, "\(text)")
            #expect(elements.map(\.1) == records.map(\.value), "\(text)")
        }
    }

    /// Whether the array reader or an element finds the fault, the error is the whole-document reader's.
    @Test func malformedArraysFailAsTheWholeDocumentReaderDoes() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/bench/signup.yaml")
        for text in Self.malformed {
            let bytes = Array(text.utf8)
            var expected: DataFileError?
            do {
                try DataReader.forEachRecord(in: bytes, format: .json, name: "a.json") { _ in }
            } catch {
                expected = error
            }
            let path = NSTemporaryDirectory() + "array-\(UUID().uuidString).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(expected != nil, "\(text)")
            #expect(throws: expected!, "\(text)") { try schema.validateRecords(inFile: path, format: .json) { _, _ in } }
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
            // An element followed by anything but `,` or `]` is handed on; the array ends after it.
            ("[\(valid),\n \(valid) \(valid)]", 2,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element", position: SourcePosition(line: 2, column: 3 + valid.count))),
            ("[\(valid); \(valid)]", 1,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element", position: SourcePosition(line: 1, column: 2 + valid.count))),
            ("[\(valid), 1 \(valid)]", 2,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element", position: SourcePosition(line: 1, column: 6 + valid.count))),
            // A `}` between elements closes nothing: the array ends there, and the element after it is not read.
            ("[\(valid)} \(valid)]", 1,
             DataParseError(message: "malformed JSON: expected ',' or ']' after an array element", position: SourcePosition(line: 1, column: 2 + valid.count))),
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

/// A JSON file's array is read a window at a time: every record, issue, shown position and excerpt
/// must be the one the whole-document reader gives, whatever the layout, across windows, with hidden
/// values before a window on its line (an array on one line) and within it.
@Suite(.needsYAML) struct StreamedArrayTests {
    static let schema = """
        formcheck: 1
        form: streamed
        fields:
          name: { type: string, rules: [required, { minLength: 2 }, { pattern: "^[A-Za-z' -]+$" }] }
          password: { type: string, sensitive: true, rules: [required, { minLength: 8 }] }
          address:
            type: object
            fields:
              pin: { type: string, sensitive: true, rules: [{ minLength: 4 }, { maxLength: 4 }] }
              zip: { type: string, rules: [{ pattern: "^[0-9]{5}$" }] }
        """

    /// 2,600 records (three windows and more), a third invalid, with hidden values of every length,
    /// text beyond ASCII, tabs and escapes, and short ones around where windows meet.
    static let records: [String] = {
        var state: UInt64 = 7
        func below(_ count: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(count))
        }
        let names = ["Ada", "B", "Zoë", "Anne-Marie", "日本", "O'Neil", "A\\tB", "Grace Hopper"]
        return (0..<2_600).map { index in
            // Short elements around where windows meet, so that a window's context must hold many.
            if (index + 60) % 1_024 < 120 {
                return index % 3 == 0 ? "{\"password\": \"\(String(repeating: "s", count: 200 + below(300)))\"}" : "{\"name\": \"B\"}"
            }
            let password = String(repeating: ["x", "é", "\\t", "7"][below(4)], count: below(3) == 0 ? 400 + below(900) : below(14))
            let address = below(5) == 0 ? "" : ", \"address\": {\"zip\": \"\(below(2) == 0 ? "12345" : "1a")\", \"pin\": \"\(String(repeating: "9", count: 2 + below(4)))\"}"
            return "{\"name\": \"\(names[below(names.count)])\", \"password\": \"\(password)\"\(address)}"
        }
    }()

    static let layouts: [(String, @Sendable ([String]) -> String)] = [
        ("one line", { "[" + $0.joined(separator: ",") + "]" }),
        ("one line, spaced", { "  [ " + $0.joined(separator: " , ") + " ]  \n" }),
        ("one per line", { "[\n  " + $0.joined(separator: ",\n  ") + "\n]\n" }),
        ("three per line", { records in
            "[" + stride(from: 0, to: records.count, by: 3).map { records[$0..<min($0 + 3, records.count)].joined(separator: ", ") }
                .joined(separator: "\n, ") + "]"
        }),
        ("split across lines", { "\u{FEFF}[" + $0.map { $0.replacingOccurrences(of: ", ", with: ",\n ") }.joined(separator: ",") + "]" }),
    ]

    /// Each issue of a record as output gives it: its shown position and its excerpt.
    static func describe(_ record: DataRecord, _ report: ValidationReport?, redaction: (DataDocument) -> Redaction) -> String {
        guard let report, let document = record.document else { return "\(record.index) unreadable" }
        let redaction = redaction(document)
        return report.issues.map { issue in
            let span = record.span(of: issue.path)
            let excerpt = document.excerpt(line: span.start.line, column: span.start.column,
                                           endColumn: span.end.line == span.start.line ? span.end.column : nil, redaction: redaction)
            return "\(record.index) \(record.position) \(issue.path) \(issue.code) \(redaction.shown(span))\n\(excerpt?.text ?? "-")\n\(excerpt?.marker ?? "-")"
        }.joined(separator: "\n")
    }

    /// Each record's issues as the whole-document reader gives them.
    static func wholeFileDescriptions(of path: String, format: DataFormat, schema: FormSchema) throws -> [String] {
        // The records of the whole document share it: its redaction is found once.
        var wholeRedaction: (document: DataDocument, redaction: Redaction)?
        func redaction(of document: DataDocument) -> Redaction {
            if let wholeRedaction, wholeRedaction.document === document { return wholeRedaction.redaction }
            wholeRedaction = (document, schema.redaction(of: document))
            return wholeRedaction!.redaction
        }
        var whole: [String] = []
        try DataReader.forEachRecord(inFile: path, format: format) { record in
            whole.append(describe(record, try? schema.validate(record.content.get(), options: ValidationOptions(collectAllErrors: true)),
                                  redaction: redaction))
        }
        return whole
    }

    @Test(arguments: layouts.indices)
    func windowsGiveTheWholeDocumentsPositionsAndExcerpts(layout: Int) throws {
        let schema = try FormSchema(text: Self.schema)
        let text = Self.layouts[layout].1(Self.records)
        let path = NSTemporaryDirectory() + "streamed-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try Self.wholeFileDescriptions(of: path, format: .json, schema: schema)
        #expect(whole.count == Self.records.count)
        for jobs in [1, 3] {
            var streamed: [String] = []
            try schema.validateRecords(inFile: path, format: .json, options: ValidationOptions(collectAllErrors: true), jobs: jobs) { record, report in
                streamed.append(Self.describe(record, report, redaction: schema.redaction(of:)))
            }
            #expect(streamed.count == whole.count, "\(Self.layouts[layout].0)")
            let differing = zip(streamed, whole).enumerated().filter { $0.element.0 != $0.element.1 }
            #expect(differing.isEmpty, "\(Self.layouts[layout].0), \(jobs) jobs: \(differing.count) differ; first:\n\(differing.first.map { "\($0.element.0)\n---\n\($0.element.1)" } ?? "")")
        }
    }

    /// An element larger than the limit ends the reading after the elements before it.
    @Test func anElementLargerThanTheLimitEndsTheArrayAfterTheOnesBefore() throws {
        let schema = try FormSchema(text: Self.schema)
        let path = NSTemporaryDirectory() + "streamed-\(UUID().uuidString).json"
        try ("[" + Self.records.prefix(1_500).joined(separator: ",") + ",{\"name\": \"\(String(repeating: "x", count: 5_000))\"}, {}]")
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var indexes: [Int] = []
        #expect(throws: DataFileError.tooLarge(SizeLimitExceeded(.element(1_501), limit: SizeLimit(bytes: 4_096)))) {
            try schema.validateRecords(inFile: path, format: .json, options: ValidationOptions(maxRecordSize: SizeLimit(bytes: 4_096)), jobs: 2) { record, _ in
                indexes.append(record.index)
            }
        }
        #expect(indexes == Array(1...1_500))
    }
}

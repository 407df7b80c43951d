#if YAML
import Foundation
import Testing
@testable import FormCheck

/// A YAML data file is read document by document: every record, issue, shown position and excerpt must
/// be the one the whole-document reader gives, across batches, with any line breaks, and a syntax error
/// or a document over the limit comes after the documents before it.
@Suite struct YAMLStreamTests {
    /// 2,200 documents (two batches and more): single records, sequences of records, comments, anchors
    /// and aliases on a sensitive value, text beyond ASCII.
    static let documents: [String] = (0..<2_200).map { index in
        let name = ["Ada", "B", "Zoë", "日本", "O'Neil"][index % 5]
        let password = String(repeating: ["x", "é", "7"][index % 3], count: index % 17)
        switch index % 9 {
        case 0: return "- {name: \"\(name)\", password: \"\(password)\"}\n- {name: Bo}\n- {address: {zip: \"1a\", pin: \"99\"}}\n"
        case 1: return "# a comment\nname: \(name)\npassword: &pw \"\(password)\"\naddress:\n  pin: *pw\n  zip: \"12345\"\n"
        default: return "name: \"\(name)\"\npassword: \"\(password)\"\n"
        }
    }

    static func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "stream-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["\n", "\r\n"], [false, true])
    func documentsGiveTheWholeFilesPositionsAndExcerpts(lineBreak: String, firstImplicit: Bool) throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        var text = Self.documents.map { "---\n" + $0 }.joined()
        if firstImplicit { text.removeFirst(4) }
        let path = try Self.write(text.replacingOccurrences(of: "\n", with: lineBreak))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try StreamedArrayTests.wholeFileDescriptions(of: path, format: .yaml, schema: schema)
        #expect(whole.count == 2_200 + 2 * 245)
        var streamed: [String] = []
        var batches = 0
        try YAMLDocumentStream.forEachBatch(inFile: path, limit: .records) { batch in
            batches += 1
            for record in batch.records {
                streamed.append(StreamedArrayTests.describe(record, try? schema.validate(record.content.get(), options: ValidationOptions(collectAllErrors: true)),
                                                            redaction: schema.redaction(of:)))
            }
        }
        #expect(batches > 1)
        let differing = zip(streamed, whole).filter { $0.0 != $0.1 }
        #expect(streamed.count == whole.count && differing.isEmpty,
                "\(differing.count) differ; first:\n\(differing.first.map { "\($0.0)\n---\n\($0.1)" } ?? "")")
    }

    /// The documents before a syntax error, or before a document over the limit, are handed on; then
    /// the error, the whole-document reader's for a syntax error.
    @Test func aLateErrorComesAfterTheDocumentsBeforeIt() throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        let good = Self.documents.prefix(2_100).map { "---\n" + $0 }.joined()
        let broken = try Self.write(good + "---\nname: [unclosed\n---\nname: Ada\n")
        let large = try Self.write(good + "---\nname: \"\(String(repeating: "x", count: 70_000))\"\n---\nname: Ada\n")
        defer {
            try? FileManager.default.removeItem(atPath: broken)
            try? FileManager.default.removeItem(atPath: large)
        }
        var expected: DataFileError?
        do {
            try DataReader.forEachRecord(inFile: broken, format: .yaml) { _ in }
        } catch {
            expected = error
        }
        let records = 2_100 + 2 * 234
        for (path, error) in [(broken, expected), (large, DataFileError.tooLarge(SizeLimitExceeded(.document(2_101), limit: SizeLimit(bytes: 65_536))))] {
            var indexes: [Int] = []
            #expect(error != nil)
            #expect(throws: error!) {
                try schema.validateRecords(inFile: path, format: .yaml, options: ValidationOptions(maxRecordSize: SizeLimit(bytes: 65_536)), jobs: 2) { record, _ in
                    indexes.append(record.index)
                }
            }
            #expect(indexes == Array(1...records), "\(indexes.count) handed on")
        }
    }
}
#endif

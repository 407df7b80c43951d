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

    /// Files whose parts parsed apart might read otherwise than one parser reads them whole: markers
    /// that a block or quoted scalar at a document's top level, or an open flow collection, holds;
    /// directives; aliases; empty documents; sequences of records; comments and `...`; a marker followed
    /// by a tab or by `-`; a syntax error; and CR, CRLF, NEL and a byte order mark.
    static let partedFiles = [
        "---\nname: Ada\n---\nname: B\n---\n- name: Cy\n- name: Di\n",
        "# c\nname: Ada\n--- # x\nname: B\n...\n---\nname: Cy\n",
        "---\nname: Ada\n%YAML 1.2\n---\nname: B\n---\nname: Cy\n",
        "%YAML 1.2\n---\nname: Ada\n---\nname: B\n",
        "---\nname: Ada\n--- |\nfoo\n---\nbar\n---\nname: Cy\n",
        "---\nname: Ada\n--- >\nfolded\ntext\n",
        "---\nname: \"abc\n---\ndef\"\n---\nname: Di\n",
        "---\nname: 'abc\n---\ndef'\n---\nname: Di\n",
        "---\n[a,\n---\nb]\n---\nname: Cy\n",
        "---\na: &x [1, 2]\nb: *x\n---\nname: *x\n",
        "---\n---\n---\nname: Ada\n---\n",
        "--- abc\ndef\n---\nname: B\n",
        "---\tname: Ada\n---\t{name: B}\n----\n---\nname: Cy\n",
        "---\nname: Ada\n---\nname: [B\n---\nname: Cy\n",
        "name: Ada\n...\n# c\n---\nname: B\n",
        "---\r\nname: Ada\r\n---\r\nname: B\r\n",
        "---\rname: Ada\r---\rname: B\r",
        "---\u{85}name: Ada\u{85}---\u{85}name: B\n",
        "\u{FEFF}---\nname: Ada\n---\nname: B\n",
        "",
    ]

    /// A file cut at its document markers and parsed in parts on two threads reads as one parser reads
    /// it: the same records, numbers, values, positions and excerpts, and the same error after them,
    /// whatever the parts' size.
    @Test(arguments: partedFiles)
    func partsParsedApartReadAsOneParser(text: String) throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        let path = try Self.write(text + Self.documents.prefix(30).map { "---\n" + $0 }.joined())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pool = WorkerPool(threads: 2)
        defer { pool.close() }
        func read(parsingOn pool: WorkerPool?, partSize: Int) -> [String] {
            var read: [String] = []
            do {
                try YAMLDocumentStream.forEachBatch(inFile: path, limit: .records, parsingOn: pool, partSize: partSize) { batch in
                    for record in batch.records {
                        let value = try? record.content.get()
                        read.append("\(record.index) \(record.position) \(value.map { "\($0)" } ?? "-")\n"
                            + StreamedArrayTests.describe(record, value.map { schema.validate($0, options: ValidationOptions(collectAllErrors: true)) },
                                                          redaction: schema.redaction(of:)))
                    }
                }
            } catch {
                read.append("\(error)")
            }
            return read
        }
        let whole = read(parsingOn: nil, partSize: 0)
        #expect(!whole.isEmpty)
        for partSize in [1, 9, 40, 200] {
            #expect(read(parsingOn: pool, partSize: partSize) == whole, "parts of \(partSize) bytes")
        }
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

    /// A list of 5,000 records: items in flow and block style, empty items, comments between items,
    /// text beyond ASCII and sensitive values.
    static func listItems(anchoredAt anchor: Int? = nil, aliasAt alias: Int? = nil) -> [String] {
        (0..<5_000).map { index in
            let name = ["Ada", "B", "Zoë", "日本", "O'Neil"][index % 5]
            let password = String(repeating: ["x", "é", "7"][index % 3], count: index % 17)
            if index == anchor { return "- name: &pw hunter2hunter2\n  password: \"\(password)\"\n" }
            if index == alias { return "- {name: Bo, password: *pw}\n" }
            switch index % 4 {
            case 0: return "- {name: \"\(name)\", password: \"\(password)\"}\n"
            case 1: return "- name: \(name)\n  password: \"\(password)\"\n  address: {zip: \"1a\", pin: \"99\"}\n"
            case 2: return "-\n"
            default: return "# a comment\n- name: \"\(name)\"\n  password: '\(password)'\n"
            }
        }
    }

    /// A document that is a list is handed on a few items at a time, not held whole: every record,
    /// issue, position and excerpt is the whole-document reader's. From the first anchor on, the rest
    /// of the list is held whole, so that a sensitive value given through an alias far down stays
    /// hidden where its anchor is written.
    @Test(arguments: [false, true], [1, 2])
    func aListIsReadAFewItemsAtATime(anchored: Bool, jobs: Int) throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        let path = try Self.write("---\n" + (anchored ? Self.listItems(anchoredAt: 100, aliasAt: 4_900) : Self.listItems()).joined())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try StreamedArrayTests.wholeFileDescriptions(of: path, format: .yaml, schema: schema)
        #expect(whole.count == 5_000)
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        var streamed: [String] = []
        var batches = 0
        try YAMLDocumentStream.forEachBatch(inFile: path, limit: .records, parsingOn: pool, partSize: 4_096) { batch in
            batches += 1
            for record in batch.records {
                streamed.append(StreamedArrayTests.describe(record, try? schema.validate(record.content.get(), options: ValidationOptions(collectAllErrors: true)),
                                                            redaction: schema.redaction(of:)))
            }
        }
        // Two jobs parse a file this small as one part, in one batch.
        #expect(batches == (anchored || jobs > 1 ? 1 : 3))
        let differing = zip(streamed, whole).filter { $0.0 != $0.1 }
        #expect(streamed.count == whole.count && differing.isEmpty,
                "\(differing.count) differ; first:\n\(differing.first.map { "\($0.0)\n---\n\($0.1)" } ?? "")")
        if anchored { #expect(!streamed.contains { $0.contains("hunter2") } && streamed.contains { $0.hasPrefix("101 ") && $0.contains("- name: ***") }) }
    }

    /// A list in flow style is held whole: its items may share a line, whose excerpts and hidden values
    /// they share. Each record, position, excerpt and error is the whole-document reader's, the values
    /// before a syntax error are not shown, and the error's column counts each of them as `***`.
    @Test(arguments: [1, 2])
    func aListInFlowStyleIsHeldWhole(jobs: Int) throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        let items = (0..<2_100).map { index in
            index == 2_047 ? "{name: Ada,\n password: short}, {name: B}" : "{name: \"Ab\", password: \"pw\(index)\"}"
        }
        let long = try Self.write("[" + items.joined(separator: ",\n") + "]\n")
        let broken = try Self.write("[{name: x}, {password: abcdefg1 ] }]\n")
        let misplaced = try Self.write("[{password: abcdefg1}, {name: x ] }]\n")
        defer { for path in [long, broken, misplaced] { try? FileManager.default.removeItem(atPath: path) } }
        let pool = WorkerPool(threads: jobs)
        defer { pool.close() }
        func read(_ path: String) -> [String] {
            var read: [String] = []
            do {
                try YAMLDocumentStream.forEachBatch(inFile: path, limit: .records, hiding: schema.sensitiveValueFinder, parsingOn: pool) { batch in
                    for record in batch.records {
                        read.append(StreamedArrayTests.describe(record, try? schema.validate(record.content.get(), options: ValidationOptions(collectAllErrors: true)),
                                                                redaction: schema.redaction(of:)))
                    }
                }
            } catch {
                read.append("\(error)")
            }
            return read
        }
        let whole = try StreamedArrayTests.wholeFileDescriptions(of: long, format: .yaml, schema: schema)
        #expect(whole.count == 2_101 && read(long) == whole)
        for path in [broken, misplaced] {
            var expected = ""
            do {
                try DataReader.forEachRecord(inFile: path, format: .yaml, hiding: schema.sensitiveValueFinder) { _ in }
            } catch {
                expected = "\(error)"
            }
            #expect(read(path) == [expected], "\(path)")
        }
    }

    /// A syntax error in a list comes after the items read whole before the one it is in, as in a JSON
    /// array: the whole-document reader's error, with the items before it handed on.
    @Test(arguments: ["- name: [unclosed\n", "- *nosuch\n", "- {name: Ada}\n  bad: indent\n"], [1, 2])
    func anErrorInAListComesAfterTheItemsBeforeIt(broken: String, jobs: Int) throws {
        let schema = try FormSchema(text: StreamedArrayTests.schema)
        // Item 3,001 is the broken one.
        let text = Self.listItems().prefix(3_000).joined() + broken + "- name: Ada\n"
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var expected: DataFileError?
        do {
            try DataReader.forEachRecord(inFile: path, format: .yaml, hiding: schema.sensitiveValueFinder) { _ in }
        } catch {
            expected = error
        }
        var indexes: [Int] = []
        #expect(expected != nil)
        #expect(throws: expected!) {
            try schema.validateRecords(inFile: path, format: .yaml, jobs: jobs) { record, _ in indexes.append(record.index) }
        }
        #expect(indexes == Array(1...3_000), "\(indexes.count) handed on")
    }
}
#endif

import Foundation
import Testing
@testable import FormCheck

@Suite struct DataReaderTests {
    func records(_ contents: String, _ name: String) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("formcheck-\(UUID().uuidString)-\(name)").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var out: [String] = []
        try DataReader.forEachRecord(inFile: path, format: DataFormat(fileName: name)!) { record in
            switch record.content {
            case .success(let value): out.append("\(record.index)@\(record.position) \(value["a"].map { "\($0)" } ?? "-")")
            case .failure(let error): out.append("\(record.index)@\(record.position) ! \(error.position) \(error.message)")
            }
        }
        return out
    }

    /// The system's reasons read as the rest of a diagnostic: `cannot read: permission denied`.
    @Test func systemReasonsBeginInLowercase() {
        #expect(FileBytes.reason(EACCES) == "permission denied")
        #expect(FileBytes.reason(EISDIR) == "is a directory")
        #expect(FileBytes.reason(EIO) == "input/output error")
    }

    @Test func jsonLinesWithCRLFBlankLinesAndNoFinalNewline() throws {
        #expect(try records("{\"a\": 1}\r\n\r\n  \n{\"a\": 2}\r\n{\"a\": 3}", "d.jsonl") == [
            "1@1:1 integer(1)", "2@4:1 integer(2)", "3@5:1 integer(3)",
        ])
    }

    @Test func jsonLinesLongerThanTheReadChunk() throws {
        let long = String(repeating: "x", count: 3 * LineStream.chunkSize + 17)
        let lines = try records("{\"a\": 1}\n{\"a\": \"\(long)\"}\n{\"a\": 3\n", "d.ndjson")
        #expect(lines.count == 3)
        #expect(lines[0] == "1@1:1 integer(1)")
        #expect(lines[1].hasPrefix("2@2:1 string(\"xxx"))
        #expect(lines[2] == "3@3:1 ! 3:8 malformed JSON: unexpected end of data: expected ',' or '}' after an object member")
    }

    @Test(.needsYAML) func yamlDocumentsAndSequences() throws {
        #expect(try records("a: 1\n---\n- a: 2\n- a: 3\n", "d.yaml") == ["1@1:1 integer(1)", "2@3:3 integer(2)", "3@4:3 integer(3)"])
    }

    /// The core schema's tags decide a scalar's type, whatever its text looks like or however it is quoted.
    @Test(.needsYAML) func yamlCoreSchemaTagsAreApplied() throws {
        #expect(try records("""
            - a: !!str 123
            - a: !!int "12"
            - a: !!int 0x1F
            - a: !!float 1
            - a: !!float '-2.5e3'
            - a: !!bool "true"
            - a: !!null ''
            - a: !!str true
            - a: ! 12
            - a: 12

            """, "d.yaml") == [
            "1@1:3 string(\"123\")", "2@2:3 integer(12)", "3@3:3 integer(31)", "4@4:3 number(1.0)", "5@5:3 number(-2500.0)",
            "6@6:3 bool(true)", "7@7:3 null", "8@8:3 string(\"true\")", "9@9:3 string(\"12\")", "10@10:3 integer(12)",
        ])
    }

    @Test(.needsYAML, arguments: [
        ("a: !!int abc\n", "1:4 invalid YAML: the value cannot be read as !!int"),
        ("a: !!int 1.5\n", "1:4 invalid YAML: the value cannot be read as !!int"),
        ("a: !!float x1\n", "1:4 invalid YAML: the value cannot be read as !!float"),
        ("a: !!bool yes\n", "1:4 invalid YAML: the value cannot be read as !!bool"),
        ("b: 1\na: !!null \"0\"\n", "2:4 invalid YAML: the value cannot be read as !!null"),
    ])
    func yamlScalarsThatDoNotFitTheirTag(_ contents: String, _ expected: String) throws {
        do {
            _ = try records(contents, "d.yaml")
            Issue.record("no error")
        } catch let error as DataFileError {
            #expect("\(error.position.map { "\($0)" } ?? "-") \(error.message)" == expected)
        }
    }

    @Test func jsonArraysGiveEachRecordItsPosition() throws {
        #expect(try records("[\n  {\"a\": 1},\n  {\"a\": \"é\"}, {\"a\": 3}\n]", "d.json") == [
            "1@2:3 integer(1)", "2@3:3 string(\"é\")", "3@3:15 integer(3)",
        ])
    }

    @Test func missingFile() {
        #expect(throws: DataFileError.unreadable("no such file or directory")) {
            try DataReader.forEachRecord(inFile: "/nonexistent/x.jsonl", format: .jsonLines) { _ in }
        }
        #expect(throws: DataFileError.unreadable("no such file or directory")) {
            try DataReader.forEachRecord(inFile: "/nonexistent/x.json", format: .json) { _ in }
        }
    }

    @Test func formatsByExtension() {
        #expect(DataFormat(fileName: "a.JSON") == .json)
        #expect(DataFormat(fileName: "a.ndjson") == .jsonLines)
        #expect(DataFormat(fileName: "a.yml") == .yaml)
        #expect(DataFormat(fileName: "a.txt") == nil)
    }
}

/// Input that comes slowly (typed, or piped from a program that writes as it goes) is handed on in
/// blocks of the lines that came, each told whether more input is ready, so that a run answers its
/// records before the next read waits: not once a megabyte, or the end of the input, has come.
@Suite struct SlowInputTests {
    /// A pipe whose writing end closes after `deadline` seconds if the test has not closed it: were a
    /// block to wait for the end of the input, the test sees it then rather than hanging.
    final class SlowPipe: @unchecked Sendable {
        let reading: Int32
        private let writing: Int32
        private let lock = NSLock()
        private var isClosed = false

        init(deadline: Double = 10) {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (reading, writing) = (ends[0], ends[1])
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [self] in closeWriting() }
        }

        deinit { close(reading) }

        func send(_ text: String) {
            lock.withLock {
                guard !isClosed else { return }
                _ = Array(text.utf8).withUnsafeBufferPointer { write(writing, $0.baseAddress, $0.count) }
            }
        }

        func closeWriting() {
            lock.withLock {
                guard !isClosed else { return }
                close(writing)
                isClosed = true
            }
        }
    }

    @Test(arguments: [false, true])
    func blocksComeAsTheLinesDo(afterLookingAhead: Bool) {
        let input = SlowPipe()
        input.send("{\"a\": 1}\n\n{\"a\": 2}\n")
        var stream = LineStream(descriptor: input.reading, ownsDescriptor: false, limit: .records)
        // Standard input's format is told from its first line, read ahead.
        if afterLookingAhead { #expect(stream.peekFirstNonBlankByte() == UInt8(ascii: "{")) }
        var blocks: [String] = []
        DataReader.forEachJSONLinesBlock(&stream) { _, lines, moreIsReady in
            blocks.append("lines \(lines.map(\.number)), more ready: \(moreIsReady)")
            if blocks.count == 1 {
                input.send("{\"a\": 3}\n")
                input.closeWriting()
            }
        }
        #expect(blocks == ["lines [1, 3], more ready: false", "lines [4], more ready: true"])
    }
}

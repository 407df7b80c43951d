import Foundation
import Testing
@testable import FormCheck

/// Size limits as the library gives them: no option names (those are the command line's), the limit
/// and its kind carried by the error, and no trap on any number of bytes.
@Suite struct SizeLimitTests {
    /// Removed when the test ends.
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    func file(_ contents: String, _ name: String) throws -> String {
        try scratch.write(name, contents)
        return scratch.path + "/" + name
    }

    /// A limit below one byte is one byte.
    @Test(arguments: [0, -1, Int.min]) func aLimitIsAtLeastOneByte(bytes: Int) {
        #expect(SizeLimit(bytes: bytes).bytes == 1)
    }

    @Test func sizesAsWritten() {
        #expect(SizeLimit("4096") == SizeLimit(bytes: 4096))
        #expect(SizeLimit("1k") == SizeLimit(bytes: 1024))
        #expect(SizeLimit("256M")?.description == "256M")
        #expect(SizeLimit("0") == nil)
        #expect(SizeLimit("1T") == nil)
    }

    @Test func aRecordTooLargeCarriesTheLimitAndItsKind() throws {
        let json = try file(#"{"name": "ada"}"#, "d.json")
        let lines = try file("{}\n" + #"{"name": "ada"}"# + "\n", "d.jsonl")
        var errors: [DataFileError] = []
        for path in [json, lines] {
            do {
                try DataReader.forEachRecord(inFile: path, format: DataFormat(fileName: path)!, maxRecordSize: SizeLimit(bytes: 10)) { _ in }
            } catch {
                errors.append(error)
            }
        }
        #expect(errors == [.tooLarge(SizeLimitExceeded(.input, limit: SizeLimit(bytes: 10))),
                           .tooLarge(SizeLimitExceeded(.line(2), limit: SizeLimit(bytes: 10)))])
        #expect(errors.map(\.message) == ["the input is larger than the limit of 10 bytes", "line 2 is larger than the limit of 10 bytes"])
        #expect(errors.map(\.position) == [nil, SourcePosition(line: 2, column: 1)])
        #expect([SizeLimitExceeded.Subject.input, .line(2), .schema, .catalog].map { SizeLimitExceeded($0, limit: .records).kind }
                    == [.record, .record, .schema, .schema])
    }

    @Test(.needsYAML) func aSchemaTooLargeCarriesTheLimitAndItsKind() throws {
        let path = try file("formcheck: 1\nfields:\n  name: string\n", "s.yaml")
        #expect(throws: SchemaError.self) { try FormSchema(contentsOfFile: path, maxFileSize: SizeLimit(bytes: 0)) }
        do {
            _ = try FormSchema(contentsOfFile: path, maxFileSize: SizeLimit(bytes: 16))
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the schema is larger than the limit of 16 bytes"])
            #expect(error.diagnostics.map(\.exceededLimit) == [SizeLimitExceeded(.schema, limit: SizeLimit(bytes: 16))])
            #expect(error.diagnostics.first?.exceededLimit?.kind == .schema)
        }
    }
}

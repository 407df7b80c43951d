#if YAML
import Foundation
import Testing
@testable import FormCheck

/// The JSON node reader gives the compiler the nodes libyaml gives it for the same JSON text: kinds,
/// texts, styles, positions, ends and verbatim starts, on every JSON file of the repository, on
/// random records written with escapes and varied white space, and on line breaks of every kind.
@Suite struct JSONNodeReaderTests {
    /// A node and everything under it, as text that differs wherever two trees differ.
    static func describe(_ node: YAMLNode) -> String {
        let place = "@\(node.position)-\(node.end)" + (node.verbatimTextStart.map { " v\($0)" } ?? "")
        switch node.kind {
        case .scalar(let text, let isPlain): return "\(isPlain ? "plain" : "quoted")(\(text.debugDescription))\(place)"
        case .sequence(let items): return "[\(items.map(describe).joined(separator: ", "))]\(place)"
        case .mapping(let pairs): return "{\(pairs.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", "))}\(place)"
        }
    }

    /// Whether both readers give the same tree for `text`; nil when libyaml refuses it, or when the
    /// text holds a line break of YAML 1.1 that JSON does not have (a CR alone, or NEL), which the
    /// readers count apart on purpose (see `lineBreaksOnlyJSONHas`).
    static func agree(on bytes: [UInt8]) throws -> Bool? {
        let loneCR = bytes.indices.contains { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
        let nel = bytes.indices.contains { bytes[$0] == 0xC2 && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x85 }
        guard !loneCR, !nel else { return nil }
        let escaped = JSONLineSeparators.escaped(bytes)
        guard let documents = try? LibYAMLParser.parseDocuments(escaped), documents.count == 1 else { return nil }
        let node = try JSONNodeReader.parse(escaped)
        let same = describe(node) == describe(documents[0])
        if !same { Issue.record("differs on \(String(decoding: bytes, as: UTF8.self).debugDescription)\n  json: \(describe(node))\n  yaml: \(describe(documents[0]))") }
        return same
    }

    @Test func everyJSONFileOfTheRepository() throws {
        let root = URL(fileURLWithPath: packageRoot)
        var files: [URL] = []
        for folder in ["schemas", "fixtures", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "json" { files.append(url) }
            }
        }
        var compared = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            guard (try? JSONReader.parse(bytes)) != nil else { continue }
            if try Self.agree(on: bytes) == true { compared += 1 }
        }
        #expect(compared >= 40)
    }

    @Test func randomRecordsWithEscapesAndWhiteSpace() throws {
        var compared = 0
        for seed in 0..<300 {
            let schema = SchemaGenerator.schema(seed: UInt64(seed))
            var random = SeededRandom(seed: UInt64(seed) &* 7919)
            let text = RecordGenerator.record(for: schema, seed: UInt64(seed)).jsonText(using: &random)
            if try Self.agree(on: Array(text.utf8)) == true { compared += 1 }
        }
        // The others hold a CR alone or NEL, or escapes libyaml does not read (surrogate pairs).
        #expect(compared >= 150)
    }

    /// A CR alone and NEL end no line of JSON: a NEL in a string stays in its text (libyaml folds it
    /// into a space), and columns run on as `SourceText` counts them for the excerpts of diagnostics.
    @Test func lineBreaksOnlyJSONHas() throws {
        let text = Array("{\"a\": \"x\u{85}y\",\r\"b\": 2}".utf8)
        let pairs = try #require(try JSONNodeReader.parse(text).mapping)
        #expect(pairs[0].value.scalarText == "x\u{85}y")
        #expect(pairs[1].key.position == SourcePosition(line: 1, column: 14))
        #expect(pairs[1].value.position == SourcePosition(line: 1, column: 19))
        #expect(SourceText.position(ofOffset: text.count - 2, in: text) == pairs[1].value.position)
        // Surrogate pairs, which libyaml's \u does not read.
        let emoji = try JSONNodeReader.parse(Array(#"["\ud83d\ude00😀"]"#.utf8))
        #expect(emoji.sequence?.first?.scalarText == "😀😀")
    }

    @Test(arguments: [
        "{\"a\": 1}", "{\"a\":\r\n [1, -2.5e3, true, false, null],\r\n\"b\": {}}", "\u{FEFF}{\"é\": \"ü\\u00e9\", \"x\": \"\\/\"}",
        "{\"a\": \"\u{2028}\", \"b\": \"z\"}", "[\"日本\", {\"k\": [[]]}]", "  {\n\t\"a\" : 0 }  \n",
        "{\"line\": \"a\\nb\", \"k\": \"\\u00e9😀\"}", "\"text\"", "-0", "123456789012345678901234567890",
    ])
    func lineBreaksAndScalarsOfEveryKind(_ text: String) throws {
        #expect(try Self.agree(on: Array(text.utf8)) == true)
    }

    @Test func malformedJSONIsAnErrorWithItsPosition() {
        #expect(throws: DataParseError(message: "expected ':' after a member name", position: SourcePosition(line: 2, column: 7))) {
            try JSONNodeReader.parse(Array("{\"a\": 1,\n  \"b\" 2}".utf8))
        }
        #expect(throws: DataParseError.self) { try JSONNodeReader.parse(Array("{\"a\": 1} x".utf8)) }
        #expect(throws: DataParseError.self) { try JSONNodeReader.parse(Array(String(repeating: "[", count: 300).utf8)) }
    }
}
#endif

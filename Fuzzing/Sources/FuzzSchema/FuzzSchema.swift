@testable import FuzzSupport
@testable import FormCheck

/// Bytes as a schema (YAML or JSON): it compiles or fails with diagnostics, never crashes or hangs.
/// A schema that compiles validates a few records, and its direct path must agree with the reference validator.
enum FuzzSchema {
    static let records: [[UInt8]] = [
        "{}", "[]", "null", #"{"a": 1, "b": "x", "c": [1, 2], "d": {"e": true}}"#,
        #"{"name": "Ada", "email": "ada@example.com", "age": 36, "tags": ["a", "a"], "address": {"zip": "1234"}}"#,
    ].map { Array($0.utf8) }

    static func run(_ bytes: [UInt8]) {
        let schema: FormSchema
        do {
            // Named as a file of schemas/, so that `messages: messages/` finds the shipped catalogs.
            schema = try FormSchema(bytes: bytes, name: "\(Fuzzing.root)/schemas/fuzz.yaml")
        } catch {
            guard !error.diagnostics.isEmpty else { Fuzzing.finding("a SchemaError with no diagnostic") }
            return
        }
        for record in records {
            let options = ValidationOptions(collectAllErrors: true, today: Fuzzing.today)
            guard let value = try? JSONReader.parse(record) else { continue }
            let full = schema.referenceReport(value, options: options)
            var cache = IssueTable()
            if let direct = record.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }), direct != full {
                Fuzzing.finding("direct \(direct.issues.map(\.code)), full \(full.issues.map(\.code)) for \(String(decoding: record, as: UTF8.self))")
            }
            _ = schema.localized(full, locale: "fr")
        }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzSchema.run(Fuzzing.bytes(data, size)); return 0 }

@_cdecl("FuzzSchema_main")
public func fuzzSchemaMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 { Fuzzing.main(argc, argv, fuzzSchema) }

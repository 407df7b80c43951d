import Foundation
import FuzzSupport
@testable import FormCheck

/// Bytes as a message catalog, and as one MessageFormat message: both parse or fail with a diagnostic
/// (a syntax error at an offset inside the message); the message, written with escapes in a catalog,
/// reads back the same; and every message parsed renders with arguments of every kind, in a locale
/// with its own plural rules.
enum FuzzCatalog {
    static let graph = Fuzzing.schema("schemas/signup.yaml").graph
    static let locales = ["en", "fr", "ar", "pl", "ru", "ja", "pt-BR", "cy"]
    static let argumentSets: [MessageParameters] = [0, 1, 2, 5, 21, 1_000_000].map { count in
        ["count": .integer(count), "min": .integer(count), "max": .number(Double(count) + 0.5), "n": .number(-Double(count) / 4),
         "values": .list(["US", "CA", "FR"]), "other": .field("email"), "others": .fields(["email", "password"]),
         "value": .string("US"), "x": .string(count.isMultiple(of: 2) ? "a" : "b")]
    }

    static func run(_ bytes: [UInt8]) {
        let locale = locales[bytes.count % locales.count]
        if let catalog = try? MessageCatalog(bytes: bytes, file: "fuzz.yaml", locale: locale) {
            render(catalog)
        }
        guard let text = Fuzzing.text(bytes, bytes.count) else { return }
        do {
            _ = try MessageFormat(text).argumentNames
        } catch {
            guard (0...text.unicodeScalars.count).contains(error.offset) else {
                Fuzzing.finding("'\(error.message)' at offset \(error.offset) of a message of \(text.unicodeScalars.count) scalars")
            }
        }
        // The same text as the one message of a catalog, written with escapes, read back and rendered.
        let yaml = "messages:\n  fuzz: \(Fuzzing.yamlQuoted(text))\n"
        guard let catalog = try? MessageCatalog(bytes: Array(yaml.utf8), file: "fuzz.yaml", locale: locale) else {
            Fuzzing.finding("a catalog of one message in a double-quoted string does not read")
        }
        guard catalog.messages["fuzz"]?.text == text else {
            Fuzzing.finding("the message reads back as \(String(reflecting: catalog.messages["fuzz"]?.text))")
        }
        render(catalog)
    }

    /// Renders every message of the catalog with each argument set.
    static func render(_ catalog: MessageCatalog) {
        let renderer = MessageRenderer(graph: graph, catalogs: MessageCatalogs(own: [catalog], sourceLocale: catalog.locale))
        for key in catalog.messages.keys.sorted().prefix(16) {
            for parameters in argumentSets {
                _ = renderer.render(rule: key, code: key, field: "email", labelOverride: nil, source: .key(key), parameters: parameters,
                                    locale: catalog.locale)
            }
        }
        for field in ["email", "password", "country"] { _ = renderer.label(of: field, locale: catalog.locale) }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzCatalog.run(Fuzzing.bytes(data, size)); return 0 }

@_cdecl("FuzzCatalog_main")
public func fuzzCatalogMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 { Fuzzing.main(argc, argv, fuzzCatalog) }

import Foundation
import Testing
@testable import FormCheck

/// A schema's bundle validates as the schema does, in every build; a bundle of another format version,
/// or changed after it was written, is refused with a diagnostic.
@Suite struct SchemaBundleTests {
    /// The shipped schemas this build reads (all of them with the `YAML` trait, the JSON ones without).
    static let shippedSchemas = ["signup.yaml", "login.yaml", "checkin.yaml", "client.yaml", "checkout.yaml", "event.json"]
        .filter { readsYAML || $0.hasSuffix(".json") }

    /// Every record of the schema's fixtures (`fixtures/NAME/valid` and `invalid`), as `FILE#INDEX` and value.
    static func fixtureRecords(of form: String) throws -> [(name: String, value: Value)] {
        var records: [(name: String, value: Value)] = []
        for folder in ["valid", "invalid"] {
            let directory = "\(packageRoot)/fixtures/\(form)/\(folder)"
            for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where !file.contains(".expect.") {
                guard let format = DataFormat(fileName: file), readsYAML || format != .yaml else { continue }
                try DataReader.forEachRecord(inFile: "\(directory)/\(file)", format: format) { record in
                    if case .success(let value) = record.content { records.append(("\(folder)/\(file)#\(record.index)", value)) }
                }
            }
        }
        return records
    }

    static func describe(_ report: ValidationReport) -> [String] {
        report.issues.map { issue in
            let parameters = issue.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(issue.path) \(issue.code) \(issue.severity) \(issue.message) \(parameters)"
        }
    }

    @Test(arguments: shippedSchemas) func aBundleValidatesEveryFixtureAsItsSchemaInEveryLocale(_ file: String) throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/\(file)")
        let bundled = try FormSchema(bundle: Data(schema.bundled()), name: "\(file).formbundle")
        #expect(bundled.name == schema.name && bundled.title == schema.title && bundled.sourceLocale == schema.sourceLocale)
        #expect(bundled.catalogs.locales == schema.catalogs.locales)
        let records = try Self.fixtureRecords(of: schema.name)
        var issues = 0
        for locale in Set([schema.sourceLocale] + schema.catalogs.locales + MessageCatalogs.builtInLocales).sorted() {
            for collectAll in [false, true] {
                let options = ValidationOptions(collectAllErrors: collectAll, today: fixedToday, locale: locale)
                for record in records {
                    let expected = Self.describe(schema.validate(record.value, options: options))
                    #expect(Self.describe(bundled.validate(record.value, options: options)) == expected, "\(record.name) in \(locale)")
                    issues += expected.count
                }
            }
        }
        #expect(records.count >= 3 && issues > 0)
    }

    /// The bundle of a schema with a catalog, as written (its hash computed apart, by FNV-1a's
    /// definition), and what it validates in French.
    @Test func theBundleHoldsTheSchemaAndItsCatalogs() throws {
        let scratch = try Scratch()
        try scratch.write("form.json", #"{"formcheck": 1, "messages": "messages", "fields": {"name": {"type": "string", "rules": ["required", {"minLength": 2}]}}}"#)
        try scratch.write("messages/fr.json", #"{"labels": {"name": "Nom"}, "messages": {"minLength": "{label} : au moins {min} lettres."}}"#)
        let schema = try FormSchema(contentsOfFile: "\(scratch.path)/form.json")
        #expect(String(decoding: try schema.bundled(), as: UTF8.self) == """
            {
              "formcheckBundle": 1,
              "hash": "fnv1a64:49d01c11b2912aed",
              "content": {
                "file": "form.json",
                "schema": {
                  "formcheck": 1,
                  "messages": "messages",
                  "fields": {
                    "name": {
                      "type": "string",
                      "rules": [
                        "required",
                        {
                          "minLength": 2
                        }
                      ]
                    }
                  }
                },
                "catalogs": {
                  "fr": {
                    "labels": {
                      "name": "Nom"
                    },
                    "messages": {
                      "minLength": "{label} : au moins {min} lettres."
                    }
                  }
                }
              }
            }

            """)
        let bundled = try FormSchema(bundle: Data(schema.bundled()))
        #expect(try bundled.bundled() == schema.bundled())
        #expect(bundled.name == "form")
        let options = ValidationOptions(locale: "fr")
        #expect(bundled.validate(["name": "A"], options: options).issues.map(\.message) == ["Nom : au moins 2 lettres."])
        #expect(bundled.validate([:], options: options).issues.map(\.message) == ["Le champ Nom est obligatoire."])
    }

    static let eventBundle: [UInt8] = {
        try! FormSchema(contentsOfFile: "\(packageRoot)/schemas/event.json").bundled()
    }()

    static func error(loading bytes: [UInt8]) -> String {
        do {
            _ = try FormSchema(bundle: Data(bytes), name: "event.formbundle")
            return "loaded"
        } catch {
            return error.diagnostics.map { "\($0.file):\($0.position.map { "\($0)" } ?? "-"): \($0.message)" }.joined(separator: "\n")
        }
    }

    static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
    }

    @Test func indentationDoesNotCountButEveryValueDoes() throws {
        let flat = String(decoding: Self.eventBundle, as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
        #expect(Self.error(loading: Array(flat.utf8)) == "loaded")
        #expect(Self.error(loading: Self.replacing("\"maxLength\": 100", with: "\"maxLength\": 1000", in: Self.eventBundle)) == """
            event.formbundle:4:14: the bundle's content does not match its hash fnv1a64:aaa614ceae4f8dde (it hashes to fnv1a64:e33fec3afdc91e02): it was changed after it was written
            """)
    }

    @Test func anotherFormatVersionIsRefused() {
        #expect(Self.error(loading: Self.replacing("\"formcheckBundle\": 1", with: "\"formcheckBundle\": 2", in: Self.eventBundle)) == """
            event.formbundle:2:22: unsupported bundle format version 2; this FormCheck reads version 1
            """)
    }

    @Test func whatIsNotABundleIsRefused() {
        #expect(Self.error(loading: Array(#"{"formcheck": 1, "fields": {}}"#.utf8)) == """
            event.formbundle:1:1: not a formcheck bundle: it has no 'formcheckBundle' format version
            """)
        #expect(Self.error(loading: Array("formcheck: 1\n".utf8)) == """
            event.formbundle:1:1: not a formcheck bundle: invalid JSON: expected a value (an object, array, string, number, true, false or null)
            """)
        #expect(Self.error(loading: Array(Self.eventBundle.prefix(200))).hasPrefix("event.formbundle:"))
    }

    /// A `custom:` rule is the app's: the bundle compiles once the app gives it.
    @Test func customRulesAreGivenWhenTheBundleLoads() throws {
        let scratch = try Scratch()
        try scratch.write("form.json", #"{"formcheck": 1, "fields": {"code": {"type": "string", "rules": [{"custom": "even"}]}}}"#)
        let bytes = Data(try FormSchema(contentsOfFile: "\(scratch.path)/form.json", assumeCustomRulesPass: true).bundled())
        #expect(throws: SchemaError.self) { try FormSchema(bundle: bytes) }
        let even = CustomRule("even") { value, _ in value.stringValue.map { $0.count % 2 == 0 } ?? true }
        let schema = try FormSchema(bundle: bytes, customRules: [even])
        #expect(schema.validate(["code": "abc"]).issues.map(\.code) == ["even"])
    }
}

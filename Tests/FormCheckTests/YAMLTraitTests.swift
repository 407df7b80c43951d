import Foundation
import Testing
@testable import FormCheck

/// JSON schemas, catalogs and records read the same with the package trait `YAML` and without it; a
/// build without it refuses YAML with a diagnostic at the start of the text.
@Suite struct YAMLTraitTests {
    static let needsYAMLMessage = "cannot read YAML: this build of FormCheck reads JSON only; YAML needs its package trait YAML (on by default)"

    @Test func aJSONSchemaLoadsAndValidates() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/event.json")
        let record: Value = ["title": "Launch", "website": "ftp://example.com", "start_date": "2030-05-02", "end_date": "2030-05-01",
                             "min_guests": 10, "max_guests": 5]
        #expect(issues(schema, record, allErrors: true) == [
            "website url: Website must be a valid web address starting with http:// or https://.",
            "end_date after: End date must be after Start date.",
            "max_guests min: Maximum guests must be at least Minimum guests.",
        ])
    }

    /// The built-in catalogs are JSON, so that every build reads them.
    @Test func builtInCatalogsLoadInEveryLocale() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/event.json")
        let report = schema.validate(["start_date": "2030-05-02", "end_date": "2030-05-03"])
        let messages = MessageCatalogs.builtInLocales.map { "\($0): \(schema.localized(report, locale: $0).errors.map(\.message))" }
        #expect(messages == [
            #"ar: ["حقل Title مطلوب."]"#, #"de: ["Title muss ausgefüllt werden."]"#, #"en: ["Title is required."]"#,
            #"es: ["El campo Title es obligatorio."]"#, #"fr: ["Le champ Title est obligatoire."]"#, #"ja: ["Titleは必須です。"]"#,
            #"pt-BR: ["O campo Title é obrigatório."]"#, #"ru: ["Поле «Title» обязательно для заполнения."]"#,
        ])
    }

    @Test(.disabled(if: readsYAML)) func aYAMLSchemaIsRefusedAtItsStart() {
        #expect(diagnostics("formcheck: 1\nfields:\n  name: string\n") == """
            test.yaml:1:1: error: \(Self.needsYAMLMessage)
            formcheck: 1
            ^

            """)
    }

    @Test(.disabled(if: readsYAML)) func malformedJSONIsToldAsJSON() {
        #expect(diagnostics("{\"formcheck\": 1, \"fields\": {\"name\": string}}") == """
            test.yaml:1:37: error: invalid JSON: expected a value (an object, array, string, number, true, false or null)
            {"formcheck": 1, "fields": {"name": string}}
                                                ^

            """)
    }

    @Test(.disabled(if: readsYAML)) func aYAMLCatalogFallsBackWithItsFile() throws {
        let scratch = try Scratch()
        try scratch.write("form.json", #"{"formcheck": 1, "messages": "messages", "fields": {"name": {"type": "string", "rules": ["required"]}}}"#)
        try scratch.write("messages/fr.yaml", "messages:\n  required: \"Remplissez {label}.\"\n")
        let schema = try FormSchema(contentsOfFile: "\(scratch.path)/form.json")
        #expect(schema.catalogWarnings(locale: "fr").map { "\($0.file.split(separator: "/").last!):\($0.position!): \($0.message)" } == [
            "fr.yaml:1:1: \(Self.needsYAMLMessage) (catalog skipped; the next catalog on fr's chain is used)",
        ])
        #expect(schema.localized(schema.validate([:]), locale: "fr").errors.map(\.message) == ["Le champ name est obligatoire."])
    }

    @Test(.disabled(if: readsYAML)) func yamlRecordsAreRefused() {
        #expect(throws: DataFileError.malformed(DataParseError(message: Self.needsYAMLMessage, position: SourcePosition(line: 1, column: 1)))) {
            try DataReader.forEachRecord(in: Array("name: Ada\n".utf8), format: .yaml, name: "d.yaml") { _ in }
        }
    }
}

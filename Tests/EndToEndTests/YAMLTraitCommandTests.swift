import Foundation
import Testing

/// The command line reads JSON schemas and records with the package trait `YAML` and without it; built
/// without it, it refuses YAML schemas and data files with a diagnostic at their start.
@Suite struct YAMLTraitCommandTests {
    @Test func aJSONSchemaChecksJSONRecords() throws {
        let result = try Formcheck.run(["schemas/event.json", "fixtures/event/invalid/title-missing.json"])
        #expect(result.stdout == """
            fixtures/event/invalid/title-missing.json:1:1: error: record 1, title: Title is required. [required]
            {
            ^
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """)
        #expect(result.status == 1)
    }

    #if !YAML
    static let needsYAML = "cannot read YAML: this build of FormCheck reads JSON only; YAML needs its package trait YAML (on by default)"

    @Test func aYAMLSchemaIsRefused() throws {
        let result = try Formcheck.run(["schemas/login.yaml", "fixtures/login/valid"])
        #expect(result.stderr == """
            schemas/login.yaml:1:1: error: \(Self.needsYAML)
            formcheck: 1
            ^

            """)
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }

    @Test func aYAMLDataFileIsRefused() throws {
        let result = try Formcheck.run(["schemas/event.json", "fixtures/event/valid/conference.yaml"])
        #expect(result.stderr == "fixtures/event/valid/conference.yaml:1:1: error: \(Self.needsYAML)\n")
        #expect(result.stdout == "1 file, 0 records: 0 valid, 0 invalid; 0 errors, 0 warnings; 1 unreadable\n")
        #expect(result.status == 2)
    }
    #endif
}

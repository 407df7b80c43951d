import Foundation
import Testing

/// `formcheck bundle`: a schema and its catalogs written as one JSON bundle; a schema that does not
/// compile is reported as every command reports it, and nothing is written.
@Suite struct BundleCommandTests {
    @Test func writesTheBundleAndNothingElse() throws {
        let scratch = try ScratchDirectory()
        let bundle = scratch.url.appendingPathComponent("event.formbundle").path
        let result = try Formcheck.run(["bundle", "schemas/event.json", "-o", bundle])
        #expect(result.stdout == "" && result.stderr == "")
        #expect(result.status == 0)
        let text = try String(contentsOfFile: bundle, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"formcheckBundle\": 1,\n  \"hash\": \"fnv1a64:"))
        #expect(text.contains("\n    \"file\": \"event.json\",\n    \"schema\": {\n      \"formcheck\": 1,\n      \"form\": \"event\",\n"))
    }

    @Test(.needsYAML) func aSchemaThatDoesNotCompileIsReportedAndNothingIsWritten() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("form.yaml", "formcheck: 1\nfields:\n  email:\n    type: string\n    rules: [required, emial]\n")
        let result = try Formcheck.run(["bundle", "form.yaml", "--output", "form.formbundle"], directory: scratch.url)
        #expect(result.stderr == """
            form.yaml:5:23: error: unknown rule 'emial'; did you mean 'email'?
                rules: [required, emial]
                                  ^

            """)
        #expect(result.stdout == "")
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("form.formbundle").path))
    }

    @Test(.needsYAML) func anUnreadableCatalogFailsTheBundle() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("form.yaml", "formcheck: 1\nmessages: m\nfields:\n  name: string\n")
        try scratch.write("m/fr.yaml", "messages: [oops\n")
        let result = try Formcheck.run(["bundle", "form.yaml", "-o", "form.formbundle"], directory: scratch.url)
        #expect(result.stderr.hasPrefix("m/fr.yaml:2:1: error: invalid YAML: "))
        #expect(result.status == 2)
    }
}

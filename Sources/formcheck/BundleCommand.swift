import ArgumentParser
import FormCheck
import Foundation

/// `formcheck bundle SCHEMA -o FILE`: compiles a schema and writes it with its message catalogs as one
/// JSON bundle, which `FormSchema(bundle:)` loads in any build of the library.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Compile a schema and write it with its message catalogs as one JSON bundle for FormSchema(bundle:).",
        discussion: """
            Exit codes: 0 the bundle is written; 2 the schema does not compile, a catalog cannot be read, \
            or the bundle cannot be written.
            """)

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: ArgumentHelp("A message catalog folder to use instead of the schema's 'messages:'.", valueName: "dir"))
    var messages: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The bundle file to write.", valueName: "file"))
    var output: String

    @OptionGroup var schemaSize: SchemaSizeOption

    func run() throws {
        // `custom:` rules are the app's: it gives them when it loads the bundle.
        let compiled = try SchemaLoader.load(schema, messages: messages, assumeCustomPass: true, maxFileSize: schemaSize.maxSchemaSize)
        try SchemaLoader.requireReadableCatalogs(of: compiled)
        let bytes: [UInt8]
        do {
            bytes = try compiled.bundled()
        } catch {
            Output.error(error.description)
            throw ExitStatus.failure
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Output.error("\(output): error: cannot write the bundle: \(error.localizedDescription)\n")
            throw ExitStatus.failure
        }
    }
}

import ArgumentParser
import FormCheck

/// `formcheck lint SCHEMA`: checks the schema and its message catalogs without any data.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a schema and its message catalogs: syntax, plurals, placeholders, missing and unused keys.",
        discussion: """
            Exit codes: 0 no error (warnings allowed unless --strict); 1 an error was found, or a warning with --strict; \
            2 the schema or a catalog cannot be read.
            """)

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: ArgumentHelp("A message catalog folder to use instead of the schema's 'messages:'.", valueName: "dir"))
    var messages: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Report 'custom:' rules that nothing registers as warnings instead of errors.")
    var assumeCustomPass = false

    @Option(help: "Color: auto, always or never.")
    var color: Style.Choice = .auto

    @OptionGroup var schemaSize: SchemaSizeOption

    func run() throws {
        let compiled = try SchemaLoader.load(schema, messages: messages, assumeCustomPass: true, maxFileSize: schemaSize.maxSchemaSize)
        try SchemaLoader.requireReadableCatalogs(of: compiled)
        let findings = CatalogLinter.lint(compiled, customRulesAreExpected: assumeCustomPass)
        let style = Style(color)
        let renderer = DiagnosticRenderer(sources: [compiled.source] + compiled.catalogSources)
        var text = ""
        for finding in findings {
            let rendered = renderer.render(finding)
            let header = rendered.prefix { $0 != "\n" }
            text += style.bold(String(header)) + rendered.dropFirst(header.count)
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let locales = compiled.catalogs.locales
        let checked = locales.isEmpty ? "no catalogs" : "\(locales.count) catalog\(locales.count == 1 ? "" : "s") (\(locales.joined(separator: ", ")))"
        text += "\(schema): \(checked): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        Output.out(text)
        throw errors > 0 || (strict && warnings > 0) ? ExitStatus.invalid : ExitStatus.valid
    }
}

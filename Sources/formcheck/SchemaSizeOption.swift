import ArgumentParser
import FormCheck

/// `--max-schema-size`, taken by every command that reads a schema.
struct SchemaSizeOption: ParsableArguments {
    @Option(help: ArgumentHelp("The largest schema file or message catalog read, in bytes or with a K, M or G suffix.",
                               valueName: "size"))
    var maxSchemaSize: SizeLimit = .schemas

    /// The limit, naming this option in its error.
    var limit: SizeLimit { SizeLimit(bytes: maxSchemaSize.bytes, option: "--max-schema-size") }
}

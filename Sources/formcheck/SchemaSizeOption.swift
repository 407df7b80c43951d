import ArgumentParser
import FormCheck

/// `--max-schema-size`, taken by every command that reads a schema.
struct SchemaSizeOption: ParsableArguments {
    @Option(help: ArgumentHelp("The largest schema file or message catalog read, in bytes or with a K, M or G suffix.",
                               valueName: "size"))
    var maxSchemaSize: SizeLimit = .schemas
}

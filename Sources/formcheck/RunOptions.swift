import ArgumentParser
import FormCheck
import Foundation

/// The options that `check` and `test` share: output, color, error collection, the date and threads.
struct RunOptions: ParsableArguments {
    @Option(help: "Output format: text, json, junit, sarif, github or summary (check: the closing line only; test: the failing cases, then the closing line).")
    var format: OutputFormat = .text

    @Option(help: "Color: auto (when standard output is a terminal and NO_COLOR is not set), always or never.")
    var color: Style.Choice = .auto

    @Flag(help: "Report every failing rule of every field, not only each field's first.")
    var allErrors = false

    @Option(help: ArgumentHelp("The date that 'today', minAge and maxAge use (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: ArgumentHelp("The locale of the messages, such as fr or pt-BR (default: the schema's locale).", valueName: "locale"))
    var locale: String?

    @Option(help: ArgumentHelp("A message catalog folder to use instead of the schema's 'messages:'.", valueName: "dir"))
    var messages: String?

    @Flag(help: "Treat 'custom:' rules, which only an app can register, as passing.")
    var assumeCustomPass = false

    @Option(help: ArgumentHelp("""
        The largest record read, in bytes or with a K, M or G suffix: a JSON Lines line, or a whole JSON \
        or YAML file or standard input. Reading stops at the limit with an error.
        """, valueName: "size"))
    var maxRecordSize: SizeLimit = .records

    @Option(name: .customLong("jobs"), help: ArgumentHelp(
        "Threads that validate records (check) or run cases (test); default: every core. Output keeps the input order.",
        valueName: "jobs"))
    var givenJobs: Int?

    /// The threads to use: those given, or every core.
    var jobs: Int { givenJobs ?? Self.cores }

    /// The cores this process may use, read once: the argument parser makes options more than once,
    /// and each reading looks through the cgroup's files.
    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var schemaSize: SchemaSizeOption

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
        if let today, LocalDate(iso8601: today) == nil {
            throw ValidationError("--today must be a date written YYYY-MM-DD, such as 2025-01-31.")
        }
        if let locale, !LocaleIdentifier.isValid(locale) {
            throw ValidationError("--locale must be a locale identifier such as en, fr or pt-BR.")
        }
    }

    var validationOptions: ValidationOptions {
        ValidationOptions(collectAllErrors: allErrors, today: today.flatMap(LocalDate.init(iso8601:)) ?? .today(), locale: locale,
                          maxRecordSize: maxRecordSize)
    }

    /// Loads the schema at `path` with these options' catalogs, custom-rule choice and size limit.
    func loadSchema(_ path: String) throws -> FormSchema {
        try SchemaLoader.load(path, messages: messages, assumeCustomPass: assumeCustomPass, maxFileSize: schemaSize.maxSchemaSize)
    }
}

/// Loads a schema for a command, printing its diagnostics and exiting with 2 when it does not compile.
enum SchemaLoader {
    static func load(_ path: String, messages: String? = nil, assumeCustomPass: Bool = false, maxFileSize: SizeLimit) throws -> FormSchema {
        do {
            return try FormSchema(contentsOfFile: path, messagesDirectory: messages, assumeCustomRulesPass: assumeCustomPass,
                                  maxFileSize: maxFileSize)
        } catch {
            Output.error(SchemaError(diagnostics: error.diagnostics.map(\.namingLimitOption), source: error.source).description)
            throw ExitStatus.failure
        }
    }

    /// Fails, after printing why on standard error, when a catalog file of `schema` could not be read.
    static func requireReadableCatalogs(of schema: FormSchema) throws {
        let unreadable = schema.catalogs.unreadableCatalogs
        guard unreadable.isEmpty else {
            Output.error(SchemaError(diagnostics: unreadable.map(\.namingLimitOption), source: nil).description)
            throw ExitStatus.failure
        }
    }

    /// Prints on standard error why the messages of `locale` (nil for the schema's own) fall back:
    /// catalogs or messages skipped, or no catalog of its language.
    static func warnAboutCatalogs(of schema: FormSchema, locale: String?) {
        let warnings = schema.catalogWarnings(locale: locale ?? schema.sourceLocale)
        guard !warnings.isEmpty else { return }
        Output.error(DiagnosticRenderer(sources: [schema.source] + schema.catalogSources).render(warnings.map(\.namingLimitOption)))
    }
}

extension Style.Choice: ExpressibleByArgument {}

extension SizeLimit: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
extension OutputFormat: ExpressibleByArgument {}

import ArgumentParser
import FormCheck

/// The options that `check` and `test` share: output, color, error collection and the date.
struct RunOptions: ParsableArguments {
    @Option(help: "Output format: text, json, junit, sarif or github.")
    var format: OutputFormat = .text

    @Option(help: "Color: auto (when standard output is a terminal and NO_COLOR is not set), always or never.")
    var color: Style.Choice = .auto

    @Flag(help: "Report every failing rule of every field, not only each field's first.")
    var allErrors = false

    @Option(help: ArgumentHelp("The date that 'today', minAge and maxAge use (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    func validate() throws {
        if let today, LocalDate(iso8601: today) == nil {
            throw ValidationError("--today must be a date written YYYY-MM-DD, such as 2025-01-31.")
        }
    }

    var validationOptions: ValidationOptions {
        ValidationOptions(collectAllErrors: allErrors, today: today.flatMap(LocalDate.init(iso8601:)) ?? .today())
    }
}

/// Loads a schema for a command, printing its diagnostics and exiting with 2 when it does not compile.
enum SchemaLoader {
    static func load(_ path: String) throws -> FormSchema {
        do {
            return try FormSchema(contentsOfFile: path)
        } catch {
            Output.error(error.description)
            throw ExitStatus.failure
        }
    }
}

extension Style.Choice: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

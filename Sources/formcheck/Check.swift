import ArgumentParser
import FormCheck
import Foundation

/// `formcheck check SCHEMA DATA...` (the default command): validates every record and reports each issue.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check JSON, JSON Lines or YAML records against a schema (the default command).")

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Argument(help: "Data files, directories (walked recursively) or '-' for standard input.")
    var data: [String]

    @OptionGroup var options: RunOptions

    @Option(help: "Threads that parse and validate records (default: every core); output keeps the input order.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("The format of standard input and of files without a data extension: json, jsonl or yaml.",
                               valueName: "format"))
    var dataFormat: DataFormat?

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
    }

    func run() throws {
        let compiled = try options.loadSchema(schema)
        let validationOptions = options.validationOptions
        SchemaLoader.warnAboutCatalogs(of: compiled, locale: validationOptions.locale)
        var reporter = makeReporter(for: compiled)
        var summary = CheckSummary()
        let (inputs, problems) = DataInputs.expand(data, forcedFormat: dataFormat)
        for (name, message) in problems {
            reporter.problem(file: name, position: nil, message: message)
            reporter.fileDone(file: name)
            summary.unreadable += 1
        }
        let progress = Progress(totalFiles: inputs.count)
        for input in inputs {
            summary.files += 1
            let handle: (DataRecord, ValidationReport?) -> Void = { record, report in
                if let report {
                    summary.count(report)
                    progress.record()
                    if !report.issues.isEmpty { progress.clear() }
                    reporter.record(file: input.name, record: record, report: report)
                } else if case .failure(let error) = record.content {
                    summary.unreadable += 1
                    progress.clear()
                    reporter.problem(file: input.name, position: error.position, message: error.message)
                }
            }
            do {
                switch input.source {
                case .file(let path, let format):
                    try compiled.validateRecords(inFile: path, format: format, options: validationOptions, jobs: jobs, handle)
                case .standardInput(let format):
                    try compiled.validateRecordsInStandardInput(format: format, options: validationOptions, jobs: jobs, handle)
                }
            } catch {
                summary.unreadable += 1
                progress.clear()
                reporter.problem(file: input.name, position: error.position, message: error.messageNamingOption)
            }
            reporter.fileDone(file: input.name)
            progress.fileDone()
        }
        progress.clear()
        reporter.finish(summary)
        throw summary.exitStatus
    }

    private func makeReporter(for compiled: FormSchema) -> any CheckReporter {
        switch options.format {
        case .text: return TextReporter(schema: compiled, style: Style(options.color))
        case .json: return JSONReporter(schema: schema, form: compiled.name, positions: ShownPositions(schema: compiled))
        case .junit: return JUnitReporter(form: compiled.name, positions: ShownPositions(schema: compiled))
        case .sarif: return SARIFReporter(positions: ShownPositions(schema: compiled))
        case .github: return GitHubReporter(positions: ShownPositions(schema: compiled))
        case .summary: return SummaryReporter(style: Style(options.color))
        }
    }
}

extension DataFormat: ExpressibleByArgument {}


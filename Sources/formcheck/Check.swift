import ArgumentParser
import FormCheck
import Foundation

/// `formcheck check SCHEMA DATA...` (the default command): validates every record and reports each issue.
struct Check: ParsableCommand {
    // Named here, not derived from the type's name: deriving it reflects on the type at every start.
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check JSON, JSON Lines or YAML records against a schema (the default command).")

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Argument(help: "Data files, directories (walked recursively) or '-' for standard input.")
    var data: [String]

    @OptionGroup var options: RunOptions

    @Option(help: ArgumentHelp("The format of standard input and of files without a data extension: json, jsonl or yaml.",
                               valueName: "format"))
    var dataFormat: DataFormat?

    func run() throws {
        let compiled = try options.loadSchema(schema)
        SchemaLoader.warnAboutCatalogs(of: compiled, locale: options.validationOptions.locale)
        // Each kind of reporter on its own code, specialized for it.
        let style = Style(options.color)
        switch options.format {
        case .text: try check(compiled, reporter: TextReporter(schema: compiled, style: style))
        case .json: try check(compiled, reporter: JSONReporter(schema: schema, form: compiled.name, positions: ShownPositions(schema: compiled)))
        case .junit: try check(compiled, reporter: JUnitReporter(form: compiled.name, positions: ShownPositions(schema: compiled)))
        case .sarif: try check(compiled, reporter: SARIFReporter(positions: ShownPositions(schema: compiled)))
        case .github: try check(compiled, reporter: GitHubReporter(positions: ShownPositions(schema: compiled)))
        case .summary: try check(compiled, reporter: SummaryReporter(style: style))
        }
    }

    /// Checks every input, its records' output rendered on the checking threads and written in input
    /// order: by those threads, where the reporter streams or gathers its output (`CheckReporter.orderedOutput`)
    /// and standard output is not a terminal (where a progress line may share it); else by `reporter`.
    private func check<Reporter: CheckReporter>(_ compiled: FormSchema, reporter: Reporter) throws {
        let run = CheckRun(reporter: reporter, ordered: isatty(1) == 0 ? reporter.orderedOutput : nil)
        let validationOptions = options.validationOptions
        let (inputs, problems) = DataInputs.expand(data, forcedFormat: dataFormat)
        for (name, message) in problems {
            run.reporter.problem(file: name, position: nil, message: message)
            run.reporter.fileDone(file: name)
            run.summary.unreadable += 1
        }
        // Taken out of the run, which the checking threads' closures do not capture.
        let ordered = run.ordered
        let progress = Progress(totalFiles: inputs.count)
        for input in inputs {
            run.summary.files += 1
            run.reporter.fileStarts(file: input.name)
            let renderers = ThreadRenderers(count: options.jobs) { run.reporter.renderer(file: input.name) }
            let check = RecordTransform(readsText: renderers.first.readsRecordText) {
                // Each thread renders with a renderer of its own into the output of its chunk, which it
                // writes itself in the chunk's turn, or else goes with the chunk's first record.
                let renderer = renderers.take()
                let output = ChunkOutput()
                return RecordMaker(runsWithoutIssues: { first, count in
                    CheckedRecord(validRecords: count, from: first, renderer: renderer, into: &output.buffer)
                }, endingChunksWith: { first, number in
                    first.chunk = output.end(number: number, writingTo: ordered)
                }) { record, report in
                    let checked = CheckedRecord(record: record, report: report, renderer: renderer, into: &output.buffer)
                    if case .unreadable = checked.outcome { output.toldOnWritingThread = true }
                    return checked
                }
            }
            func handle(_ checked: CheckedRecord<Reporter.Renderer>) {
                if let chunk = checked.chunk { run.start(chunk) }
                switch checked.outcome {
                case .valid(let count):
                    run.summary.count(validRecords: count)
                    progress.record(count)
                    if let rendered = checked.rendered, run.writesRecords { run.reporter.write(rendered, from: run.chunkOutput, file: input.name) }
                case .checked(let errors, let warnings):
                    run.summary.count(errors: errors, warnings: warnings)
                    progress.record()
                    if errors + warnings > 0 { progress.clear() }
                    if let rendered = checked.rendered, run.writesRecords { run.reporter.write(rendered, from: run.chunkOutput, file: input.name) }
                case .unreadable(let error):
                    run.summary.unreadable += 1
                    progress.clear()
                    run.reporter.problem(file: input.name, position: error.position, message: error.message)
                }
            }
            var failure: DataFileError?
            do {
                switch input.source {
                case .file(let path, let format):
                    try compiled.validateRecords(inFile: path, format: format, options: validationOptions, jobs: options.jobs, transform: check, handle)
                case .standardInput(let format):
                    try compiled.validateRecordsInStandardInput(format: format, options: validationOptions, jobs: options.jobs, transform: check, handle)
                }
            } catch {
                failure = error
            }
            run.endChunks()
            if let failure {
                run.summary.unreadable += 1
                progress.clear()
                run.reporter.problem(file: input.name, position: failure.position, message: failure.messageNamingOption)
            }
            run.reporter.fileDone(file: input.name)
            progress.fileDone()
        }
        progress.clear()
        run.reporter.finish(run.summary)
        throw run.summary.exitStatus
    }
}

/// What a run changes on the writing thread as records are handed on: the reporter, the counts, and
/// the chunk that the records being handed on belong to. Its properties are not checked for exclusive
/// access at run time, as the variables that the closure handing records on captures would be, at
/// every record; only the writing thread changes them.
private final class CheckRun<Reporter: CheckReporter> {
    @exclusivity(unchecked) var reporter: Reporter
    @exclusivity(unchecked) var summary = CheckSummary()
    /// The output of the chunk being handed on, which its records' results point into.
    @exclusivity(unchecked) var chunkOutput = OutputBuffer()
    /// Whether the records being handed on are written here (else their checking thread wrote them).
    @exclusivity(unchecked) var writesRecords = true
    /// The chunk whose turn this thread holds while it writes its records (see `OrderedOutput`).
    @exclusivity(unchecked) var turn: Int?
    /// Where the checking threads write their chunks, when they do.
    let ordered: OrderedOutput?

    init(reporter: Reporter, ordered: OrderedOutput?) {
        self.reporter = reporter
        self.ordered = ordered
    }

    /// Starts handing on the records of a chunk, after the records of the one before.
    func start(_ chunk: ChunkStart) {
        endTurn()
        switch chunk {
        case .written:
            writesRecords = false
        case .output(let output):
            (chunkOutput, writesRecords) = (output, true)
        case .outputInTurn(let output, let number):
            ordered!.waitForTurn(number)
            (chunkOutput, writesRecords, turn) = (output, true, number)
        }
    }

    /// Ends a file's chunks: once this returns, every record's output is written.
    func endChunks() {
        endTurn()
        ordered?.drain()
        writesRecords = true
    }

    private func endTurn() {
        guard let number = turn.take() else { return }
        ordered!.endTurn(number)
    }
}

/// The output a checking thread renders for its chunk of records, changed by that thread alone (and
/// so not checked for exclusive access at run time, as a variable its closures capture would be).
private final class ChunkOutput {
    @exclusivity(unchecked) var buffer = OutputBuffer()
    /// Whether a record of the chunk is told on the writing thread (one that could not be read).
    @exclusivity(unchecked) var toldOnWritingThread = false

    /// Ends the chunk numbered `number` (see `RecordMaker`): writes its output in its turn where the
    /// threads write (`ordered`), unless one of its records is told on the writing thread, which then
    /// writes them all in the chunk's turn; else hands the output on with the chunk's first record.
    func end(number: Int?, writingTo ordered: OrderedOutput?) -> ChunkStart? {
        defer { toldOnWritingThread = false }
        if let ordered, let number {
            guard toldOnWritingThread else {
                ordered.finish(chunk: number, &buffer)
                return .written
            }
            return .outputInTurn(handOn(), number: number)
        }
        // An empty buffer is not handed on: it holds the storage that empty buffers share, whose count
        // of references the two threads would both change.
        return buffer.isEmpty ? nil : .output(handOn())
    }

    /// The buffer, handed to the writing thread, and a fresh one with as much room in its place.
    private func handOn() -> OutputBuffer {
        defer { buffer = OutputBuffer(capacity: buffer.count) }
        return buffer
    }
}

/// How the records of a chunk are written, told by its first record.
enum ChunkStart: Sendable {
    /// By the checking thread that rendered them.
    case written
    /// By the writing thread, from the chunk's output.
    case output(OutputBuffer)
    /// By the writing thread, from the chunk's output, in the turn of the chunk numbered `number`
    /// (see `OrderedOutput`).
    case outputInTurn(OutputBuffer, number: Int)
}

extension DataFormat: ExpressibleByArgument {}


/// A record (or a run of records without issues) as the checking threads hand it on: its counts, or
/// the reason it could not be read, and what the reporter's renderer made of it; the first of a chunk
/// also brings the chunk's output.
struct CheckedRecord<Renderer: RecordRenderer>: Sendable {
    enum Outcome: Sendable {
        /// A run of records without issues.
        case valid(count: Int)
        case checked(errors: Int, warnings: Int)
        case unreadable(DataParseError)
    }

    let outcome: Outcome
    let rendered: Renderer.Rendered?
    /// How the records of its chunk are written, on the chunk's first record.
    var chunk: ChunkStart?

    /// A run of `count` records without issues, numbered from `first` on.
    init(validRecords count: Int, from first: Int, renderer: borrowing Renderer, into output: inout OutputBuffer) {
        outcome = .valid(count: count)
        rendered = renderer.render(runWithoutIssuesFrom: first, count: count, into: &output)
    }

    init(record: borrowing DataRecord, report: ValidationReport?, renderer: borrowing Renderer, into output: inout OutputBuffer) {
        guard let report else {
            if case .failure(let error) = record.content {
                outcome = .unreadable(error)
            } else {
                outcome = .checked(errors: 0, warnings: 0)
            }
            rendered = nil
            return
        }
        // By index, so that no issue is copied just to read its severity.
        let errors = report.issues.indices.count { report.issues[$0].severity == .error }
        outcome = .checked(errors: errors, warnings: report.issues.count - errors)
        rendered = renderer.render(record, report, into: &output)
    }
}

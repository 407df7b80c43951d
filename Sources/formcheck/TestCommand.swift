import ArgumentParser
import FormCheck

/// `formcheck test SCHEMA FIXTURES...`: runs a schema's own test suite.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a schema's fixtures: valid/ and invalid/ records, expectation sidecars and *.suite.yaml files.",
        discussion: """
            Each case prints one result line and the run ends with 'N passed, N failed'. \
            Exit codes: 0 every case passed; 1 a case failed; 2 the schema does not compile or a path holds no case.
            """)

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Argument(help: "Fixture directories (with valid/ and invalid/ folders) and *.suite.yaml files.")
    var fixtures: [String]

    @OptionGroup var options: RunOptions

    func run() throws {
        let compiled = try options.loadSchema(schema)
        SchemaLoader.warnAboutCatalogs(of: compiled, locale: options.locale)
        var reporter: any FixtureReporter = switch options.format {
        case .text: TextFixtureReporter(style: Style(options.color))
        case .json: JSONFixtureReporter(schema: schema)
        case .junit: JUnitFixtureReporter(form: compiled.name)
        case .sarif: SARIFFixtureReporter()
        case .github: GitHubFixtureReporter()
        case .summary: SummaryFixtureReporter()
        }
        var runner = FixtureRunner(schema: compiled, options: options.validationOptions)
        var passed = 0
        var failed = 0
        runner.run(fixtures, jobs: options.jobs) { result in
            if result.passed { passed += 1 } else { failed += 1 }
            reporter.result(result)
        }
        for problem in runner.problems {
            reporter.problem(file: problem.file, message: problem.message)
        }
        reporter.finish(passed: passed, failed: failed)
        if !runner.problems.isEmpty { throw ExitStatus.failure }
        throw failed > 0 ? ExitStatus.invalid : ExitStatus.valid
    }
}

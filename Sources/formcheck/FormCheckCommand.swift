import ArgumentParser
import Foundation

/// `formcheck`: checks data against form schemas. `formcheck SCHEMA DATA...` runs `check`.
@main
struct FormCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formcheck",
        abstract: "Validate form data against a declarative schema.",
        discussion: """
            Exit codes: 0 every record is valid; 1 at least one record is invalid; \
            2 the schema does not compile, an argument is wrong, or a data file cannot be read or parsed.
            """,
        version: "0.1.0",
        subcommands: [Check.self, TestCommand.self, LintCommand.self, GraphCommand.self, BundleCommand.self, DemoCommand.self],
        defaultSubcommand: Check.self
    )

    /// Runs the command and maps every outcome to the documented exit codes.
    static func main() async {
        MallocTuning.keepLargeBuffersMapped()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let status as ExitStatus {
            Output.flush()
            Foundation.exit(status.rawValue)
        } catch {
            Output.flush()
            let code = exitCode(for: error)
            if code == .success {
                Output.out(fullMessage(for: error) + "\n")
                Output.flush()
                Foundation.exit(0)
            }
            Output.error(fullMessage(for: error) + "\n")
            Output.error("Run 'formcheck --help' for usage.\n")
            Foundation.exit(ExitStatus.failure.rawValue)
        }
    }
}

import Foundation
import Testing

/// Runs the built `formcheck` executable as a separate process from the package root.
struct CommandResult: Sendable {
    let stdout: String
    let stderr: String
    let status: Int32
}

enum Formcheck {
    /// The package root, so commands use the same relative paths as the README.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `formcheck` binary built beside the test bundle.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("formcheck")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/formcheck")
    }()

    /// Runs `formcheck` with `arguments`, feeding `input` to standard input. With `outputFile`, standard
    /// output goes to that file (as a CI job's `> report.xml` sends it, or with `appending`, `>> log`, after
    /// what the file holds; with `mergingErrors`, standard error too, as `> log 2>&1` does), and `stdout` is
    /// read back from it, whole.
    static func run(
        _ arguments: [String], input: Data? = nil, directory: URL = packageRoot, environment extra: [String: String] = ["NO_COLOR": "1"],
        through launcher: [String] = [], outputFile: URL? = nil, appending: Bool = false, mergingErrors: Bool = false
    ) throws -> CommandResult {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [([executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")]
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        let errorsInOutputFile = outputFile != nil && mergingErrors
        if let outputFile {
            let descriptor = open(outputFile.path, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC), 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            process.standardOutput = handle
            process.standardError = errorsInOutputFile ? handle : stderr
        } else {
            process.standardOutput = stdout
            process.standardError = stderr
        }
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        // Read both pipes while the process runs so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        if outputFile == nil {
            DispatchQueue.global().async(group: group) { outData = stdout.fileHandleForReading.readDataToEndOfFile() }
        }
        if !errorsInOutputFile {
            DispatchQueue.global().async(group: group) { errData = stderr.fileHandleForReading.readDataToEndOfFile() }
        }
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        if let outputFile { outData = try Data(contentsOf: outputFile) }
        return CommandResult(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                             status: process.terminationStatus)
    }
}

/// A scratch directory removed when the test ends.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formcheck-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to `name` (creating folders) and returns the file's path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }
}

extension Trait where Self == ConditionTrait {
    /// For runs over YAML schemas, catalogs or data, which a command line built without the package
    /// trait `YAML` refuses.
    #if YAML
    static var needsYAML: Self { .enabled(if: true) }
    #else
    static var needsYAML: Self { .disabled("reads YAML, which needs the package trait YAML") }
    #endif
}

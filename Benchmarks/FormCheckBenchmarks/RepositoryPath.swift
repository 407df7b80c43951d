import Foundation

/// The absolute path of a file of the formcheck repository (such as `schemas/signup.yaml`), found from
/// this source file's place, so the benchmarks run from the repository or from `Benchmarks/`.
func repositoryPath(_ relativePath: String) -> String {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FormCheckBenchmarks
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()
        .appendingPathComponent(relativePath).path
}

import FormCheck
import Foundation

/// One place to read records from: a file with its format, or standard input.
struct DataInput {
    enum Source {
        case file(String, DataFormat)
        case standardInput(DataFormat?)
    }

    let name: String
    let source: Source
}

/// Expands the DATA arguments: files as given, directories walked recursively in sorted order
/// (hidden entries skipped, links followed as `FileTree` does), `-` for standard input. A file reached
/// again, through another path or link, is read only the first time. Problems are returned, not
/// thrown, so the other inputs are still checked.
enum DataInputs {
    static func expand(_ arguments: [String], forcedFormat: DataFormat?) -> (inputs: [DataInput], problems: [(String, String)]) {
        var inputs: [DataInput] = []
        var problems: [(String, String)] = []
        var tree = FileTree()
        for argument in arguments {
            if argument == "-" {
                inputs.append(DataInput(name: "<stdin>", source: .standardInput(forcedFormat)))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                problems.append((argument, "cannot read: no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                let listing = tree.walk(argument)
                let files = dataFiles(listing.files)
                problems += listing.problems
                if files.isEmpty && listing.problems.isEmpty {
                    problems.append((argument, "no data files (.json, .jsonl, .ndjson, .yaml, .yml) in this directory"))
                }
                inputs += files.filter { tree.isNew($0.0) }.map { DataInput(name: $0.0, source: .file($0.0, $0.1)) }
            } else if let format = DataFormat(fileName: argument) ?? forcedFormat {
                if tree.isNew(argument) { inputs.append(DataInput(name: argument, source: .file(argument, format))) }
            } else {
                problems.append((argument, "unknown data format; name the file .json, .jsonl, .ndjson, .yaml or .yml, or pass --data-format"))
            }
        }
        return (inputs, problems)
    }

    /// The data files among `files`; fixture metadata (`*.expect.yaml`, `*.suite.yaml`) is not data.
    private static func dataFiles(_ files: [String]) -> [(String, DataFormat)] {
        files.compactMap { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if (FixtureRunner.expectationSuffixes + FixtureRunner.suiteSuffixes).contains(where: name.hasSuffix) { return nil }
            return DataFormat(fileName: name).map { (path, $0) }
        }
    }
}

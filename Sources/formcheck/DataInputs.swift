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
/// (hidden entries skipped), `-` for standard input. Problems are returned, not thrown, so the
/// other inputs are still checked.
enum DataInputs {
    static func expand(_ arguments: [String], forcedFormat: DataFormat?) -> (inputs: [DataInput], problems: [(String, String)]) {
        var inputs: [DataInput] = []
        var problems: [(String, String)] = []
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
                let files = walk(argument)
                if files.isEmpty {
                    problems.append((argument, "no data files (.json, .jsonl, .ndjson, .yaml, .yml) in this directory"))
                }
                inputs += files.map { DataInput(name: $0.0, source: .file($0.0, $0.1)) }
            } else if let format = DataFormat(fileName: argument) ?? forcedFormat {
                inputs.append(DataInput(name: argument, source: .file(argument, format)))
            } else {
                problems.append((argument, "unknown data format; name the file .json, .jsonl, .ndjson, .yaml or .yml, or pass --data-format"))
            }
        }
        return (inputs, problems)
    }

    /// Data files below `directory`; fixture metadata (`*.expect.yaml`, `*.suite.yaml`) is not data.
    private static func walk(_ directory: String) -> [(String, DataFormat)] {
        FileTree.files(under: directory).compactMap { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if (FixtureRunner.expectationSuffixes + FixtureRunner.suiteSuffixes).contains(where: name.hasSuffix) { return nil }
            return DataFormat(fileName: name).map { (path, $0) }
        }
    }
}

/// Walks directories the way every command does: recursively, in sorted order, skipping hidden entries.
enum FileTree {
    static func files(under directory: String) -> [String] {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
        var files: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : "\(directory)/\(entry)"
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            files += isDirectory.boolValue ? FileTree.files(under: path) : [path]
        }
        return files
    }
}

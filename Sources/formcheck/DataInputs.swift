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
        var seen: Set<FileIdentity> = []
        /// Whether `path` names a file not reached before.
        func isNew(_ path: String) -> Bool {
            FileIdentity(path).map { seen.insert($0).inserted } ?? true
        }
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
                let tree = FileTree(walking: argument)
                let files = dataFiles(tree.files)
                problems += tree.problems
                if files.isEmpty && tree.problems.isEmpty {
                    problems.append((argument, "no data files (.json, .jsonl, .ndjson, .yaml, .yml) in this directory"))
                }
                inputs += files.filter { isNew($0.0) }.map { DataInput(name: $0.0, source: .file($0.0, $0.1)) }
            } else if let format = DataFormat(fileName: argument) ?? forcedFormat {
                if isNew(argument) { inputs.append(DataInput(name: argument, source: .file(argument, format))) }
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

/// A file or directory as the system knows it (its device and inode), whatever path or link names it.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
    let isDirectory: Bool

    /// What `path` names, links followed; nil when it does not exist (or a link leads nowhere).
    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        isDirectory = status.st_mode & S_IFMT == S_IFDIR
    }
}

/// Walks a directory the way every command does: recursively, in sorted order, skipping hidden
/// entries. Links are followed, but each directory is entered once per walk (known by its
/// `FileIdentity`), so a link back up the tree or to a directory already walked adds nothing, and a
/// cycle of links ends.
struct FileTree {
    /// The files found, in walk order.
    private(set) var files: [String] = []
    /// The directories that could not be listed, each with `cannot read: REASON`.
    private(set) var problems: [(file: String, message: String)] = []
    private var entered: Set<FileIdentity> = []

    init(walking directory: String) {
        walk(directory)
    }

    private mutating func walk(_ directory: String) {
        guard let identity = FileIdentity(directory), entered.insert(identity).inserted else { return }
        guard let listing = opendir(directory) else {
            problems.append((directory, "cannot read: \(FileBytes.reason(errno))"))
            return
        }
        var entries: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { entries.append(name) }
        }
        closedir(listing)
        for entry in entries.sorted() {
            let path = directory.hasSuffix("/") ? directory + entry : "\(directory)/\(entry)"
            guard let found = FileIdentity(path) else { continue }
            if found.isDirectory { walk(path) } else { files.append(path) }
        }
    }
}

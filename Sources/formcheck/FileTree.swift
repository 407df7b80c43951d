import FormCheck
import Foundation

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

/// Walks directories the way every command does: recursively, in sorted order, skipping hidden
/// entries. Links are followed, but each directory is entered once per walk (known by its
/// `FileIdentity`), so a link back up the tree or to a directory already walked adds nothing, and a
/// cycle of links ends. The tree also remembers the files it has handed out over all its walks and
/// paths, so a file reached again, through another argument, path or link, is read once.
struct FileTree {
    /// What one directory holds.
    struct Listing {
        /// The files found, in walk order, including those reached before.
        fileprivate(set) var files: [String] = []
        /// The directories that could not be listed or read to the end, each with `cannot read: REASON`.
        fileprivate(set) var problems: [(file: String, message: String)] = []
    }

    private var reached: Set<FileIdentity> = []

    /// Whether `path` names a file not reached before through this tree; a path that names nothing
    /// counts as new, so reading it reports the problem.
    mutating func isNew(_ path: String) -> Bool {
        FileIdentity(path).map { reached.insert($0).inserted } ?? true
    }

    /// The files under `directory` and the directories that could not be read.
    func walk(_ directory: String) -> Listing {
        var listing = Listing()
        var entered: Set<FileIdentity> = []
        Self.walk(directory, into: &listing, entered: &entered)
        return listing
    }

    private static func walk(_ directory: String, into listing: inout Listing, entered: inout Set<FileIdentity>) {
        guard let identity = FileIdentity(directory), entered.insert(identity).inserted else { return }
        guard let handle = opendir(directory) else {
            listing.problems.append((directory, "cannot read: \(FileBytes.reason(errno))"))
            return
        }
        var entries: [String] = []
        // readdir returns nil both at the end and on an error; only an error sets errno.
        errno = 0
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { entries.append(name) }
            errno = 0
        }
        let readError = errno
        closedir(handle)
        if readError != 0 {
            listing.problems.append((directory, "cannot read: \(FileBytes.reason(readError))"))
            return
        }
        for entry in entries.sorted() {
            let path = directory.hasSuffix("/") ? directory + entry : "\(directory)/\(entry)"
            guard let found = FileIdentity(path) else { continue }
            if found.isDirectory { walk(path, into: &listing, entered: &entered) } else { listing.files.append(path) }
        }
    }
}

import Foundation

/// Reads whole files and standard input into memory, reporting failures with the system's reason.
enum FileBytes {
    struct Failure: Error {
        let reason: String
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(reason: "no such file or directory")
        }
        guard !isDirectory.boolValue else { throw Failure(reason: "it is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(reason: "permission denied") }
        defer { try? handle.close() }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw Failure(reason: "\(error.localizedDescription)")
        }
    }
}

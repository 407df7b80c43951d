import Foundation

/// Reads whole files and standard input into memory, reporting failures with the system's reason.
enum FileBytes {
    struct Failure: Error {
        let reason: String
    }

    /// The file's bytes, read straight into one array (sized from the file's length, grown if the
    /// file grows meanwhile).
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(reason: "no such file or directory")
        }
        guard !isDirectory.boolValue else { throw Failure(reason: "it is a directory") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: max(expected, 1) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBufferPointer { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read == 0 { break }
            guard read > 0 else {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

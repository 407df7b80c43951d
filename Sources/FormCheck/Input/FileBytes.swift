import Foundation

/// Reads whole files and standard input into memory, reporting failures with the system's reason.
package enum FileBytes {
    enum Failure: Error {
        /// The system's reason: `permission denied`.
        case system(String)
        /// The file holds more bytes than the limit; reading stopped there.
        case tooLarge

        /// The diagnostic for failing to read `subject` (`.schema` or `.catalog`) of `file` with
        /// `limit`: `cannot read the schema: REASON`, or `the schema is larger than the limit of 16M`
        /// with the limit crossed.
        func diagnostic(reading subject: SizeLimitExceeded.Subject, _ file: String, limit: SizeLimit) -> Diagnostic {
            switch self {
            case .system(let reason):
                return Diagnostic(.error, "cannot read \(subject == .catalog ? "the catalog" : "the schema"): \(reason)", file: file, at: nil)
            case .tooLarge:
                let exceeded = SizeLimitExceeded(subject, limit: limit)
                var diagnostic = Diagnostic(.error, exceeded.message, file: file, at: nil)
                diagnostic.exceededLimit = exceeded
                return diagnostic
            }
        }
    }

    /// The file's bytes, read straight into one array (sized from the file's length, grown if the
    /// file grows meanwhile), at most `limit` of them: memory never goes much beyond the limit, even
    /// for endless files such as `/dev/zero`.
    static func read(_ path: String, limit: SizeLimit) throws(Failure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .system("no such file or directory")
        }
        guard !isDirectory.boolValue else { throw .system("it is a directory") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .system(reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        guard expected <= limit.bytes else { throw .tooLarge }
        // One byte beyond the limit tells a file of exactly the limit from a larger one (no file holds `Int.max`).
        let room = limit.bytes == .max ? .max : limit.bytes + 1
        // Room the reads fill, left uninitialized until then: a large file's pages are written once.
        func uninitialized(_ count: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
        var bytes = uninitialized(max(expected, 1) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count < room else { throw .tooLarge }
                bytes += uninitialized(min(bytes.count, room - bytes.count))
            }
            let read = bytes.withUnsafeMutableBufferPointer { fill(UnsafeMutableBufferPointer(rebasing: $0[count...]), from: descriptor) }
            count += read.count
            if let error = read.error { throw .system(reason(error)) }
            if read.ended { break }
        }
        guard count <= limit.bytes else { throw .tooLarge }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The system's description of an error number, begun in lowercase as diagnostics are written:
    /// `permission denied`.
    package static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The size of the regular file open at `descriptor`, or nil for anything else (a pipe, a device).
    static func size(of descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// How much room the next read of a file needs: what a file of `size` bytes (nil when unknown)
    /// holds after the `read` bytes read so far, and one byte more, which meets its end in the same
    /// read; at most `block`, and a block once more than `size` was read (the file grew). A small
    /// file is so read into a small buffer, not into a block whose pages the system must clear.
    static func readRoom(forFileOf size: Int?, after read: Int, atMost block: Int) -> Int {
        guard let size, read <= size else { return block }
        return min(block, size - read + 1)
    }

    /// Reads from `descriptor` into `buffer` until it is full or the input ends (a call interrupted by
    /// a signal is retried): how many bytes came, whether the input ended, and the system's error if
    /// reading failed. With `untilIdle`, it stops sooner, once bytes came and no more come within
    /// `idleTime` (see `hasInputReady`): input typed or piped in slowly is then handed on as it comes,
    /// not when a buffer's worth has come.
    static func fill(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32, untilIdle: Bool = false
    ) -> (count: Int, ended: Bool, error: Int32?) {
        var count = 0
        while count < buffer.count {
            let read = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if read > 0 {
                count += read
                if untilIdle, count < buffer.count, !hasInputReady(descriptor) { break }
            } else if read == 0 {
                return (count, true, nil)
            } else if errno != EINTR {
                return (count, true, errno)
            }
        }
        return (count, false, nil)
    }

    /// How long input may pause, in milliseconds, before what came is handed on: a program that
    /// writes as fast as it can (`cat`) refills a pipe far sooner, and a person typing sees no delay.
    static let idleTime: Int32 = 10

    /// Whether a read of `descriptor` would return at once (bytes, the end of the input or an error),
    /// as it always does for a regular file, or would within `idleTime`. A descriptor `poll` cannot
    /// watch (a terminal on macOS) counts as not ready, so that what came is handed on; a failed `poll`
    /// as ready, so that the read reports the error.
    static func hasInputReady(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, idleTime)
            if ready > 0 { return request.revents & Int16(POLLNVAL) == 0 }
            if ready == 0 || errno != EINTR { return ready < 0 }
        }
    }
}

extension [UInt8] {
    /// Appends `count` zeros: room for bytes read in place (an array's elements are always initialized).
    /// They are copied from a block of zeros kept for that, which a debug build does at once too, where
    /// zeros appended one by one took about a second per megabyte.
    mutating func appendRoom(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let part = Swift.min(remaining, Self.zeros.count)
            self += Self.zeros[..<part]
            remaining -= part
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: 1 << 20)

    /// Reads at most `count` bytes from `descriptor` onto the end, in place, as `FileBytes.fill` reads:
    /// how many came, whether the input ended, and the system's error if reading failed.
    mutating func appendRead(atMost count: Int, from descriptor: Int32, untilIdle: Bool = false) -> (count: Int, ended: Bool, error: Int32?) {
        let oldCount = self.count
        appendRoom(count)
        let read = withUnsafeMutableBufferPointer {
            FileBytes.fill(UnsafeMutableBufferPointer(rebasing: $0[oldCount...]), from: descriptor, untilIdle: untilIdle)
        }
        removeLast(count - read.count)
        return read
    }
}

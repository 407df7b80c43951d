import Foundation

/// Buffered writes to standard output and unbuffered writes to standard error.
/// Standard output is flushed before anything goes to standard error, so interleaved output stays in order.
enum Output {
    nonisolated(unsafe) private static let standardOutput: UnsafeMutablePointer<FILE> = {
        let stream: UnsafeMutablePointer<FILE> = fdopen(1, "w")
        // A file or a pipe takes the output a megabyte at a time, not in pieces of a page (a large run
        // writes tens of megabytes); a terminal keeps the stream's own buffering, so lines show as
        // they come.
        // The buffer is given: glibc takes a size only with one. It lives as long as the process.
        if isatty(1) == 0 { setvbuf(stream, .allocate(capacity: 1 << 20), _IOFBF, 1 << 20) }
        return stream
    }()

    /// Writes every byte of `text` (a NUL included, where `fputs` would stop).
    static func out(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput) }
    }

    /// Writes the bytes of `buffer`.
    static func write(_ buffer: OutputBuffer) {
        buffer.withBytes(write(bytes:))
    }

    /// Writes the bytes of `buffer` in `range`.
    static func write(_ buffer: OutputBuffer, _ range: Range<Int>) {
        buffer.withBytes { write(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    static func write(bytes: UnsafeBufferPointer<UInt8>) {
        _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput)
    }

    static func error(_ text: String) {
        fflush(standardOutput)
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func flush() {
        fflush(standardOutput)
    }
}

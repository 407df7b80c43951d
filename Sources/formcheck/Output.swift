import Foundation

/// Buffered writes to standard output and unbuffered writes to standard error.
/// Standard output is flushed before anything goes to standard error, so interleaved output stays in order.
enum Output {
    nonisolated(unsafe) private static let standardOutput: UnsafeMutablePointer<FILE> = fdopen(1, "w")

    /// Writes every byte of `text` (a NUL included, where `fputs` would stop).
    static func out(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput) }
    }

    /// Writes the bytes of `buffer`.
    static func write(_ buffer: OutputBuffer) {
        buffer.withBytes(write(bytes:))
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

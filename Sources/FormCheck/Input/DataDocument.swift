import Foundation

/// The text that records were read from: a whole file, or one line of a JSON Lines file.
/// It turns byte offsets into positions and quotes lines for excerpts, building its line index
/// only when an error first needs it.
public final class DataDocument: @unchecked Sendable {
    /// The name shown in output: the path as given, or `<stdin>`.
    public let name: String
    let bytes: [UInt8]
    /// The line number of the first byte (above 1 for a JSON Lines line).
    let firstLine: Int
    /// For YAML text, its records; its lines then break where YAML's do (CR, LF, CRLF, NEL, LS, PS),
    /// as the reader counted them. JSON lines break at LF (a CR before it is not part of the line).
    let yamlRecords: [YAMLNode]?
    /// Guards `lineStarts`, which a document of several lines builds when first asked; a document of
    /// one line (such as a JSON Lines record) has its index from the start and needs no lock.
    private let lock: NSLock?
    private var lineStarts: [Int]?

    init(name: String, bytes: [UInt8], firstLine: Int = 1, yamlRecords: [YAMLNode]? = nil) {
        self.name = name
        self.bytes = bytes
        self.firstLine = firstLine
        self.yamlRecords = yamlRecords
        let hasLineBreak = yamlRecords != nil
            || bytes.withUnsafeBufferPointer { $0.isEmpty ? false : memchr($0.baseAddress!, 0x0A, $0.count) != nil }
        lock = hasLineBreak ? NSLock() : nil
        lineStarts = hasLineBreak ? nil : [0]
    }

    /// The line and column (in Unicode scalars) of a byte offset.
    func position(ofOffset offset: Int) -> SourcePosition {
        let starts = lineIndex()
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = starts[low]
        while index < min(offset, bytes.count) {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: firstLine + low, column: column)
    }

    /// The text of a line (numbered as in the file), without its line break.
    public func line(_ number: Int) -> String? {
        let starts = lineIndex()
        let index = number - firstLine
        guard index >= 0, index < starts.count else { return nil }
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
        if yamlRecords != nil {
            end = starts[index]
            while end < bytes.count, yamlLineBreakLength(at: end) == 0 { end += 1 }
        }
        if end > starts[index], end <= bytes.count, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[starts[index]..<max(starts[index], end)], as: UTF8.self)
    }

    /// The length of the YAML line break at `index` (CR LF counts as one), or 0.
    private func yamlLineBreakLength(at index: Int) -> Int {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2 where byte(1) == 0x85: return 2
        case 0xE2 where byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9): return 3
        default: return 0
        }
    }

    private func lineIndex() -> [Int] {
        guard let lock else { return lineStarts! }
        lock.lock()
        defer { lock.unlock() }
        if let lineStarts { return lineStarts }
        var starts = [0]
        if yamlRecords != nil {
            var index = 0
            while index < bytes.count {
                let length = yamlLineBreakLength(at: index)
                index += max(length, 1)
                if length > 0 { starts.append(index) }
            }
        } else {
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        }
        lineStarts = starts
        return starts
    }
}

/// A stretch of a data file, from the first character of a value to just after its last.
public struct SourceSpan: Sendable, Hashable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

#if YAML
import Foundation

/// Cuts a YAML file into parts of whole documents, each after the first starting at a document marker
/// (`---` at the start of a line, then a space, a tab or a line break), so that each part can be parsed
/// by a parser of its own. One parser of the whole file starts a document at such a marker too, except
/// inside a block or quoted scalar at a document's top level, or in text it stops at as an error:
/// `YAMLDocumentStream` has one parser read on from a part that ends so. Lines are counted as libyaml
/// counts them (CR, LF, CRLF, NEL and the line and paragraph separators). After a line that starts
/// with `%` (a directive, which belongs to the document after it), or once more than `limit` is read,
/// the file is cut no more: the rest is one part, which one parser reads; and so it is once eight
/// times the least size of a part is held without a marker to cut at (a long list, most likely, which
/// one parser holds an item at a time rather than whole).
struct YAMLDocumentSplitter {
    struct Part: Sendable {
        /// The text, from `offset` in the file.
        let bytes: [UInt8]
        let offset: Int
        /// The line (from 1) the text starts, and the line the text after it starts.
        let firstLine: Int
        let nextLine: Int
        /// Whether this is the rest of the file from `offset` (the bytes read of it so far), to be read
        /// by one parser.
        let isRest: Bool
    }

    /// The least size of a part, by default.
    static let partSize = 1 << 19
    private static let readSize = 1 << 20

    private let descriptor: Int32
    private let limit: SizeLimit
    private let partSize: Int
    /// The file's size when it was opened (see `FileBytes.readRoom`).
    private let size: Int
    /// Text read and not handed on in a part, from `base` in the file.
    private(set) var held: [UInt8]
    private var base = 0
    /// The line `held` starts.
    private var firstLine = 1
    /// The start in `held` of the line looked at, its number, and where the search for its end goes on.
    private var lineStart = 0
    private var lineNumber = 1
    private var searchedTo = 0
    /// Whether the start of the line looked at was looked at (for a marker or a directive).
    private var lineStartSeen = false
    private var atEnd = false
    private(set) var readError: Int32?
    private var cutsNoMore = false
    private var isDone = false

    /// Reads on from `descriptor`, a file of `size` bytes whose text so far is `start`, in parts of at
    /// least `partSize` bytes.
    init(descriptor: Int32, size: Int, start: [UInt8], limit: SizeLimit, partSize: Int = Self.partSize) {
        (self.descriptor, self.size, self.limit, self.partSize, held) = (descriptor, size, limit, partSize, start)
    }

    /// The next part, or nil after the last.
    mutating func next() -> Part? {
        guard !isDone else { return nil }
        while true {
            if !cutsNoMore, let cut = nextCut() {
                let part = Part(bytes: Array(held[..<cut]), offset: base, firstLine: firstLine, nextLine: lineNumber, isRest: false)
                held.removeFirst(cut)
                (base, firstLine) = (base + cut, lineNumber)
                lineStart -= cut
                searchedTo -= cut
                return part
            }
            if !atEnd, held.count >= 8 * partSize { cutsNoMore = true }
            guard !cutsNoMore, !atEnd else {
                isDone = true
                defer { held = [] }
                return Part(bytes: held, offset: base, firstLine: firstLine, nextLine: .max, isRest: cutsNoMore)
            }
            readMore()
        }
    }

    /// Where in `held` the next part starts: a marker at least `partSize` in, found in the text read;
    /// nil when more text is needed (or cutting ends).
    private mutating func nextCut() -> Int? {
        while true {
            if !lineStartSeen {
                // A marker needs four bytes to tell, or the end.
                guard held.count - lineStart >= 4 || atEnd else { return nil }
                lineStartSeen = true
                if startsDirective(at: lineStart) {
                    cutsNoMore = true
                    return nil
                }
                if lineStart >= partSize, startsMarker(at: lineStart) { return lineStart }
            }
            let lineBreak = held.withUnsafeBufferPointer { DataDocument.nextPossibleYAMLLineBreak(in: $0, from: searchedTo) }
            // A line break that the text read may end inside: CR, or the first bytes of NEL or a separator.
            guard lineBreak < held.count, lineBreak + 3 <= held.count || atEnd || held[lineBreak] == 0x0A else {
                searchedTo = lineBreak
                return nil
            }
            let length = DataDocument.yamlLineBreakLength(in: held, at: lineBreak)
            guard length > 0 else {
                searchedTo = lineBreak + 1
                continue
            }
            (lineStart, searchedTo, lineNumber, lineStartSeen) = (lineBreak + length, lineBreak + length, lineNumber + 1, false)
        }
    }

    /// Whether the line at `index` starts with `---` and then a space, a tab, a line break or the end.
    private func startsMarker(at index: Int) -> Bool {
        guard index + 3 <= held.count, held[index] == 0x2D, held[index + 1] == 0x2D, held[index + 2] == 0x2D else { return false }
        guard index + 3 < held.count else { return atEnd }
        return [0x20, 0x09, 0x0A, 0x0D].contains(held[index + 3])
    }

    /// Whether the line at `index` starts with `%` (after the byte order mark, on the first line).
    private func startsDirective(at index: Int) -> Bool {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = index == 0 && base == 0 && held.starts(with: bom) ? 3 : index
        return start < held.count && held[start] == 0x25
    }

    private mutating func readMore() {
        let room = FileBytes.readRoom(forFileOf: size, after: base + held.count, atMost: Self.readSize)
        let read = held.appendRead(atMost: room, from: descriptor)
        if read.ended { atEnd = true }
        if let error = read.error {
            readError = error
            cutsNoMore = true
        }
        if base + held.count > limit.bytes { cutsNoMore = true }
    }
}
#endif

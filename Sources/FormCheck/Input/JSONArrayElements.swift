/// The elements of a JSON document whose top level is an array, found without parsing them: the
/// byte range of each and the position where it starts, so that they can be checked apart, on
/// several threads.
///
/// Only the array's own punctuation is checked here; each element is checked when it is read.
/// Anything unexpected (another kind of document, unbalanced brackets, an unterminated string) ends
/// the elements found, and the whole-document reader then reports the problem exactly.
enum JSONArrayElements {
    struct Element: Sendable {
        let range: Range<Int>
        let position: SourcePosition
    }

    /// Every element of the array in `bytes`, or nil when `bytes` is not a top-level array whose
    /// punctuation is well-formed.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Element]? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.openArray() else { return nil }
        var elements: [Element] = []
        while true {
            switch scanner.next(upTo: 4096) {
            case .elements(let found): elements += found
            case .end: return elements
            case .malformed: return nil
            }
        }
    }

    /// Finds the elements a run at a time, so that they can be checked while the rest is scanned.
    struct Scanner: ~Copyable {
        /// What the next run of the array gave.
        enum Run {
            /// The next elements, at least one.
            case elements([Element])
            /// The array was closed, and only white space follows.
            case end
            /// The text is not a well-formed array: the whole-document reader tells where.
            case malformed
        }

        private let bytes: UnsafeBufferPointer<UInt8>
        /// The text's columns counted once already (a long text of one line), when known.
        private let document: DataDocument?
        private var offset = 0
        /// Positions are counted as the scan goes: the current line, and a column known at an offset.
        private var line = 1
        private var columnOffset = 0
        private var column = 1
        private var isClosed = false
        /// Whether the punctuation was found wrong: nothing more is read.
        private var isBroken = false

        init(bytes: UnsafeBufferPointer<UInt8>, document: DataDocument? = nil) {
            self.bytes = bytes
            self.document = document
        }

        /// Reads up to the first element (or the closing bracket); false when the text does not start
        /// with an array.
        mutating func openArray() -> Bool {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return false }
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                isClosed = true
            }
            return true
        }

        /// The next elements, at most `limit` of them: the elements before a fault in the punctuation
        /// come first, and the fault with the call after.
        mutating func next(upTo limit: Int) -> Run {
            var elements: [Element] = []
            elements.reserveCapacity(limit)
            while !isClosed, elements.count < limit {
                let start = offset
                let position = self.position(of: start)
                guard let end = skipElement() else { return failing(after: elements) }
                elements.append(Element(range: start..<end, position: position))
                skipWhitespace()
                guard offset < bytes.count else { return failing(after: elements) }
                switch bytes[offset] {
                case UInt8(ascii: ","):
                    offset += 1
                    skipWhitespace()
                case UInt8(ascii: "]"):
                    offset += 1
                    isClosed = true
                default:
                    return failing(after: elements)
                }
            }
            if !elements.isEmpty { return .elements(elements) }
            skipWhitespace()
            return offset == bytes.count && !isBroken ? .end : .malformed
        }

        /// The elements found before a fault, if any; the fault is told now, or by the next call.
        private mutating func failing(after elements: [Element]) -> Run {
            isBroken = true
            isClosed = true
            return elements.isEmpty ? .malformed : .elements(elements)
        }

        /// Moves to the `,`, or the bracket that closes nothing, after an element (or to the end of the
        /// text); returns where the element ends (before any white space), or nil when there is no
        /// element there or the text ends inside one.
        private mutating func skipElement() -> Int? {
            var depth = 0
            let start = offset
            var end = offset
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return nil }
                    end = offset
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    // A bracket that closes nothing ends the element; the caller checks it.
                    if depth == 0 { return end > start ? end : nil }
                    depth -= 1
                case UInt8(ascii: ",") where depth == 0:
                    return end > start ? end : nil
                case 0x0A:
                    newLine()
                    offset += 1
                    continue
                case 0x20, 0x09, 0x0D:
                    offset += 1
                    continue
                default:
                    break
                }
                offset += 1
                end = offset
            }
            // The text ends after a whole value: the caller finds the array unclosed.
            return depth == 0 && end > start ? end : nil
        }

        /// Skips a string, quotes included, eight bytes at a time between escapes.
        private mutating func skipString() -> Bool {
            offset += 1
            while true {
                while offset + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, at: offset)
                    let stop = ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word) | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
                    if stop != 0 {
                        offset += stop.trailingZeroBitCount / 8
                        break
                    }
                    offset += 8
                }
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
                guard offset < bytes.count else { return false }
                if bytes[offset] == UInt8(ascii: "\"") {
                    offset += 1
                    return true
                }
                offset += 2
            }
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x0A: newLine()
                case 0x20, 0x09, 0x0D: break
                default: return
                }
                offset += 1
            }
        }

        /// Called at a line feed, at `offset`.
        private mutating func newLine() {
            line += 1
            columnOffset = offset + 1
            column = 1
        }

        /// The line and column of `target`, which lies on the current line at or after the last offset
        /// asked for. Columns count Unicode scalars, as `DataDocument` does.
        private mutating func position(of target: Int) -> SourcePosition {
            if line == 1, let before = document?.scalarCount(before: target) { return SourcePosition(line: 1, column: 1 + before) }
            column += UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: bytes[columnOffset..<target]))
            columnOffset = target
            return SourcePosition(line: line, column: column)
        }
    }
}

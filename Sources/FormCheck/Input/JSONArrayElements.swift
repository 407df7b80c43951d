/// The elements of a JSON document whose top level is an array, found without parsing them: the
/// byte range of each and the position where it starts, so that they can be checked apart, on
/// several threads.
///
/// Only the array's own punctuation is checked here; each element is checked when it is read.
/// Anything unexpected (another kind of document, unbalanced brackets, an unterminated string)
/// gives nil, and the whole-document reader then reports the problem exactly.
enum JSONArrayElements {
    struct Element: Sendable {
        let range: Range<Int>
        let position: SourcePosition
    }

    static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Element]? {
        var scanner = Scanner(bytes: bytes)
        return scanner.elements()
    }

    private struct Scanner: ~Copyable {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        /// Positions are counted as the scan goes: the current line, and a column known at an offset.
        var line = 1
        var columnOffset = 0
        var column = 1

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func elements() -> [Element]? {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return nil }
            offset += 1
            skipWhitespace()
            var elements: [Element] = []
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
            } else {
                while true {
                    let start = offset
                    let position = self.position(of: start)
                    guard let end = skipElement() else { return nil }
                    elements.append(Element(range: start..<end, position: position))
                    skipWhitespace()
                    guard offset < bytes.count else { return nil }
                    offset += 1
                    if bytes[offset - 1] == UInt8(ascii: "]") { break }
                    skipWhitespace()
                }
            }
            skipWhitespace()
            return offset == bytes.count ? elements : nil
        }

        /// Moves to the `,` or `]` after an element; returns where the element ends (before any white
        /// space), or nil when the text ends first or brackets close that never opened.
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
                    if depth == 0 { return bytes[offset] == UInt8(ascii: "]") && end > start ? end : nil }
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
            return nil
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
            column += UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: bytes[columnOffset..<target]))
            columnOffset = target
            return SourcePosition(line: line, column: column)
        }
    }
}

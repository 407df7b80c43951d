import Foundation

/// Finds where a value sits in JSON text that has already been parsed, for error positions.
///
/// Nothing is recorded while parsing: only a record with an error pays for a second, partial scan.
enum JSONLocator {
    /// The byte range of the value at `path` inside the JSON value that starts at `start`. When a member
    /// or element is missing, the empty range at the start of the nearest enclosing value that exists.
    /// For a repeated key, the last occurrence (the one the reader keeps).
    static func range(of path: ValuePath, in bytes: [UInt8], from start: Int) -> Range<Int> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.offset = start
            // Only the start of the record matters unless the record itself is asked for.
            guard !path.components.isEmpty else { return reader.valueRange() }
            reader.skipWhitespace()
            var found = reader.offset..<reader.offset
            for component in path.components {
                reader.offset = found.lowerBound
                guard let next = reader.child(component) else { return found.lowerBound..<found.lowerBound }
                found = next
            }
            return found
        }
    }
}

extension JSONLocator {
    /// The byte ranges of the values of sensitive fields (every occurrence of a repeated key included)
    /// in JSON text that has already been parsed: one record, or an array of records; or, given
    /// `recordStart`, the one record that starts there.
    static func sensitiveRanges(in bytes: [UInt8], recordStart: Int? = nil, graph: ValidatorGraph) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.offset = JSONTextEncoding.byteOrderMarkLength(buffer)
            var ranges: [Range<Int>] = []
            reader.offset = recordStart ?? reader.offset
            reader.skipWhitespace()
            guard recordStart == nil, reader.peek() == UInt8(ascii: "[") else {
                reader.collectSensitiveRanges(of: nil, graph: graph, into: &ranges)
                return ranges
            }
            reader.offset += 1
            reader.forEachElement { $0.collectSensitiveRanges(of: nil, graph: graph, into: &ranges) }
            return ranges
        }
    }
}

extension JSONReader {
    /// Walks the value at the current offset, a value of field `id` (or a record when nil), adding the
    /// ranges of sensitive values to `ranges`; leaves the offset after it.
    fileprivate mutating func collectSensitiveRanges(of id: Int?, graph: ValidatorGraph, into ranges: inout [Range<Int>]) {
        skipWhitespace()
        if let id, graph.nodes[id].isSensitive {
            ranges.append(valueRange())
            return
        }
        // Only the fields that are or hold sensitive values are looked into.
        let fields = graph.fieldsHoldingSensitiveValues(in: id)
        let items = id.flatMap { graph.nodes[$0].items }
        switch peek() {
        case UInt8(ascii: "{")? where !fields.isEmpty:
            offset += 1
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { break }
                let child = readField(among: fields, graph: graph)
                skipWhitespace()
                offset += 1  // ':'
                if let child {
                    collectSensitiveRanges(of: child, graph: graph, into: &ranges)
                } else {
                    skipWhitespace()
                    skipValue()
                }
                skipWhitespace()
                guard peek() == UInt8(ascii: ",") else { break }
                offset += 1
            }
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { offset += 1 }
        case UInt8(ascii: "[")? where items.map(graph.holdsSensitiveValues) == true:
            offset += 1
            forEachElement { $0.collectSensitiveRanges(of: items, graph: graph, into: &ranges) }
        default:
            skipValue()
        }
    }

    /// Reads a member name and gives the field among `fields` that it names, if any. A name of ASCII
    /// text without escapes is compared as it lies with each ASCII key.
    private mutating func readField(among fields: [Int], graph: ValidatorGraph) -> Int? {
        guard let name = readPlainASCIIName() else { return graph.field((try? readString()) ?? "", among: fields) }
        return fields.first { field in
            guard let key = graph.asciiKeys[field] else { return graph.nodes[field].key == String(decoding: name, as: UTF8.self) }
            return key.withUnsafeBufferPointer { $0.count == name.count && memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
        }
    }

    /// Calls `body` at each element of the array whose `[` was just read, leaving the offset after its `]`.
    fileprivate mutating func forEachElement(_ body: (inout JSONReader) -> Void) {
        while true {
            skipWhitespace()
            guard let byte = peek(), byte != UInt8(ascii: "]") else { break }
            body(&self)
            skipWhitespace()
            guard peek() == UInt8(ascii: ",") else { break }
            offset += 1
        }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { offset += 1 }
    }

    /// The range of the value at the current offset, leaving the offset after it.
    fileprivate mutating func valueRange() -> Range<Int> {
        skipWhitespace()
        let start = offset
        skipValue()
        return start..<offset
    }

    /// Within the object or array at the current offset, the range of a member or element.
    fileprivate mutating func child(_ component: ValuePath.Component) -> Range<Int>? {
        skipWhitespace()
        switch (component, peek()) {
        case (.key(let key), UInt8(ascii: "{")?):
            offset += 1
            let keyIsASCII = key.utf8.allSatisfy { $0 < 0x80 }
            var match: Range<Int>?
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { return match }
                let isMatch = readKey(equalTo: key, isASCII: keyIsASCII)
                skipWhitespace()
                offset += 1  // ':'
                let range = valueRange()
                if isMatch { match = range }
                skipWhitespace()
                guard peek() == UInt8(ascii: ",") else { return match }
                offset += 1
            }
        case (.index(let index), UInt8(ascii: "[")?):
            offset += 1
            var current = 0
            while true {
                skipWhitespace()
                guard let byte = peek(), byte != UInt8(ascii: "]") else { return nil }
                let range = valueRange()
                if current == index { return range }
                current += 1
                skipWhitespace()
                guard peek() == UInt8(ascii: ",") else { return nil }
                offset += 1
            }
        default:
            return nil
        }
    }

    /// Reads the member name at the current offset and tells whether it is `key`, as Strings compare.
    /// A name of ASCII without escapes is compared on its bytes when `key` is ASCII too (`isASCII`: an
    /// ASCII text equals no other ASCII text, even canonically).
    private mutating func readKey(equalTo key: String, isASCII: Bool) -> Bool {
        if isASCII, let name = readPlainASCIIName() { return key.utf8.elementsEqual(name) }
        return ((try? readString()) ?? "") == key
    }

    /// Reads the member name at the current offset when it is ASCII text without escapes, and gives
    /// its bytes (without the quotes); else reads nothing and gives nil.
    private mutating func readPlainASCIIName() -> UnsafeBufferPointer<UInt8>? {
        let start = offset
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] < 0x80 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        offset = end + 1
        return UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
    }

    /// Skips one well-formed value without building it.
    fileprivate mutating func skipValue() {
        guard let first = peek() else { return }
        switch first {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                offset += 1
                if depth == 0 { return }
            }
        default:
            while let byte = peek(), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                offset += 1
            }
        }
    }

    private mutating func skipString() {
        offset += 1
        while let byte = peek() {
            offset += 1
            if byte == UInt8(ascii: "\\") {
                offset += 1
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }
}

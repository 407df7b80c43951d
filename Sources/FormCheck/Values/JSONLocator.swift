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
    /// `recordStart`, the one record that starts there (see `appendSensitiveRanges`).
    static func sensitiveRanges(in bytes: [UInt8], recordStart: Int? = nil, graph: ValidatorGraph) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        _ = appendSensitiveRanges(in: bytes, recordStart: recordStart, graph: graph, to: &ranges)
        return ranges
    }

    /// Appends the ranges `sensitiveRanges` gives to `ranges`. Text that is not well-formed (an element
    /// of an array that ended on a syntax error) is read as far as it can be: from the first thing that
    /// cannot be read as JSON on (a key that is not a well-formed string, a missing `:`, `,` or closing
    /// bracket, anything but those after the record), where the sensitive values cannot be found, the
    /// rest of the text is one range, the last, and the answer is false.
    static func appendSensitiveRanges(in bytes: [UInt8], recordStart: Int? = nil, graph: ValidatorGraph, to ranges: inout [Range<Int>]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.offset = recordStart ?? JSONTextEncoding.byteOrderMarkLength(buffer)
            reader.skipWhitespace()
            let isRead: Bool
            if recordStart == nil, reader.peek() == UInt8(ascii: "[") {
                reader.offset += 1
                isRead = reader.forEachElement { $0.collectSensitiveRanges(of: nil, graph: graph, into: &ranges) }
            } else {
                // A record ends where its text does, or at what closes or separates it from another
                // value; anything else after it is text that was not read.
                isRead = reader.collectSensitiveRanges(of: nil, graph: graph, into: &ranges) && reader.isAtEndOfValue
            }
            if !isRead { ranges.append(reader.offset..<buffer.count) }
            return isRead
        }
    }
}

extension JSONLocator {
    /// The ranges `sensitiveRanges` gives for text whose top level is an array of objects (or one object)
    /// that each hold a record as their member `name` (the cases of a fixture suite and their `data`),
    /// read as far as it can be: the rest of the text, from the first thing that cannot be read, is the
    /// last range.
    static func sensitiveRanges(inMember name: String, ofElementsIn bytes: [UInt8], graph: ValidatorGraph) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.offset = JSONTextEncoding.byteOrderMarkLength(buffer)
            reader.skipWhitespace()
            func readElement(_ element: inout JSONReader) -> Bool {
                element.forEachMember(named: { try? $0.readString() }) { member, key in
                    key == name ? member.collectSensitiveRanges(of: nil, graph: graph, into: &ranges) : member.skipValue()
                }
            }
            // One object alone is one element.
            let isArray = reader.peek() == UInt8(ascii: "[")
            if isArray { reader.offset += 1 }
            let isRead = isArray ? reader.forEachElement(readElement) : readElement(&reader) && reader.isAtEndOfValue
            if !isRead { ranges.append(reader.offset..<buffer.count) }
        }
        return ranges
    }

    /// Where the text at `offset` goes on after white space, a comma and white space (each if any), when
    /// anything but the array's `]` follows: where the value after an array's element would start.
    static func valueStart(after offset: Int, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.offset = offset
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: ",") {
                reader.offset += 1
                reader.skipWhitespace()
            }
            return reader.offset < buffer.count && buffer[reader.offset] != UInt8(ascii: "]") ? reader.offset : nil
        }
    }
}

extension JSONReader {
    /// Walks the value at the current offset, a value of field `id` (or a record when nil), adding the
    /// ranges of sensitive values to `ranges`; leaves the offset after it. False, with the offset where
    /// it stopped, at the first thing within it that cannot be read as JSON (see
    /// `JSONLocator.appendSensitiveRanges`); a value it skips is not read that closely.
    fileprivate mutating func collectSensitiveRanges(of id: Int?, graph: ValidatorGraph, into ranges: inout [Range<Int>]) -> Bool {
        skipWhitespace()
        if let id, graph.nodes[id].isSensitive { return hideValue(in: &ranges) }
        // Only the fields that are or hold sensitive values are looked into.
        let fields = graph.fieldsHoldingSensitiveValues(in: id)
        let items = id.flatMap { graph.nodes[$0].items }
        let holdsSensitive = id.map(graph.holdsSensitiveValues) ?? !fields.isEmpty
        switch peek() {
        case UInt8(ascii: "{")? where !fields.isEmpty:
            return forEachMember(named: { $0.readField(among: fields, graph: graph) }) { member, child in
                guard let child else { return member.skipValue() }
                return member.collectSensitiveRanges(of: child, graph: graph, into: &ranges)
            }
        case UInt8(ascii: "[")? where items.map(graph.holdsSensitiveValues) == true:
            offset += 1
            return forEachElement { $0.collectSensitiveRanges(of: items, graph: graph, into: &ranges) }
        default:
            // A value of another shape than its field's (an array or a scalar where an object is declared,
            // an object where an array is) may hold what the field's sensitive members would: hidden
            // whole, unless it is `null`.
            guard holdsSensitive else { return skipValue() }
            return hideValue(in: &ranges, unlessNull: true)
        }
    }

    /// Adds the range of the value at the current offset to `ranges` (unless it is `null` and
    /// `unlessNull`), leaving the offset after it; false, with the offset at its start (from where the
    /// rest is hidden), when it cannot be read.
    private mutating func hideValue(in ranges: inout [Range<Int>], unlessNull: Bool = false) -> Bool {
        let start = offset
        guard skipValue() else {
            offset = start
            return false
        }
        if unlessNull, bytes[start..<offset].elementsEqual("null".utf8) { return true }
        ranges.append(start..<offset)
        return true
    }

    /// Reads a member name and gives the field among `fields` that it names, or `.some(nil)` when it
    /// names none of them; nil when the name is not a well-formed string. A name of ASCII text without
    /// escapes is compared as it lies with each ASCII key.
    private mutating func readField(among fields: [Int], graph: ValidatorGraph) -> Int?? {
        guard let name = readPlainASCIIName() else {
            guard let name = try? readString() else { return nil }
            return .some(graph.field(name, among: fields))
        }
        return .some(fields.first { field in
            guard let key = graph.asciiKeys[field] else { return graph.nodes[field].key == String(decoding: name, as: UTF8.self) }
            return key.withUnsafeBufferPointer { $0.count == name.count && memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
        })
    }

    /// Calls `body` at the value of each member of the object at the offset, with what `named` reads of
    /// the member's name (nil: a name that is not a well-formed string), leaving the offset after its
    /// `}` (a value that is not an object is skipped); false, where it stopped, when `body` is, or the
    /// object cannot be read.
    fileprivate mutating func forEachMember<Name>(
        named: (inout JSONReader) -> Name?, _ body: (inout JSONReader, Name) -> Bool
    ) -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { return skipValue() }
        offset += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return true
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\""), let name = named(&self) else { return false }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { return false }
            offset += 1
            skipWhitespace()
            guard body(&self, name) else { return false }
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard peek() == UInt8(ascii: "}") else { return false }
            offset += 1
            return true
        }
    }

    /// Calls `body` at each element of the array whose `[` was just read, leaving the offset after its
    /// `]`; false, where it stopped, when `body` is, or the array goes on with anything but `,` or `]`.
    fileprivate mutating func forEachElement(_ body: (inout JSONReader) -> Bool) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return true
        }
        while true {
            guard peek() != nil, body(&self) else { return false }
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                continue
            }
            guard peek() == UInt8(ascii: "]") else { return false }
            offset += 1
            return true
        }
    }

    /// Whether only white space lies between the offset and the end of the text, a `,`, or a closing
    /// bracket; moves the offset past the white space.
    fileprivate var isAtEndOfValue: Bool {
        mutating get {
            skipWhitespace()
            return peek().map { [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains($0) } ?? true
        }
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

    /// Reads the member name at the current offset when it is ASCII text without escapes or control
    /// characters, and gives its bytes (without the quotes); else reads nothing and gives nil.
    private mutating func readPlainASCIIName() -> UnsafeBufferPointer<UInt8>? {
        let start = offset
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20, bytes[end] < 0x80 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        offset = end + 1
        return UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
    }

    /// Skips the value at the current offset, its brackets counted; false, where it stopped, at a
    /// closing bracket that is not its opening one's, at the text's end inside it, or where no value
    /// starts.
    @discardableResult
    fileprivate mutating func skipValue() -> Bool {
        guard let first = peek() else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // Whether each open bracket is `{`, a bit a level (deeper ones, which nothing reads here, in
            // an array made only for them).
            var depth = 0
            var opensObject: UInt64 = 0
            var deeper: [Bool] = []
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    // A string the text ends in ends the loop too.
                    _ = skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth < 64 {
                        opensObject = opensObject & ~(1 << depth) | (byte == UInt8(ascii: "{") ? 1 << depth : 0)
                    } else {
                        deeper.append(byte == UInt8(ascii: "{"))
                    }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    let isObject = depth < 64 ? opensObject & (1 << depth) != 0 : deeper.removeLast()
                    guard isObject == (byte == UInt8(ascii: "}")) else { return false }
                default:
                    break
                }
                offset += 1
                if depth == 0 { return true }
            }
            return false
        default:
            // A number or literal; none where a value should start (a `:`, `,` or closing bracket).
            let start = offset
            while let byte = peek(), !Self.endsBareValue(byte) { offset += 1 }
            return offset > start
        }
    }

    /// Skips the string whose quote is at the current offset; false, at the text's end, when the text
    /// ends inside it.
    private mutating func skipString() -> Bool {
        guard let after = Self.end(ofStringAt: offset, in: bytes) else {
            offset = bytes.count
            return false
        }
        offset = after
        return true
    }
}

import FormCheck

/// Output built as bytes, on a checking thread or on the writing one, and written in one piece.
///
/// Its bytes live in storage of its own, shared by copies until one of them changes (as an array's
/// are), so that appending a few bytes costs a bounds check and a copy: an array's `append` goes
/// through its generic sequence machinery at every call.
struct OutputBuffer: ByteSink, @unchecked Sendable {
    /// The count of bytes written, and the room for them.
    private typealias Storage = ManagedBuffer<(count: Int, capacity: Int), UInt8>
    private var storage: Storage

    /// An empty buffer, which takes storage of its own at its first byte.
    init() {
        storage = Self.empty
    }

    /// The storage of empty buffers: shared, so never written (see `append(count:writing:)`).
    nonisolated(unsafe) private static let empty = Storage.create(minimumCapacity: 0) { _ in (0, 0) }

    /// An empty buffer with room for `capacity` bytes, so that a record's output is not copied as it grows.
    init(capacity: Int) {
        storage = Self.storage(capacity: capacity)
    }

    init(_ text: String) {
        self.init(capacity: text.utf8.count)
        append(text: text)
    }

    private static func storage(capacity: Int) -> Storage {
        Storage.create(minimumCapacity: Swift.max(capacity, 16)) { (0, $0.capacity) }
    }

    /// The count and room, read through a pointer: a class's stored property is checked for
    /// exclusive access at run time, at every access.
    private var header: UnsafeMutablePointer<(count: Int, capacity: Int)> {
        storage.withUnsafeMutablePointerToHeader { $0 }
    }

    var count: Int { header.pointee.count }
    var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { header, base in try body(UnsafeBufferPointer(start: base, count: header.pointee.count)) }
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] { withBytes(Array.init) }

    /// Empties the buffer, keeping its room for what comes next.
    mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) {
            header.pointee.count = 0
        } else {
            storage = Self.storage(capacity: header.pointee.capacity)
        }
    }

    /// Makes the storage this buffer's own, with room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        let (count, capacity) = header.pointee
        guard count + extra > capacity || !isKnownUniquelyReferenced(&storage) else { return }
        let grown = Self.storage(capacity: count + extra > capacity ? Swift.max(2 * capacity, count + extra) : capacity)
        grown.withUnsafeMutablePointers { grownHeader, target in
            storage.withUnsafeMutablePointerToElements { target.initialize(from: $0, count: count) }
            grownHeader.pointee.count = count
        }
        storage = grown
    }

    /// Appends `extra` bytes, which `write` writes from the pointer it is given, in storage of this
    /// buffer's own with room for them.
    @inline(__always)
    private mutating func append(count extra: Int, writing write: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(extra)
        storage.withUnsafeMutablePointers { header, base in
            let count = header.pointee.count
            assert(extra >= 0 && count + extra <= header.pointee.capacity, "an output buffer written past its room")
            write(base + count)
            header.pointee.count = count + extra
        }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        append(count: bytes.count) { $0.initialize(from: source, count: bytes.count) }
    }

    /// One byte, such as a line break.
    mutating func append(_ byte: UInt8) {
        append(count: 1) { $0.initialize(to: byte) }
    }

    /// Text written in the code, such as JSON's punctuation and keys: copied from where the program
    /// holds it, with none of a `String`'s checks.
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`, copied whole (a small string's from the stack). Written here, not taken
    /// from `ByteSink`, whose generic copy reaches `append` through a witness table at every call.
    mutating func append(text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(_ other: OutputBuffer) {
        other.withBytes { append($0) }
    }

    mutating func append(bytes other: some Collection<UInt8>) {
        if other.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in other { append(byte) }
        }
    }

    /// A 32-bit number in the machine's byte order: what a checking thread tells the writing one
    /// within its output (such as a length, see `set(word:at:)`), read back with `word(at:)` and not
    /// written out.
    mutating func append(word: UInt32) {
        append(count: 4) { UnsafeMutableRawPointer($0).storeBytes(of: word, as: UInt32.self) }
    }

    /// Writes `word` over the four bytes at `offset`, which `append(word:)` wrote.
    mutating func set(word: UInt32, at offset: Int) {
        reserve(0)
        storage.withUnsafeMutablePointers { header, base in
            precondition(offset >= 0 && offset + 4 <= header.pointee.count, "a word set outside an output buffer's bytes")
            UnsafeMutableRawPointer(base + offset).storeBytes(of: word, as: UInt32.self)
        }
    }

    /// The number `append(word:)` or `set(word:at:)` wrote at `offset`.
    func word(at offset: Int) -> UInt32 {
        withBytes { bytes in
            precondition(offset >= 0 && offset + 4 <= bytes.count, "a word read outside an output buffer's bytes")
            return UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt32.self)
        }
    }

    /// Appends a piece of a chunk's output that a reporter gathers (SARIF's results, JUnit's cases): a
    /// word with the count of bytes after its first eight, then what `write` appends, which starts with
    /// a word of its own that says what the piece is. `forEachPiece` reads them back.
    mutating func appendPiece(_ write: (inout OutputBuffer) -> Void) {
        let start = count
        append(word: 0)
        write(&self)
        assert(count >= start + 8, "a piece without the word that says what it is")
        set(word: UInt32(count - start - 8), at: start)
    }

    /// Calls `body` with the word that says what each piece at `range` is and the bytes that follow it,
    /// in order (see `appendPiece`).
    func forEachPiece(in range: Range<Int>, _ body: (UInt32, UnsafeBufferPointer<UInt8>) -> Void) {
        withBytes { bytes in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let text = offset + 8..<offset + 8 + Int(word(at: offset))
                body(word(at: offset + 4), UnsafeBufferPointer(rebasing: bytes[text]))
                offset = text.upperBound
            }
        }
    }

    /// A whole number in decimal, written in place.
    mutating func append(_ number: Int) {
        let count = DecimalText.count(of: number)
        append(count: count) { DecimalText.write(number, to: $0, count: count) }
    }

    /// `text` in `attribute` when `style` colors, else as it is.
    mutating func append(_ text: String, _ attribute: Style.Attribute, _ style: Style) {
        append(text: style.start(attribute))
        append(text: text)
        append(text: style.end)
    }

    /// `text` as a JSON string.
    mutating func appendJSON(_ text: String) {
        JSONWriter.appendQuoted(text, to: &self)
    }

    /// An object member's key: `"key": `, after `, ` unless it is the first member. The key is one of
    /// the format's own names, which need no escape; a name from elsewhere goes through `appendJSON`.
    mutating func appendJSONKey(_ key: StaticString, first: Bool = false) {
        appendJSONKey(key, first: first, room: 0) { _ in }
    }

    /// A member holding a number: `"key": 12`, after `, ` unless it is the first member.
    mutating func appendJSONMember(_ key: StaticString, _ value: Int, first: Bool = false) {
        let count = DecimalText.count(of: value)
        appendJSONKey(key, first: first, room: count) { DecimalText.write(value, to: $0, count: count) }
    }

    /// The key as `appendJSONKey(_:first:)` writes it, and `room` bytes after it that `write` writes,
    /// in one append: a member's output is a handful of appends, each of which checks the room and
    /// that the storage is this buffer's own.
    @inline(__always)
    private mutating func appendJSONKey(
        _ key: StaticString, first: Bool, room: Int, then write: (UnsafeMutablePointer<UInt8>) -> Void
    ) {
        let name = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        assert(!name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "a JSON key that needs escapes")
        let lead = first ? 1 : 3
        append(count: lead + name.count + 3 + room) { target in
            if !first { (target[0], target[1]) = (UInt8(ascii: ","), UInt8(ascii: " ")) }
            target[lead - 1] = UInt8(ascii: "\"")
            (target + lead).initialize(from: name.baseAddress!, count: name.count)
            let end = target + lead + name.count
            (end[0], end[1], end[2]) = (UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " "))
            write(end + 3)
        }
    }

    /// A member holding a string.
    mutating func appendJSONMember(_ key: StaticString, string value: String, first: Bool = false) {
        appendJSONKey(key, first: first)
        appendJSON(value)
    }

    /// The four members of a span, named by `keys` (start line and column, end line and column).
    mutating func appendJSONMembers(_ span: SourceSpan, keys: (StaticString, StaticString, StaticString, StaticString), first: Bool = false) {
        appendJSONMember(keys.0, span.start.line, first: first)
        appendJSONMember(keys.1, span.start.column)
        appendJSONMember(keys.2, span.end.line)
        appendJSONMember(keys.3, span.end.column)
    }

    /// `text` escaped for XML text, or for an attribute value (which also keeps quotes and white space
    /// other than the space as references). Characters XML 1.0 cannot hold at all become U+FFFD.
    mutating func appendXML(_ text: String, inAttribute: Bool) {
        var text = text
        text.withUTF8 { appendXML($0, inAttribute: inAttribute) }
    }

    /// The same for UTF-8 bytes: runs that need no escape are copied whole.
    mutating func appendXML(_ text: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        let replacement: StaticString = "\u{FFFD}"
        var runStart = 0
        var index = 0
        func flush(skipping count: Int) {
            append(bytes: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            index += count
            runStart = index
        }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "&"): flush(skipping: 1); append("&amp;")
            case UInt8(ascii: "<"): flush(skipping: 1); append("&lt;")
            case UInt8(ascii: ">"): flush(skipping: 1); append("&gt;")
            case UInt8(ascii: "\"") where inAttribute: flush(skipping: 1); append("&quot;")
            case UInt8(ascii: "\n") where inAttribute: flush(skipping: 1); append("&#10;")
            case UInt8(ascii: "\t") where inAttribute: flush(skipping: 1); append("&#9;")
            case UInt8(ascii: "\r") where inAttribute: flush(skipping: 1); append("&#13;")
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case 0..<0x20: flush(skipping: 1); append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            // U+FFFE and U+FFFF.
            case 0xEF where index + 2 < text.count && text[index + 1] == 0xBF && text[index + 2] >= 0xBE:
                flush(skipping: 3)
                append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            default: index += 1
            }
        }
        flush(skipping: 0)
    }
}

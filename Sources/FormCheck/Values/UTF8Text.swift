/// Well-formed UTF-8 (RFC 3629): checked where a reader meets bytes beyond ASCII, and read back as
/// scalars without building a `String`.
enum UTF8Text {
    /// The length of the well-formed sequence that starts at `offset` with a byte from 0x80 up, or nil
    /// when it is not well formed: a stray continuation byte, an overlong form, a surrogate, a scalar
    /// beyond U+10FFFF, or a sequence cut short.
    @inline(__always)
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        // The range the second byte must fall in excludes overlong forms, surrogates and too-large scalars.
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The number of scalars in well-formed UTF-8 `bytes`: one per byte that does not continue a
    /// sequence. Continuation bytes are counted eight at a time, in the lanes of a word that is summed
    /// every 255 words (before a lane can overflow).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var continuations = 0
        var offset = 0
        let words = bytes.count & ~7
        while offset < words {
            var lanes: UInt64 = 0
            let stop = min(words, offset + 255 * 8)
            while offset < stop {
                lanes &+= ByteWord.continuationBytes(in: ByteWord.load(bytes, at: offset))
                offset += 8
            }
            continuations += ByteWord.laneSum(lanes)
        }
        while offset < bytes.count {
            if bytes[offset] & 0xC0 == 0x80 { continuations += 1 }
            offset += 1
        }
        return bytes.count - continuations
    }

    /// Whether every byte is printable ASCII (a space to `~`); read eight bytes at a time.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        printableASCIIPrefix(of: bytes, upTo: bytes.count) == bytes.count
    }

    /// How many of the first `limit` bytes (at most) are printable ASCII before any other byte; read
    /// eight bytes at a time.
    static func printableASCIIPrefix(of bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int {
        let limit = min(limit, bytes.count)
        var offset = 0
        while offset + 8 <= limit {
            let word = ByteWord.load(bytes, at: offset)
            let special = ByteWord.bytes(below: 0x20, in: word) | ByteWord.bytesFromDelete(in: word)
            if special != 0 { return offset + special.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < limit, bytes[offset] >= 0x20, bytes[offset] < 0x7F { offset += 1 }
        return offset
    }

    /// The offset of the scalar `count` scalars on from the one at `start` (a scalar's first byte), or
    /// `limit` when the text ends first; walked eight bytes at a time while the scalar lies beyond them.
    static func offset(ofScalar count: Int, after start: Int, before limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = start
        var counted = 0
        while offset + 8 <= limit {
            let leading = ByteWord.leadingByteCount(in: ByteWord.load(bytes, at: offset))
            guard counted + leading <= count else { break }
            counted += leading
            offset += 8
        }
        while offset < limit {
            if bytes[offset] & 0xC0 != 0x80 {
                if counted == count { return offset }
                counted += 1
            }
            offset += 1
        }
        return limit
    }

    /// Whether every byte of `bytes` is part of a well-formed sequence.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] < 0x80 {
                offset += 1
            } else {
                guard let length = sequenceLength(in: bytes, at: offset) else { return false }
                offset += length
            }
        }
        return true
    }

    /// Counts the characters of text as its scalars are read, while every scalar is one that no
    /// neighbour joins into one character with it: below U+0300 (where combining marks begin) but CR
    /// (CR LF is one character); Greek, Cyrillic and Armenian (U+0370-U+058F) but the Cyrillic
    /// combining marks (U+0483-U+0489); the dashes, quotation marks, bullets and leaders of
    /// U+2010-U+2027; hiragana and katakana (U+3041-U+30FF) but U+3097-U+309A (unassigned, and the
    /// combining sound marks); and the CJK unified ideographs (U+4E00-U+9FFF). Text with other scalars
    /// is left to `String` to count.
    struct CharacterTally {
        private var scalars = 0
        private var oneCharacterPerScalar = true

        /// The number of characters, or nil when a scalar read may join its neighbours.
        var characters: Int? { oneCharacterPerScalar ? scalars : nil }

        /// Adds `count` scalars of printable ASCII.
        mutating func addPrintableASCII(count: Int) {
            scalars += count
        }

        mutating func add(_ scalar: Unicode.Scalar) {
            scalars += 1
            oneCharacterPerScalar = oneCharacterPerScalar && scalar != "\r" && Self.standsAlone(scalar.value)
        }

        /// Adds the scalar of the two-byte sequence `lead`, `second` (U+0080-U+07FF).
        @inline(__always)
        mutating func add(lead: UInt8, second: UInt8) {
            scalars += 1
            oneCharacterPerScalar = oneCharacterPerScalar && Self.standsAlone(UTF8Text.twoByteScalar(lead: lead, second: second))
        }

        /// Whether a scalar other than CR is one character whatever its neighbours (see the type).
        @inline(__always)
        static func standsAlone(_ value: UInt32) -> Bool {
            if value < 0x300 { return true }
            if value < 0x800 { return (0x370...0x58F).contains(value) && !(0x483...0x489).contains(value) }
            return (0x2010...0x2027).contains(value) || (0x3041...0x30FF).contains(value) && !(0x3097...0x309A).contains(value)
                || (0x4E00...0x9FFF).contains(value)
        }
    }

    /// The value of the two-byte sequence `lead`, `second` (U+0080-U+07FF).
    @inline(__always)
    static func twoByteScalar(lead: UInt8, second: UInt8) -> UInt32 {
        UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F)
    }

    /// Whether a well-formed sequence of two bytes (U+0080-U+07FF: Latin, Greek, Cyrillic...) starts at
    /// `offset` of `bytes`: the most common beyond ASCII, which the readers of text check at once before
    /// `sequenceLength`.
    @inline(__always)
    static func isTwoByteSequence(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let lead = bytes[offset]
        return lead >= 0xC2 && lead <= 0xDF && offset + 1 < bytes.count && bytes[offset + 1] & 0xC0 == 0x80
    }

    /// The scalar of one or two bytes (below U+0800) whose sequence starts at `offset` of well-formed
    /// UTF-8 `bytes`, and the sequence's length; nil for a longer sequence.
    @inline(__always)
    static func shortScalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        guard lead < 0xE0 else { return nil }
        return (twoByteScalar(lead: lead, second: bytes[offset + 1]), 2)
    }

    /// The scalar whose sequence starts at `offset` of well-formed UTF-8 `bytes`, and the sequence's length.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> UInt32(length))
        for index in (offset + 1)..<(offset + length) { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return (Unicode.Scalar(value).unsafelyUnwrapped, length)
    }

    /// The scalars of well-formed UTF-8 bytes, decoded as they are read.
    struct Scalars: Sequence, IteratorProtocol {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var offset = 0

        /// - Precondition: `bytes` is well-formed UTF-8.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            assert(UTF8Text.isWellFormed(bytes), "bytes that are not well-formed UTF-8")
            self.bytes = bytes
        }

        @inline(__always)
        mutating func next() -> Unicode.Scalar? {
            guard offset < bytes.count else { return nil }
            let (scalar, length) = UTF8Text.scalar(in: bytes, at: offset)
            offset += length
            return scalar
        }
    }
}

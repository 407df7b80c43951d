/// Eight bytes read as one little-endian word and tested all at once, for the scanners' inner loops.
///
/// The tests mark the high bit of each matching byte. Bits above the lowest marked byte may be
/// spurious (a borrow carries into the next byte), so callers use only the lowest:
/// `trailingZeroBitCount / 8` is the index of the first match.
enum ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `offset`, which must all lie in `bytes`.
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        assert(offset >= 0 && offset + 8 <= bytes.count, "a word read outside its buffer")
        return UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
    }

    /// Bytes equal to `byte`.
    @inline(__always)
    static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }

    /// Bytes below `limit`, which must be at most 0x80.
    @inline(__always)
    static func bytes(below limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Bytes from 0x7F up: DEL and everything outside ASCII.
    @inline(__always)
    static func bytesFromDelete(in word: UInt64) -> UInt64 {
        (word | ((word & ~highs) &+ ones)) & highs
    }

    /// Bytes that end a run of a JSON string's printable ASCII text: `"`, `\\`, control characters, DEL
    /// and everything outside ASCII.
    @inline(__always)
    static func bytesEndingPrintableText(in word: UInt64) -> UInt64 {
        bytes(equalTo: UInt8(ascii: "\""), in: word) | bytes(equalTo: UInt8(ascii: "\\"), in: word) | bytes(below: 0x20, in: word)
            | bytesFromDelete(in: word)
    }

    /// Bytes other than ASCII lowercase letters and digits: what ends a run of the commonest bytes of
    /// host names and e-mail addresses. A byte beyond ASCII is marked by its high bit; its sums may
    /// carry into the bytes above it, which the lowest-match rule leaves unread.
    @inline(__always)
    static func bytesOtherThanLowercaseAlphanumeric(in word: UInt64) -> UInt64 {
        // For a byte below 0x80, `byte + 0x80 - low` has its high bit set from `low` up.
        let lowercase = (word &+ ones &* 0x1F) & ~(word &+ ones &* 0x05)
        let digits = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x46)
        return (~(lowercase | digits) | word) & highs
    }

    /// How many of the eight bytes, from a scalar's first byte, are whole scalars of text shown as it is
    /// written (`PrintableText`) that this word settles: printable ASCII and the two-byte sequences of
    /// U+00C0-U+05FF (Latin, Greek, Cyrillic, Armenian, Hebrew); and how many scalars they are. A
    /// sequence cut by the word's end is left to the next word, and any other byte ends the run.
    @inline(__always)
    static func shownTextRun(in word: UInt64) -> (bytes: Int, scalars: Int) {
        let high = word & highs
        let sixth = (word &<< 1) & highs
        let leads = high & sixth
        let continuations = high & ~sixth
        // A lead byte's low six bits from 0x03 (0xC3) to 0x17 (0xD7): sums that stay within the byte.
        let low = word & (ones &* 0x3F)
        let leadsInRange = (low &+ ones &* 0x7D) & ~(low &+ ones &* 0x68) & highs
        let ending = bytes(below: 0x20, in: word) | bytes(equalTo: 0x7F, in: word) | (leads & ~leadsInRange)
            | (continuations ^ (leads &<< 8))
        var run = ending == 0 ? 8 : ending.trailingZeroBitCount / 8
        if run > 0, leads & (0x80 &<< (8 * (run - 1))) != 0 { run -= 1 }
        let within: UInt64 = run == 8 ? ~0 : (1 &<< (8 * run)) &- 1
        return (run, run - (continuations & within).nonzeroBitCount)
    }

    /// How many of the eight bytes start a UTF-8 sequence (are not continuation bytes `10xxxxxx`).
    @inline(__always)
    static func leadingByteCount(in word: UInt64) -> Int {
        8 - (continuationBytes(in: word) &<< 7).nonzeroBitCount
    }

    /// One in each byte that continues a UTF-8 sequence (`10xxxxxx`), zero in the others: such words
    /// add up lane by lane, 255 of them at most, without a bit count for each.
    @inline(__always)
    static func continuationBytes(in word: UInt64) -> UInt64 {
        (word & ~(word << 1) & highs) &>> 7
    }

    /// The sum of the eight byte lanes of `lanes`.
    @inline(__always)
    static func laneSum(_ lanes: UInt64) -> Int {
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes &>> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
    }
}

/// The declared keys of a plan's layouts, found by a hash of their UTF-8: one open-addressing table a
/// layout, of member indexes, so that a key written out of the schema's order costs a probe or two
/// whatever the layout's size. (Trying each member in turn, a record of 200 fields written in another
/// order took 4.4 times as long as one written in the schema's order.)
struct KeyTables: @unchecked Sendable {
    /// Where a layout's table lies among the slots, and the mask of its size, a power of two.
    struct Table {
        let start: Int32
        let mask: Int32
    }

    /// The tables as they are added, while the plan is built.
    struct Builder {
        fileprivate var slots: [Int32] = []

        /// Adds the table of a layout whose members, from `firstMember` on, have `keys`, in order.
        mutating func add(keys: [[UInt8]], firstMember: Int) -> Table {
            // At most half full, so that a probe mostly ends at once.
            var size = 4
            while size < 2 * keys.count { size *= 2 }
            let table = Table(start: Int32(slots.count), mask: Int32(size - 1))
            slots += repeatElement(-1, count: size)
            for (index, key) in keys.enumerated() {
                var place = KeyTables.hash(key) & (size - 1)
                while slots[Int(table.start) + place] >= 0 { place = (place + 1) & (size - 1) }
                slots[Int(table.start) + place] = Int32(firstMember + index)
            }
            return table
        }
    }

    /// Each table's member indexes, -1 where none is.
    private let slots: FlatArray<Int32>

    init(_ builder: Builder) {
        slots = FlatArray(copying: builder.slots)
    }

    /// The member of `table` whose key, of hash `hash`, `isKey` says it is, if any: the members its
    /// probe meets are asked in turn, up to an empty slot.
    @inline(__always)
    func member(hash: Int, in table: Table, isKey: (Int) -> Bool) -> Int? {
        let mask = Int(table.mask)
        var place = hash & mask
        while true {
            let member = Int(slots[Int(table.start) + place])
            guard member >= 0 else { return nil }
            if isKey(member) { return member }
            place = (place + 1) & mask
        }
    }

    func deallocate() { slots.deallocate() }

    /// The hash of a key: its UTF-8 read as little-endian words (the last one padded with zero bytes),
    /// and its length.
    static func hash(_ key: some Collection<UInt8>) -> Int {
        var hash = seed
        var word: UInt64 = 0
        var count = 0
        for byte in key {
            word |= UInt64(byte) &<< UInt64(8 * (count % 8))
            count += 1
            if count % 8 == 0 { (hash, word) = (mix(hash, word), 0) }
        }
        return finish(hash, tail: word, length: count)
    }

    /// The key of printable ASCII quoted at `start` of `bytes` (its opening quote), read a word at a
    /// time up to its closing quote: its length and its hash. Nil when a byte that is not printable
    /// ASCII comes first (an escape, text beyond ASCII), or the bytes end within eight bytes of the
    /// key's: the key is then read as any string.
    @inline(__always)
    static func plainKey(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, hash: Int)? {
        var hash = seed
        var offset = start + 1
        while offset + 8 <= bytes.count {
            let word = ByteWord.load(bytes, at: offset)
            let special = ByteWord.bytesEndingPrintableText(in: word)
            guard special != 0 else {
                hash = mix(hash, word)
                offset += 8
                continue
            }
            let count = special.trailingZeroBitCount / 8
            guard bytes[offset + count] == UInt8(ascii: "\"") else { return nil }
            let length = offset + count - start - 1
            return (length, finish(hash, tail: count == 0 ? 0 : word & (1 &<< UInt64(8 * count) &- 1), length: length))
        }
        return nil
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let seed: UInt64 = multiplier

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 { (hash ^ word) &* multiplier }

    /// The hash after the last bytes (fewer than eight: the word's top byte is free for the length).
    @inline(__always)
    private static func finish(_ hash: UInt64, tail: UInt64, length: Int) -> Int {
        var hash = mix(hash, tail | UInt64(truncatingIfNeeded: length) &<< 56)
        // A product's low bits depend only on its factors' low bits: MurmurHash3's finalizer folds the
        // high ones down, where the table's index is taken.
        hash = (hash ^ hash &>> 33) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ hash &>> 33) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: hash ^ hash &>> 33)
    }
}

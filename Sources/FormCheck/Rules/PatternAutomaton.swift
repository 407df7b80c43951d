/// An `ASCIIPattern` compiled to a deterministic automaton over printable ASCII: matching is one
/// table lookup per byte, so it takes time linear in the text whatever the pattern and the input
/// (a backtracking matcher can take polynomial or exponential time on hostile input).
struct PatternAutomaton: Sendable {
    /// `table[state << 7 | byte]` is the state after `byte`. States are numbered live and not
    /// accepting first, then accepting, then the dead state (no match can follow), which is last.
    let table: [UInt8]
    let start: UInt8
    let acceptingFrom: UInt8
    let dead: UInt8
    /// Whether the match must end with the text (`$`); otherwise reaching an accepting state is a match.
    let anchoredEnd: Bool

    /// At most this many states (the dead one among them); a pattern that needs more is left to the engine.
    static let stateLimit = 256
    /// The byte that stands for a character in none of the pattern's sets (one beyond ASCII).
    static let foreign: UInt8 = 0

    /// The automaton for the atoms in order, or nil when it would need more than `stateLimit` states
    /// or the atoms spell out to more than 127 positions.
    init?(atoms: [ASCIIPattern.Atom], anchoredStart: Bool, anchoredEnd: Bool) {
        guard let positions = Self.positions(of: atoms) else { return nil }
        // A set of places in the pattern: bit 0 is "before the first position", bit p + 1 "just after
        // position p". `follow[place]` holds the positions that can come next, as places after them.
        // Found from the end: the positions after a place are the next one, and those after it when it
        // is optional; a place accepts when every position after it is optional.
        var follow = [UInt128](repeating: 0, count: positions.count + 1)
        var accepting: UInt128 = 1 << positions.count
        for place in stride(from: positions.count - 1, through: 0, by: -1) {
            follow[place] = 1 << (place + 1)
            if positions[place].isOptional {
                follow[place] |= follow[place + 1]
                accepting |= accepting >> 1 & 1 << place
            }
        }
        for index in positions.indices where positions[index].loops { follow[index + 1] |= 1 << (index + 1) }
        // Bytes that every position treats alike share their transitions: each class is a set of bytes
        // (bit b for byte b) and the places after the positions that accept them. The printable bytes
        // are split by each run of positions with the same set in turn (the copies of one atom).
        var classes: [(bytes: UInt128, members: UInt128)] = [((1 << 0x7F) - (1 << 0x20), 0)]
        var runStart = 0
        while runStart < positions.count {
            let accepted = positions[runStart].atom.bytes
            var runEnd = runStart + 1
            while runEnd < positions.count, positions[runEnd].atom.bytes == accepted { runEnd += 1 }
            // The places after positions runStart..<runEnd: bits runStart + 1 through runEnd (at most 127).
            let upToRunEnd: UInt128 = runEnd == 127 ? ~0 : (1 << (runEnd + 1)) - 1
            let places = upToRunEnd & ~((1 << (runStart + 1)) - 1)
            var split: [(bytes: UInt128, members: UInt128)] = []
            split.reserveCapacity(classes.count * 2)
            for byteClass in classes {
                if byteClass.bytes & accepted != 0 { split.append((byteClass.bytes & accepted, byteClass.members | places)) }
                if byteClass.bytes & ~accepted != 0 { split.append((byteClass.bytes & ~accepted, byteClass.members)) }
            }
            classes = split
            runStart = runEnd
        }

        // The states as sets of places, found breadth first; `transitions[state * classes.count + class]`.
        // States are found again through `slots`, a table of their numbers by a hash of their sets with
        // open addressing, at most half full.
        var sets: [UInt128] = [1]
        var transitions: [Int] = []
        var slots = [Int16](repeating: -1, count: Self.stateLimit * 2)
        slots[Self.slot(of: 1)] = 0
        var index = 0
        while index < sets.count {
            var reachable: UInt128 = 0
            var places = sets[index]
            while places != 0 {
                reachable |= follow[places.trailingZeroBitCount]
                places &= places - 1
            }
            for (_, members) in classes {
                let target = reachable & members | (anchoredStart ? 0 : 1)
                var slot = Self.slot(of: target)
                while slots[slot] >= 0, sets[Int(slots[slot])] != target { slot = (slot + 1) & (slots.count - 1) }
                if slots[slot] >= 0 {
                    transitions.append(Int(slots[slot]))
                } else {
                    guard sets.count < Self.stateLimit - 1 else { return nil }
                    slots[slot] = Int16(sets.count)
                    transitions.append(sets.count)
                    sets.append(target)
                }
            }
            index += 1
        }

        let (renumbered, acceptingFrom, dead) = Self.numbering(accepts: sets.map { $0 & accepting != 0 }, isDead: sets.map { $0 == 0 })
        // Each printable byte's class, so that a state's row is filled byte by byte.
        var classOfByte = [Int](repeating: 0, count: 128)
        for (number, byteClass) in classes.enumerated() {
            var bytes = byteClass.bytes
            while bytes != 0 {
                classOfByte[bytes.trailingZeroBitCount] = number
                bytes &= bytes - 1
            }
        }
        var table = [UInt8](repeating: UInt8(dead), count: (dead + 1) << 7)
        var targets = [UInt8](repeating: 0, count: classes.count)
        table.withUnsafeMutableBufferPointer { table in
            targets.withUnsafeMutableBufferPointer { targets in
                classOfByte.withUnsafeBufferPointer { classOfByte in
                    for (old, set) in sets.enumerated() where set != 0 {
                        let row = table.baseAddress! + renumbered[old] << 7
                        // A character no position accepts: the search starts again after it, or stops.
                        row[Int(Self.foreign)] = UInt8(anchoredStart ? dead : renumbered[0])
                        for number in targets.indices { targets[number] = UInt8(renumbered[transitions[old * classes.count + number]]) }
                        for byte in 0x20..<0x7F { row[byte] = targets[classOfByte[byte]] }
                    }
                }
            }
        }
        self.table = table
        self.start = UInt8(renumbered[0])
        self.acceptingFrom = UInt8(acceptingFrom)
        self.dead = UInt8(dead)
        self.anchoredEnd = anchoredEnd
    }

    /// Where the state with the set of places `set` is first looked for in a table of `2 * stateLimit` slots.
    private static func slot(of set: UInt128) -> Int {
        let mixed = (UInt64(truncatingIfNeeded: set) ^ UInt64(truncatingIfNeeded: set >> 64) &* 0xFF51_AFD7_ED55_8CCD) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> (64 - (2 * stateLimit).trailingZeroBitCount))
    }

    /// The automaton that accepts exactly the given texts (a trie), for a choice among strings; texts
    /// beyond printable ASCII are left out, as no text it reads can equal them. With
    /// `ignoringASCIICase`, the texts are lowercase and an ASCII capital letter reads as its small one.
    /// Nil past `stateLimit`.
    init?(exactly texts: [[UInt8]], ignoringASCIICase: Bool = false) {
        var edges: [Int: Int] = [:]
        var accepts = [false]
        for text in texts where text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var node = 0
            for byte in text {
                if let child = edges[node << 7 | Int(byte)] {
                    node = child
                } else {
                    guard accepts.count < Self.stateLimit - 1 else { return nil }
                    edges[node << 7 | Int(byte)] = accepts.count
                    node = accepts.count
                    accepts.append(false)
                }
            }
            accepts[node] = true
        }
        let (renumbered, acceptingFrom, dead) = Self.numbering(accepts: accepts, isDead: accepts.map { _ in false })
        var table = [UInt8](repeating: UInt8(dead), count: (dead + 1) << 7)
        for (edge, child) in edges { table[renumbered[edge >> 7] << 7 | edge & 127] = UInt8(renumbered[child]) }
        if ignoringASCIICase {
            for state in 0..<dead {
                for capital in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[state << 7 | Int(capital)] = table[state << 7 | Int(capital | 0x20)] }
            }
        }
        self.table = table
        self.start = UInt8(renumbered[0])
        self.acceptingFrom = UInt8(acceptingFrom)
        self.dead = UInt8(dead)
        self.anchoredEnd = true
    }

    /// New numbers for states found in any order, as `table` numbers them: live states that do not
    /// accept, those that do, then the dead state; with where the accepting ones start and the dead
    /// state's number (one past the live ones, also when no state found was dead).
    private static func numbering(accepts: [Bool], isDead: [Bool]) -> (numbers: [Int], acceptingFrom: Int, dead: Int) {
        var numbers = [Int](repeating: 0, count: accepts.count)
        var next = 0
        var acceptingFrom = 0
        for accepting in [false, true] {
            if accepting { acceptingFrom = next }
            for state in accepts.indices where !isDead[state] && accepts[state] == accepting {
                numbers[state] = next
                next += 1
            }
        }
        for state in isDead.indices where isDead[state] { numbers[state] = next }
        return (numbers, acceptingFrom, next)
    }

    /// Whether the pattern matches `text`, which must be printable ASCII, with `foreign` standing for
    /// any other character.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        table.withUnsafeBufferPointer {
            Self.matches(text, table: $0.baseAddress!, start: start, acceptingFrom: acceptingFrom, dead: dead, anchoredEnd: anchoredEnd)
        }
    }

    /// The matcher itself, on a table kept anywhere (the direct path keeps tables in memory of its own).
    @inline(__always)
    static func matches(
        _ text: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt8>, start: UInt8, acceptingFrom: UInt8, dead: UInt8, anchoredEnd: Bool
    ) -> Bool {
        // Without `$`, the first accepting state is a match; the dead state is always the end.
        let stop = anchoredEnd ? dead : acceptingFrom
        var state = start
        if state >= stop { return state != dead }
        guard var byte = text.baseAddress else { return state >= acceptingFrom }
        let end = byte + text.count
        var row = table + Int(state) &<< 7
        while byte < end {
            // A byte that keeps the state (the loops of `+` and `*`) changes nothing: written as a
            // branch, the next byte's lookup need not wait for this one's.
            assert(byte.pointee < 0x80, "a table row read past its 128 columns")
            let next = row[Int(byte.pointee)]
            byte += 1
            if next == state { continue }
            if next >= stop { return next != dead }
            state = next
            row = table + Int(state) &<< 7
        }
        return state >= acceptingFrom
    }

    /// One atom's character set at one place of the pattern, once quantifiers are spelled out:
    /// `[a-z]{2,3}` is two required positions and an optional one, `[a-z]+` a required one that loops.
    private struct Position {
        let atom: ASCIIPattern.Atom
        let isOptional: Bool
        let loops: Bool
    }

    private static func positions(of atoms: [ASCIIPattern.Atom]) -> [Position]? {
        var positions: [Position] = []
        for atom in atoms {
            let copies = atom.max == .max ? Swift.max(atom.min, 1) : atom.max
            guard positions.count + copies < UInt128.bitWidth else { return nil }
            for copy in 0..<copies {
                positions.append(Position(atom: atom, isOptional: copy >= atom.min, loops: atom.max == .max && copy == copies - 1))
            }
        }
        return positions
    }
}

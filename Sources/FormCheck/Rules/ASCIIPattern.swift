/// A fast matcher for the simple patterns forms use most (`^[a-z0-9_]+$`, `^[0-9]{5}$`, `[A-Z]`):
/// a sequence of ASCII literals and ASCII character classes, each with a quantifier, optionally
/// anchored. It runs on the UTF-8 bytes of printable-ASCII values; every other value, and every
/// pattern outside this subset, goes to the ICU engine, so results are always ICU's.
struct ASCIIPattern: Sendable {
    struct Atom: Sendable {
        /// The bytes the atom accepts, as a 128-bit set.
        var low: UInt64
        var high: UInt64
        var min: Int
        var max: Int

        @inline(__always)
        func accepts(_ byte: UInt8) -> Bool {
            // Callers pass ASCII only (below 128): bit 6 picks the word, the low six bits the member.
            (byte & 64 == 0 ? low : high) & (1 << UInt64(byte & 63)) != 0
        }

        func isDisjoint(from other: Atom) -> Bool {
            low & other.low == 0 && high & other.high == 0
        }

        /// Whether `text` holds `length` accepted characters in a row.
        func hasRun(of length: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
            var run = 0
            for byte in text {
                run = accepts(byte) ? run + 1 : 0
                if run >= length { return true }
            }
            return false
        }
    }

    let atoms: [Atom]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    /// The matcher for `pattern`, or nil when the pattern uses anything beyond the subset.
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)[...]
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        anchoredStart = bytes.first == UInt8(ascii: "^")
        if anchoredStart { bytes = bytes.dropFirst() }
        anchoredEnd = bytes.last == UInt8(ascii: "$") && bytes.dropLast().last != UInt8(ascii: "\\")
        if anchoredEnd { bytes = bytes.dropLast() }
        var atoms: [Atom] = []
        while let byte = bytes.popFirst() {
            var atom = Atom(low: 0, high: 0, min: 1, max: 1)
            switch byte {
            case UInt8(ascii: "["):
                guard let set = Self.parseClass(&bytes) else { return nil }
                (atom.low, atom.high) = set
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst(), let set = Self.escape(escaped, rest: &bytes) else { return nil }
                (atom.low, atom.high) = set
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                return nil
            default:
                (atom.low, atom.high) = Self.set([byte])
            }
            guard Self.parseQuantifier(&bytes, into: &atom) else { return nil }
            atoms.append(atom)
        }
        guard !atoms.isEmpty else { return nil }
        self.atoms = atoms
    }

    private init(atoms: [Atom], anchoredStart: Bool, anchoredEnd: Bool) {
        self.atoms = atoms
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
    }

    /// The pattern that matches text holding at least one printable ASCII character for which
    /// `isMember` holds: the ASCII restatement of a character-class rule such as `containsDigit`.
    static func containing(where isMember: (Character) -> Bool) -> ASCIIPattern {
        let (low, high) = set((UInt8(0x20)...UInt8(0x7E)).filter { isMember(Character(Unicode.Scalar($0))) })
        return ASCIIPattern(atoms: [Atom(low: low, high: high, min: 1, max: 1)], anchoredStart: false, anchoredEnd: false)
    }

    /// Whether the pattern matches somewhere in `text`, as ICU would; nil when `text` is not printable
    /// ASCII and the ICU engine must decide.
    func matches(_ text: String) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { matches($0) } ?? nil
    }

    /// Whether the pattern matches somewhere in the UTF-8 `text`; nil when it is not printable ASCII.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return atoms.withUnsafeBufferPointer { Self.matches(text, atoms: $0, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd) }
    }

    /// The matcher itself, on atoms kept anywhere (the direct path keeps them in memory of its own).
    /// `text` must be printable ASCII.
    static func matches(_ text: UnsafeBufferPointer<UInt8>, atoms: UnsafeBufferPointer<Atom>, anchoredStart: Bool, anchoredEnd: Bool) -> Bool {
        if atoms.count == 1 {
            // The commonest shapes, without backtracking: `^[a-z0-9_]+$` (every character in the class)
            // and `[A-Z]` (a long enough run of them somewhere).
            let atom = atoms[0]
            if anchoredStart, anchoredEnd { return text.count >= atom.min && text.count <= atom.max && text.allSatisfy { atom.accepts($0) } }
            if !anchoredStart, !anchoredEnd { return atom.min == 0 || atom.hasRun(of: atom.min, in: text) }
        }
        func match(atom index: Int, at position: Int) -> Bool {
            guard index < atoms.count else { return !anchoredEnd || position == text.count }
            let atom = atoms[index]
            var count = 0
            while count < atom.max, position + count < text.count, atom.accepts(text[position + count]) { count += 1 }
            guard count >= atom.min else { return false }
            // Giving characters back cannot help the last atom, nor one whose required successor
            // accepts none of its characters: only the greedy count is tried then.
            let next = index + 1 < atoms.count ? atoms[index + 1] : nil
            if next.map({ $0.min > 0 && $0.isDisjoint(from: atom) }) ?? true { return match(atom: index + 1, at: position + count) }
            // Greedy, giving back one at a time, as a backtracking engine does.
            while count >= atom.min {
                if match(atom: index + 1, at: position + count) { return true }
                count -= 1
            }
            return false
        }
        if anchoredStart { return match(atom: 0, at: 0) }
        // Unanchored: a start where a required first atom cannot match is skipped without a call.
        guard let first = atoms.first, first.min > 0 else { return (0...text.count).contains { match(atom: 0, at: $0) } }
        for start in text.indices where first.accepts(text[start]) && match(atom: 0, at: start) { return true }
        return false
    }

    private static func set(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in bytes where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }

    /// The set of an escape (`byte` follows the backslash; a `\p{...}` property name is read from
    /// `rest`). ICU's classes are Unicode-aware, but the matcher only ever sees printable ASCII, where
    /// they hold exactly these characters: `\d`, `\p{N}` and `\p{Nd}` the digits, `\w` letters, digits
    /// and `_`, `\s` the space, `\p{L}` the letters, `\p{Lu}` and `\p{Ll}` the upper- and lowercase ones.
    private static func escape(_ byte: UInt8, rest: inout ArraySlice<UInt8>) -> (UInt64, UInt64)? {
        let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        let upper = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        let lower = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
        switch byte {
        case UInt8(ascii: "d"): return set(digits)
        case UInt8(ascii: "w"): return set(upper + lower + digits + [UInt8(ascii: "_")])
        case UInt8(ascii: "s"): return set([UInt8(ascii: " ")])
        case UInt8(ascii: "p"):
            guard rest.first == UInt8(ascii: "{"), let close = rest.firstIndex(of: UInt8(ascii: "}")) else { return nil }
            let name = String(decoding: rest[rest.index(after: rest.startIndex)..<close], as: UTF8.self)
            rest = rest[rest.index(after: close)...]
            switch name {
            case "L": return set(upper + lower)
            case "Lu": return set(upper)
            case "Ll": return set(lower)
            case "N", "Nd": return set(digits)
            default: return nil
            }
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"),
            UInt8(ascii: "/"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "|"), UInt8(ascii: "@"), UInt8(ascii: "_"):
            return set([byte])
        default:
            // \b, \S, \W, other properties and the rest are not in the subset.
            return nil
        }
    }

    /// `[a-zA-Z0-9._%+-]`: ranges, literals and simple escapes; negation is not in the subset.
    private static func parseClass(_ bytes: inout ArraySlice<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.first != UInt8(ascii: "^") else { return nil }
        var members: [UInt8] = []
        var previous: UInt8?
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "]"):
                return members.isEmpty ? nil : set(members)
            case UInt8(ascii: "["):
                return nil
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst(), let (low, high) = escape(escaped, rest: &bytes) else { return nil }
                for candidate in UInt8(0)..<128 where (candidate < 64 ? low & (1 << UInt64(candidate)) : high & (1 << UInt64(candidate &- 64))) != 0 {
                    members.append(candidate)
                }
                previous = nil
            case UInt8(ascii: "-") where previous != nil && bytes.first != nil && bytes.first != UInt8(ascii: "]"):
                guard let end = bytes.popFirst(), end != UInt8(ascii: "\\"), end != UInt8(ascii: "["), end >= previous! else { return nil }
                members += Array(previous!...end)
                previous = nil
            default:
                members.append(byte)
                previous = byte
            }
        }
        return nil
    }

    private static func parseQuantifier(_ bytes: inout ArraySlice<UInt8>, into atom: inout Atom) -> Bool {
        switch bytes.first {
        case UInt8(ascii: "+"): (atom.min, atom.max) = (1, .max)
        case UInt8(ascii: "*"): (atom.min, atom.max) = (0, .max)
        case UInt8(ascii: "?"): (atom.min, atom.max) = (0, 1)
        case UInt8(ascii: "{"):
            guard let close = bytes.firstIndex(of: UInt8(ascii: "}")) else { return false }
            let body = String(decoding: bytes[bytes.index(after: bytes.startIndex)..<close], as: UTF8.self)
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let low = Int(parts[0]) else { return false }
            let high = parts.count == 1 ? low : (parts[1].isEmpty ? Int.max : Int(parts[1]) ?? -1)
            guard high >= low else { return false }
            (atom.min, atom.max) = (low, high)
            bytes = bytes[close...]
        default:
            return true
        }
        bytes = bytes.dropFirst()
        // Lazy and possessive quantifiers (`+?`, `*+`) are not in the subset.
        return bytes.first != UInt8(ascii: "?") && bytes.first != UInt8(ascii: "+")
    }
}

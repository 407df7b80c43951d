/// A fast matcher for the simple patterns forms use most (`^[a-z0-9_]+$`, `^[0-9]{5}$`, `[A-Z]`):
/// a sequence of ASCII literals and ASCII character classes, each with a quantifier, optionally
/// anchored, run as a `PatternAutomaton` on the UTF-8 bytes of printable-ASCII values, and of other
/// values too when the pattern names its characters one by one (no `\d`, `\w`, `\s` or `\p{...}`,
/// whose members beyond ASCII only the engine knows). Every other value, and every pattern outside
/// this subset, goes to `LinearPattern`; the subset leaves out whatever the engine reads otherwise
/// than as literals, ranges and these escapes (POSIX classes, `&&` and `--` in classes, an escaped
/// range end), so both always give the same answer.
struct ASCIIPattern: Sendable {
    struct Atom: Sendable {
        /// The bytes the atom accepts: bit b for byte b.
        var bytes: UInt128
        var min: Int
        var max: Int
    }

    let automaton: PatternAutomaton
    /// Whether every class and literal is a set of ASCII characters in any text, so that a character
    /// beyond ASCII is in none of them.
    private let namesOnlyASCII: Bool

    /// The matcher for `pattern`, or nil when the pattern uses anything beyond the subset.
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)[...]
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let anchoredStart = bytes.first == UInt8(ascii: "^")
        if anchoredStart { bytes = bytes.dropFirst() }
        let anchoredEnd = bytes.last == UInt8(ascii: "$") && bytes.dropLast().last != UInt8(ascii: "\\")
        if anchoredEnd { bytes = bytes.dropLast() }
        var atoms: [Atom] = []
        while let byte = bytes.popFirst() {
            var atom = Atom(bytes: 0, min: 1, max: 1)
            switch byte {
            case UInt8(ascii: "["):
                guard let set = Self.parseClass(&bytes) else { return nil }
                atom.bytes = set
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst(), let set = Self.escape(escaped, rest: &bytes) else { return nil }
                atom.bytes = set
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                return nil
            default:
                atom.bytes = Self.set([byte])
            }
            guard Self.parseQuantifier(&bytes, into: &atom) else { return nil }
            atoms.append(atom)
        }
        guard !atoms.isEmpty, let automaton = PatternAutomaton(atoms: atoms, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
        else { return nil }
        self.automaton = automaton
        // Read conservatively: an escaped backslash before one of these letters counts too.
        namesOnlyASCII = !["\\d", "\\w", "\\s", "\\p"].contains { pattern.contains($0) }
    }

    private init(automaton: PatternAutomaton, namesOnlyASCII: Bool) {
        self.automaton = automaton
        self.namesOnlyASCII = namesOnlyASCII
    }

    /// The pattern that matches text holding at least one printable ASCII character for which
    /// `isMember` holds: the ASCII restatement of a character-class rule such as `containsDigit`.
    static func containing(where isMember: (Character) -> Bool) -> ASCIIPattern {
        let members = set((UInt8(0x20)...UInt8(0x7E)).filter { isMember(Character(Unicode.Scalar($0))) })
        return ASCIIPattern(automaton: PatternAutomaton(atoms: [Atom(bytes: members, min: 1, max: 1)], anchoredStart: false, anchoredEnd: false)!,
                            namesOnlyASCII: false)
    }

    /// Whether the pattern matches somewhere in `text`, as the engine would; nil when the engine must decide.
    func matches(_ text: String) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { matches($0) } ?? nil
    }

    /// Whether the pattern matches somewhere in the UTF-8 `text`; nil when the engine must decide:
    /// for text beyond printable ASCII, unless the pattern names only ASCII characters and the text
    /// holds no control character or line separator (where `$` also matches).
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        if text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return automaton.matches(text) }
        guard namesOnlyASCII, let symbols = Self.symbols(of: text) else { return nil }
        return symbols.withUnsafeBufferPointer { automaton.matches($0) }
    }

    /// The text as the automaton reads it, each character beyond ASCII (one code point, as the engine
    /// counts them) as `PatternAutomaton.foreign`; nil when it holds a control character or U+0085, U+2028 or
    /// U+2029.
    private static func symbols(of text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var symbols: [UInt8] = []
        symbols.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                guard byte >= 0x20, byte < 0x7F else { return nil }
                symbols.append(byte)
                index += 1
                continue
            }
            let next = index + 1 < text.count ? text[index + 1] : 0
            let third = index + 2 < text.count ? text[index + 2] : 0
            if (byte == 0xC2 && next == 0x85) || (byte == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9)) { return nil }
            symbols.append(PatternAutomaton.foreign)
            index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        }
        return symbols
    }

    private static func set(_ bytes: [UInt8]) -> UInt128 {
        bytes.reduce(0) { set, byte in byte < 128 ? set | 1 << byte : set }
    }

    /// The set of an escape (`byte` follows the backslash; a `\p{...}` property name is read from
    /// `rest`). The engine's classes are Unicode-aware, but the matcher only ever sees printable ASCII, where
    /// they hold exactly these characters: `\d`, `\p{N}` and `\p{Nd}` the digits, `\w` letters, digits
    /// and `_`, `\s` the space, `\p{L}` the letters, `\p{Lu}` and `\p{Ll}` the upper- and lowercase ones.
    private static func escape(_ byte: UInt8, rest: inout ArraySlice<UInt8>) -> UInt128? {
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

    /// `[a-zA-Z0-9._%+-]`: ranges, literals and simple escapes; negation, POSIX classes (`[:alpha:]`),
    /// the operators `&&` and `--`, and ranges from or to an escape are not in the subset.
    private static func parseClass(_ bytes: inout ArraySlice<UInt8>) -> UInt128? {
        guard bytes.first != UInt8(ascii: "^"), bytes.first != UInt8(ascii: ":") else { return nil }
        var members: [UInt8] = []
        var previous: UInt8?
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "]"):
                return members.isEmpty ? nil : set(members)
            case UInt8(ascii: "["):
                return nil
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst(), let set = escape(escaped, rest: &bytes),
                    bytes.first != UInt8(ascii: "-") || bytes.dropFirst().first == UInt8(ascii: "]")
                else { return nil }
                members += (UInt8(0)..<128).filter { set & 1 << $0 != 0 }
                previous = nil
            case UInt8(ascii: "&") where bytes.first == UInt8(ascii: "&"), UInt8(ascii: "-") where bytes.first == UInt8(ascii: "-"):
                return nil
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
            guard (1...2).contains(parts.count), let low = count(parts[0]) else { return false }
            let high = parts.count == 1 ? low : (parts[1].isEmpty ? Int.max : count(parts[1]) ?? -1)
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

    /// A repetition count as the engine reads one: ASCII digits only (no sign, no space); nil otherwise.
    private static func count(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }
}

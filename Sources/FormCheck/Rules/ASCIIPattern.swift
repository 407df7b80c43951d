/// A fast matcher for the simple patterns forms use most (`^[a-z0-9_]+$`, `^[0-9]{5}$`, `[A-Z]`):
/// built from the engine's syntax tree when the pattern is a sequence of classes, each with a
/// quantifier, optionally anchored, and run as a `PatternAutomaton` on the UTF-8 bytes of
/// printable-ASCII values, and of other values too when every class holds ASCII characters only
/// (`[a-z]`, not `\d`, `\w`, `\p{...}`, `[^...]` or `(?i)`, whose members beyond ASCII only the engine
/// knows). The classes are the engine's own, so both always give the same answer; every other value,
/// and every pattern outside this shape, goes to `LinearPattern`.
struct ASCIIPattern: Sendable {
    struct Atom: Sendable {
        /// The bytes the atom accepts: bit b for byte b.
        var bytes: UInt128
        var min: Int
        var max: Int
    }

    let automaton: PatternAutomaton
    /// Whether every class is a set of ASCII characters in any text, so that a character beyond ASCII
    /// is in none of them.
    private let namesOnlyASCII: Bool
    /// For the ASCII restatement of a rule that text holds a character of a class, that class: text
    /// beyond ASCII passes where one of its members stands alone (`CharacterClasses.holdsAlone`).
    let classPassingAlone: CharacterClasses.Class?

    /// The matcher for `pattern` read with `caseInsensitive` as the engine reads it, or nil when the
    /// pattern is not of that shape (or not a pattern the engine accepts).
    init?(_ pattern: String, caseInsensitive: Bool = false) {
        guard let tree = try? PatternParser.parse(pattern, caseInsensitive: caseInsensitive) else { return nil }
        self.init(tree)
    }

    /// The matcher for a parsed pattern, or nil when it is not of that shape.
    init?(_ tree: PatternNode) {
        var items = Self.flattened(tree)[...]
        let anchoredStart = items.first == .assertion(.startOfText)
        if anchoredStart { items = items.dropFirst() }
        let anchoredEnd = items.last == .assertion(.endOfText) || items.last == .assertion(.endOfTextOrFinalLineTerminator)
        if anchoredEnd { items = items.dropLast() }
        var atoms: [Atom] = []
        var namesOnlyASCII = true
        for item in items {
            let set: ScalarClass
            var atom = Atom(bytes: 0, min: 1, max: 1)
            switch item {
            case .scalar(let scalarClass):
                set = scalarClass
            case .repetition(.scalar(let scalarClass), let min, let max, _):
                guard max != 0 else { return nil }
                set = scalarClass
                (atom.min, atom.max) = (min, max ?? .max)
            default:
                return nil
            }
            atom.bytes = set.asciiMembers & Self.printable
            guard atom.bytes != 0 else { return nil }
            namesOnlyASCII = namesOnlyASCII && Self.holdsOnlyASCII(set)
            atoms.append(atom)
        }
        guard !atoms.isEmpty, let automaton = PatternAutomaton(atoms: atoms, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
        else { return nil }
        self.init(automaton: automaton, namesOnlyASCII: namesOnlyASCII)
    }

    private static let printable: UInt128 = (1 << 0x7F) - (1 << 0x20)

    /// The items of a sequence, nested sequences (groups without a quantifier) spelled out.
    private static func flattened(_ node: PatternNode) -> [PatternNode] {
        if case .sequence(let items) = node { return items.flatMap(flattened) }
        return [node]
    }

    /// Whether the class holds no scalar beyond ASCII; false where that is not plain from its form
    /// (categories, properties, complements and case closures hold some).
    private static func holdsOnlyASCII(_ set: ScalarClass) -> Bool {
        switch set {
        case .scalar(let scalar): return scalar.isASCII
        case .ranges(let ranges): return ranges.allSatisfy { $0.upperBound < 128 }
        case .union(let members): return members.allSatisfy(holdsOnlyASCII)
        case .intersection(let left, let right): return holdsOnlyASCII(left) || holdsOnlyASCII(right)
        case .subtraction(let left, _): return holdsOnlyASCII(left)
        case .categories, .property, .complement, .caseClosure: return false
        }
    }

    private init(automaton: PatternAutomaton, namesOnlyASCII: Bool, classPassingAlone: CharacterClasses.Class? = nil) {
        self.automaton = automaton
        self.namesOnlyASCII = namesOnlyASCII
        self.classPassingAlone = classPassingAlone
    }

    /// The pattern that matches printable ASCII text holding `text` (printable ASCII, not empty) at its
    /// start, at its end, or anywhere: the ASCII restatement of `startsWith`, `endsWith` and `contains`.
    /// Nil for other text, or text too long for an automaton.
    static func literal(_ text: String, atStart: Bool = false, atEnd: Bool = false) -> ASCIIPattern? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let atoms = text.utf8.map { Atom(bytes: 1 << $0, min: 1, max: 1) }
        return PatternAutomaton(atoms: atoms, anchoredStart: atStart, anchoredEnd: atEnd).map { ASCIIPattern(automaton: $0, namesOnlyASCII: false) }
    }

    /// The pattern that matches printable ASCII text equal to one of `texts`, which are lowercase when
    /// `ignoringCase` (then text is compared as its lowercase: only ASCII letters change in ASCII text).
    /// Nil when the automaton would be too large.
    static func choice(among texts: some Sequence<String>, ignoringCase: Bool) -> ASCIIPattern? {
        PatternAutomaton(exactly: texts.map { Array($0.utf8) }, ignoringASCIICase: ignoringCase).map {
            ASCIIPattern(automaton: $0, namesOnlyASCII: false)
        }
    }

    /// The pattern that matches text holding at least one printable ASCII character of `class`: the
    /// ASCII restatement of a character-class rule such as `containsDigit`.
    static func containing(_ class: CharacterClasses.Class) -> ASCIIPattern {
        let members = printableMembers(where: `class`.defines)
        return ASCIIPattern(automaton: ofClass(Atom(bytes: members, min: 1, max: 1), anchored: false).automaton, namesOnlyASCII: false,
                            classPassingAlone: `class`)
    }

    /// The pattern that matches text made only of printable ASCII characters of `classes`: the ASCII
    /// restatement of a rule such as `alpha`.
    static func consisting(of classes: [CharacterClasses.Class]) -> ASCIIPattern {
        ofClass(Atom(bytes: printableMembers { character in classes.contains { $0.defines(character) } }, min: 0, max: .max), anchored: true)
    }

    /// The pattern of one atom, anchored at both ends or at neither; its class is a rule's, so a
    /// character beyond ASCII goes to the rule's own test.
    private static func ofClass(_ atom: Atom, anchored: Bool) -> ASCIIPattern {
        ASCIIPattern(automaton: PatternAutomaton(atoms: [atom], anchoredStart: anchored, anchoredEnd: anchored)!, namesOnlyASCII: false)
    }

    /// The printable ASCII characters for which `isMember` holds, as an atom's bytes.
    private static func printableMembers(where isMember: (Character) -> Bool) -> UInt128 {
        set((UInt8(0x20)...UInt8(0x7E)).filter { isMember(Character(Unicode.Scalar($0))) })
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
}

import Foundation
import Testing
@testable import FormCheck

/// The engine must answer as ICU (`NSRegularExpression`) does on the syntax both accept, so that
/// patterns keep their answers.
@Suite struct PatternICUComparisonTests {
    /// Generated (pattern, value) pairs, from a fixed seed; each answer is compared with ICU's.
    @Test func generatedPatternsAgreeWithICU() throws {
        var generator = PatternGenerator(seed: 0x5EED_F0F0)
        var compared = 0
        var disagreements: [String] = []
        var icuInconsistent = 0
        for _ in 0..<5_000 {
            let (pattern, greedyTwin) = generator.patternWithGreedyTwin()
            let icu = try NSRegularExpression(pattern: pattern)
            let icuGreedy = try NSRegularExpression(pattern: greedyTwin)
            let engine: LinearPattern
            do {
                engine = try LinearPattern(pattern)
            } catch {
                disagreements.append("\(pattern): refused (\(error))")
                continue
            }
            for _ in 0..<12 {
                let value = generator.value()
                let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
                let range = NSRange(value.startIndex..., in: value)
                // Lazy and greedy quantifiers give the same answer; where ICU's differ (a lazy loop
                // whose body can match the empty text, in ICU), ICU's answer is left out.
                if expected != (icuGreedy.firstMatch(in: value, range: range) != nil) {
                    icuInconsistent += 1
                    continue
                }
                compared += 1
                if engine.matches(value) != expected {
                    disagreements.append("\(pattern) on \(value.unicodeScalars.map { String($0.value, radix: 16) }): ICU \(expected)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(compared):\n\(disagreements.prefix(40).joined(separator: "\n"))")
        print("generated comparisons with ICU: \(compared - disagreements.count) of \(compared) agree; \(icuInconsistent) left out where ICU's lazy and greedy answers differ")
    }

    /// The patterns forms use most (those the ASCII fast path is tested on, and more) compile and
    /// answer as ICU does.
    @Test func formPatternsAgreeWithICU() throws {
        let patterns = ASCIIPatternTests.patterns + [
            #"^[\p{L} '-]+$"#, #"^[\p{L}\p{M} '’-]{1,100}$"#, #"^\+?[0-9 ()-]{7,20}$"#, #"^[^@\s]+@[^@\s]+\.[^@\s]+$"#,
            #"^\d{4}-\d{2}-\d{2}$"#, #"^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$"#, "(?i)^[a-z0-9-]+$", #"^\S+$"#, #"\bfoo\b"#,
        ]
        var generator = PatternGenerator(seed: 0xF0_12)
        let values = (0..<400).map { _ in generator.value() } + ["Zoë O'Brien-Smith", "ada@example.com", "+49 30 1234567", "2025-06-15"]
        for source in patterns {
            let engine = try LinearPattern(source)
            let icu = try NSRegularExpression(pattern: source)
            for value in values {
                let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
                #expect(engine.matches(value) == expected, "\(source) on \(value.debugDescription)")
            }
        }
    }

    /// Classes with a single '&' before or after a range, and POSIX class names, read as ICU reads
    /// them, or are refused where ICU refuses them.
    @Test(arguments: [
        "[a&-z]", "[&-z]", "[a-&]", "[a&&-z]", "[a&-]", "[&-]", "[%-&]", "[%-&-z]", "[a-c&-z]", "[a[b]&-z]", "[b&-c&-z]",
        "[%&-a]", "[]&-z]", "(?i)[a&-m]", "[^a&-z]", #"[\d&-z]"#, #"[a\d&-z]"#, "[a&-\\x{7a}]",
        "[[:lwr]:]", "[[:^lwr]:]", "[:lwr]:]", "[[:lwr]]", "[[:lwr:]]", "[[:]:]", "[[:]]", "[[:alpha]]", "[[:alpha:]]", "[[:a]b:]]",
    ])
    func classEdgesReadAsICUReadsThem(_ pattern: String) {
        expectAgreementWithICU(pattern, on: (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) } + ["é", "Ω", "ſ", "K"])
    }

    /// Control-character and hexadecimal escapes name the characters ICU's do (`\cX` is X's low five
    /// bits, `\x{...}` takes up to 7 digits), or are refused where ICU refuses them.
    @Test(arguments: [
        #"\c1"#, #"\ca"#, #"\cA"#, #"\c["#, #"\c?"#, #"\cé"#, #"\c "#, #"\c\"#, #"[\c1]"#, #"[\c1-\c5]"#, #"a\c"#,
        #"\x{0000041}"#, #"\x{00000041}"#, #"\x{10FFFF}"#, #"\x{110000}"#, #"[\x{0000041}-\x{5A}]"#,
    ])
    func controlAndHexadecimalEscapesReadAsICUReadsThem(_ pattern: String) {
        expectAgreementWithICU(pattern, on: (0x00..<0x80).map { String(Unicode.Scalar(UInt8($0))) } + ["é", "\u{10FFFF}"])
    }

    /// `pattern`, anchored at both ends, is refused by both the engine and ICU, or gives ICU's answer
    /// on each of `values`.
    private func expectAgreementWithICU(_ pattern: String, on values: [String]) {
        let icu = try? NSRegularExpression(pattern: "^" + pattern + "$")
        let engine = try? LinearPattern("^" + pattern + "$")
        #expect((engine == nil) == (icu == nil), "\(pattern): ICU \(icu == nil ? "refuses" : "accepts") it")
        guard let icu, let engine else { return }
        for value in values {
            let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
            #expect(engine.matches(value) == expected, "\(pattern) on \(value.debugDescription)")
        }
    }

    /// Every property and class escape names the same scalars as in ICU, over every scalar of
    /// Unicode 16 (ICU's version here; the engine's tables are Unicode 17, whose new scalars are left out).
    @Test(arguments: [
        #"\p{L}"#, #"\p{Lu}"#, #"\p{Ll}"#, #"\p{Lt}"#, #"\p{Lm}"#, #"\p{Lo}"#, #"\p{LC}"#, #"\p{M}"#, #"\p{Mn}"#, #"\p{Mc}"#,
        #"\p{Me}"#, #"\p{N}"#, #"\p{Nd}"#, #"\p{Nl}"#, #"\p{No}"#, #"\p{P}"#, #"\p{Pc}"#, #"\p{Pd}"#, #"\p{Ps}"#, #"\p{Pe}"#,
        #"\p{Pi}"#, #"\p{Pf}"#, #"\p{Po}"#, #"\p{S}"#, #"\p{Sm}"#, #"\p{Sc}"#, #"\p{Sk}"#, #"\p{So}"#, #"\p{Z}"#, #"\p{Zs}"#,
        #"\p{Zl}"#, #"\p{Zp}"#, #"\p{C}"#, #"\p{Cc}"#, #"\p{Cf}"#, #"\p{Co}"#, #"\p{Cn}"#, #"\p{Letter}"#,
        #"\p{Latin}"#, #"\p{Greek}"#, #"\p{Cyrillic}"#, #"\p{Han}"#, #"\p{Arabic}"#, #"\p{Hebrew}"#, #"\p{Hiragana}"#,
        #"\p{Katakana}"#, #"\p{Hangul}"#, #"\p{Devanagari}"#, #"\p{Thai}"#, #"\p{Common}"#, #"\p{Inherited}"#, #"\p{sc=Latn}"#,
        #"\p{Alphabetic}"#, #"\p{White_Space}"#, #"\p{Lowercase}"#, #"\p{Uppercase}"#, #"\p{Hex_Digit}"#, #"\p{Any}"#,
        #"\p{ASCII}"#, #"\p{Assigned}"#, #"\d"#, #"\w"#, #"\s"#, #"\h"#, #"\v"#, #"\D"#, #"\W"#, #"\S"#, ".",
        "[[:alpha:]]", "[[:digit:]]", "[[:alnum:]]", "[[:upper:]]", "[[:lower:]]", "[[:punct:]]", "[[:space:]]",
        "[[:blank:]]", "[[:cntrl:]]", "[[:graph:]]", "[[:print:]]", "[[:xdigit:]]", "[[:word:]]",
        #"(?i)\p{Lu}"#, #"(?i)[a-z]"#, #"(?i)[^a-z]"#, #"(?i)\w"#, #"(?i)\W"#, #"(?i)[\p{Greek}&&\p{Ll}]"#,
    ])
    func propertiesNameTheScalarsICUNames(_ pattern: String) throws {
        let program = try LinearPattern(pattern).program
        // ICU finds the members in one search over every scalar in a row; the engine's class is asked directly.
        var found = Set<Int>()
        for match in try NSRegularExpression(pattern: pattern).matches(in: Self.allScalars, range: NSRange(location: 0, length: Self.allScalars.utf16.count)) {
            found.insert(match.range.location)
        }
        var differing: [String] = []
        for (scalar, offset) in zip(Self.sharedScalars, Self.offsets) {
            let accepts = switch program.instructions[0] {
            case .scalar(let value): scalar.value == value
            case .set(let index): program.classes[index].contains(scalar)
            default: false
            }
            if accepts != found.contains(offset) { differing.append(String(scalar.value, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(pattern): \(differing.count) differ: \(differing.prefix(30).joined(separator: " "))")
    }

    static let allScalars = String(String.UnicodeScalarView(sharedScalars))
    /// Where each scalar of `allScalars` starts, in UTF-16 units (as ICU counts).
    static let offsets: [Int] = {
        var offsets: [Int] = []
        var offset = 0
        for scalar in sharedScalars {
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        return offsets
    }()

    /// Every scalar below U+3400 and one in 13 beyond, leaving out those Unicode 17 added or changed
    /// (U+0295 became Lo; U+A7D3 and U+A7D5 gained capitals), and the line terminators, before a final
    /// one of which `$` matches.
    static let sharedScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value -> Unicode.Scalar? in
        guard let scalar = Unicode.Scalar(value), value < 0x3400 || value % 13 == 0 else { return nil }
        if let age = scalar.properties.age, age.major >= 17 { return nil }
        if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029, 0x295, 0xA7D3, 0xA7D5].contains(value) { return nil }
        return scalar
    }
}

/// Random patterns in the syntax ICU and the engine share, and values to try them on: accented
/// and combining characters, emoji, CJK, and mixed scripts.
struct PatternGenerator {
    private var state: UInt64
    private var groupNames = 0

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    static let characters: [String] = [
        "a", "b", "c", "A", "B", "x", "X", "z", "0", "1", "7", " ", "-", ".", "_", "'", "@", "\n", "\r", "\t",
        "é", "É", "e\u{301}", "\u{301}", "ñ", "ü", "Ü", "ø", "ж", "Ж", "я", "α", "Ω", "ω", "σ", "ς", "Σ",
        "日", "本", "中", "ひ", "カ", "한", "ع", "ש", "٣", "५", "😀", "👍🏽", "🇫🇷", "\u{200D}", "\u{A0}", "K", "k", "\u{212A}", "ſ", "s",
    ]

    /// A value of 0 to 10 characters.
    mutating func value() -> String {
        (0..<below(11)).map { _ in pick(Self.characters) }.joined()
    }

    private static let literals = [
        "a", "b", "c", "A", "x", "z", "0", "1", " ", "-", "_", "'", "@", "é", "É", "ж", "Ж", "α", "Σ", "σ", "日", "本",
        "😀", "k", "s", #"\."#, #"\-"#, #"\x{e9}"#, #"\u00E9"#, #"\u0301"#, #"\x41"#, #"\n"#, #"\t"#, #"\r"#,
    ]
    private static let sets = [
        ".", #"\d"#, #"\w"#, #"\s"#, #"\D"#, #"\W"#, #"\S"#, #"\h"#, #"\p{L}"#, #"\p{Lu}"#, #"\p{Ll}"#, #"\p{N}"#, #"\p{M}"#,
        #"\p{P}"#, #"\p{S}"#, #"\p{Latin}"#, #"\p{Greek}"#, #"\p{Cyrillic}"#, #"\p{Han}"#, #"\p{Arabic}"#, #"\P{L}"#,
        #"\p{Letter}"#, #"\p{sc=Latn}"#, #"\p{Script=Greek}"#, "[abc]", "[a-z]", "[^a-z]", "[A-Za-z0-9]", "[^a]",
        #"[\p{L}\p{M}]"#, #"[^\p{L}]"#, #"[\p{L}&&\p{Latin}]"#, #"[\p{L}--\p{Ll}]"#, "[[:alpha:]]", "[[:digit:]]",
        #"[\w-]"#, #"[\s'-]"#, #"[é-ü]"#, "[α-ω]", #"[\x{4E00}-\x{9FFF}]"#, "[a-z&&[^aeiou]]", #"[\d.]"#, "[[:punct:]]",
    ]
    private static let anchors = ["^", "$", #"\b"#, #"\B"#, #"\A"#, #"\z"#, #"\Z"#]
    private static let quantifiers = ["?", "*", "+", "{2}", "{1,}", "{0,2}", "{1,3}", "??", "*?", "+?", "{2,}?"]

    /// A pattern: an optional flag, then a random expression.
    mutating func pattern() -> String { patternWithGreedyTwin().pattern }

    /// A pattern, and the same pattern with its lazy quantifiers made greedy (the same answers).
    mutating func patternWithGreedyTwin() -> (pattern: String, greedy: String) {
        let flag = pick(["", "", "", "", "(?i)", "(?m)", "(?s)"])
        var (text, greedy) = expression(depth: 0)
        (text, greedy) = (flag + text, flag + greedy)
        if below(3) == 0 { (text, greedy) = ("^" + text, "^" + greedy) }
        if below(3) == 0 { (text, greedy) = (text + "$", greedy + "$") }
        return (text, greedy)
    }

    private mutating func expression(depth: Int) -> (String, String) {
        var branches: [(String, String)] = []
        for _ in 0..<(below(4) == 0 ? 2 : 1) {
            let terms = (0..<(1 + below(4))).map { _ in term(depth: depth) }
            branches.append((terms.map(\.0).joined(), terms.map(\.1).joined()))
        }
        return (branches.map(\.0).joined(separator: "|"), branches.map(\.1).joined(separator: "|"))
    }

    private mutating func term(depth: Int) -> (String, String) {
        var atom: (String, String)
        switch below(10) {
        case 0...3:
            let literal = pick(Self.literals)
            atom = (literal, literal)
        case 4...6:
            let set = pick(Self.sets)
            atom = (set, set)
        case 7:
            let anchor = below(4) == 0 ? pick(["(?i)", "(?-i)", "(?s)", "(?m)", "(?i-m)"]) : pick(Self.anchors)
            return (anchor, anchor)
        default:
            let inner: (String, String)
            if depth < 2 {
                inner = expression(depth: depth + 1)
            } else {
                let literal = pick(Self.literals)
                inner = (literal, literal)
            }
            groupNames += 1
            let opening = pick(["(", "(?:", "(?<n\(groupNames)>", "(?i:", "(?-i:", "(?s:"])
            atom = (opening + inner.0 + ")", opening + inner.1 + ")")
        }
        if below(3) == 0 {
            let quantifier = pick(Self.quantifiers)
            let greedy = quantifier.count > 1 && quantifier.hasSuffix("?") ? String(quantifier.dropLast()) : quantifier
            atom = (atom.0 + quantifier, atom.1 + greedy)
        }
        return atom
    }
}

import Testing
@testable import FormCheck

/// The engine's answers on exact cases, with ICU's meaning of each construct.
@Suite struct PatternEngineTests {
    struct Case: CustomStringConvertible, Sendable {
        let pattern: String
        let matching: [String]
        let notMatching: [String]
        var caseInsensitive = false

        var description: String { pattern }
    }

    static let cases: [Case] = [
        // Searched anywhere unless anchored.
        Case(pattern: "bc", matching: ["bc", "abcd"], notMatching: ["", "b c", "cb"]),
        Case(pattern: "^bc$", matching: ["bc", "bc\n", "bc\r\n", "bc\u{2028}"], notMatching: ["abc", "bcd", "bc\n\n", "\nbc"]),
        Case(pattern: #"^bc\z"#, matching: ["bc"], notMatching: ["bc\n"]),
        Case(pattern: #"\Abc\Z"#, matching: ["bc", "bc\n"], notMatching: ["abc"]),
        Case(pattern: #"a\r$"#, matching: ["a\r"], notMatching: ["a\r\n"]),
        Case(pattern: "(?m)^b$", matching: ["a\nb\nc", "b", "a\r\nb\r\nc"], notMatching: ["ab\nc"]),
        Case(pattern: #"(?m)\r$"#, matching: ["\r"], notMatching: ["a\r\nb"]),
        Case(pattern: "", matching: ["", "x"], notMatching: []),
        // Classes, escapes, properties.
        Case(pattern: "^[a-c]+$", matching: ["abc", "cab"], notMatching: ["abd", ""]),
        Case(pattern: "^[^a-c]$", matching: ["d", "é", "😀"], notMatching: ["a", "", "dd"]),
        Case(pattern: "^[]a]$", matching: ["]", "a"], notMatching: ["b"]),
        Case(pattern: "^[a-]$", matching: ["a", "-"], notMatching: ["b"]),
        Case(pattern: #"^[\$-z]$"#, matching: ["$", "-", "a", "z", "0"], notMatching: ["#", "{"]),
        // A single & or - between a nested class or property and a nested class is an operator, as in ICU.
        Case(pattern: #"^[\p{L}&[aou]]$"#, matching: ["a", "u"], notMatching: ["x", "&", "1"]),
        Case(pattern: #"^[\p{L}-[aou]]$"#, matching: ["b"], notMatching: ["a", "-"]),
        Case(pattern: "^[[a-z]-[aeiou]]$", matching: ["b", "z"], notMatching: ["a", "-"]),
        // Single operators chain left to right, and '--' and '&&' take what the single ones made.
        Case(pattern: #"^[\p{L}-[a]-[b]]$"#, matching: ["c"], notMatching: ["a", "b", "-"]),
        Case(pattern: #"^[\p{L}-[a]&[abc]]$"#, matching: ["b", "c"], notMatching: ["a", "d"]),
        Case(pattern: "^[[0-9]-[1]--[2]]$", matching: ["3"], notMatching: ["1", "2"]),
        Case(pattern: "^[[0-9]-[1]&&[0-5]]$", matching: ["3"], notMatching: ["1", "7"]),
        Case(pattern: #"^[[\p{L}-[aou]][aou]]$"#, matching: ["a", "b"], notMatching: ["1"]),
        Case(pattern: #"^[\d-[5]]$"#, matching: ["5", "4", "-"], notMatching: ["a"]),
        Case(pattern: #"^[\p{L}&\p{Lu}]$"#, matching: ["a", "&", "A"], notMatching: ["1"]),
        Case(pattern: "^[a&[b]]$", matching: ["a", "&", "b"], notMatching: ["c"]),
        Case(pattern: #"^[\d-z]$"#, matching: ["5", "-", "z"], notMatching: ["m"]),
        // A single '&' before a range is a literal, and the range starts at the last character read
        // before it in the class (not at a range's end), as ICU reads it.
        Case(pattern: "^[a&-z]$", matching: ["a", "m", "z", "&"], notMatching: ["-", ":", "0", "A", "{"]),
        Case(pattern: "^[a-c&-m]$", matching: ["a", "b", "m", "&"], notMatching: ["n", "-"]),
        Case(pattern: "^[a[c]&-m]$", matching: ["a", "c", "m", "&"], notMatching: ["b", "n", "-"]),
        Case(pattern: "^[%&-a]$", matching: ["%", "&", "-", "0", "A", "a"], notMatching: ["$", "b"]),
        Case(pattern: "^[%-&]$", matching: ["%", "&"], notMatching: ["$", "'"]),
        Case(pattern: "^[a&-]$", matching: ["a", "&", "-"], notMatching: ["b"]),
        Case(pattern: "^[a-z&&[^aeiou]]+$", matching: ["bcd"], notMatching: ["bad"]),
        Case(pattern: "^[a-z--aeiou]+$", matching: ["bcd"], notMatching: ["bud"]),
        Case(pattern: "^[a-c&&b-d--c]$", matching: ["b"], notMatching: ["a", "c", "d"]),
        Case(pattern: "^[^a-c&&b]$", matching: ["a", "x"], notMatching: ["b"]),
        Case(pattern: "^[[:alpha:]]+$", matching: ["abcé", "日本", "Ⅻ"], notMatching: ["a1", ":"]),
        Case(pattern: "^[:alpha:]+$", matching: ["é"], notMatching: [":"]),
        Case(pattern: "^[:alpha]+$", matching: [":alph"], notMatching: ["b"]),
        Case(pattern: "^[[:^digit:]]$", matching: ["a"], notMatching: ["1", "٣"]),
        Case(pattern: #"^\d+$"#, matching: ["123", "٣٤", "१२"], notMatching: ["Ⅻ", "½", "1a"]),
        Case(pattern: #"^\w+$"#, matching: ["a_1", "é", "e\u{301}", "日本", "a\u{200D}b"], notMatching: ["a-b", "a b", "😀"]),
        Case(pattern: #"^\s$"#, matching: [" ", "\t", "\u{A0}", "\u{85}", "\u{0B}", "\u{3000}"], notMatching: ["\u{200B}", "a"]),
        Case(pattern: #"^\h$"#, matching: [" ", "\t", "\u{A0}"], notMatching: ["\n"]),
        Case(pattern: #"^\v$"#, matching: ["\u{0B}", "\u{2029}"], notMatching: [" "]),
        Case(pattern: #"^\p{L}+$"#, matching: ["abc", "Ωμέγα", "日本語", "Жук"], notMatching: ["a1", "e\u{301}"]),
        Case(pattern: #"^[\p{L}\p{M}]+$"#, matching: ["e\u{301}"], notMatching: ["1"]),
        Case(pattern: #"^\p{Lu}\p{Ll}+$"#, matching: ["Zoë", "Ωμ"], notMatching: ["zoë"]),
        Case(pattern: #"^\p{Letter}$"#, matching: ["a"], notMatching: ["1"]),
        Case(pattern: #"^\P{L}$"#, matching: ["1", " "], notMatching: ["a"]),
        Case(pattern: #"^[^\p{L}]$"#, matching: ["1"], notMatching: ["a"]),
        Case(pattern: #"^\p{Latin}+$"#, matching: ["Zoë", "ﬀ"], notMatching: ["Ωμ", "a1"]),
        Case(pattern: #"^\p{Greek}+$"#, matching: ["Ωμέγα"], notMatching: ["a"]),
        Case(pattern: #"^\p{Cyrillic}+$"#, matching: ["Жук"], notMatching: ["Zuk"]),
        Case(pattern: #"^\p{Han}+$"#, matching: ["日本語"], notMatching: ["にほん"]),
        Case(pattern: #"^\p{Script=Arabic}+$"#, matching: ["عربي"], notMatching: ["a"]),
        Case(pattern: #"^\p{sc=Latn}$"#, matching: ["a"], notMatching: ["1"]),
        Case(pattern: #"^\p{IsLatin}$"#, matching: ["a"], notMatching: ["α"]),
        Case(pattern: #"^\p{Is_L}\p{Islatin}$"#, matching: ["aa", "αa"], notMatching: ["a1", "aα"]),
        Case(pattern: "^.$", matching: ["a", "😀", "\u{0}"], notMatching: ["\n", "\r", "\u{85}", "\u{2028}", ""]),
        Case(pattern: "(?s)^.$", matching: ["\n"], notMatching: [""]),
        Case(pattern: #"^\x41\x{1F600}\u00E9\U0001F600\0101\t\cA$"#, matching: ["A😀é😀A\t\u{1}"], notMatching: ["A"]),
        Case(pattern: #"^\Qa.b\E+$"#, matching: ["a.bbb"], notMatching: ["axb"]),
        Case(pattern: #"^\.\*\[$"#, matching: [".*["], notMatching: ["a*["]),
        Case(pattern: "^café$", matching: ["café"], notMatching: ["cafe\u{301}", "cafe"]),
        // Word boundaries, with combining marks and format characters looked through.
        Case(pattern: #"\bcat\b"#, matching: ["a cat.", "cat"], notMatching: ["cats", "concat"]),
        Case(pattern: #"\Bat\b"#, matching: ["cat"], notMatching: ["at"]),
        Case(pattern: #"a\b"#, matching: ["a b"], notMatching: ["a\u{301}", "aé"]),
        Case(pattern: #"^\b"#, matching: ["a"], notMatching: ["", " a"]),
        Case(pattern: #"\B"#, matching: ["", "ab"], notMatching: ["a"]),
        // Alternation, groups, quantifiers (lazy ones answer as greedy ones).
        Case(pattern: "^(?:cat|dog)s?$", matching: ["cat", "dogs"], notMatching: ["cats!", "cow"]),
        Case(pattern: "^(?<animal>cat|dog)$", matching: ["dog"], notMatching: ["cow"]),
        Case(pattern: "^(a|)+$", matching: ["", "aaa"], notMatching: ["b"]),
        Case(pattern: "^a{3}$", matching: ["aaa"], notMatching: ["aa", "aaaa"]),
        Case(pattern: "^a{2,}$", matching: ["aa", "aaaaa"], notMatching: ["a"]),
        Case(pattern: "^a{1,2}b{0}$", matching: ["a", "aa"], notMatching: ["aaa", "ab"]),
        Case(pattern: "^a+?$", matching: ["aaa"], notMatching: [""]),
        Case(pattern: "^a{2,3}?$", matching: ["aaa"], notMatching: ["aaaa"]),
        Case(pattern: "^(a*)*$", matching: ["", "aa"], notMatching: ["b"]),
        Case(pattern: #"^\R$"#, matching: ["\r\n", "\n", "\r", "\u{2028}", "\r\n\n"], notMatching: ["\n\n\n"]),
        Case(pattern: #"\R\n"#, matching: ["\n\n"], notMatching: ["\r\n"]),
        Case(pattern: "a(?#a comment)b", matching: ["ab"], notMatching: ["a b"]),
        // In a comment, \Q...\E quotes a `)`; a `)` after another backslash ends the comment.
        Case(pattern: #"a(?#x\Q)\E)b"#, matching: ["ab"], notMatching: ["a)b"]),
        Case(pattern: #"a(?#\\\Q)b\E)b"#, matching: ["ab"], notMatching: []),
        Case(pattern: #"a(?#x\)b"#, matching: ["ab"], notMatching: ["a)b"]),
        Case(pattern: #"a(?#\\Q)b"#, matching: ["ab"], notMatching: []),
        // A comment's escapes that ICU decodes, well formed (a surrogate too); \c takes a `)`, even one after a backslash.
        Case(pattern: #"a(?#\x4\x41G\x{0000041}\u0042\uD800\U0010FFFF\0101\0777\N{x\k\p)b"#, matching: ["ab"], notMatching: ["a)b"]),
        Case(pattern: #"a(?#\c))b"#, matching: ["ab"], notMatching: ["a)b"]),
        Case(pattern: #"a(?#\c\)b"#, matching: ["ab"], notMatching: []),
        // Case-insensitive: simple case folding, on literals and classes (negated after folding).
        Case(pattern: "(?i)^straße$", matching: ["STRAßE", "Straße"], notMatching: ["STRASSE"]),
        Case(pattern: "(?i)^k$", matching: ["K", "k", "\u{212A}"], notMatching: ["q"]),
        Case(pattern: "(?i)^σ+$", matching: ["Σσς"], notMatching: ["s"]),
        Case(pattern: "(?i)^[a-z]+$", matching: ["ABC", "ſ"], notMatching: ["1"]),
        Case(pattern: "(?i)^[^a]$", matching: ["b"], notMatching: ["a", "A"]),
        Case(pattern: "(?i)^i$", matching: ["I"], notMatching: ["ı", "İ"]),
        Case(pattern: #"(?i)^\p{Lu}$"#, matching: ["a", "A"], notMatching: ["1"]),
        Case(pattern: "^a(?i)b$", matching: ["aB"], notMatching: ["AB"]),
        Case(pattern: "^(?i:a)b$", matching: ["Ab"], notMatching: ["AB"]),
        Case(pattern: "^(?:(?i)a)b$", matching: ["Ab"], notMatching: ["AB"]),
        Case(pattern: "^(?i)a(?-i)b$", matching: ["Ab"], notMatching: ["AB"]),
        Case(pattern: "^ab$", matching: ["AB", "ab"], notMatching: ["ac"], caseInsensitive: true),
    ]

    @Test(arguments: cases)
    func answers(_ example: Case) throws {
        let pattern = try LinearPattern(example.pattern, caseInsensitive: example.caseInsensitive)
        for value in example.matching {
            #expect(pattern.matches(value), "\(example.pattern) should match \(value.debugDescription)")
        }
        for value in example.notMatching {
            #expect(!pattern.matches(value), "\(example.pattern) should not match \(value.debugDescription)")
        }
    }

    /// A class's ASCII members, read from tables when a pattern compiles, are those `contains` accepts.
    @Test(arguments: [
        #"[a-z]"#, #"[^a-z]"#, #"[\x00-\x7F]"#, #"[^\x7F]"#, #"\p{L}"#, #"\P{L}"#, #"\w"#, #"\W"#, #"[[:graph:]]"#, #"[[:print:]]"#,
        #"[\p{L}&&\p{Latin}--[aeiou]]"#, #"(?i)[k]"#, #"(?i)[^s]"#, #"\p{Cc}"#, "[ -~]",
        // Case closures whose ASCII members come from a member beyond ASCII (the Kelvin sign, long s) or from ranges.
        #"(?i)[\x{212A}]"#, #"(?i)[\x{17F}x]"#, #"(?i)[^\x{212A}]"#, #"(?i)[a-f0-9]"#, #"(?i)\p{Lu}"#, #"(?i)[\p{Greek}k]"#,
    ])
    func asciiMembersAreTheMembers(_ source: String) throws {
        let program = try LinearPattern(source).program
        guard case .set(let index) = program.instructions[0] else { Issue.record("\(source) is not a class"); return }
        let set = program.classes[index].set
        let expected = (0..<128).reduce(UInt128(0)) { bits, value in set.contains(Unicode.Scalar(UInt8(value))) ? bits | 1 << value : bits }
        #expect(set.asciiMembers == expected)
    }

    /// A program is compiled at the pattern's first search, not with the pattern, when it is sure to fit
    /// within the limit; a pattern that may not fit is compiled at once, so that one too large is refused then.
    @Test func programsAreCompiledAtTheFirstSearch() throws {
        let pattern = try LinearPattern(#"^\p{L}{2,40}$"#)
        #expect(!pattern.hasCompiledProgram)
        #expect(pattern.matches("Zoë") && !pattern.matches("Z"))
        #expect(pattern.hasCompiledProgram)
        // Bounded at 10,002 instructions, the alternation's last branch counted as the others: 10,000 and the match.
        let nearTheLimit = try LinearPattern(Array(repeating: "a", count: 3_333).joined(separator: "|") + "|b")
        #expect(nearTheLimit.hasCompiledProgram)
        #expect(nearTheLimit.program.instructions.count == 10_001)
        #expect(nearTheLimit.matches("b") && !nearTheLimit.matches("c"))
        #expect(throws: PatternSyntaxError.self) { try LinearPattern("(?:a|b){2000}") }
        #expect(PatternProgram.alwaysFits(try PatternParser.parse("a{10000}")))
        #expect(!PatternProgram.alwaysFits(try PatternParser.parse("a{10001}")))
    }

    /// The copies of a counted repetition repeat the body's instructions, their targets moved, and
    /// share its classes, so that `[a-z]{2,64}` builds one class and not 64.
    @Test func countedRepetitionsShareTheirBody() throws {
        let classes = try LinearPattern("[a-z]{2,3}").program
        #expect(classes.instructions == [.set(0), .set(0), .split(3, 4), .set(0), .match])
        #expect(classes.classes.count == 1)
        let jumps = try LinearPattern("(ab|c){2}").program
        #expect(jumps.instructions == [
            .split(1, 4), .scalar(97), .scalar(98), .jump(5), .scalar(99),
            .split(6, 9), .scalar(97), .scalar(98), .jump(10), .scalar(99), .match,
        ])
    }

    /// Patterns that make a backtracking matcher take exponential or polynomial time, on values of
    /// 100,000 characters: the answers are right (time is not measured here).
    @Test func hostilePatternsAnswerRightOnLongValues() throws {
        let xs = String(repeating: "x", count: 100_000)
        let words = String(repeating: "ab ", count: 33_333)
        let as_ = String(repeating: "a", count: 100_000)
        let names = String(repeating: "Zoë ", count: 25_000)
        let checks: [(String, String, Bool)] = [
            ("(x+x+)+y", xs, false),
            ("(x+x+)+y", xs + "y", true),
            (#"^(\w+\s?)*$"#, words, true),
            (#"^(\w+\s?)*$"#, words + "!", false),
            ("^(a|aa)+$", as_, true),
            ("^(a|aa)+$", as_ + "b", false),
            (#"^(\p{L}+[ '-]?)+$"#, names, true),
            (#"^(\p{L}+[ '-]?)+$"#, names + "1", false),
            ("^(a+)+$|^a*c$", String(repeating: "a", count: 30) + "c", true),
            (#"^([a-zA-Z0-9]+\.?)+@example\.com$"#, String(repeating: "a.", count: 50_000) + "@example.com", true),
            (#"^([a-zA-Z0-9]+\.?)+@example\.com$"#, String(repeating: "a.", count: 50_000) + "@example.org", false),
        ]
        for (source, value, expected) in checks {
            #expect(try LinearPattern(source).matches(value) == expected, "\(source) on \(value.count) characters")
        }
    }
}

/// The lazy DFA must answer as the Pike VM does, including when its cache fills up.
@Suite struct PatternDFATests {
    @Test func answersAsThePikeVMOnGeneratedPairs() throws {
        var generator = PatternGenerator(seed: 0xD_FA)
        var disagreements: [String] = []
        for _ in 0..<1_500 {
            let source = generator.pattern()
            guard let pattern = try? LinearPattern(source) else { continue }
            for _ in 0..<8 {
                let value = generator.value() + generator.value() + generator.value()
                let expected = PatternMatcher.matches(pattern.program, in: Array(value.unicodeScalars))
                if pattern.matches(value) != expected { disagreements.append("\(source) on \(value.debugDescription)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).joined(separator: "\n"))")
    }

    /// Line terminators, in ASCII and beyond (NEL, LS, PS), under `$`, `\Z` and `(?m)`: the search
    /// goes on in the Pike VM from where the automaton met them, on the bytes and on a `String`.
    @Test func answersAsThePikeVMAtLineTerminators() throws {
        let patterns = [#"^\p{L}+$"#, "é$", #"a\Z"#, "(?m)^b$", "(?m)^é+$", "x$|y", #"\bé$"#, #"é\s$"#]
        let values = [
            "é\u{2028}", "é\u{85}", "a\n", "a\r\n", "b\u{2028}b", "éé\u{2029}", "a\u{2028}\n", "x\u{85}y", "\u{2028}", "ééé", "é\u{2028}\u{2028}",
            "b\r\nb", "é \n", "xé\u{85}",
        ]
        var disagreements: [String] = []
        for source in patterns {
            let pattern = try LinearPattern(source)
            for value in values {
                let expected = PatternMatcher.matches(pattern.program, in: Array(value.unicodeScalars))
                var copy = value
                let onBytes = copy.withUTF8 { pattern.matches(utf8: $0) }
                if pattern.matches(value) != expected || onBytes != expected { disagreements.append("\(source) on \(value.debugDescription)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// A value with more different scalars beyond ASCII than the cache keeps transitions for.
    @Test func answersRightBeyondTheTransitionLimit() throws {
        let pattern = try LinearPattern(#"^\p{Han}+$"#)
        let han = [0x4E00...0x9FFF, 0x20000...0x2A6DF, 0x2A700...0x2B73F].joined().compactMap(Unicode.Scalar.init)
            .filter { $0.properties.generalCategory == .otherLetter }
        let value = String(String.UnicodeScalarView(han))
        #expect(han.count > 65_536)
        #expect(pattern.matches(value))
        #expect(!pattern.matches(value + "1"))
    }

    /// Values that differ only in their last 13 scalars fill the cache there, so the Pike VM takes over
    /// in the middle of the value, on a scalar of one byte or of several, and must start from that scalar.
    @Test(arguments: [("a", "b"), ("é", "b"), ("a", "日"), ("é", "日")])
    func goesOnInThePikeVMFromTheScalarThatDidNotFit(_ marked: Character, _ other: Character) throws {
        let pattern = try LinearPattern("(\(marked)|\(other))*\(marked)(\(marked)|\(other)){12}$")
        var seed: UInt64 = 0x5CA1A5
        var wrong: [String] = []
        for _ in 0..<3_000 {
            let tail = (0..<13).map { _ in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return seed >> 63 == 0 ? marked : other
            }
            let value = String(repeating: other, count: 20) + String(tail)
            if pattern.matches(value) != (tail[0] == marked) { wrong.append(String(tail)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// `(a|b)*a(a|b){12}` needs 2^13 states, far beyond the cache's 1,000; so does its form with a
    /// letter beyond ASCII, which the search meets on a sequence of several bytes when the cache fills.
    @Test(arguments: [("a", "b"), ("é", "b"), ("a", "日"), ("é", "日")])
    func answersRightBeyondTheStateLimit(_ marked: Character, _ other: Character) throws {
        let pattern = try LinearPattern("(\(marked)|\(other))*\(marked)(\(marked)|\(other)){12}$")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<6 {
            let value = String((0..<2_000).map { _ in Bool.random(using: &generator) ? marked : other })
            #expect(pattern.matches(value) == (Array(value)[value.count - 13] == marked), "\(value.suffix(13))")
        }
    }
}

import Foundation
import Testing
@testable import FormCheck

/// The byte-level fast path must answer exactly as ICU and the engine do, or step aside.
@Suite struct ASCIIPatternTests {
    static let patterns = [
        "^[a-z0-9_]+$", "^[0-9]{5}$", "[A-Z]", "[a-z]", "[0-9]", "^[A-Za-z' -]+$",
        #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#, #"^\d{3}-\d{4}$"#, "a{2,3}", "^a*$", "[-a]", "[a-]x",
        "x?y+", "^ab?c$", "^[0-9]{5}(-[0-9]{4})?$", "^[A-Z0-9]{6,12}$", "admin", #"\."#, "^$", "b{0,2}c",
        #"^[\p{L} '-]+$"#, #"\w+"#, #"^\w+\s\w+$"#, #"\p{Lu}\p{Ll}"#, #"^\p{N}+$"#, #"[\p{Nd}_]{2}"#, #"\s"#,
        // Quantified atoms that overlap, where a backtracking matcher gives characters back.
        "^[a-z]*[a-z]*1$", "^a{2,4}a{1,2}$", "a[ab]{3}", "[ab]*a[ab]{2}$", "^[0-9]{0,3}$", "ab*", "^a?$", "x*", "^[a-c]+b[a-c]*$",
        "^[a-z0-9]+[0-9]{2}$", "c{2,}$", "^a?",
    ]

    @Test func agreesWithICUOnEveryInput() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbBcxyz019_-. @'%+$^!~`[]{}aabbc1éü日😀")
        var inputs = ["", "a", "aa", "aaa", "abc", "ac", "12345", "1234", "123456", "12345-6789", "ada@example.com", "a@b.c",
                      "x@localhost", "@example.com", "Ab1", "UPPER", "lower", "Mixed Case", "O'Brien-Smith", "R2D2", "555-0100",
                      "admin", "superadmin", "xyy", "yyy", "x", "ABC123", "abc.def", "bbc", "c", "-", "a-x",
                      // Characters beyond ASCII: in no class of a pattern that names only ASCII characters.
                      "é", "zoë", "日本", "a日", "abé", "e\u{301}", "ü1", "Ab1é", "a@b.cé", "12345é", "aé@b.co", "😀a", "a😀1"]
        for _ in 0..<2_000 {
            inputs.append(String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for pattern in Self.patterns {
            let icu = try NSRegularExpression(pattern: pattern)
            let fast = ASCIIPattern(pattern)
            for input in inputs {
                let expected = icu.firstMatch(in: input, range: NSRange(input.startIndex..., in: input)) != nil
                if let answer = fast?.matches(input) {
                    #expect(answer == expected, "\(pattern) on \(input)")
                }
            }
        }
    }

    /// Every pattern of the test tables and of the shipped schemas, read by both matchers: where the
    /// fast path answers, it answers as the engine (ASCII and non-ASCII values, generated and fixed).
    @Test func agreesWithTheEngineOnEveryPatternOfTheTablesAndSchemas() throws {
        var patterns = Self.patterns + PatternEngineTests.cases.map(\.pattern) + PatternDiagnosticTests.cases.map(\.pattern)
        patterns += Self.differentlyRead
        for file in ["schemas/signup.yaml", "schemas/checkout.yaml", "schemas/checkin.yaml", "schemas/client.yaml",
                     "schemas/login.yaml", "schemas/event.json", "bench/signup.yaml"] where readsYAML || file.hasSuffix(".json") {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: "\(packageRoot)/\(file)")))
            patterns += try SourceDocuments.parse(bytes).flatMap(Self.patterns(in:))
        }
        var generator = PatternGenerator(seed: 0xA5C1)
        var fastGenerated = 0
        for _ in 0..<3_000 {
            let pattern = generator.pattern()
            if ASCIIPattern(pattern) != nil { fastGenerated += 1 }
            patterns.append(pattern)
        }
        let alphabet = Array("aAbBcxyz019_-. @'%+$^!~`[]{}&:aabbc1éü日😀")
        var values = ["", "a", "aa", "abc", "12345", "12345-6789", "ada@example.com", "O'Brien-Smith", "Zoë", "日本", "e\u{301}",
                      "a-b", "$", "&", ":", "z", "Z", "_", "ab\n", "é1"]
        values += (0..<300).map { _ in generator.value() }
        var state: UInt64 = 7
        for _ in 0..<300 {
            values.append(String((0..<Int(state % 9)).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(state >> 33) % alphabet.count]
            }))
        }
        var compared = 0
        for pattern in patterns {
            guard let fast = ASCIIPattern(pattern) else { continue }
            let engine = try #require(try? LinearPattern(pattern), "\(pattern): the fast path reads a pattern the engine refuses")
            for value in values {
                guard let answer = fast.matches(value) else { continue }
                compared += 1
                #expect(answer == engine.matches(value), "\(pattern) on \(value.debugDescription)")
            }
        }
        #expect(compared > 10_000)
        #expect(fastGenerated > 0)
    }

    /// Syntax the engine reads otherwise than as literals and ranges: left to the engine.
    static let differentlyRead = ["[[:alpha:]]", "[:alpha:]", "[a-z&&[^aeiou]]", "[a-z&&aeiou]", "[a-z--aeiou]", #"[\$-z]"#,
                                  #"[\--z]"#, "x{+2}", "x{-1,}", "[a-z-0]", "[a--]"]

    /// POSIX classes, class operators and an escaped range end mean what they mean to the engine.
    @Test(arguments: [
        ("[:alpha:]", "b", true), ("[[:alpha:]]", "1", false), ("[a-z&&aeiou]", "b", false), ("[a-z&&aeiou]", "e", true),
        ("[a-z&&[^aeiou]]", "a", false), ("[a-z--aeiou]", "a", false), ("[a-z--aeiou]", "z", true), (#"[\$-z]"#, "a", true),
        (#"[\$-z]"#, "~", false), ("(?i)^[a-z]+$", "AbC", true),
    ])
    func readsClassesAsTheEngineDoes(pattern: String, value: String, matches: Bool) throws {
        #expect(try #require(ASCIIPattern(pattern)).matches(value) == matches)
        #expect(try LinearPattern(pattern).matches(value) == matches)
    }

    /// The patterns (`pattern`, `notPattern`) written in a schema document.
    private static func patterns(in node: YAMLNode) -> [String] {
        switch node.kind {
        case .scalar: return []
        case .sequence(let items): return items.flatMap(patterns(in:))
        case .mapping(let pairs):
            return pairs.flatMap { pair in
                let key = pair.key.scalarText
                if key == "pattern" || key == "notPattern", let text = pair.value.scalarText { return [text] }
                return patterns(in: pair.value)
            }
        }
    }

    @Test func coversTheCommonFormPatterns() {
        for pattern in ["^[a-z0-9_]+$", "^[0-9]{5}$", "[A-Z]", #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#, "[^a]", "a.b", "a+?",
                        "(?i)abc", #"\S"#, #"\W"#, #"^\p{Alphabetic}+\z"#, "^(?:ab)c$", "[[:alpha:]]", "[a-z&&[^aeiou]]", #"[\$-z]"#] {
            #expect(ASCIIPattern(pattern) != nil, "\(pattern)")
        }
    }

    @Test func leavesEverythingElseToTheEngine() {
        for pattern in ["^(a|b)$", "(ab)+", "a|b", "é", #"\p{Greek}"#, #"\bx"#, #"\p{L"#, "(?m)^a$", "a{0}", #"a\1"#] {
            #expect(ASCIIPattern(pattern) == nil, "\(pattern)")
        }
        // Patterns whose automaton would need too many states.
        for pattern in ["a[ab]{10}b", "^[a-z]{1,300}$"] {
            #expect(ASCIIPattern(pattern) == nil, "\(pattern)")
        }
        #expect(ASCIIPattern("^[a-z]+$")?.matches("zoë") == false)
        #expect(ASCIIPattern("^[a-z]+$")?.matches("ab\n") == nil)
        #expect(ASCIIPattern("^[a-z]+$")?.matches("ab\u{2028}") == nil)
        #expect(ASCIIPattern(#"^[\p{L}]+$"#)?.matches("zoë") == nil)
        #expect(ASCIIPattern(#"\d"#)?.matches("٣") == nil)
        #expect(ASCIIPattern.containing(.uppercase).matches("É") == nil)
    }

    /// Automata with many states find each state again when a transition reaches it: every value of up
    /// to seven letters of a, b and c gets the engine's answer.
    @Test func automataWithManyStatesAnswerAsTheEngine() throws {
        for source in ["^[ab]{0,9}[bc]{0,9}$", "[ab]{0,6}c[a-c]{2,5}", "^a{3,40}$", "b[ab]{6}"] {
            let fast = try #require(ASCIIPattern(source))
            let engine = try LinearPattern(source)
            var values = [""]
            for _ in 0..<7 { values += values.filter { $0.count == values.last!.count }.flatMap { [$0 + "a", $0 + "b", $0 + "c"] } }
            for value in values {
                #expect(fast.matches(value) == engine.matches(value), "\(source) on \(value)")
            }
        }
    }

    /// Overlapping quantifiers that make a backtracking matcher take time in a power of the length.
    @Test func hostileInputTakesOnePassOverTheText() {
        let text = String(repeating: "a", count: 200_000)
        #expect(ASCIIPattern("^[a-z]*[a-z]*[a-z]*[a-z]*1$")?.matches(text) == false)
        #expect(ASCIIPattern("^(a|a)*$") == nil)
        #expect(ASCIIPattern("[a-z]*[a-z]*[a-z]*b")?.matches(text) == false)
        #expect(ASCIIPattern("^a*a*a*$")?.matches(text) == true)
    }

    /// The ASCII sets of the character-class rules are those of the rules' own predicates.
    @Test func characterClassRulesHaveTheSameMembersInASCII() {
        let printable = (UInt8(0x20)...UInt8(0x7E)).map { String(Character(Unicode.Scalar($0))) }
        for `class` in [CharacterClasses.Class.uppercase, .lowercase, .digit, .symbol] {
            let pattern = ASCIIPattern.containing(`class`)
            for text in printable + ["", "ab", "aB", "a1", "a!", "  "] {
                #expect(pattern.matches(text) == text.contains(where: `class`.contains), "\(text)")
            }
        }
        #expect(ASCIIPattern.containing(.symbol).matches("a b") == false)
    }
}

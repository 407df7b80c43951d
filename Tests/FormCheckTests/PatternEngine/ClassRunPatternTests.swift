import Testing
@testable import FormCheck

/// A pattern that is one class repeated over the whole value is answered from a table of the class's
/// members; where that table answers, it must answer as the Pike VM does.
@Suite struct ClassRunPatternTests {
    static let classes = [
        #"\p{L}"#, #"[\p{L} '-]"#, #"\d"#, #"\w"#, "[a-z]", "[^a-z]", #"[\p{Greek}\p{Cyrillic}]"#, #"[^\p{L}]"#, "[é-ü]",
        #"[\p{L}--\p{Ll}]"#, "[[:alpha:]]", #"(?i)[k-s]"#, ".", "(?s).", #"\s"#, #"[\n\x{85}]"#, #"\S"#,
    ]
    static let counts = ["+", "*", "{2,4}", "{3}", "{0,1}"]
    static let anchors = [("^", "$"), (#"\A"#, #"\z"#), (#"\A"#, #"\Z"#)]

    /// Every class, count and anchors, on generated values and on values that reach the counts' bounds.
    static var patterns: [String] {
        classes.flatMap { set in counts.flatMap { count in anchors.map { "\($0.0)\(set)\(count)\($0.1)" } } }
    }

    @Test func answersAsThePikeVM() throws {
        var generator = PatternGenerator(seed: 0xC1A5)
        var values = (0..<400).map { _ in generator.value() }
        values += ["", "a", "ab", "abcd", "abcde", "é", "éé", "ééé", "Жж ж", "α\n", "a\n", "a\r\n", "\u{85}", "\n\n", "日本", "7", "2024"]
        var disagreements: [String] = []
        var answered = 0
        for source in Self.patterns {
            let expression = try RegularExpression(source)
            let program = try LinearPattern(source).program
            for value in values {
                let expected = PatternMatcher.matches(program, in: Array(value.unicodeScalars))
                var copy = value
                if let answer = copy.withUTF8({ expression.classRun?.matches($0) }) {
                    answered += 1
                    if answer != expected { disagreements.append("\(source) on \(value.debugDescription): table \(answer)") }
                }
                if expression.matches(value) != expected { disagreements.append("\(source) on \(value.debugDescription): rule") }
            }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(20).joined(separator: "\n"))")
        // The table answers for a good share of the values (those of the class, below U+0800).
        #expect(answered > 10_000)
    }

    /// The engine tells line terminators by their values, and `\v` is their class: both are the list
    /// that decides whether a class can stand before `$`.
    @Test func lineTerminatorsAreTheScalarsTheEngineTellsApart() {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
        #expect(scalars.filter(PlaceContext.isLineTerminator) == PlaceContext.lineTerminators)
        #expect(scalars.filter(UnicodePropertyNames.lineTerminators.contains) == PlaceContext.lineTerminators)
    }

    @Test(arguments: [
        (#"^[\p{L} '-]+$"#, true), (#"\A\d{4,6}\z"#, true), ("^[a-z]*$", true), (#"^[\n]+\z"#, true),
        // `$` also matches before a final line terminator, which these classes hold.
        (#"^\s+$"#, false), ("(?s)^.+$", false),
        // Not anchored at both ends, under `(?m)`, or more than one class.
        ("^[a-z]+", false), ("[a-z]+$", false), ("(?m)^[a-z]+$", false), ("^[a-z]+[0-9]$", false), ("^(ab)+$", false),
    ])
    func recognizesRunsOfOneClass(_ source: String, _ isRun: Bool) throws {
        #expect((try RegularExpression(source).classRun != nil) == isRun)
    }
}

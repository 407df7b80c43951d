import Testing
@testable import FormCheck

/// The character classes answer from their table as their definitions do, and a member found on the
/// UTF-8 bytes is a character of the text that `String` reads.
@Suite struct CharacterClassesTests {
    private let classes = CharacterClasses.Class.allCases

    @Test func theTableAnswersAsTheDefinitions() {
        for value in 0..<CharacterClasses.Table.limit {
            let character = Character(Unicode.Scalar(UInt16(value))!)
            for `class` in classes {
                #expect(`class`.contains(character) == `class`.defines(character), "\(`class`) U+\(String(value, radix: 16))")
            }
        }
        // Characters of more than one scalar, or beyond the table, go to the definitions.
        for text in ["e\u{301}", "\r\n", "A\u{308}", "Ǆ", "ǅ", "ﬀ", "Ａ", "٣", "𝐀", "👍🏽", "\u{10428}", "\u{10400}"] {
            let character = Character(text)
            for `class` in classes {
                #expect(`class`.contains(character) == `class`.defines(character), "\(`class`) \(text.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test(arguments: [
        ("Ünïcödé9pass", CharacterClasses.Class.uppercase, true), ("ÉCOLEnormale7", .uppercase, true), ("é\u{301}", .lowercase, false),
        ("Ü\u{308}a", .uppercase, false), ("aÜ\u{308}", .uppercase, false), ("\u{600}Ü", .uppercase, false), ("Ü\u{600}", .uppercase, false),
        ("日Ü", .uppercase, false), ("Ü日", .uppercase, false), ("ÜÖ", .uppercase, true), ("١", .digit, true), ("x١\u{654}", .digit, false),
        ("©", .symbol, true), ("\u{200D}©", .symbol, false), ("ä", .uppercase, false), ("", .letter, false), ("\r\n", .symbol, false),
    ])
    func membersStandingAloneAreFoundOnTheBytes(_ text: String, _ class: CharacterClasses.Class, _ found: Bool) {
        var text = text
        let answer = text.withUTF8 { CharacterClasses.holdsAlone(`class`, in: $0) }
        #expect(answer == found)
        if answer { #expect(text.contains(where: `class`.defines)) }
    }

    /// Where the bytes find a member, the characters hold one: on random texts of ASCII, letters and
    /// marks of two bytes, prepended and joining scalars, and longer scalars.
    @Test func membersFoundOnTheBytesAreCharactersOfTheText() {
        var random = SeededRandom(seed: 11)
        let pieces = ["a", "Z", "7", "!", " ", "\r", "\n", "é", "Ü", "ß", "Σ", "ж", "Ж", "١", "©", "\u{301}", "\u{308}", "\u{5B0}", "\u{600}",
                      "\u{654}", "\u{200D}", "日", "\u{1F44D}", "\u{1F3FD}", "\u{903}", "क", "\u{94D}"]
        var found = 0
        for _ in 0..<4_000 {
            var text = (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined()
            for `class` in classes {
                guard text.withUTF8({ CharacterClasses.holdsAlone(`class`, in: $0) }) else { continue }
                found += 1
                #expect(text.contains(where: `class`.defines), "\(`class`) \(text.unicodeScalars.map { $0.value })")
            }
        }
        #expect(found > 2_000)
    }

    /// Where the bytes answer whether text consists of characters of some classes, the characters
    /// answer the same; on the same kind of random texts, with each pair of classes.
    @Test func textConsistingOfClassesIsAnsweredOnTheBytesAsByTheCharacters() {
        var random = SeededRandom(seed: 13)
        let pieces = ["a", "Z", "7", "!", " ", "\r", "\n", "é", "Ü", "ß", "Σ", "ж", "Ж", "١", "©", "\u{301}", "\u{308}", "\u{5B0}", "\u{600}",
                      "\u{654}", "\u{200D}", "日", "\u{1F44D}", "\u{1F3FD}", "\u{903}", "क", "\u{94D}", "Ελένη", "Søren"]
        var answered = (consisting: 0, not: 0)
        for _ in 0..<4_000 {
            var text = (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined()
            let chosen = [random.pick(classes), random.pick(classes)]
            guard let answer = text.withUTF8({ CharacterClasses.consistsAlone(of: chosen, $0) }) else { continue }
            if answer { answered.consisting += 1 } else { answered.not += 1 }
            #expect(answer == text.allSatisfy { character in chosen.contains { $0.defines(character) } },
                    "\(chosen) \(text.unicodeScalars.map { $0.value })")
        }
        #expect(answered.consisting > 400 && answered.not > 400, "\(answered)")
    }
}

extension CharacterClassesTests {
    /// The table the classes answer from is what their definitions give with this toolchain's Unicode
    /// data (`CharacterClasses+Table.swift` holds it, written out).
    @Test func theStoredTableIsTheDefinitions() {
        let computed = CharacterClasses.Table.computedWords()
        let written = stride(from: 0, to: computed.count, by: 4).map { start in
            "        " + computed[start..<min(start + 4, computed.count)].map { word in
                let hex = String(word, radix: 16, uppercase: true)
                return "0x" + String(repeating: "0", count: 16 - hex.count) + hex + ","
            }.joined(separator: " ")
        }.joined(separator: "\n")
        #expect(CharacterClasses.Table.stored == computed, "the stored table, as the definitions give it:\n\(written)")
    }
}

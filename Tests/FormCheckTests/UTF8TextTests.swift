import Testing
@testable import FormCheck

/// `UTF8Text` must agree with the standard library on which bytes are well-formed UTF-8 and on the
/// scalars they hold. (How many characters they make is checked where strings are read:
/// `DirectPathTests.lengthsCountCharactersAsStringCountsThem`.)
@Suite struct UTF8TextTests {
    /// Every sequence of one or two bytes, and every three- and four-byte sequence whose later bytes
    /// are continuation bytes at their edges (0x80, 0xBF) or just outside them: well-formed exactly
    /// when `String(validating:)` accepts them, and decoded to the same scalars.
    @Test func wellFormednessAndScalarsAreTheStandardLibrarys() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 {
            for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) }
        }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for lead in 0xE0...0xF7 {
            for second in edges {
                for third in edges {
                    sequences.append([UInt8(lead), second, third])
                    for fourth in edges { sequences.append([UInt8(lead), second, third, fourth]) }
                }
            }
        }
        var mismatches: [[UInt8]] = []
        for bytes in sequences {
            let expected = String(validating: bytes, as: UTF8.self)
            bytes.withUnsafeBufferPointer { buffer in
                let wellFormed = UTF8Text.isWellFormed(buffer)
                if wellFormed != (expected != nil) {
                    mismatches.append(bytes)
                } else if let expected, Array(UTF8Text.Scalars(buffer)) != Array(expected.unicodeScalars) {
                    mismatches.append(bytes)
                }
            }
        }
        #expect(mismatches == [])
    }

    /// `WhiteSpace` lists the scalars the standard library's `White_Space` property holds, no more.
    @Test func whiteSpaceIsTheUnicodeProperty() {
        let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)
        let listed = scalars.filter(WhiteSpace.contains)
        #expect(listed == scalars.filter(\.properties.isWhitespace))
        #expect(listed.count == 25)
    }

    /// Scalars are counted as `String` counts them, on texts of every length up to past the point
    /// where the word of lane counts is summed (255 words), with scalars of one to four bytes.
    @Test func scalarsAreCountedAsStringCountsThem() {
        let pool: [Unicode.Scalar] = ["a", "~", "\u{7F}", "é", "\u{7FF}", "日", "\u{FFFD}", "😀", "\u{10FFFF}"]
        var random = SeededRandom(seed: 17)
        for length in Array(0...40) + [1_000, 2_039, 2_040, 2_041, 2_047, 2_048, 4_100] {
            for scalars in [pool, ["a"]] {
                let text = String(String.UnicodeScalarView((0..<length).map { _ in random.pick(scalars) }))
                let utf8 = Array(text.utf8)
                #expect(utf8.withUnsafeBufferPointer(UTF8Text.scalarCount) == length, "\(length) scalars, \(utf8.count) bytes")
            }
        }
    }

    /// The scalars `CharacterTally` counts as characters of their own are each one character beside
    /// ASCII letters, digits and spaces, beside each other and beside themselves, and random text of
    /// them counts as `String` counts it.
    @Test func scalarsTheTallyCountsStandAlone() {
        let standing = (UInt32(0x80)...0xFFFF).filter(UTF8Text.CharacterTally.standsAlone).compactMap(Unicode.Scalar.init)
        let probes: [Unicode.Scalar] = ["a", "Z", "0", " ", "\u{370}", "\u{48A}", "\u{58F}", "\u{4E00}"]
        var lonely: [Unicode.Scalar] = []
        for scalar in standing {
            let pairs = probes.flatMap { [[scalar, $0], [$0, scalar]] } + [[scalar, scalar]]
            if pairs.contains(where: { String(String.UnicodeScalarView($0)).count != 2 }) { lonely.append(scalar) }
        }
        #expect(lonely == [])
        var generator = SeededRandom(seed: 0x7A11)
        let pool = standing.filter { $0.value < 0x600 || (0x2000...0x30FF).contains($0.value) } + (0x20...0x7E).compactMap(Unicode.Scalar.init)
        for _ in 0..<2000 {
            let scalars = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            var tally = UTF8Text.CharacterTally()
            for scalar in scalars { tally.add(scalar) }
            #expect(tally.characters == String(String.UnicodeScalarView(scalars)).count, "\(scalars)")
        }
    }
}

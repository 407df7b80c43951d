import Testing
@testable import FormCheck

/// Excerpts of lines are built from the line's bytes when the text outside the hidden values is
/// printable (no tab, and nothing that `PrintableText` escapes); they must be exactly the excerpts
/// that decoding the line gives.
@Suite struct RedactedExcerptTests {
    /// A small deterministic generator, so that a failure names the line it failed on.
    struct Generator {
        var state: UInt64

        mutating func below(_ count: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(count))
        }
    }

    /// A JSON-like line with values to hide (some beyond ASCII, some empty, some side by side), and the
    /// column ranges that hide them; some ranges run past the line's end.
    static func line(_ generator: inout Generator) -> (text: String, hidden: [Range<Int>]) {
        let secrets = ["hunter2", "pä\u{DF}wörd", "日本語", "👍🏽x", "", "\"q\\\"uoted\"", "a"]
        var text = ""
        var hidden: [Range<Int>] = []
        for index in 0..<(1 + generator.below(12)) {
            text += String(repeating: "{\"k\(index)\":", count: 1 + generator.below(3))
            // Filler, some of it beyond ASCII: letters, ideographs, an emoji with its modifier, a combining mark.
            for _ in 0..<generator.below(30) { text += ["xyz ", "xyz ", "Łódź ", "日本 ", "👍🏽 ", "e\u{301} "][generator.below(6)] }
            let start = text.unicodeScalars.count + 1
            text += secrets[generator.below(secrets.count)]
            let end = text.unicodeScalars.count + 1
            if end > start { hidden.append(start..<end) }
            if generator.below(4) == 0 {
                // A second value right after the first.
                let next = text.unicodeScalars.count + 1
                text += secrets[generator.below(3)]
                hidden.append(next..<(text.unicodeScalars.count + 1))
            }
            text += "},"
        }
        if let last = hidden.last, generator.below(5) == 0 {
            // A value that runs on past the line (as a YAML block scalar's span does).
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(last.upperBound - 2)))
        }
        return (text, hidden)
    }

    @Test func bytesGiveTheExcerptsOfTheDecodedLine() throws {
        var generator = Generator(state: 17)
        var compared = 0
        for _ in 0..<80 {
            let (text, hidden) = Self.line(&generator)
            let count = text.unicodeScalars.count
            let bytes = ArraySlice(Array(text.utf8))
            var columns = Set([0, 1, 2, count, count + 1, count + 2])
            for range in hidden { columns.formUnion([range.lowerBound - 1, range.lowerBound, range.lowerBound + 1, range.upperBound - 1, range.upperBound]) }
            for _ in 0..<4 { columns.insert(1 + generator.below(count + 1)) }
            for column in columns.sorted() {
                for endColumn in [nil, column + 1, column + 3, column + 40, hidden.first?.upperBound, count + 5] {
                    for width in [100, 20] {
                        let decoded = SourceExcerpt(line: text, column: column, endColumn: endColumn, redacting: hidden, width: width)
                        let read = try #require(SourceExcerpt(printable: bytes, column: column, endColumn: endColumn,
                                                              redacting: hidden, width: width), "\(text)")
                        #expect(read == decoded, "\(text), hiding \(hidden), column \(column), end \(String(describing: endColumn))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 4_000)
    }

    @Test func linesWithOtherTextAreLeftToTheDecodedPath() {
        let hidden = [6..<10]
        for text in ["{\t\"a\":secret}", "{\"a\":\"secret\"}\u{7F}", "{\"a\u{0}\":\"x\"}", "{\"a\u{AD}b\":\"secret\"}",
                     "{\"a\u{200B}\":\"secret\"}", "{\"a\":\"secret\"}\u{2028}", "{\"\u{85}\":\"secret\"}",
                     "{\"a\u{61C}\":\"secret\"}", "{\"a\":\"secret\"}\u{9F}"] {
            for ranges in [hidden, []] {
                #expect(SourceExcerpt(printable: ArraySlice(Array(text.utf8)), column: 1, endColumn: nil, redacting: ranges) == nil, "\(text)")
            }
        }
        // Bytes that are not well-formed UTF-8 are decoded (as U+FFFD) too.
        for bytes: [UInt8] in [[0x7B, 0xC3, 0x7D], [0x7B, 0xE6, 0x97, 0x7D], [0x7B, 0xF0, 0x9F, 0x91, 0x7D], [0x7B, 0x80, 0x7D]] {
            #expect(SourceExcerpt(printable: ArraySlice(bytes), column: 1, endColumn: nil, redacting: [Range<Int>]()) == nil, "\(bytes)")
        }
        // Ranges out of order or overlapping are read by the decoded path too.
        let line = ArraySlice(Array("{\"a\":\"secret\",\"b\":\"secret\"}".utf8))
        #expect(SourceExcerpt(printable: line, column: 1, endColumn: nil, redacting: [20..<28, 6..<14]) == nil)
        #expect(SourceExcerpt(printable: line, column: 1, endColumn: nil, redacting: [6..<14, 10..<16]) == nil)
    }

    @Test func linesBeyondASCIIWithNothingHiddenAreQuotedFromTheirBytes() throws {
        var generator = Generator(state: 29)
        var compared = 0
        for _ in 0..<60 {
            let text = Self.line(&generator).text
            let count = text.unicodeScalars.count
            let bytes = ArraySlice(Array(text.utf8))
            for column in Set([0, 1, 2, count, count + 1] + (0..<6).map { _ in 1 + generator.below(count + 1) }).sorted() {
                for endColumn in [nil, column + 1, column + 7, count + 3] {
                    for width in [100, 20] {
                        let decoded = SourceExcerpt(line: text, column: column, endColumn: endColumn, width: width)
                        let read = try #require(SourceExcerpt(printable: bytes, column: column, endColumn: endColumn,
                                                              redacting: [Range<Int>](), width: width), "\(text)")
                        #expect(read == decoded, "\(text), column \(column), end \(String(describing: endColumn))")
                        #expect(read.text == decoded.text && read.marker == decoded.marker)
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 2_000)
    }

    /// A line is read only as far as its window's end when more follows: whatever comes after
    /// (characters to escape, a tab, bytes that are not UTF-8) must leave the excerpt the one the
    /// decoded line gives, with values hidden and without.
    @Test func linesAreReadToTheirWindowsEnd() throws {
        var generator = Generator(state: 41)
        let tails: [[UInt8]] = [[], Array("\t\u{200B}".utf8), Array("x\u{AD}y".utf8), [0xC3], [0x80, 0x41], Array("\u{7F}".utf8)]
        var compared = (unhidden: 0, hidden: 0)
        var readToTheWindow = 0
        for round in 0..<80 {
            let line = Self.line(&generator)
            var bytes = Array(line.text.utf8)
            if round % 3 == 0 { bytes = Array(line.text.unicodeScalars.filter(\.isASCII).map { UInt8($0.value) }) }
            let hidden = round % 3 == 0 ? [] : line.hidden
            bytes += tails[generator.below(tails.count)]
            let text = String(decoding: bytes, as: UTF8.self)
            let count = text.unicodeScalars.count
            for column in Set([0, 1, 2, count, count + 1] + (0..<6).map { _ in 1 + generator.below(count + 1) }).sorted() {
                for endColumn in [nil, column + 1, column + 7, count + 3] {
                    for width in [100, 20, 0] {
                        let slice = ArraySlice(bytes)
                        for ranges in [[], hidden] {
                            let decoded = SourceExcerpt(line: text, column: column, endColumn: endColumn, redacting: ranges, width: width)
                            let read = SourceExcerpt(printable: slice, column: column, endColumn: endColumn, redacting: ranges, width: width)
                            guard let read else { continue }
                            #expect(read == decoded, "\(text), hiding \(ranges), column \(column), end \(String(describing: endColumn)), width \(width)")
                            #expect(read.text == decoded.text && read.marker == decoded.marker)
                            if ranges.isEmpty { compared.unhidden += 1 } else { compared.hidden += 1 }
                            if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) || !text.unicodeScalars.allSatisfy({ !PrintableText.needsEscaping($0) })
                                || String(decoding: bytes, as: UTF8.self).utf8.count != bytes.count {
                                readToTheWindow += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(compared.unhidden > 2_000 && compared.hidden > 1_000 && readToTheWindow > 500)
    }

    /// `PrintableText` skips the lookup of a character's category in ranges it knows hold nothing to
    /// escape but the soft hyphen; every scalar gets the answer its category gives.
    @Test func everyScalarIsEscapedAsItsCategorySays() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let escaped = value < 0x20 || value >= 0x7F && [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            if PrintableText.needsEscaping(scalar) != escaped { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func aShortLineWithHiddenValuesIsQuotedFromItsBytes() throws {
        let text = #"{"user":"ada","password":"pä\u00dfwörd","pin":"1234","age":7}"#
        let document = DataDocument(name: "a.json", bytes: Array(text.utf8))
        let password = text.unicodeScalars.count - #""pä\u00dfwörd","pin":"1234","age":7}"#.unicodeScalars.count + 1
        let pin = text.unicodeScalars.count - #""1234","age":7}"#.unicodeScalars.count + 1
        let redaction = Redaction(spans: [
            SourceSpan(start: SourcePosition(line: 1, column: pin), end: SourcePosition(line: 1, column: pin + 6)),
            SourceSpan(start: SourcePosition(line: 1, column: password), end: SourcePosition(line: 1, column: password + 14)),
        ])
        let excerpt = try #require(document.excerpt(line: 1, column: password, endColumn: password + 14, redaction: redaction))
        #expect(excerpt.text == #"{"user":"ada","password":***,"pin":***,"age":7}"#)
        #expect(excerpt.marker == String(repeating: " ", count: 25) + "^~~")
        let age = try #require(document.excerpt(line: 1, column: pin + 13, endColumn: pin + 14, redaction: redaction))
        #expect(age.marker == String(repeating: " ", count: 45) + "^")
    }

    /// Spans given in any order, on several lines, overlapping or nested, are kept per line in order and
    /// merged where they overlap; positions after them move by what each shown `***` saves.
    @Test func redactionOrdersAndMergesSpansPerLine() {
        func span(_ line: Int, _ columns: Range<Int>) -> SourceSpan {
            SourceSpan(start: SourcePosition(line: line, column: columns.lowerBound), end: SourcePosition(line: line, column: columns.upperBound))
        }
        let redaction = Redaction(spans: [
            span(3, 20..<30), span(1, 5..<15), span(3, 2..<8), span(1, 7..<10), span(2, 4..<6), span(3, 25..<40),
            SourceSpan(start: SourcePosition(line: 4, column: 9), end: SourcePosition(line: 6, column: 3)),
        ])
        #expect(redaction.columns(onLine: 1) == [5..<15])
        #expect(redaction.columns(onLine: 2) == [4..<6])
        #expect(redaction.columns(onLine: 3) == [2..<8, 20..<40])
        #expect(redaction.columns(onLine: 4) == [9..<Int.max])
        #expect(redaction.columns(onLine: 5) == [1..<Int.max])
        #expect(redaction.columns(onLine: 6) == [1..<3])
        #expect(redaction.columns(onLine: 7) == [])
        #expect(redaction.shown(SourcePosition(line: 1, column: 20)) == SourcePosition(line: 1, column: 13))
        #expect(redaction.shown(SourcePosition(line: 1, column: 9)) == SourcePosition(line: 1, column: 5))
        #expect(redaction.shown(SourcePosition(line: 2, column: 10)) == SourcePosition(line: 2, column: 11))
        #expect(redaction.shown(SourcePosition(line: 3, column: 10)) == SourcePosition(line: 3, column: 7))
        #expect(redaction.shown(SourcePosition(line: 3, column: 33)) == SourcePosition(line: 3, column: 17))
        #expect(redaction.shown(SourcePosition(line: 3, column: 45)) == SourcePosition(line: 3, column: 25))
        #expect(redaction.shown(SourcePosition(line: 6, column: 5)) == SourcePosition(line: 6, column: 6))
        #expect(redaction.shown(SourcePosition(line: 7, column: 5)) == SourcePosition(line: 7, column: 5))
    }
}

import Testing
@testable import FormCheck

/// Positions and excerpts on long lines (a JSON array written on one line) are read from the bytes
/// near the value, and must be exactly what counting and quoting the whole line gives.
@Suite struct LongLineTests {
    /// A line of about 12,000 characters with tabs, text beyond ASCII, a character shown escaped, and
    /// hidden values among them; then a short second line.
    static let text: String = {
        var line = ""
        for index in 0..<400 {
            switch index % 5 {
            case 0: line += "{\"n\":\"Zoë\tÅ\(index)\"},"
            case 1: line += "{\"p\":\"secret\(index)\u{200B}\"},"
            case 2: line += "{\"e\":\"" + String(repeating: "x", count: index % 40) + "\"},"
            default: line += "{\"a\":\(index)},"
            }
        }
        return line + "\nend\n"
    }()

    /// The column ranges of every `"secret…"` value on the first line, as a redaction hides them.
    static func hiddenSpans(in document: DataDocument) -> [SourceSpan] {
        let bytes = Array(text.utf8)
        var spans: [SourceSpan] = []
        var offset = 0
        let secret = Array("\"secret".utf8)
        while offset + secret.count < bytes.count {
            if Array(bytes[offset..<(offset + secret.count)]) == secret {
                var end = offset + 1
                while bytes[end] != UInt8(ascii: "\"") { end += 1 }
                spans.append(SourceSpan(start: document.position(ofOffset: offset), end: document.position(ofOffset: end + 1)))
                offset = end
            }
            offset += 1
        }
        return spans
    }

    @Test func positionsCountColumnsAsTheWholeLineDoes() {
        let bytes = Array(Self.text.utf8)
        let document = DataDocument(name: "a.json", bytes: bytes)
        var column = 1
        var line = 1
        for offset in 0..<bytes.count {
            if offset % 7 == 0 || offset > bytes.count - 10 {
                #expect(document.position(ofOffset: offset) == SourcePosition(line: line, column: column), "offset \(offset)")
                if line == 1, bytes[offset] & 0xC0 != 0x80 { #expect(document.offset(ofColumn: column, onLine: 1) == offset) }
            }
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    @Test(arguments: [false, true])
    func excerptsAreThoseOfTheWholeLine(hiding: Bool) throws {
        let document = DataDocument(name: "a.json", bytes: Array(Self.text.utf8))
        let redaction = hiding ? Redaction(spans: Self.hiddenSpans(in: document)) : Redaction()
        let line = try #require(document.line(1))
        let count = line.unicodeScalars.count
        for column in [1, 2, 3, 30, 41, 99, 100, 101, 102, 500, 4_000, count - 120, count - 61, count - 60, count - 59, count - 1, count, count + 1]
            + Array(stride(from: 7, to: count, by: 97)) {
            for endColumn in [nil, column + 4, column + 500] {
                let whole = SourceExcerpt(line: line, column: column, endColumn: endColumn, redacting: redaction.columns(onLine: 1))
                let cut = document.excerpt(line: 1, column: column, endColumn: endColumn, redaction: redaction)
                #expect(cut == whole, "column \(column), end \(String(describing: endColumn))")
            }
        }
    }

    /// A long line whose first hidden value began on the line before and whose last one goes on to the
    /// line after: its excerpts are still those of the whole line (a value going on past the line's
    /// end hides every column after its start there).
    @Test func excerptsOfLinesWithValuesRunningOnAreThoseOfTheWholeLine() throws {
        let text = "{\"p\":\"" + String(repeating: "a", count: 20) + "\n" + String(repeating: "b", count: 20) + "\",\"q\":\""
            + String(repeating: "x", count: 1_000) + "\",\"r\":\"" + String(repeating: "c", count: 10) + "\n"
            + String(repeating: "d", count: 10) + "\"}\n"
        let document = DataDocument(name: "a.json", bytes: Array(text.utf8))
        let line = try #require(document.line(2))
        let count = line.unicodeScalars.count
        let rStart = count - 11
        let redaction = Redaction(spans: [
            SourceSpan(start: SourcePosition(line: 1, column: 6), end: SourcePosition(line: 2, column: 22)),
            SourceSpan(start: SourcePosition(line: 2, column: rStart), end: SourcePosition(line: 3, column: 12)),
        ])
        #expect(redaction.columns(onLine: 2) == [1..<22, rStart..<Int.max])
        for column in [1, 5, 21, 22, 23, 30, 500, 1_000, rStart - 120, rStart - 1, rStart, count, count + 1] {
            for endColumn in [nil, column + 4] {
                let whole = SourceExcerpt(line: line, column: column, endColumn: endColumn, redacting: redaction.columns(onLine: 2))
                let cut = document.excerpt(line: 2, column: column, endColumn: endColumn, redaction: redaction)
                #expect(cut == whole, "column \(column), end \(String(describing: endColumn))")
            }
        }
    }

    /// A position after hidden values moves left by what each one loses when shown as `***`, found
    /// without walking the line's values one by one.
    @Test func shownPositionsAfterManyHiddenValues() {
        let spans = (0..<1_000).map { SourceSpan(start: SourcePosition(line: 1, column: $0 * 20 + 1), end: SourcePosition(line: 1, column: $0 * 20 + 11)) }
        let redaction = Redaction(spans: spans)
        #expect(redaction.shown(SourcePosition(line: 1, column: 1)) == SourcePosition(line: 1, column: 1))
        #expect(redaction.shown(SourcePosition(line: 1, column: 15)) == SourcePosition(line: 1, column: 8))
        // Inside the last value: at its start.
        #expect(redaction.shown(SourcePosition(line: 1, column: 19_985)) == SourcePosition(line: 1, column: 19_981 - 999 * 7))
        #expect(redaction.shown(SourcePosition(line: 1, column: 19_995)) == SourcePosition(line: 1, column: 19_995 - 1_000 * 7))
        #expect(redaction.shown(SourcePosition(line: 2, column: 50)) == SourcePosition(line: 2, column: 50))
    }
}

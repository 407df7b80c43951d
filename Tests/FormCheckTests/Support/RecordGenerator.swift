import Foundation

/// Draws records for a generated schema: values of each field's kind near its rules' literals, and
/// edge values (empty and white-space strings, Unicode white space, escapes, combining marks, emoji,
/// huge, fractional and exponent numbers, `-0`, missing members, `null`, wrong types, nested arrays and
/// objects, unknown and repeated members). Numbers beyond `Double`'s range and unpaired surrogate
/// escapes are not drawn: the JSON reader refuses them, while YAML reads `1e400` as infinity and has
/// no way to write an unpaired surrogate.
struct RecordGenerator {
    private var random: SeededRandom

    static func record(for schema: GeneratedSchema, seed: UInt64) -> GeneratedValue {
        var generator = RecordGenerator(random: SeededRandom(seed: seed))
        if generator.random.chance(0.02) { return generator.anyValue(depth: 0) }
        return generator.object(schema.fields, depth: 0)
    }

    private mutating func object(_ fields: [GeneratedField], depth: Int) -> GeneratedValue {
        var members: [GeneratedValue.Member] = []
        for field in fields where !random.chance(0.2) {
            members.append(GeneratedValue.Member(key: field.name, value: value(for: field, depth: depth)))
        }
        if random.chance(0.15) {
            let key = random.pick(["extra", "é", "f0 ", "", "\u{0}", "a\"b", "items", "c0", "F0"])
            members.insert(GeneratedValue.Member(key: key, value: anyValue(depth: depth + 1)), at: random.int(0...members.count))
        }
        if random.chance(0.05), let repeated = fields.randomElement(using: &random) {
            members.insert(GeneratedValue.Member(key: repeated.name, value: value(for: repeated, depth: depth)), at: random.int(0...members.count))
        }
        if random.chance(0.2) { members.shuffle(using: &random) }
        return .object(members)
    }

    private mutating func value(for field: GeneratedField, depth: Int) -> GeneratedValue {
        if random.chance(0.07) { return .null }
        if random.chance(0.07) { return anyValue(depth: depth + 1) }
        if !field.samples.isEmpty, random.chance(0.35) { return near(random.pick(field.samples)) }
        switch field.kind {
        case .string: return .string(text())
        case .integer: return .number(random.pick(random.chance(0.7) ? Self.integers : Self.fractions))
        case .number: return .number(random.pick(Self.integers + Self.fractions))
        case .boolean: return .bool(random.chance(0.5))
        case .date: return .string(random.pick(Self.dates))
        case .object:
            if field.children.isEmpty || depth > 3 { return anyValue(depth: depth + 1) }
            return object(field.children, depth: depth + 1)
        case .array:
            guard let items = field.items, depth < 4 else { return anyValue(depth: depth + 1) }
            var elements = (0..<random.int(0...4)).map { _ in value(for: items, depth: depth + 1) }
            if !elements.isEmpty, random.chance(0.3) { elements.append(equivalent(of: random.pick(elements))) }
            return .array(elements)
        }
    }

    /// A sample, or something next to it: another case, a character more, a number one apart.
    private mutating func near(_ sample: GeneratedValue) -> GeneratedValue {
        guard random.chance(0.5) else { return sample }
        switch sample {
        case .string(let text):
            switch random.int(0...3) {
            case 0: return .string(text.uppercased())
            case 1: return .string(text.lowercased())
            case 2: return .string(random.pick(["", " ", "x", "é"]) + text)
            default: return .string(text + random.pick(["", " ", "1", "\u{0301}"]))
            }
        case .number(let spelling):
            if let integer = Int(spelling) {
                let step = random.pick([-1, 1])
                let (next, overflow) = integer.addingReportingOverflow(step)
                return .number(overflow ? spelling : "\(next)")
            }
            return .number(random.pick([spelling + "0", spelling.contains(".") || spelling.contains("e") ? spelling : spelling + ".0"]))
        default: return sample
        }
    }

    /// The same value, or one equal to it spelled otherwise: a number as a fraction or with an exponent,
    /// text in another Unicode normalization form.
    private mutating func equivalent(of value: GeneratedValue) -> GeneratedValue {
        switch value {
        case .number(let spelling) where Int(spelling) != nil && random.chance(0.6):
            return .number(random.pick([spelling + ".0", spelling + "e0", spelling + ".00E+0"]))
        case .string(let text) where random.chance(0.6):
            let decomposed = text.decomposedStringWithCanonicalMapping
            return .string(decomposed == text ? text.precomposedStringWithCanonicalMapping : decomposed)
        default: return value
        }
    }

    /// A string from edge values, pieces put together, or random scalars.
    private mutating func text() -> String {
        switch random.int(0...4) {
        case 0, 1: return random.pick(Self.edgeTexts)
        case 2, 3: return (0..<random.int(1...4)).map { _ in random.pick(Self.pieces) }.joined()
        default:
            return String(String.UnicodeScalarView((0..<random.int(0...6)).map { _ in
                Unicode.Scalar(UInt32(random.pick([random.int(0x20...0x7E), random.int(0xA0...0x24F), random.int(0x300...0x36F),
                                                   random.int(0x3040...0x30FF), random.int(0x1F300...0x1F64F), random.int(0x0...0x1F)])))!
            }))
        }
    }

    /// A value of any kind, including nested arrays and objects.
    private mutating func anyValue(depth: Int) -> GeneratedValue {
        switch random.int(depth > 2 ? 0...3 : 0...5) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .number(random.pick(Self.integers + Self.fractions))
        case 3: return .string(text())
        case 4: return .array((0..<random.int(0...3)).map { _ in anyValue(depth: depth + 1) })
        default:
            return .object((0..<random.int(0...3)).map { _ in
                GeneratedValue.Member(key: random.pick(["a", "b", "c0", "é", "f1"]), value: anyValue(depth: depth + 1))
            })
        }
    }

    static let edgeTexts = [
        "", " ", "   ", "\t", "\n", " \r\n ", "\u{00A0}", "\u{3000}", "\u{2028}", "\u{2029}", "\u{0085}", "\u{200B}", "\u{FEFF}", "\u{1680}",
        "Zoë", "Zoe\u{0308}", "\u{00E9}", "e\u{0301}", "👍🏽", "👩‍👩‍👧", "日本語", "ß", "STRASSE", "İstanbul", "ǅemal", "\u{212A}elvin",
        "a\"b", "back\\slash", "a/b", "line\nbreak", "tab\there", "\u{0}", "\u{7F}", "ad@example.com", "a@b", "@b.co", "a@-b.co",
        "http://example.com", "https://[::1]:8080/x", "https://bücher.de", "http://a b", "ftp://x.y", "https://x:0",
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-42661417400G", "Passw0rd!", "Ab1!Ab1!Ab1!", "password",
        "12345", "1234", "ab", "abab", "ADMIN", "admin", "foo bar", "O'Brien-Smith", "2025-06-15", "18", "true", "null", "ΑΩ", "Ωmega",
        // White space and line terminators beyond ASCII, alone and around text.
        "\u{180E}", "\u{2000}\u{200A}", "\u{202F}", "\u{205F}", "\u{000B}", "\u{001C}", " \u{3000}x", "abc\u{2028}", "abc\u{0085}",
        "ab\u{2029}", "a\u{2028}b", "\u{0085}", "x\u{00A0}",
        // Case and digits beyond ASCII: titlecase, long s, sharp s, Kelvin, final sigma, Roman numerals,
        // feminine ordinal, superscripts, Arabic-Indic digits, fullwidth letters.
        "ǅ", "ſ", "ẞ", "ﬀ", "σς", "ΣΑΣ", "Ⅻ", "ª", "ᵃ", "²", "٣", "١٢٣٤٥", "ＵＳ", "ｕｓ", "Ǆemal", "ß@exämple.com", "ÄÖÜ", "äöü",
        // Graphemes of several scalars.
        "🇫🇷", "가\u{11A8}", "\u{0600}1", "a\u{FE0F}", "漢\u{E0100}", "\u{0301}", "e\u{0301}\u{0301}", "\r\n", "a\r\nb",
    ]
    static let pieces = [
        "a", "Z", "1", " ", "é", "e\u{0301}", "-", "'", "@", ".", "日", "👍", "\u{00A0}", "\"", "\\", "/", "\n", "ß", "_", "x", "\u{2028}",
        "\u{0085}", "\u{3000}", "ſ", "K", "\u{212A}", "ǅ", "٣", "²", "Σ", "ς", "🇫🇷", "\u{0301}", "ＵＳ", "İ", "ı",
    ]
    static let integers = [
        "0", "-0", "1", "-1", "2", "3", "17", "18", "19", "100", "120", "121", "9007199254740993", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1234567890123456789", "12345678901234567890",
        "1234567890123456789012345", "-99999999999999999999999", "9007199254740992", "123456789012345678", "999999999999999999",
        "-999999999999999999", "4611686018427387904", "10", "20", "5",
    ]
    static let fractions = [
        "1.0", "-0.0", "0.5", "2.5", "0.1", "0.3", "0.30000000000000004", "1e2", "1E+2", "1e-2", "-1.5E3", "100.0", "17.999",
        "18.0", "1.0e0", "12345678901234567890.0", "1e19", "5e-324", "1.7976931348623157e308", "1.5e1", "50e-1", "0.5e1", "1e18",
        "9007199254740992.0", "9007199254740993.0", "0e0", "0.0", "-0e-0", "100e-2", "1.00", "0.01", "2.50", "3.0000000000000001",
        "17.9999999999999999", "1E2", "1e+0", "-1.5", "1e-7", "120.5",
    ]
    static let dates = [
        "2025-06-15", "2025-06-14", "2025-06-16", "2007-06-15", "2007-06-16", "2007-06-14", "2024-02-29", "2023-02-29", "2025-13-01",
        "2025-6-1", " 2025-06-15", "1900-01-01", "9999-12-31", "0000-01-01", "2025-06-15T00:00", "20250615", "", "1905-06-15",
        "2030-12-31", "2000-01-01", "1904-06-16",
    ]
}

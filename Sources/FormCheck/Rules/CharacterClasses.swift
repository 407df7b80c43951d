/// The character classes of the `contains...`, `alpha` and `alphanumeric` rules and of the strength
/// meter, by Unicode properties.
///
/// Each class is defined once, on a `Character` (`Class.defines`). A character of one scalar below
/// U+0800 (one or two UTF-8 bytes: the Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic letters
/// among them) is answered from a table of those definitions' answers (`Table.stored`, which a test
/// holds to what the definitions give): the standard library's answer for such a character goes
/// through its case mappings and costs far more, and making the table costs a process milliseconds.
enum CharacterClasses {
    static func isUppercase(_ character: Character) -> Bool { Class.uppercase.contains(character) }
    static func isLowercase(_ character: Character) -> Bool { Class.lowercase.contains(character) }
    /// A decimal digit of any script (general category Nd).
    static func isDigit(_ character: Character) -> Bool { Class.digit.contains(character) }
    /// Punctuation or a symbol: anything that is not a letter, a digit or white space.
    static func isSymbol(_ character: Character) -> Bool { Class.symbol.contains(character) }
    static func isLetter(_ character: Character) -> Bool { Class.letter.contains(character) }

    enum Class: Int, CaseIterable, Sendable {
        case uppercase, lowercase, digit, symbol, letter

        /// Whether `character` is of the class.
        func contains(_ character: Character) -> Bool {
            // One byte is one ASCII scalar; two bytes are one scalar when the first leads a sequence of
            // two (CR LF is two bytes too).
            let utf8 = character.utf8
            var bytes = utf8.makeIterator()
            let first = bytes.next()!
            switch utf8.count {
            case 1: return table.holds(self, Int(first))
            case 2 where first >= 0xC0: return table.holds(self, Int(UTF8Text.twoByteScalar(lead: first, second: bytes.next()!)))
            default: return defines(character)
            }
        }

        /// The class's definition, which the table restates for its characters.
        func defines(_ character: Character) -> Bool {
            switch self {
            case .uppercase: character.isUppercase
            case .lowercase: character.isLowercase
            case .digit: character.unicodeScalars.first?.properties.generalCategory == .decimalNumber
            case .symbol: !character.isLetter && !Class.digit.defines(character) && !character.isWhitespace
            case .letter: character.isLetter
            }
        }
    }

    /// Whether the well-formed UTF-8 `text` holds a character of `class` that is found without
    /// decoding the text: a scalar of one or two bytes that is a character of its own, because each of
    /// its neighbours is the end of the text or a scalar that no rule of grapheme clusters joins to
    /// another of them (an ASCII one or one that `Table.standsAlone`; of two such, only CR LF make
    /// one character, and neither is of any class).
    static func holdsAlone(_ class: Class, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let table = self.table
        var index = 0
        var afterBreak = true
        while index < text.count {
            guard let (scalar, length, standsAlone) = table.shortScalar(at: index, in: text) else {
                afterBreak = false
                index += text[index] < 0xF0 ? 3 : 4
                continue
            }
            let next = index + length
            if afterBreak, standsAlone, table.holds(`class`, scalar),
               next == text.count || table.shortScalar(at: next, in: text)?.standsAlone == true {
                return true
            }
            afterBreak = standsAlone
            index = next
        }
        return false
    }

    /// Whether every character of the well-formed UTF-8 `text` is of one of `classes`, answered on its
    /// bytes when each of its scalars is a character of its own found in the table: of one or two
    /// bytes, each of two bytes standing alone (see `holdsAlone`), and no CR LF. Nil for other text.
    static func consistsAlone(of classes: [Class], _ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        let table = self.table
        var index = 0
        var consists = true
        while index < text.count {
            guard let (scalar, length, standsAlone) = table.shortScalar(at: index, in: text), standsAlone else { return nil }
            if scalar == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { return nil }
            index += length
            // The rest is still read: a scalar after it may make it part of a longer character.
            if consists, !classes.contains(where: { table.holds($0, scalar) }) { consists = false }
        }
        return consists
    }

    /// The classes of the characters of one scalar below `Table.limit`, one bit per class and scalar,
    /// and which of the scalars of two bytes stand alone: make a character of their own between ASCII
    /// characters.
    struct Table: Sendable {
        static let limit = 0x800
        private static let wordsPerRow = limit / 64
        private let words: [UInt64]

        init(words: [UInt64]) {
            assert(words.count == Self.wordsPerRow * (Class.allCases.count + 1), "a table of the wrong size")
            self.words = words
        }

        /// The table's words as the classes' definitions give them: a row of bits per class, then the
        /// row of the scalars of two bytes that make a character of their own between ASCII ones.
        static func computedWords() -> [UInt64] {
            let rows = Class.allCases.count + 1
            var words = [UInt64](repeating: 0, count: Self.wordsPerRow * rows)
            for value in 0..<Self.limit {
                let scalar = Unicode.Scalar(UInt16(value))!
                for `class` in Class.allCases where `class`.defines(Character(scalar)) {
                    words[`class`.rawValue * Self.wordsPerRow + value / 64] |= 1 << (value % 64)
                }
                var between = "a"
                between.unicodeScalars.append(scalar)
                between += "a"
                if value >= 0x80, between.count == 3 { words[Class.allCases.count * Self.wordsPerRow + value / 64] |= 1 << (value % 64) }
            }
            return words
        }

        func holds(_ class: Class, _ scalar: Int) -> Bool { bit(row: `class`.rawValue, scalar) }

        func standsAlone(_ scalar: Int) -> Bool { bit(row: Class.allCases.count, scalar) }

        /// The scalar of one or two bytes at `index` of the well-formed UTF-8 `text`, its length, and
        /// whether it stands alone (every ASCII scalar does); nil for a longer one.
        func shortScalar(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> (scalar: Int, length: Int, standsAlone: Bool)? {
            guard let (value, length) = UTF8Text.shortScalar(in: text, at: index) else { return nil }
            let scalar = Int(value)
            return (scalar, length, length == 1 || standsAlone(scalar))
        }

        private func bit(row: Int, _ scalar: Int) -> Bool {
            assert(scalar >= 0 && scalar < Self.limit)
            return words[row * Self.wordsPerRow + scalar / 64] & (1 << (scalar % 64)) != 0
        }
    }

    private static let table = Table(words: Table.stored)
}

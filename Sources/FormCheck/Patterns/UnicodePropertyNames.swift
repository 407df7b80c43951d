/// The names a pattern gives Unicode sets, in `\p{...}`, `[:...:]` and the class escapes, with the
/// meanings ICU gives them: names compare loosely (case, spaces, `_` and `-` ignored).
enum UnicodePropertyNames {
    /// `\d`: decimal digits in any script (general category Nd).
    static let digit = ScalarClass.categories(GeneralCategories(.decimalNumber))
    /// `\w`: ICU's word characters.
    static let word = ScalarClass.property(.word)
    /// `\s`: the White_Space property.
    static let space = ScalarClass.property(.whiteSpace)
    /// `\h`: horizontal white space, tab and the space separators.
    static let horizontalSpace = ScalarClass.property(.posixBlank)
    /// `\v`, ICU's vertical white space: its line terminators (`PlaceContext.lineTerminators`).
    static let lineTerminators = ScalarClass(ranges: PlaceContext.lineTerminators.map { $0.value...$0.value })

    /// The set a property expression names (`L`, `Letter`, `gc=Lu`, `Latin`, `sc=Latn`, `Alphabetic`,
    /// `alpha`...), or nil when it names none this engine knows.
    static func scalarClass(named expression: String) -> ScalarClass? {
        let parts = expression.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { loose(String($0)) }
        if parts.count == 2 {
            switch parts[0] {
            case "gc", "generalcategory": return categories[parts[1]].map(ScalarClass.categories)
            case "sc", "script": return script(parts[1])
            default: return nil
            }
        }
        let name = parts[0]
        if let found = lookUp(name) { return found }
        // ICU also accepts Java's `Is` prefix, written so and first (`\p{IsLatin}`, `\p{Is_L}`; not
        // `\p{isLatin}` nor `\p{ISL}`).
        if expression.hasPrefix("Is"), let found = lookUp(loose(String(expression.dropFirst(2)))) { return found }
        return nil
    }

    private static func lookUp(_ name: String) -> ScalarClass? {
        if let found = categories[name] { return .categories(found) }
        if let found = properties[name] { return found }
        return script(name)
    }

    private static func script(_ name: String) -> ScalarClass? {
        guard let number = UnicodeTables.scriptNumbers[name] else { return nil }
        let bounds = UnicodeTables.scriptRanges
        let ranges = (UnicodeTables.scriptStarts[number]..<UnicodeTables.scriptStarts[number + 1]).map { bounds[2 * $0]...bounds[2 * $0 + 1] }
        return .ranges(ranges)
    }

    /// A name as ICU compares property names.
    private static func loose(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" _-\t".unicodeScalars.contains($0) })
    }

    private static let categories: [String: GeneralCategories] = [
        "l": .letters, "letter": .letters,
        "lc": .casedLetters, "casedletter": .casedLetters,
        "lu": GeneralCategories(.uppercaseLetter), "uppercaseletter": GeneralCategories(.uppercaseLetter),
        "ll": GeneralCategories(.lowercaseLetter), "lowercaseletter": GeneralCategories(.lowercaseLetter),
        "lt": GeneralCategories(.titlecaseLetter), "titlecaseletter": GeneralCategories(.titlecaseLetter),
        "lm": GeneralCategories(.modifierLetter), "modifierletter": GeneralCategories(.modifierLetter),
        "lo": GeneralCategories(.otherLetter), "otherletter": GeneralCategories(.otherLetter),
        "m": .marks, "mark": .marks, "combiningmark": .marks,
        "mn": GeneralCategories(.nonspacingMark), "nonspacingmark": GeneralCategories(.nonspacingMark),
        "mc": GeneralCategories(.spacingMark), "spacingmark": GeneralCategories(.spacingMark),
        "me": GeneralCategories(.enclosingMark), "enclosingmark": GeneralCategories(.enclosingMark),
        "n": .numbers, "number": .numbers,
        "nd": GeneralCategories(.decimalNumber), "decimalnumber": GeneralCategories(.decimalNumber),
        "digit": GeneralCategories(.decimalNumber),
        "nl": GeneralCategories(.letterNumber), "letternumber": GeneralCategories(.letterNumber),
        "no": GeneralCategories(.otherNumber), "othernumber": GeneralCategories(.otherNumber),
        "p": .punctuation, "punctuation": .punctuation, "punct": .punctuation,
        "pc": GeneralCategories(.connectorPunctuation), "connectorpunctuation": GeneralCategories(.connectorPunctuation),
        "pd": GeneralCategories(.dashPunctuation), "dashpunctuation": GeneralCategories(.dashPunctuation),
        "ps": GeneralCategories(.openPunctuation), "openpunctuation": GeneralCategories(.openPunctuation),
        "pe": GeneralCategories(.closePunctuation), "closepunctuation": GeneralCategories(.closePunctuation),
        "pi": GeneralCategories(.initialPunctuation), "initialpunctuation": GeneralCategories(.initialPunctuation),
        "pf": GeneralCategories(.finalPunctuation), "finalpunctuation": GeneralCategories(.finalPunctuation),
        "po": GeneralCategories(.otherPunctuation), "otherpunctuation": GeneralCategories(.otherPunctuation),
        "s": .symbols, "symbol": .symbols,
        "sm": GeneralCategories(.mathSymbol), "mathsymbol": GeneralCategories(.mathSymbol),
        "sc": GeneralCategories(.currencySymbol), "currencysymbol": GeneralCategories(.currencySymbol),
        "sk": GeneralCategories(.modifierSymbol), "modifiersymbol": GeneralCategories(.modifierSymbol),
        "so": GeneralCategories(.otherSymbol), "othersymbol": GeneralCategories(.otherSymbol),
        "z": .separators, "separator": .separators,
        "zs": GeneralCategories(.spaceSeparator), "spaceseparator": GeneralCategories(.spaceSeparator),
        "zl": GeneralCategories(.lineSeparator), "lineseparator": GeneralCategories(.lineSeparator),
        "zp": GeneralCategories(.paragraphSeparator), "paragraphseparator": GeneralCategories(.paragraphSeparator),
        "c": .others, "other": .others,
        "cc": GeneralCategories(.control), "control": GeneralCategories(.control), "cntrl": GeneralCategories(.control),
        "cf": GeneralCategories(.format), "format": GeneralCategories(.format),
        "cs": GeneralCategories(.surrogate), "surrogate": GeneralCategories(.surrogate),
        "co": GeneralCategories(.privateUse), "privateuse": GeneralCategories(.privateUse),
        "cn": GeneralCategories(.unassigned), "unassigned": GeneralCategories(.unassigned),
    ]

    private static let properties: [String: ScalarClass] = [
        "any": .property(.any), "ascii": .property(.ascii), "assigned": .property(.assigned),
        "alphabetic": .property(.alphabetic), "alpha": .property(.alphabetic),
        "whitespace": .property(.whiteSpace), "wspace": .property(.whiteSpace), "space": .property(.whiteSpace),
        "lowercase": .property(.lowercase), "lower": .property(.lowercase),
        "uppercase": .property(.uppercase), "upper": .property(.uppercase),
        "hexdigit": .property(.hexDigit), "hex": .property(.hexDigit),
        "asciihexdigit": .property(.asciiHexDigit), "ahex": .property(.asciiHexDigit),
        "ideographic": .property(.ideographic), "ideo": .property(.ideographic),
        "math": .property(.math), "dash": .property(.dash), "emoji": .property(.emoji),
        "word": .property(.word), "alnum": .property(.posixAlnum), "blank": .property(.posixBlank),
        "graph": .property(.posixGraph), "print": .property(.posixPrint), "xdigit": .property(.posixXDigit),
    ]
}

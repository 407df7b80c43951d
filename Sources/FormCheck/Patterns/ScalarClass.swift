/// A set of Unicode scalars as a pattern describes it: literal ranges, general categories, binary
/// properties and scripts, combined by the class operators (`[...]`, `[^...]`, `&&`, `--`).
enum ScalarClass: Sendable, Equatable {
    /// One scalar (a literal: kept apart from `ranges` so that it takes no storage of its own).
    case scalar(Unicode.Scalar)
    /// Scalar values in sorted ranges.
    case ranges([ClosedRange<UInt32>])
    /// The scalars whose general category is in the set.
    case categories(GeneralCategories)
    case property(ScalarProperty)
    case union([ScalarClass])
    indirect case intersection(ScalarClass, ScalarClass)
    indirect case subtraction(ScalarClass, ScalarClass)
    indirect case complement(ScalarClass)
    /// The members and every scalar with the same simple case folding as one of them.
    indirect case caseClosure(ScalarClass)

    /// The scalars of `ranges`, in any order and overlapping or not: one scalar, or sorted ranges
    /// with overlapping and adjacent ones merged.
    init(ranges: [ClosedRange<UInt32>]) {
        if ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound, let scalar = Unicode.Scalar(ranges[0].lowerBound) {
            self = .scalar(scalar)
            return
        }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count)
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self = .ranges(merged)
    }

    /// Whether `scalar` is a member.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .scalar(let member):
            return scalar == member
        case .ranges(let ranges):
            return Self.search(ranges, for: scalar.value)
        case .categories(let categories):
            return categories.contains(scalar.properties.generalCategory)
        case .property(let property):
            return property.holds(for: scalar)
        case .union(let members):
            return members.contains { $0.contains(scalar) }
        case .intersection(let left, let right):
            return left.contains(scalar) && right.contains(scalar)
        case .subtraction(let left, let right):
            return left.contains(scalar) && !right.contains(scalar)
        case .complement(let inner):
            return !inner.contains(scalar)
        case .caseClosure(let inner):
            return CaseFolding.equivalents(of: scalar).contains { inner.contains($0) }
        }
    }

    /// The union of `table[b]` for each bit b set in `bits`.
    private static func union(of table: [UInt128], at bits: some FixedWidthInteger) -> UInt128 {
        var union: UInt128 = 0
        var remaining = bits
        while remaining != 0 {
            union |= table[remaining.trailingZeroBitCount]
            remaining &= remaining - 1
        }
        return union
    }

    /// The ASCII members, bit b for scalar b; the same as asking `contains` for each, but from
    /// tables of the categories' and properties' ASCII members, so that patterns compile quickly.
    var asciiMembers: UInt128 {
        switch self {
        case .scalar(let member):
            return member.isASCII ? 1 << member.value : 0
        case .ranges(let ranges):
            return ranges.reduce(0) { bits, range in
                guard range.lowerBound < 128 else { return bits }
                let high = min(range.upperBound, 127)
                let upTo: UInt128 = high == 127 ? ~0 : (1 << (high + 1)) - 1
                return bits | upTo & ~((1 << range.lowerBound) - 1)
            }
        case .categories(let categories):
            return Self.union(of: Self.asciiCategoryMembers, at: categories.rawValue)
        case .property(let property):
            return Self.asciiProperties[property]!
        case .union(let members):
            return members.reduce(0) { $0 | $1.asciiMembers }
        case .intersection(let left, let right):
            return left.asciiMembers & right.asciiMembers
        case .subtraction(let left, let right):
            return left.asciiMembers & ~right.asciiMembers
        case .complement(let inner):
            return ~inner.asciiMembers
        case .caseClosure(let inner):
            // Scalars with the same folding are each other's equivalents, so the ASCII scalars of the
            // closure are the ASCII equivalents of the ASCII members, and those with an equivalent
            // beyond ASCII that is a member.
            var bits = Self.union(of: Self.asciiCaseEquivalents, at: inner.asciiMembers)
            for (value, beyond) in Self.asciiEquivalentsBeyondASCII where bits >> value & 1 == 0 && beyond.contains(where: inner.contains) {
                bits |= 1 << value
            }
            return bits
        }
    }

    /// For each ASCII scalar, the ASCII scalars with the same simple case folding, as bits (the scalar among them).
    private static let asciiCaseEquivalents: [UInt128] = (0..<128).map { value in
        CaseFolding.equivalents(of: Unicode.Scalar(UInt8(value))).reduce(0) { $1.isASCII ? $0 | 1 << $1.value : $0 }
    }

    /// The ASCII scalars with equivalents beyond ASCII, and those equivalents (`K` and the Kelvin sign,
    /// `s` and long s).
    private static let asciiEquivalentsBeyondASCII: [(value: UInt32, beyond: [Unicode.Scalar])] = (0..<128).compactMap { value in
        let beyond = CaseFolding.equivalents(of: Unicode.Scalar(UInt8(value))).filter { !$0.isASCII }
        return beyond.isEmpty ? nil : (UInt32(value), beyond)
    }

    /// For each bit of `GeneralCategories`, the ASCII scalars of that category.
    private static let asciiCategoryMembers: [UInt128] = (0..<128).reduce(into: [UInt128](repeating: 0, count: 32)) { members, value in
        let category = GeneralCategories(Unicode.Scalar(UInt8(value)).properties.generalCategory)
        members[category.rawValue.trailingZeroBitCount] |= 1 << value
    }

    private static let asciiProperties: [ScalarProperty: UInt128] = Dictionary(uniqueKeysWithValues: ScalarProperty.allCases.map { property in
        (property, (0..<128).reduce(0) { bits, value in property.holds(for: Unicode.Scalar(UInt8(value))) ? bits | 1 << value : bits })
    })

    /// Binary search in sorted ranges.
    private static func search(_ ranges: [ClosedRange<UInt32>], for value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }
}

/// A set of general categories, one bit each.
struct GeneralCategories: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ categories: Unicode.GeneralCategory...) {
        rawValue = categories.reduce(0) { $0 | 1 << Self.bit($1) }
    }

    func contains(_ category: Unicode.GeneralCategory) -> Bool { rawValue & 1 << Self.bit(category) != 0 }

    private static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        @unknown default: 29
        }
    }

    static let letters = GeneralCategories(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter)
    static let casedLetters = GeneralCategories(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter)
    static let marks = GeneralCategories(.nonspacingMark, .spacingMark, .enclosingMark)
    static let numbers = GeneralCategories(.decimalNumber, .letterNumber, .otherNumber)
    static let punctuation = GeneralCategories(
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation)
    static let symbols = GeneralCategories(.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol)
    static let separators = GeneralCategories(.spaceSeparator, .lineSeparator, .paragraphSeparator)
    static let others = GeneralCategories(.control, .format, .surrogate, .privateUse, .unassigned)
}

/// The binary properties a pattern can name, as ICU defines them.
enum ScalarProperty: Sendable, Hashable, CaseIterable {
    case any, ascii, assigned, alphabetic, whiteSpace, lowercase, uppercase, hexDigit, asciiHexDigit
    case ideographic, math, dash, emoji
    /// ICU's word characters (`\w`): alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
    case word
    /// ICU's POSIX-compatible classes.
    case posixAlnum, posixBlank, posixGraph, posixPrint, posixXDigit

    func holds(for scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .any: return true
        case .ascii: return scalar.isASCII
        case .assigned: return properties.generalCategory != .unassigned
        case .alphabetic: return properties.isAlphabetic
        case .whiteSpace: return properties.isWhitespace
        case .lowercase: return properties.isLowercase
        case .uppercase: return properties.isUppercase
        case .hexDigit: return properties.isHexDigit
        case .asciiHexDigit: return properties.isASCIIHexDigit
        case .ideographic: return properties.isIdeographic
        case .math: return properties.isMath
        case .dash: return properties.isDash
        case .emoji: return properties.isEmoji
        case .word:
            let category = properties.generalCategory
            return properties.isAlphabetic || GeneralCategories.marks.contains(category) || category == .decimalNumber
                || category == .connectorPunctuation || scalar.value == 0x200C || scalar.value == 0x200D
        case .posixAlnum: return properties.isAlphabetic || properties.generalCategory == .decimalNumber
        case .posixBlank: return scalar.value == 0x09 || properties.generalCategory == .spaceSeparator
        case .posixGraph:
            let category = properties.generalCategory
            return !(properties.isWhitespace || category == .control || category == .surrogate || category == .unassigned)
        case .posixPrint:
            return (ScalarProperty.posixGraph.holds(for: scalar) || ScalarProperty.posixBlank.holds(for: scalar))
                && properties.generalCategory != .control
        case .posixXDigit: return properties.generalCategory == .decimalNumber || properties.isHexDigit
        }
    }
}

/// Simple case folding (Unicode's CaseFolding.txt, statuses C and S), from `UnicodeTables`.
enum CaseFolding {
    /// For each folded value, the scalars that fold to it (the folded value among them).
    private static let classes: [UInt32: [UInt32]] = {
        var classes: [UInt32: [UInt32]] = [:]
        let folds = UnicodeTables.caseFolds
        for index in stride(from: 0, to: folds.count, by: 2) {
            classes[folds[index + 1], default: [folds[index + 1]]].append(folds[index])
        }
        return classes
    }()

    private static let foldOf: [UInt32: UInt32] = {
        var foldOf: [UInt32: UInt32] = [:]
        let folds = UnicodeTables.caseFolds
        for index in stride(from: 0, to: folds.count, by: 2) { foldOf[folds[index]] = folds[index + 1] }
        return foldOf
    }()

    /// The scalar's simple case folding.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        foldOf[scalar.value].flatMap(Unicode.Scalar.init) ?? scalar
    }

    /// The scalars with the same simple case folding as `scalar`, `scalar` among them.
    static func equivalents(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        guard let members = classes[fold(scalar).value] else { return [scalar] }
        return members.compactMap(Unicode.Scalar.init)
    }
}

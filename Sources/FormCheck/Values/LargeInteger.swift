/// A whole number beyond the range of `Int`, kept exactly as its decimal digits, so that rules compare
/// it, test it for multiples and tell it from its neighbours exactly (a `Double` holds only one whole
/// number in 2,048 near 10^19).
public struct LargeInteger: Sendable, Hashable, CustomStringConvertible {
    /// Whether the number is below zero.
    public let isNegative: Bool
    /// The magnitude's decimal digits, without leading zeros.
    public let digits: String

    /// The number written as `text` (an optional sign, then decimal digits), when it is beyond `Int`'s
    /// range; nil for any other text, and for a number that fits an `Int`.
    public init?(_ text: some StringProtocol) {
        var rest = Substring(text)
        var isNegative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            isNegative = sign == "-"
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        let digits = String(rest.drop { $0 == "0" })
        guard Int(isNegative ? "-" + digits : digits) == nil else { return nil }
        self.isNegative = isNegative
        self.digits = digits
    }

    /// A whole number, exactly, when `double` is one (finite, with no fraction) beyond `Int`'s range.
    init?(exactly double: Double) {
        guard double.isFinite, double == double.rounded(.towardZero), Int(exactly: double) == nil else { return nil }
        // The double is its significand times a power of two: doubled digit by digit, in decimal.
        // Beyond 2^63, the exponent is 63 or more: the significand's 53 bits are all whole.
        let significand = UInt64(double.significandBitPattern) | (1 << 52)
        var decimal = String(significand).utf8.reversed().map { $0 - UInt8(ascii: "0") }  // least significant first
        for _ in 0..<(Int(double.exponent) - 52) {
            var carry: UInt8 = 0
            for index in decimal.indices {
                let doubled = decimal[index] * 2 + carry
                decimal[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { decimal.append(carry) }
        }
        self.isNegative = double < 0
        self.digits = String(decoding: decimal.reversed().map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    }

    public var description: String { (isNegative ? "-" : "") + digits }

    /// The nearest `Double`.
    public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

    /// -1, 0 or 1 as this number is below, equal to or above `other`.
    func compare(_ other: LargeInteger) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let magnitude = digits.count != other.digits.count
            ? (digits.count < other.digits.count ? -1 : 1)
            : (digits == other.digits ? 0 : (digits < other.digits ? -1 : 1))
        return isNegative ? -magnitude : magnitude
    }

    /// -1, 0 or 1 as this number is below, equal to or above `other`: beyond `Int`'s range, it is
    /// further from zero than any `Int`.
    func compare(_ other: Int) -> Int {
        isNegative ? -1 : 1
    }

    /// -1, 0 or 1 as this number is below, equal to or above `other`, exactly; nil for NaN.
    func compare(_ other: Double) -> Int? {
        guard !other.isNaN else { return nil }
        if let whole = LargeInteger(exactly: other) { return compare(whole) }
        // Infinite, or within `Int`'s range (fractions among them): this number lies beyond it.
        if other.isInfinite { return other < 0 ? 1 : -1 }
        return isNegative ? -1 : 1
    }

    /// Whether this number is a multiple of `factor`.
    func isMultiple(of factor: Int) -> Bool {
        guard factor != 0 else { return false }
        let divisor = factor.magnitude
        var remainder: UInt = 0
        for digit in digits.utf8 {
            // remainder < divisor ≤ 2^63, so remainder * 10 + 9 fits in 128 bits, reduced at once.
            let (high, low) = remainder.multipliedFullWidth(by: 10)
            let (sum, overflow) = low.addingReportingOverflow(UInt(digit - UInt8(ascii: "0")))
            remainder = divisor.dividingFullWidth((high + (overflow ? 1 : 0), sum)).remainder
        }
        return remainder == 0
    }

    /// Whether this number is a multiple of `factor`, exactly. The remainder is worked out nine digits
    /// at a time, in base 10^9: each step's quotient digit is estimated from the leading limbs and then
    /// corrected, so the time grows with the two numbers' lengths multiplied.
    func isMultiple(of factor: LargeInteger) -> Bool {
        let divisor = Limbs(digits: factor.digits.utf8[...])
        var remainder = Limbs()
        // Limb by limb from the most significant: the remainder so far, shifted one limb on.
        for limb in Limbs(digits: digits.utf8[...]).limbs.reversed() {
            remainder.multiply(by: Limbs.base, adding: limb)
            remainder.reduce(modulo: divisor)
        }
        return remainder.isZero
    }
}

/// A whole number of any size as limbs in base 10^9, least significant first, without leading zero
/// limbs: the arithmetic `LargeInteger.isMultiple(of:)` needs.
private struct Limbs {
    static let digitsPerLimb = 9
    static let base: UInt64 = 1_000_000_000

    private(set) var limbs: [UInt64] = []

    init() {}

    /// The number written with these decimal digits.
    init(digits: Substring.UTF8View) {
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -Self.digitsPerLimb, limitedBy: digits.startIndex) ?? digits.startIndex
            limbs.append(digits[start..<end].reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) })
            end = start
        }
        trim()
    }

    var isZero: Bool { limbs.isEmpty }

    private mutating func trim() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    /// self = self × `factor` + `addend`, with `factor` at most `base` and `addend` below it.
    mutating func multiply(by factor: UInt64, adding addend: UInt64) {
        var carry = addend
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
        trim()
    }

    /// -1, 0 or 1 as self is below, equal to or above `other`.
    func compare(_ other: Limbs) -> Int {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count ? -1 : 1 }
        for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
            return limbs[index] < other.limbs[index] ? -1 : 1
        }
        return 0
    }

    /// self = self - `other`, which is at most self.
    mutating func subtract(_ other: Limbs) {
        assert(compare(other) >= 0, "a larger number subtracted")
        var borrow: UInt64 = 0
        for index in limbs.indices {
            let subtrahend = (index < other.limbs.count ? other.limbs[index] : 0) + borrow
            if limbs[index] >= subtrahend {
                limbs[index] -= subtrahend
                borrow = 0
            } else {
                limbs[index] = limbs[index] + Self.base - subtrahend
                borrow = 1
            }
        }
        trim()
    }

    /// The number as a double, roughly: its three leading limbs, and the power of the base below them.
    private var leading: (value: Double, exponent: Int) {
        let top = limbs.suffix(3)
        return (top.reversed().reduce(0.0) { $0 * Double(Self.base) + Double($1) }, limbs.count - top.count)
    }

    /// self = self mod `divisor`, for self below `divisor` × `base` (so the quotient is one limb).
    mutating func reduce(modulo divisor: Limbs) {
        assert(!divisor.isZero, "a remainder by zero")
        guard compare(divisor) >= 0 else { return }
        // The quotient, from the leading limbs: off by a little at most, and put right below.
        let (value, exponent) = leading
        let (divisorValue, divisorExponent) = divisor.leading
        var estimate = value / divisorValue
        for _ in 0..<(exponent - divisorExponent) { estimate *= Double(Self.base) }
        for _ in 0..<max(divisorExponent - exponent, 0) { estimate /= Double(Self.base) }
        var quotient = UInt64(min(max(estimate.rounded(.down), 0), Double(Self.base - 1)))
        var product = divisor
        product.multiply(by: quotient, adding: 0)
        while product.compare(self) > 0 {
            quotient -= 1
            product.subtract(divisor)
        }
        subtract(product)
        while compare(divisor) >= 0 { subtract(divisor) }
    }
}

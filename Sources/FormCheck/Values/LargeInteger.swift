/// A whole number beyond the range of `Int`, kept exactly as its decimal digits, so that rules compare
/// it, test it for multiples and tell it from its neighbours exactly (a `Double` holds only one whole
/// number in 2,048 near 10^19).
public struct LargeInteger: Sendable, Hashable, CustomStringConvertible {
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
}

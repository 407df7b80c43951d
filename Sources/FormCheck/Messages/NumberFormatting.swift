import Foundation

/// Formats numbers for a locale (`1 234,5` in French), with one cached formatter per locale.
enum NumberFormatting {
    private static let formatters = FormatterCache()

    static func format(_ number: Double, locale: String) -> String {
        formatters.string(NSNumber(value: number), locale: locale) ?? BoundsChecker.format(number)
    }

    /// Integers keep every digit, however large.
    static func format(_ number: Int, locale: String) -> String {
        formatters.string(NSNumber(value: number), locale: locale) ?? String(number)
    }

    /// Every digit, grouped as the locale groups an integer's (`18,446,744,073,709,551,616`).
    static func format(_ number: LargeInteger, locale: String) -> String {
        let (separator, size, secondarySize, minus) = formatters.grouping(locale: locale)
        var groups: [Substring] = []
        var rest = Substring(number.digits)
        var groupSize = max(size, 1)
        while rest.count > groupSize {
            groups.append(rest.suffix(groupSize))
            rest = rest.dropLast(groupSize)
            if secondarySize > 0 { groupSize = secondarySize }
        }
        groups.append(rest)
        return (number.isNegative ? minus : "") + groups.reversed().joined(separator: size > 0 ? separator : "")
    }

    private final class FormatterCache: @unchecked Sendable {
        private var byLocale: [String: NumberFormatter] = [:]
        private let lock = NSLockLike()

        func string(_ number: NSNumber, locale: String) -> String? {
            lock.withLock { formatter(locale).string(from: number) }
        }

        /// The locale's grouping separator, group sizes (the first, then the others; 0: as the first)
        /// and minus sign.
        func grouping(locale: String) -> (separator: String, size: Int, secondarySize: Int, minus: String) {
            lock.withLock {
                let formatter = formatter(locale)
                return (formatter.groupingSeparator, formatter.usesGroupingSeparator ? formatter.groupingSize : 0,
                        formatter.secondaryGroupingSize, formatter.minusSign)
            }
        }

        private func formatter(_ locale: String) -> NumberFormatter {
            if let formatter = byLocale[locale] { return formatter }
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 15
            byLocale[locale] = formatter
            return formatter
        }
    }
}

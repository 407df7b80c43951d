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

    private final class FormatterCache: @unchecked Sendable {
        private var byLocale: [String: NumberFormatter] = [:]
        private let lock = NSLockLike()

        func string(_ number: NSNumber, locale: String) -> String? {
            lock.withLock {
                let formatter = byLocale[locale] ?? {
                    let formatter = NumberFormatter()
                    formatter.locale = Locale(identifier: locale)
                    formatter.numberStyle = .decimal
                    formatter.maximumFractionDigits = 15
                    byLocale[locale] = formatter
                    return formatter
                }()
                return formatter.string(from: number)
            }
        }
    }
}

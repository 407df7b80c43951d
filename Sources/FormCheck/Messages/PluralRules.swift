import Foundation

/// CLDR plural rules for one locale, parsed from CLDR's own rule syntax
/// (`v = 0 and i % 10 = 2..4 and i % 100 != 12..14`), which picks the category (`zero`, `one`, `two`,
/// `few`, `many`, `other`) of a number.
package struct PluralRules: Sendable {
    /// The categories the locale uses, in CLDR order; always ends with `other`.
    package let categories: [String]
    private let conditions: [(category: String, condition: PluralCondition)]
    /// The CLDR data the rules were parsed from, with its samples.
    let ruleData: [CLDRPluralRuleData.Rule]

    /// The rules for a locale such as `pt-BR`, `ru` or `ar`, falling back from a region to its language,
    /// and to the rules of `root` (only `other`) for a language CLDR does not list.
    package init(locale: String) {
        self = PluralRules.cache.rules(for: locale)
    }

    init(rules: [CLDRPluralRuleData.Rule]) {
        ruleData = rules
        categories = rules.isEmpty ? ["other"] : rules.map(\.category)
        conditions = rules.compactMap { rule in
            rule.condition.isEmpty ? nil : (rule.category, (try? PluralCondition.parse(rule.condition)) ?? .never)
        }
    }

    /// The category of a number written with `visibleFractionDigits` decimals (`1` is `one` in English, `1.0` is `other`).
    package func category(of number: Double, visibleFractionDigits: Int = 0) -> String {
        let operands = Operands(number, visibleFractionDigits: visibleFractionDigits)
        return conditions.first { $0.condition.holds(for: operands) }?.category ?? "other"
    }

    /// The category of a number written as text, such as `21`, `1.50` or `-3`.
    package func category(of text: String) -> String {
        let operands = Operands(text)
        return conditions.first { $0.condition.holds(for: operands) }?.category ?? "other"
    }

    /// The base language CLDR lists for an identifier: `pt-BR` → `pt`, but `pt-PT` stays itself.
    static func cldrLocales(for locale: String) -> [String] {
        let normalized = locale.replacingOccurrences(of: "-", with: "_")
        var chain: [String] = []
        var parts = normalized.split(separator: "_").map(String.init)
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "_"))
            parts.removeLast()
        }
        return chain
    }

    private final class Cache: @unchecked Sendable {
        private let byLocale: [String: [CLDRPluralRuleData.Rule]]
        private var parsed: [String: PluralRules] = [:]
        private let lock = NSLockLike()

        init() {
            var byLocale: [String: [CLDRPluralRuleData.Rule]] = [:]
            for group in CLDRPluralRuleData.groups {
                for locale in group.locales { byLocale[locale.lowercased()] = group.rules }
            }
            self.byLocale = byLocale
        }

        func rules(for locale: String) -> PluralRules {
            let key = PluralRules.cldrLocales(for: locale).first { byLocale[$0.lowercased()] != nil }?.lowercased() ?? "root"
            return lock.withLock {
                if let rules = parsed[key] { return rules }
                let rules = PluralRules(rules: byLocale[key] ?? [])
                parsed[key] = rules
                return rules
            }
        }
    }

    private static let cache = Cache()
}

/// The numeric operands of CLDR plural rules (TR35 §5.1.1) for one number as written.
struct Operands {
    /// n: absolute value; i: integer digits; v: visible fraction digits; w: the same without trailing zeros;
    /// f and t: the fraction digits as an integer, with and without trailing zeros; e, c: compact exponent.
    let n: Double, i: Double, v: Double, w: Double, f: Double, t: Double, e: Double

    init(_ number: Double, visibleFractionDigits: Int) {
        let digits = max(0, min(visibleFractionDigits, 15))
        let magnitude = abs(number)
        if digits == 0, magnitude.rounded() == magnitude, magnitude < 1e15 {
            // A whole number: no fraction digits to read.
            self.init(n: magnitude, i: magnitude, v: 0, w: 0, f: 0, t: 0, e: 0)
        } else {
            self.init(String(format: "%.\(digits)f", magnitude))
        }
    }

    private init(n: Double, i: Double, v: Double, w: Double, f: Double, t: Double, e: Double) {
        (self.n, self.i, self.v, self.w, self.f, self.t, self.e) = (n, i, v, w, f, t, e)
    }

    init(_ text: String) {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerDigits = parts.first.map(String.init) ?? "0"
        let fractionDigits = parts.count > 1 ? String(parts[1]) : ""
        let trimmed = String(fractionDigits.reversed().drop { $0 == "0" }.reversed())
        n = Double(body) ?? 0
        i = Double(integerDigits) ?? 0
        v = Double(fractionDigits.count)
        w = Double(trimmed.count)
        f = Double(fractionDigits) ?? 0
        t = Double(trimmed) ?? 0
        e = 0
    }

    func value(_ operand: Character) -> Double {
        switch operand {
        case "n": return n
        case "i": return i
        case "v": return v
        case "w": return w
        case "f": return f
        case "t": return t
        default: return e
        }
    }
}

/// A parsed rule condition: `or` of `and` of relations.
indirect enum PluralCondition: Sendable {
    case never
    case or([PluralCondition])
    case and([PluralCondition])
    /// `operand [% modulus] (= | !=) ranges`
    case relation(operand: Character, modulus: Double?, negated: Bool, ranges: [ClosedRange<Double>])

    struct SyntaxError: Error {}

    func holds(for operands: Operands) -> Bool {
        switch self {
        case .never: return false
        case .or(let conditions): return conditions.contains { $0.holds(for: operands) }
        case .and(let conditions): return conditions.allSatisfy { $0.holds(for: operands) }
        case .relation(let operand, let modulus, let negated, let ranges):
            var value = operands.value(operand)
            if let modulus { value = value.truncatingRemainder(dividingBy: modulus) }
            // A value is in a range only when it is a whole number inside it (TR35).
            let inside = value.rounded() == value && ranges.contains { $0.contains(value) }
            return inside != negated
        }
    }

    static func parse(_ text: String) throws(SyntaxError) -> PluralCondition {
        let alternatives = text.components(separatedBy: " or ")
        var ors: [PluralCondition] = []
        for alternative in alternatives {
            var ands: [PluralCondition] = []
            for relation in alternative.components(separatedBy: " and ") {
                ands.append(try parseRelation(relation.trimmingCharacters(in: .whitespaces)))
            }
            ors.append(ands.count == 1 ? ands[0] : .and(ands))
        }
        return ors.count == 1 ? ors[0] : .or(ors)
    }

    private static func parseRelation(_ text: String) throws(SyntaxError) -> PluralCondition {
        let negated = text.contains("!=")
        let sides = text.components(separatedBy: negated ? "!=" : "=")
        guard sides.count == 2 else { throw SyntaxError() }
        let expression = sides[0].split(separator: "%").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let operand = expression.first?.first, "nivwftec".contains(operand) else { throw SyntaxError() }
        let modulus = expression.count > 1 ? Double(expression[1]) : nil
        var ranges: [ClosedRange<Double>] = []
        for item in sides[1].split(separator: ",") {
            let bounds = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            guard let low = Double(bounds[0]), let high = Double(bounds.last!), low <= high else { throw SyntaxError() }
            ranges.append(low...high)
        }
        return .relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }
}

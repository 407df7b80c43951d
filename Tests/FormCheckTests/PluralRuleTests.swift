import Foundation
import Testing
@testable import FormCheck

/// The plural rules come from CLDR's data; these tests check the evaluator against CLDR's own samples.
@Suite struct PluralRuleTests {
    @Test func everyCLDRSampleFallsInItsCategory() {
        var checked = 0
        for group in CLDRPluralRuleData.groups {
            let rules = PluralRules(rules: group.rules)
            for rule in group.rules {
                for sample in Self.expand(rule.integerSamples) + Self.expand(rule.decimalSamples) {
                    #expect(rules.category(of: sample) == rule.category, "\(group.locales[0]) \(sample)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2_000)
    }

    @Test(arguments: [
        ("ru", ["1": "one", "2": "few", "5": "many", "21": "one", "11": "many", "22": "few", "1.5": "other"]),
        ("ar", ["0": "zero", "1": "one", "2": "two", "3": "few", "11": "many", "100": "other", "102": "other", "103": "few"]),
        ("pl", ["1": "one", "2": "few", "5": "many", "22": "few", "12": "many", "0": "many"]),
        ("ja", ["0": "other", "1": "other", "2": "other"]),
        ("en", ["1": "one", "1.0": "other", "0": "other", "2": "other"]),
        ("fr", ["0": "one", "1": "one", "1.5": "one", "2": "other", "1000000": "many"]),
        ("pt-BR", ["0": "one", "1": "one", "2": "other"]),
        ("pt-PT", ["0": "other", "1": "one", "2": "other"]),
        ("xx-unknown", ["1": "other"]),
    ] as [(String, [String: String])])
    func localesPickTheirForms(_ locale: String, _ cases: [String: String]) {
        let rules = PluralRules(locale: locale)
        for (number, category) in cases {
            #expect(rules.category(of: number) == category, "\(locale) \(number)")
        }
    }

    @Test func categoriesPerLocale() {
        #expect(PluralRules(locale: "ar").categories == ["zero", "one", "two", "few", "many", "other"])
        #expect(PluralRules(locale: "ru").categories == ["one", "few", "many", "other"])
        #expect(PluralRules(locale: "ja").categories == ["other"])
    }

    @Test func numbersWithVisibleDecimals() {
        let english = PluralRules(locale: "en")
        #expect(english.category(of: 1, visibleFractionDigits: 0) == "one")
        #expect(english.category(of: 1, visibleFractionDigits: 1) == "other")
    }

    /// `0~15, 100` and `0.0~1.5` as CLDR writes samples; decimal ranges step by their last digit.
    static func expand(_ samples: String) -> [String] {
        samples.split(separator: ",").flatMap { item -> [String] in
            let bounds = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "~")
            guard bounds.count == 2 else { return bounds.filter { !$0.isEmpty && !$0.contains("c") && !$0.contains("e") } }
            let decimals = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
            guard let low = Double(bounds[0]), let high = Double(bounds[1]) else { return [] }
            let step = pow(10, -Double(decimals))
            var values: [String] = []
            var value = low
            while value <= high + step / 2 {
                values.append(String(format: "%.\(decimals)f", value))
                value += step
            }
            return values
        }
    }
}

import Foundation
import Testing
@testable import FormCheck

/// Cases derived from public regular-expression test data (rust-lang/regex's testdata, RE2's search
/// tests, the JSON-Schema-Test-Suite's pattern tests), translated into the engine's dialect by
/// scripts/convert-pattern-test-data.py: each answers as its source and as ICU do.
@Suite struct PublicPatternDataTests {
    struct Case: Decodable, Sendable, CustomStringConvertible {
        enum Expected: String, Decodable, Sendable {
            case match, noMatch, refused
        }

        let source: String
        let pattern: String
        var caseInsensitive: Bool? = nil
        let value: String
        let expected: Expected

        var description: String { source }
    }

    private struct Document: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Data/public-pattern-cases.json")
        do {
            return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
        } catch {
            Issue.record("cannot read \(url.path): \(error)")
            return []
        }
    }()

    @Test func theDataHoldsThousandsOfCases() {
        #expect(Self.cases.count > 2_000)
    }

    @Test(arguments: cases)
    func engineAnswersAsTheSource(_ testCase: Case) {
        let ignoreCase = testCase.caseInsensitive ?? false
        let context = "\(testCase.source): \(testCase.pattern) on \(testCase.value.debugDescription)"
        switch (Result { () throws(PatternSyntaxError) in try LinearPattern(testCase.pattern, caseInsensitive: ignoreCase) }, testCase.expected) {
        case (.failure, .refused):
            break
        case (.failure(let error), _):
            Issue.record("\(context): refused (\(error)), expected \(testCase.expected)")
        case (.success, .refused):
            Issue.record("\(context): accepted, expected a refusal")
        case (.success(let engine), let expected):
            #expect(engine.matches(testCase.value) == (expected == .match), "\(context)")
        }
    }

    /// ICU gives the same answers where the source gives one: the cases keep ICU's meaning, which
    /// the engine promises. (The engine's refusals are its own; NSRegularExpression refuses the empty
    /// pattern, which matches every value.)
    @Test(arguments: cases.filter { $0.expected != .refused && !$0.pattern.isEmpty })
    func icuAnswersAsTheSource(_ testCase: Case) {
        let context = "\(testCase.source): \(testCase.pattern) on \(testCase.value.debugDescription)"
        let options: NSRegularExpression.Options = testCase.caseInsensitive == true ? [.caseInsensitive] : []
        guard let icu = try? NSRegularExpression(pattern: testCase.pattern, options: options) else {
            Issue.record("\(context): ICU refuses the pattern")
            return
        }
        let value = testCase.value
        let matches = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
        #expect(matches == (testCase.expected == .match), "\(context)")
    }
}

import Foundation
@testable import FuzzSupport
@testable import FormCheck

/// Bytes as a `pattern` rule's regular expression (the first line) and values to match (the other
/// lines): it compiles as the rule does or is refused, never crashes; wherever the byte-level
/// automaton answers, its answer is ICU's (`NSRegularExpression`); and a schema with the rule gives
/// ICU's answer for every value, on the direct path and the reference validator alike.
enum FuzzPattern {
    static func run(_ bytes: [UInt8]) {
        compareAutomaton(bytes)
        compareClassRun(bytes)
        compareRule(bytes)
    }

    /// The pattern and the values of the input; nil when it is not UTF-8, or when the pattern is empty
    /// (which matches every value, but which `NSRegularExpression` refuses, so ICU is no baseline).
    static func split(_ bytes: [UInt8]) -> (pattern: String, values: [String])? {
        guard let text = Fuzzing.text(bytes, bytes.count) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pattern = lines.removeFirst()
        guard !pattern.isEmpty else { return nil }
        return (pattern, lines.prefix(8) + ["", "a", "A1", "ab_c", "12345", "ada@example.com", "é", "x y"])
    }

    /// Whether ICU finds the pattern somewhere in the value.
    static func icuMatches(_ icu: NSRegularExpression, _ value: String) -> Bool {
        icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }

    /// The pattern as a rule of a schema, checking JSON records on both paths.
    static func compareRule(_ bytes: [UInt8]) {
        guard let (pattern, values) = split(bytes) else { return }
        let text = "formcheck: 1\nfields:\n  v: { type: string, rules: [{ pattern: \(Fuzzing.yamlQuoted(pattern)) }] }\n"
        guard let schema = try? FormSchema(text: text) else { return }
        guard let icu = try? NSRegularExpression(pattern: pattern) else {
            Fuzzing.finding("a schema compiles the pattern \"\(pattern)\", which ICU cannot compile")
        }
        let options = ValidationOptions(collectAllErrors: true, today: Fuzzing.today)
        // An empty value (only white space) skips the rule.
        for value in values where !Value.string(value).isEmptyFormValue {
            let record = Array(try! JSONEncoder().encode(["v": value]))
            let full = schema.referenceReport(try! JSONReader.parse(record), options: options)
            guard full.isValid == icuMatches(icu, value) else {
                Fuzzing.finding("\"\(pattern)\" on \"\(value)\": the rule says \(full.isValid ? "match" : "no match"), ICU the opposite")
            }
            var cache = IssueTable()
            if let direct = record.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }), direct != full {
                Fuzzing.finding("\"\(pattern)\" on \"\(value)\": the direct path says \(direct.isValid ? "match" : "no match"), the reference validator the opposite")
            }
        }
    }

    /// The pattern as `RegularExpression` compiles it: its automaton, where it answers, agrees with ICU.
    static func compareAutomaton(_ bytes: [UInt8]) {
        guard let (pattern, values) = split(bytes) else { return }
        guard let expression = try? RegularExpression(pattern) else { return }
        guard let automaton = expression.fastPath else {
            for value in values { _ = expression.matches(value) }
            return
        }
        guard let icu = try? NSRegularExpression(pattern: pattern) else {
            Fuzzing.finding("the automaton accepts \"\(pattern)\", which ICU cannot compile")
        }
        for value in values {
            guard let answer = automaton.matches(value) else { continue }
            let icuAnswer = icuMatches(icu, value)
            guard answer == icuAnswer else {
                Fuzzing.finding("\"\(pattern)\" on \"\(value)\": automaton \(answer), ICU \(icuAnswer)")
            }
            guard expression.matches(value) == answer else { Fuzzing.finding("the rule answers apart from its automaton") }
        }
    }
}

extension FuzzPattern {
    /// The pattern as `RegularExpression` compiles it: its table of a class's members, where it
    /// answers, agrees with ICU.
    static func compareClassRun(_ bytes: [UInt8]) {
        guard let (pattern, values) = split(bytes), let expression = try? RegularExpression(pattern), let run = expression.classRun
        else { return }
        guard let icu = try? NSRegularExpression(pattern: pattern) else {
            Fuzzing.finding("the table of members accepts \"\(pattern)\", which ICU cannot compile")
        }
        for value in values {
            var copy = value
            guard let answer = copy.withUTF8({ run.matches($0) }) else { continue }
            let icuAnswer = icuMatches(icu, value)
            guard answer == icuAnswer else {
                Fuzzing.finding("\"\(pattern)\" on \"\(value)\": table of members \(answer), ICU \(icuAnswer)")
            }
        }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzPattern.run(Fuzzing.bytes(data, size)); return 0 }

@_cdecl("FuzzPattern_main")
public func fuzzPatternMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 { Fuzzing.main(argc, argv, fuzzPattern) }

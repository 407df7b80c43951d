import Foundation
import FuzzSupport
@testable import FormCheck

/// Bytes as a `pattern` rule's regular expression (the first line) and values to match (the other
/// lines): it compiles as the rule does or is refused, never crashes; and wherever the byte-level
/// automaton answers, its answer is ICU's (`NSRegularExpression`), which the automaton must equal.
enum FuzzPattern {
    static func run(_ bytes: [UInt8]) {
        guard let text = Fuzzing.text(bytes, bytes.count) else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pattern = lines.removeFirst()
        let values = lines.prefix(8) + ["", "a", "A1", "ab_c", "12345", "ada@example.com", "é", "x y"]
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
            let icuAnswer = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
            guard answer == icuAnswer else {
                Fuzzing.finding("\"\(pattern)\" on \"\(value)\": automaton \(answer), ICU \(icuAnswer)")
            }
            guard expression.matches(value) == answer else { Fuzzing.finding("the rule answers apart from its automaton") }
        }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzPattern.run(Fuzzing.bytes(data, size)); return 0 }

@_cdecl("FuzzPattern_main")
public func fuzzPatternMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 { Fuzzing.main(argc, argv, fuzzPattern) }

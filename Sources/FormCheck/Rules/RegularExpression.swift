import Foundation

/// A compiled ICU regular expression (the dialect of Foundation's `NSRegularExpression`),
/// searched anywhere in the value as JSON Schema does.
struct RegularExpression: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to share between threads.
    private let expression: NSRegularExpression
    /// A byte-level matcher for simple patterns on printable-ASCII values; ICU decides the rest.
    private let fastPath: ASCIIPattern?
    let source: String

    init(_ source: String) throws {
        self.source = source
        self.expression = try NSRegularExpression(pattern: source)
        self.fastPath = ASCIIPattern(source)
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        if let answer = fastPath?.matches(text) { return answer }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

extension RuleBuilder {
    /// A pattern argument, compiled once; a syntax error is reported at the pattern.
    mutating func regularExpression() -> RegularExpression? {
        guard let pattern = string() else { return nil }
        do {
            return try RegularExpression(pattern)
        } catch {
            self.error("invalid regular expression for '\(rule)': ICU cannot compile \"\(pattern)\"", at: node("value")!.position)
            return nil
        }
    }
}

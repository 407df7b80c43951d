import Foundation

/// A compiled ICU regular expression (the dialect of Foundation's `NSRegularExpression`),
/// searched anywhere in the value as JSON Schema does.
struct RegularExpression: Sendable {
    /// A byte-level matcher for simple patterns on printable-ASCII values; ICU decides the rest.
    let fastPath: ASCIIPattern?
    private let icu: ICUExpression
    let source: String

    /// Compiles the pattern. A pattern in the fast path's subset is valid ICU syntax by construction,
    /// so its ICU form is compiled only when a value first needs it (which keeps wide schemas quick to load).
    init(_ source: String) throws {
        self.source = source
        self.fastPath = ASCIIPattern(source)
        self.icu = ICUExpression(source)
        if fastPath == nil { _ = try icu.expression() }
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        if let answer = fastPath?.matches(text) { return answer }
        guard let expression = try? icu.expression() else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// An `NSRegularExpression` compiled on first use and then shared.
private final class ICUExpression: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to share between threads; the lock
    // guards only the first compilation.
    private let source: String
    private let lock = NSLockLike()
    private var compiled: NSRegularExpression?

    init(_ source: String) {
        self.source = source
    }

    func expression() throws -> NSRegularExpression {
        try lock.withLock {
            if let compiled { return compiled }
            let expression = try NSRegularExpression(pattern: source)
            compiled = expression
            return expression
        }
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

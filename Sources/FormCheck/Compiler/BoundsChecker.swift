/// Finds lower bounds above upper bounds within one rule chain: `minLength: 10` with `maxLength: 5`.
struct BoundsChecker {
    /// One bound a rule sets on a measure of the value (its length, its size, its item count).
    struct Bound {
        enum Side { case lower, upper }
        let measure: String
        let side: Side
        let limit: Double
        let rule: String
        let position: SourcePosition
    }

    struct Conflict {
        let message: String
        let position: SourcePosition
    }

    private var bounds: [Bound] = []
    private(set) var conflicts: [Conflict] = []

    mutating func note(_ bound: Bound) {
        for other in bounds where other.measure == bound.measure && other.side != bound.side {
            let (lower, upper) = bound.side == .lower ? (bound, other) : (other, bound)
            if lower.limit > upper.limit {
                conflicts.append(Conflict(
                    message: "'\(lower.rule)' (\(Self.format(lower.limit))) is greater than '\(upper.rule)' (\(Self.format(upper.limit))), so no value can pass",
                    position: bound.position))
            }
        }
        bounds.append(bound)
    }

    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

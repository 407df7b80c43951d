/// The password-strength score behind the `strength` rule: one point for each requirement met.
public struct PasswordStrength: Sendable, Hashable {
    /// One thing that earns a point.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        case length8, uppercase, lowercase, digit, symbol, length12
    }

    /// 0-2 weak, 3-4 fair, 5 good, 6 strong.
    public enum Level: String, Sendable, Hashable, Comparable, CaseIterable {
        case weak, fair, good, strong

        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Each requirement and whether the password meets it, in `Requirement.allCases` order.
    public let requirements: [(requirement: Requirement, isMet: Bool)]

    /// The strength of `password`, counted in characters (a letter with its accents counts once).
    public init(_ password: String) {
        let length = password.count
        var met: Set<Requirement> = []
        if length >= 8 { met.insert(.length8) }
        if length >= 12 { met.insert(.length12) }
        for character in password {
            if CharacterClasses.isUppercase(character) { met.insert(.uppercase) }
            if CharacterClasses.isLowercase(character) { met.insert(.lowercase) }
            if CharacterClasses.isDigit(character) { met.insert(.digit) }
            if CharacterClasses.isSymbol(character) { met.insert(.symbol) }
        }
        requirements = Requirement.allCases.map { ($0, met.contains($0)) }
    }

    /// How many requirements the password meets: 0 to 6.
    public var score: Int { requirements.filter(\.isMet).count }

    /// The score in words: weak up to 2, fair 3 or 4, good 5, strong 6.
    public var level: Level {
        switch score {
        case ...2: return .weak
        case 3...4: return .fair
        case 5: return .good
        default: return .strong
        }
    }

    /// The requirements the password does not meet, in `Requirement.allCases` order: what a checklist shows.
    public var unmet: [Requirement] { requirements.filter { !$0.isMet }.map(\.requirement) }

    public static func == (lhs: PasswordStrength, rhs: PasswordStrength) -> Bool {
        lhs.unmet == rhs.unmet
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(unmet)
    }
}

/// Rules on text: lengths (in user-perceived characters), patterns, formats and character classes.
extension RuleCatalogue {
    static let stringRules: [RuleDefinition] = [
        RuleDefinition("minLength", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let min = builder.integer() else { return nil }
            builder.noteBound("length", .lower, Double(min))
            let parameters: MessageParameters = ["min": .integer(min)]
            return DirectRule([.length(min: min, max: .max)], failing: parameters)
        },
        RuleDefinition("maxLength", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let max = builder.integer() else { return nil }
            builder.noteBound("length", .upper, Double(max))
            let parameters: MessageParameters = ["max": .integer(max)]
            return DirectRule([.length(min: 0, max: max)], failing: parameters)
        },
        RuleDefinition("length", appliesTo: .strings, arguments: ["min", "max"]) { builder in
            guard builder.has("min") || builder.has("max") else {
                builder.error("rule 'length' needs 'min', 'max' or both", at: builder.position)
                return nil
            }
            let min = builder.integer("min", required: false)
            let max = builder.integer("max", required: false)
            guard !builder.failed else { return nil }
            if let min, let max, min > max {
                builder.error("'min' (\(min)) is greater than 'max' (\(max)) in 'length', so no value can pass", at: builder.position)
                return nil
            }
            if let min { builder.noteBound("length", .lower, Double(min)) }
            if let max { builder.noteBound("length", .upper, Double(max)) }
            var parameters: MessageParameters = [:]
            parameters["min"] = min.map { .integer($0) }
            parameters["max"] = max.map { .integer($0) }
            parameters["bounds"] = .string(min != nil && max != nil ? "both" : (min != nil ? "min" : "max"))
            return DirectRule([.length(min: min ?? 0, max: max ?? .max)], failing: parameters)
        },
        RuleDefinition("pattern", appliesTo: .strings, arguments: ["value", "ignoreCase"]) { builder in
            guard let expression = builder.regularExpression() else { return nil }
            let parameters: MessageParameters = ["pattern": .string(expression.source)]
            return DirectRule([.pattern(expression, mustMatch: true)], failing: parameters)
        },
        RuleDefinition("notPattern", appliesTo: .strings, arguments: ["value", "ignoreCase"]) { builder in
            guard let expression = builder.regularExpression() else { return nil }
            let parameters: MessageParameters = ["pattern": .string(expression.source)]
            return DirectRule([.pattern(expression, mustMatch: false)], failing: parameters)
        },
        RuleDefinition("email", appliesTo: .strings) { _ in DirectRule([.format(.email)]) },
        RuleDefinition("url", appliesTo: .strings) { _ in DirectRule([.format(.url)]) },
        RuleDefinition("uuid", appliesTo: .strings) { _ in DirectRule([.format(.uuid)]) },
        RuleDefinition("startsWith", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let prefix = builder.string() else { return nil }
            return RuleChecks.string(["prefix": .string(prefix)], ascii: .literal(prefix, atStart: true)) {
                $0.hasPrefix(prefix)
            }
        },
        RuleDefinition("endsWith", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let suffix = builder.string() else { return nil }
            return RuleChecks.string(["suffix": .string(suffix)], ascii: .literal(suffix, atEnd: true)) {
                $0.hasSuffix(suffix)
            }
        },
        RuleDefinition("contains", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let text = builder.string() else { return nil }
            return RuleChecks.string(["text": .string(text)], ascii: .literal(text)) { $0.contains(text) }
        },
        containing("containsUppercase", .uppercase),
        containing("containsLowercase", .lowercase),
        containing("containsDigit", .digit),
        containing("containsSymbol", .symbol),
        consisting("alpha", of: [.letter]),
        consisting("alphanumeric", of: [.letter, .digit]),
        RuleDefinition("strength", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let node = builder.node("value") else { return nil }
            let levels = PasswordStrength.Level.allCases.dropFirst()
            guard let name = node.scalarText, let required = PasswordStrength.Level(rawValue: name), required != .weak else {
                builder.error("the argument of 'strength' must be one of: \(levels.map(\.rawValue).joined(separator: ", "))",
                              at: node.position)
                return nil
            }
            // Its failure tells how strong the password is: the rule is its own check.
            return DirectRule(.own(readsRecord: false) { value, _ in
                guard case .string(let password)? = value else { return .pass }
                let strength = PasswordStrength(password)
                guard strength.level < required else { return .pass }
                return .fail([
                    "score": .integer(strength.score), "level": .string(strength.level.rawValue),
                    "required": .string(required.rawValue), "unmet": .list(strength.unmet.map(\.rawValue)),
                ])
            })
        },
    ]

    /// A rule that the text holds only characters of the classes, tested on ASCII bytes by an
    /// automaton, and on other text decoded.
    private static func consisting(_ name: String, of classes: [CharacterClasses.Class]) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .strings) { _ in
            RuleChecks.string(ascii: .consisting(of: classes)) { text in
                var text = text
                return text.withUTF8 { CharacterClasses.consistsAlone(of: classes, $0) }
                    ?? text.allSatisfy { character in classes.contains { $0.contains(character) } }
            }
        }
    }

    /// A rule that the text holds at least one character of a class, tested on ASCII bytes by an
    /// automaton, and on other text decoded.
    private static func containing(_ name: String, _ class: CharacterClasses.Class) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .strings) { _ in
            RuleChecks.string(ascii: .containing(`class`)) { $0.contains(where: `class`.contains) }
        }
    }
}

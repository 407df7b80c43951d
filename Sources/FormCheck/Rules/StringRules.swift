/// Rules on text: lengths (in user-perceived characters), patterns, formats and character classes.
extension RuleCatalogue {
    static let stringRules: [RuleDefinition] = [
        RuleDefinition("minLength", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let min = builder.integer() else { return nil }
            builder.noteBound("length", .lower, Double(min))
            let parameters: MessageParameters = ["min": .integer(min)]
            builder.direct = DirectRule([.length(min: min, max: .max)], failing: parameters)
            return RuleChecks.string(parameters) { $0.count >= min }
        },
        RuleDefinition("maxLength", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let max = builder.integer() else { return nil }
            builder.noteBound("length", .upper, Double(max))
            let parameters: MessageParameters = ["max": .integer(max)]
            builder.direct = DirectRule([.length(min: 0, max: max)], failing: parameters)
            return RuleChecks.string(parameters) { $0.count <= max }
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
            builder.direct = DirectRule([.length(min: min ?? 0, max: max ?? .max)], failing: parameters)
            return RuleChecks.string(parameters) { text in
                let count = text.count
                return count >= (min ?? 0) && count <= (max ?? .max)
            }
        },
        RuleDefinition("pattern", appliesTo: .strings, arguments: ["value", "ignoreCase"]) { builder in
            guard let expression = builder.regularExpression() else { return nil }
            let parameters: MessageParameters = ["pattern": .string(expression.source)]
            builder.direct = DirectRule([.pattern(expression, mustMatch: true)], failing: parameters)
            return RuleChecks.string(parameters) { expression.matches($0) }
        },
        RuleDefinition("notPattern", appliesTo: .strings, arguments: ["value", "ignoreCase"]) { builder in
            guard let expression = builder.regularExpression() else { return nil }
            let parameters: MessageParameters = ["pattern": .string(expression.source)]
            builder.direct = DirectRule([.pattern(expression, mustMatch: false)], failing: parameters)
            return RuleChecks.string(parameters) { !expression.matches($0) }
        },
        RuleDefinition("email", appliesTo: .strings) { builder in
            builder.direct = DirectRule([.format(.email)])
            return RuleChecks.string { TextFormats.ByteFormat.email.matches($0) }
        },
        RuleDefinition("url", appliesTo: .strings) { builder in
            builder.direct = DirectRule([.format(.url)])
            return RuleChecks.string { TextFormats.ByteFormat.url.matches($0) }
        },
        RuleDefinition("uuid", appliesTo: .strings) { builder in
            builder.direct = DirectRule([.format(.uuid)])
            return RuleChecks.string { TextFormats.ByteFormat.uuid.matches($0) }
        },
        RuleDefinition("startsWith", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let prefix = builder.string() else { return nil }
            return RuleChecks.string(["prefix": .string(prefix)], direct: &builder.direct, ascii: .literal(prefix, atStart: true)) {
                $0.hasPrefix(prefix)
            }
        },
        RuleDefinition("endsWith", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let suffix = builder.string() else { return nil }
            return RuleChecks.string(["suffix": .string(suffix)], direct: &builder.direct, ascii: .literal(suffix, atEnd: true)) {
                $0.hasSuffix(suffix)
            }
        },
        RuleDefinition("contains", appliesTo: .strings, arguments: ["value"]) { builder in
            guard let text = builder.string() else { return nil }
            return RuleChecks.string(["text": .string(text)], direct: &builder.direct, ascii: .literal(text)) { $0.contains(text) }
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
            builder.direct = DirectRule(.own(readsRecord: false))
            return { value, _ in
                guard case .string(let password)? = value else { return .pass }
                let strength = PasswordStrength(password)
                guard strength.level < required else { return .pass }
                return .fail([
                    "score": .integer(strength.score), "level": .string(strength.level.rawValue),
                    "required": .string(required.rawValue), "unmet": .list(strength.unmet.map(\.rawValue)),
                ])
            }
        },
    ]

    /// A rule that the text holds only characters of the classes; its direct form tests the same
    /// classes on ASCII bytes, and decodes other text.
    private static func consisting(_ name: String, of classes: [CharacterClasses.Class]) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .strings) { builder in
            RuleChecks.string(direct: &builder.direct, ascii: .consisting(of: classes)) { text in
                var text = text
                return text.withUTF8 { CharacterClasses.consistsAlone(of: classes, $0) }
                    ?? text.allSatisfy { character in classes.contains { $0.contains(character) } }
            }
        }
    }

    /// A rule that the text holds at least one character of a class; its direct form tests the same
    /// class on ASCII bytes, and decodes other text.
    private static func containing(_ name: String, _ class: CharacterClasses.Class) -> RuleDefinition {
        RuleDefinition(name, appliesTo: .strings) { builder in
            RuleChecks.string(direct: &builder.direct, ascii: .containing(`class`)) { $0.contains(where: `class`.contains) }
        }
    }
}

/// `oneOf` and `notOneOf`: the value must (or must not) be one of a list, optionally ignoring case.
extension RuleCatalogue {
    static let choiceRules: [RuleDefinition] = [
        choice("oneOf", mustBeIn: true),
        choice("notOneOf", mustBeIn: false),
    ]

    private static func choice(_ name: String, mustBeIn: Bool) -> RuleDefinition {
        RuleDefinition(name, appliesTo: [.string, .integer, .number, .date], arguments: ["value", "ignoreCase"]) { builder in
            let type = builder.field.type
            guard let values = builder.literals(for: type) else { return nil }
            let ignoreCase = builder.boolean("ignoreCase") ?? false
            if ignoreCase, type != .string {
                builder.error("'ignoreCase' applies to string fields", at: builder.position)
                return nil
            }
            // `notOneOf` fails exactly when the value is in the list, so listing it would reveal the value.
            let parameters: MessageParameters = mustBeIn ? ["values": .list(values.map(\.displayText))] : [:]
            if ignoreCase {
                let choices = Set(values.compactMap { $0.stringValue?.lowercased() })
                let choicesAreASCII = choices.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
                let isChoice: @Sendable (String) -> Bool = { text in
                    // Text with a scalar whose lowercase is not ASCII cannot equal an ASCII choice once
                    // lowercased, and is not lowercased to find that out.
                    if choicesAreASCII, text.unicodeScalars.contains(where: { !$0.isASCII && $0 != lowercasesToASCII }) { return false }
                    return choices.contains(text.lowercased())
                }
                return DirectRule([.text(isChoice, ascii: .choice(among: choices, ignoringCase: true), mustMatch: mustBeIn)],
                                  failing: parameters)
            }
            if values.allSatisfy(\.comparesByBytes) {
                return DirectRule([.choices(strings: values.compactMap(\.stringValue), numbers: values.filter { $0.stringValue == nil },
                                            mustBeIn: mustBeIn)],
                                  failing: parameters)
            }
            // Text beyond ASCII, which only a string comparison decides; the values that reach the rule
            // past the type check are strings.
            let choices = Set(values)
            return DirectRule([.text({ choices.contains(.string($0)) == mustBeIn }, ascii: nil)], failing: parameters)
        }
    }

    /// The one scalar beyond ASCII whose lowercase is ASCII: KELVIN SIGN, whose lowercase is `k`.
    static let lowercasesToASCII: Unicode.Scalar = "\u{212A}"
}

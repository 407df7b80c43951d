import Testing
@testable import FormCheck

/// Rules defined in Swift and named in schemas with `custom: NAME`.
@Suite struct CustomRuleTests {
    static let schema = """
        formcheck: 1
        fields:
          nickname: { type: string, label: Nickname, rules: [{ custom: noProfanity }] }
          bio: { type: string, label: Bio, rules: [{ custom: noProfanity, message: Keep it friendly, code: bio.friendly }] }
        """

    static let noProfanity = CustomRule("noProfanity") { value, _ in
        !(value.stringValue ?? "").lowercased().contains("darn")
    }

    @Test func registeredRulesRunAndTheirNameIsTheCode() throws {
        let schema = try FormSchema(text: Self.schema, customRules: [Self.noProfanity])
        let report = schema.validate(["nickname": "Darnit", "bio": "darn"])
        #expect(report.issues.map { "\($0.path) \($0.code) \($0.message)" } == [
            "nickname noProfanity Nickname is not valid.",
            "bio bio.friendly Keep it friendly",
        ])
        #expect(schema.validate(["nickname": "Ada"]).isValid)
        #expect(schema.localized(report, locale: "fr").issues[0].message == "Le champ Nickname n’est pas valide.")
    }

    @Test func customRulesSeeTheRecord() throws {
        let differs = CustomRule("differsFromNickname") { value, record in value != record["nickname"] }
        let schema = try FormSchema(text: """
            formcheck: 1
            fields:
              nickname: string
              name: { type: string, rules: [{ custom: differsFromNickname }] }
            """, customRules: [differs])
        #expect(schema.validate(["nickname": "al", "name": "al"]).errors.map(\.code) == ["differsFromNickname"])
    }

    @Test func anUnregisteredCustomRuleIsACompileError() {
        #expect(diagnostics(Self.schema).hasPrefix("""
            test.yaml:3:56: error: custom rule 'noProfanity' is not registered; register it with FormSchema(..., customRules:), or pass --assume-custom-pass to treat it as passing
            """))
    }

    @Test func assumingCustomRulesPass() throws {
        let schema = try FormSchema(text: Self.schema, assumeCustomRulesPass: true)
        #expect(schema.validate(["nickname": "darn"]).isValid)
        #expect(CatalogLinter.lint(schema).map(\.message) == [
            "custom rule 'noProfanity' is not registered: an app must register it (FormSchema(..., customRules:)); formcheck check refuses the schema unless --assume-custom-pass treats it as passing",
            "custom rule 'noProfanity' is not registered: an app must register it (FormSchema(..., customRules:)); formcheck check refuses the schema unless --assume-custom-pass treats it as passing",
        ])
        #expect(CatalogLinter.lint(schema, customRulesAreExpected: true).allSatisfy { $0.severity == .warning })
    }

    @Test func asyncRulesPassInBatchValidationAndKeepTheirDebounce() throws {
        let schema = try FormSchema(text: """
            formcheck: 1
            fields:
              username: { type: string, rules: [{ async: usernameAvailable, debounce: 250 }] }
            """)
        #expect(schema.validate(["username": "taken"]).isValid)
        let rule = try #require(schema.graph.nodes[0].rules.first?.asyncRule)
        #expect(rule == AsyncRuleReference(name: "usernameAvailable", debounce: .milliseconds(250)))
    }
}

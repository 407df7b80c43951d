import Testing
@testable import FormCheck

/// Rules defined in Swift and named in schemas with `custom: NAME`.
@Suite(.needsYAML) struct CustomRuleTests {
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

    /// A custom rule may say why a value fails, and every kind of input reports it the same: the
    /// direct path (JSON bytes, a `Value`) and the reference validator.
    @Test func customRulesSayWhy() throws {
        let scratch = try Scratch(englishMessages: [
            "nameReserved": "{label} {name} is kept for the staff.", "nickname.nameReserved": "Nickname {name} belongs to the staff.",
            "loginTooShort": "{label} needs {min} characters.",
        ])
        let reserved = CustomRule("reservedName") { value, _ in
            switch value.stringValue ?? "" {
            case "root": .invalidCode("nameReserved", parameters: ["name": .string("root")])
            case "admin": .invalidMessage("Pick a name of your own.")
            case "x": .invalid(parameters: ["min": .integer(2)])
            default: true
            }
        }
        let schema = try FormSchema(text: """
            formcheck: 1
            messages: \(scratch.path)/messages
            fields:
              nickname: { type: string, label: Nickname, rules: [{ custom: reservedName }] }
              login: { type: string, label: Login, rules: [{ custom: reservedName, message: { key: loginTooShort } }] }
            """, customRules: [reserved])
        let expected = [
            "nickname nameReserved Nickname root belongs to the staff.", "login nameReserved Login root is kept for the staff.",
        ]
        func described(_ report: ValidationReport) -> [String] { report.issues.map { "\($0.path) \($0.code) \($0.message)" } }
        let record: Value = ["nickname": "root", "login": "root"]
        #expect(described(schema.validate(record)) == expected)
        #expect(described(try schema.validate(json: Array(#"{"nickname": "root", "login": "root"}"#.utf8))) == expected)
        #expect(described(schema.referenceReport(record)) == expected)
        #expect(described(schema.validate(["nickname": "admin", "login": "x"])) == [
            "nickname reservedName Pick a name of your own.", "login reservedName Login needs 2 characters.",
        ])
        #expect(schema.validate(["nickname": "ada", "login": "ada"]).isValid)
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

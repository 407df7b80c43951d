import Foundation
import Testing
@testable import FormCheck

/// One rule case: a field of `type` with `rules`, a value, and the exact issues expected (none when valid).
struct RuleCase: CustomTestStringConvertible, Sendable {
    let type: String
    let rules: String
    let value: Value?
    let expected: [String]

    init(_ type: String, _ rules: String, _ value: Value?, _ expected: String...) {
        self.type = type
        self.rules = rules
        self.value = value
        self.expected = expected
    }

    var testDescription: String { "\(type) \(rules) on \(value.map { "\($0)" } ?? "missing")" }

    func run(extraFields: String = "", other: [String: Value] = [:]) throws {
        let schema = try compile("""
            formcheck: 1
            form: test
            fields:
              value:
                type: \(type)
                label: Value
                rules: \(rules)
            \(extraFields)
            """)
        var record = ObjectValue()
        if let value { record["value"] = value }
        for (key, value) in other { record[key] = value }
        #expect(issues(schema, .object(record)) == expected.map { "value \($0)" })
        // The same report from every kind of input: JSON bytes, the `Value`, YAML data, the field alone,
        // and the reference validator.
        let generated = try #require(GeneratedValue(.object(record)))
        var random = SeededRandom(seed: testDescription.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        let json = generated.jsonText(using: &random)
        let yaml = try? generated.yamlText(using: &random).get()
        let comparison = InputKinds.compare(schema, json: json, yaml: yaml, options: ValidationOptions(today: fixedToday))
        #expect(comparison.differences == [], "\(json)")
    }
}

@Suite(.needsYAML) struct PresenceRuleTests {
    static let cases: [RuleCase] = [
        RuleCase("string", "[required]", "x"),
        RuleCase("string", "[required]", nil, "required: Value is required."),
        RuleCase("string", "[required]", .null, "required: Value is required."),
        RuleCase("string", "[required]", "", "required: Value is required."),
        RuleCase("string", "[required]", "  \t\n", "required: Value is required."),
        RuleCase("integer", "[required]", 0),
        RuleCase("boolean", "[required]", false),
        RuleCase("array", "[required]", []),
        RuleCase("boolean", "[accepted]", true),
        RuleCase("boolean", "[accepted]", false, "accepted: Value must be accepted."),
        RuleCase("boolean", "[accepted]", nil, "accepted: Value must be accepted."),
    ]

    @Test(arguments: cases) func presence(_ rule: RuleCase) throws { try rule.run() }

    static let conditional = """
          country: { type: string, label: Country }
          plan: { type: string, label: Plan }
          phone: { type: string, label: Phone }
        """

    @Test(arguments: [
        (RuleCase("string", "[{ requiredIf: { field: country, equals: US } }]", nil, "requiredIf: Value is required when Country is US."), ["country": Value.string("US")]),
        (RuleCase("string", "[{ requiredIf: { field: country, equals: US } }]", nil), ["country": "FR"]),
        (RuleCase("string", "[{ requiredIf: { field: country, equals: US } }]", nil), [:]),
        (RuleCase("string", "[{ requiredIf: { field: country, equals: US } }]", "NY"), ["country": "US"]),
        (RuleCase("string", "[{ requiredIf: { field: country, notEquals: US } }]", nil, "requiredIf: Value is required when Country is not US."), ["country": "FR"]),
        (RuleCase("string", "[{ requiredIf: { field: country, in: [US, CA] } }]", nil, "requiredIf: Value is required when Country is one of US, CA."), ["country": "CA"]),
        (RuleCase("string", "[{ requiredIf: { field: country } }]", nil, "requiredIf: Value is required when Country is filled in."), ["country": "FR"]),
        (RuleCase("string", "[{ requiredIf: { field: country } }]", nil), ["country": " "]),
        (RuleCase("string", "[{ requiredUnless: { field: plan, equals: free } }]", nil, "requiredUnless: Value is required unless Plan is free."), ["plan": "pro"]),
        (RuleCase("string", "[{ requiredUnless: { field: plan, equals: free } }]", nil), ["plan": "free"]),
        (RuleCase("string", "[{ requiredWith: phone }]", nil, "requiredWith: Value is required when Phone is filled in."), ["phone": "555"]),
        (RuleCase("string", "[{ requiredWith: [phone, plan] }]", nil, "requiredWith: Value is required when any of Phone and Plan is filled in."), ["plan": "pro"]),
        (RuleCase("string", "[{ requiredWith: phone }]", nil), [:]),
        (RuleCase("string", "[{ requiredWithout: phone }]", nil, "requiredWithout: Value is required when Phone is empty."), [:]),
        (RuleCase("string", "[{ requiredWithout: [phone, plan] }]", nil, "requiredWithout: Value is required when any of Phone and Plan is empty."), ["phone": "555"]),
        (RuleCase("string", "[{ requiredWithout: phone }]", nil), ["phone": "555"]),
    ] as [(RuleCase, [String: Value])])
    func conditionalPresence(_ rule: RuleCase, _ other: [String: Value]) throws {
        try rule.run(extraFields: Self.conditional, other: other)
    }
}

@Suite(.needsYAML) struct StringRuleTests {
    static let cases: [RuleCase] = [
        RuleCase("string", "[{ minLength: 2 }]", "ab"),
        RuleCase("string", "[{ minLength: 2 }]", "a", "minLength: Value must be at least 2 characters long."),
        RuleCase("string", "[{ minLength: 1 }]", " a"),
        RuleCase("string", "[{ minLength: 3 }]", "é👍🏽a"),
        RuleCase("string", "[{ minLength: 4 }]", "é👍🏽a", "minLength: Value must be at least 4 characters long."),
        RuleCase("string", "[{ maxLength: 3 }]", "abc"),
        RuleCase("string", "[{ maxLength: 1 }]", "ab", "maxLength: Value must be at most 1 character long."),
        RuleCase("string", "[{ maxLength: 2 }]", "e\u{301}e\u{301}"),
        RuleCase("string", "[{ length: { min: 2, max: 3 } }]", "abcd", "length: Value must be between 2 and 3 characters long."),
        RuleCase("string", "[{ length: { min: 2 } }]", "a", "length: Value must be at least 2 characters long."),
        RuleCase("string", "[{ length: { max: 1 } }]", "ab", "length: Value must be at most 1 character long."),
        RuleCase("string", "[{ length: { min: 2, max: 2 } }]", "ab"),
        RuleCase("string", "[{ pattern: \"[0-9]\" }]", "abc1"),
        RuleCase("string", "[{ pattern: \"^[0-9]+$\" }]", "12a", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: \"^[\\\\p{L} '-]+$\" }]", "Zoë O'Brien-Smith"),
        RuleCase("string", "[{ pattern: \"^[\\\\p{L} '-]+$\" }]", "R2D2", "pattern: Value is not in the expected format."),
        // POSIX classes, class operators and an escaped range end, read as the engine (and ICU) reads them.
        RuleCase("string", "[{ pattern: \"^[:alpha:]+$\" }]", "bcd"),
        RuleCase("string", "[{ pattern: \"^[[:alpha:]]+$\" }]", "Zoë"),
        RuleCase("string", "[{ pattern: \"^[[:alpha:]]+$\" }]", "a1", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: \"^[a-z&&[^aeiou]]+$\" }]", "xyz"),
        RuleCase("string", "[{ pattern: \"^[a-z&&[^aeiou]]+$\" }]", "bad", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: \"^[a-z&&aeiou]+$\" }]", "bcd", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: \"^[a-z--aeiou]+$\" }]", "bad", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: \"^[\\\\$-z]+$\" }]", "abc"),
        RuleCase("string", "[{ notPattern: \"[\\\\$-z]\" }]", "q", "notPattern: Value is in a format that is not allowed."),
        RuleCase("string", "[{ pattern: { value: \"^[a-z]+$\", ignoreCase: true } }]", "AbC"),
        RuleCase("string", "[{ pattern: { value: \"^[a-z]+$\", ignoreCase: true } }]", "Ab1", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: { value: \"^[a-z]+$\", ignoreCase: false } }]", "AbC", "pattern: Value is not in the expected format."),
        RuleCase("string", "[{ pattern: { value: \"^σ+$\", ignoreCase: true } }]", "Σσς"),
        RuleCase("string", "[{ notPattern: { value: \"admin\", ignoreCase: true } }]", "SuperAdmin", "notPattern: Value is in a format that is not allowed."),
        RuleCase("string", "[{ notPattern: \"admin\" }]", "root"),
        RuleCase("string", "[{ notPattern: \"admin\" }]", "superadmin1", "notPattern: Value is in a format that is not allowed."),
        RuleCase("string", "[url]", "https://example.com/a?b=c#d"),
        RuleCase("string", "[url]", "http://localhost:8080"),
        RuleCase("string", "[url]", "ftp://example.com", "url: Value must be a valid web address starting with http:// or https://."),
        RuleCase("string", "[url]", "https://", "url: Value must be a valid web address starting with http:// or https://."),
        RuleCase("string", "[url]", "https://exa mple.com", "url: Value must be a valid web address starting with http:// or https://."),
        RuleCase("string", "[url]", "https://example.com:99999", "url: Value must be a valid web address starting with http:// or https://."),
        RuleCase("string", "[url]", "https://[::1]:443/x"),
        RuleCase("string", "[url]", "example.com", "url: Value must be a valid web address starting with http:// or https://."),
        RuleCase("string", "[uuid]", "123e4567-e89b-12d3-a456-426614174000"),
        RuleCase("string", "[uuid]", "123E4567-E89B-12D3-A456-426614174000"),
        RuleCase("string", "[uuid]", "123e4567e89b12d3a456426614174000", "uuid: Value must be a valid UUID."),
        RuleCase("string", "[uuid]", "123e4567-e89b-12d3-a456-42661417400g", "uuid: Value must be a valid UUID."),
        RuleCase("string", "[{ startsWith: \"+1\" }]", "+1 555"),
        RuleCase("string", "[{ startsWith: \"+1\" }]", "555", "startsWith: Value must start with “+1”."),
        RuleCase("string", "[{ endsWith: .org }]", "a.org"),
        RuleCase("string", "[{ endsWith: .org }]", "a.com", "endsWith: Value must end with “.org”."),
        RuleCase("string", "[{ contains: \"@\" }]", "a@b"),
        RuleCase("string", "[{ contains: \"@\" }]", "ab", "contains: Value must contain “@”."),
        RuleCase("string", "[containsUppercase]", "aÉ"),
        RuleCase("string", "[containsUppercase]", "abc", "containsUppercase: Value must contain an uppercase letter."),
        RuleCase("string", "[containsLowercase]", "ABc"),
        RuleCase("string", "[containsLowercase]", "ABC", "containsLowercase: Value must contain a lowercase letter."),
        RuleCase("string", "[containsDigit]", "abc٣"),
        RuleCase("string", "[containsDigit]", "abc", "containsDigit: Value must contain a digit."),
        RuleCase("string", "[containsSymbol]", "abc!"),
        RuleCase("string", "[containsSymbol]", "ab c1", "containsSymbol: Value must contain a symbol."),
        RuleCase("string", "[alpha]", "Zoë"),
        RuleCase("string", "[alpha]", "Zoë1", "alpha: Value may only contain letters."),
        RuleCase("string", "[alphanumeric]", "Zoë1"),
        RuleCase("string", "[alphanumeric]", "Zoë 1", "alphanumeric: Value may only contain letters and digits."),
        RuleCase("string", "[{ strength: fair }]", "abcdefg1"),
        RuleCase("string", "[{ strength: good }]", "abcdefg1", "strength: Value is too weak (fair); it must be at least good."),
        RuleCase("string", "[{ strength: strong }]", "Abcdefghij1!"),
        RuleCase("string", "[{ strength: fair }]", "abc", "strength: Value is too weak (weak); it must be at least fair."),
    ]

    @Test(arguments: cases) func stringRule(_ rule: RuleCase) throws { try rule.run() }

    @Test func strengthFailureCarriesScoreAndUnmetRequirements() throws {
        let schema = try compile(fieldSchema(type: "string", rules: "[{ strength: strong }]"))
        let error = try #require(schema.validate(["value": "abcdefg1"]).errors.first)
        #expect(error.parameters == [
            "score": .integer(3), "level": .string("fair"), "required": .string("strong"),
            "unmet": .list(["uppercase", "symbol", "length12"]),
        ])
    }

    @Test func passwordStrengthLevels() {
        #expect(PasswordStrength("").level == .weak)
        #expect(PasswordStrength("abcdefgh").score == 2)
        #expect(PasswordStrength("Abcdefgh1").level == .fair)
        #expect(PasswordStrength("Abcdefgh1!").level == .good)
        #expect(PasswordStrength("Abcdefgh1!xy").level == .strong)
    }
}

@Suite(.needsYAML) struct EmailRuleTests {
    @Test(arguments: ["a@b.b", "somebody@example", ".wooly@example.com", "{}@domain.com", "user.name+tag@sub.example.co.uk",
                      "x@a-b.example", "a@\(String(repeating: "x", count: 63)).com"])
    func validAddresses(_ address: String) {
        #expect(TextFormats.ByteFormat.email.matches(address))
    }

    @Test(arguments: ["invalid:email@example.com", "@somewhere.com", "someone@somewhere.com.", "\"quoted\"@example.com",
                      "somebody@-p.com", "a space@example.com", "someone@", "no-at-sign", "a@b..c", "a@b-.c", "é@example.com",
                      "a@\(String(repeating: "x", count: 64)).com"])
    func invalidAddresses(_ address: String) {
        #expect(!TextFormats.ByteFormat.email.matches(address))
    }

    /// Random addresses of the bytes that matter, answered as the WHATWG expression answers them.
    @Test func randomAddressesAsTheStandardsExpression() throws {
        let expression = try NSRegularExpression(
            pattern: #"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"#)
        var random = SeededRandom(seed: 11)
        let local = ["a", "Z", "0", ".", "-", "+", "_", "{", " ", "é", ":", "@", ""]
        let labels = ["a", "Z0", "x-y", "-a", "a-", "", "é", "a b", "_", String(repeating: "q", count: 63), String(repeating: "q", count: 64)]
        var accepted = 0
        for _ in 0..<5_000 {
            let address = (0..<random.int(0...3)).map { _ in random.pick(local) }.joined() + (random.chance(0.9) ? "@" : random.pick(local))
                + (0..<random.int(1...3)).map { _ in random.pick(labels) }.joined(separator: random.chance(0.9) ? "." : "..")
            let expected = expression.firstMatch(in: address, range: NSRange(address.startIndex..., in: address)) != nil
            #expect(TextFormats.ByteFormat.email.matches(address) == expected, "\(address)")
            if expected { accepted += 1 }
        }
        // Both answers are drawn often enough for the comparison to mean something.
        #expect((250...4_750).contains(accepted))
    }

    @Test func emailRuleMessage() throws {
        try RuleCase("string", "[email]", "someone@somewhere.com.", "email: Value must be a valid email address.").run()
        try RuleCase("string", "[email]", "someone@somewhere.com").run()
    }
}

/// `url` hosts written as IPv6 literals (RFC 3986 `IP-literal`, RFC 4291 text forms).
@Suite(.needsYAML) struct URLHostTests {
    @Test(arguments: [
        "::", "::1", "1::", "FE80::1", "2001:db8::8a2e:370:7334", "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
        "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6::8", "::ffff:192.0.2.128", "1:2:3:4:5:6:1.2.3.4",
        "::0.0.0.0", "::255.255.255.255", "64:ff9b::10.0.0.1",
    ])
    func acceptedIPv6Hosts(_ host: String) {
        #expect(TextFormats.isWebURL("http://[\(host)]:8080/path"))
    }

    @Test(arguments: [
        "", ":", ":::", "1:", ":1", ":1::", "1::2::3", "1:::2", "12345::", "::g", "::１", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7::8", "1:2:3:4:5:6:7:8::", "1:2:3::4:5:6::7:8", "1.2.3.4", "::1.2.3", "::1.2.3.4.5", "::256.1.1.1", "::01.2.3.4",
        "::1.2.3.4:5", "1:2:3:4:5:6:7:1.2.3.4", "::1.2..4", "v1.x", "fe80::1%25eth0", "[::1]",
    ])
    func rejectedIPv6Hosts(_ host: String) {
        #expect(!TextFormats.isWebURL("http://[\(host)]:8080/path"))
    }

    @Test func urlRuleMessageForAnIPv6Host() throws {
        try RuleCase("string", "[url]", "http://[:]", "url: Value must be a valid web address starting with http:// or https://.").run()
        try RuleCase("string", "[url]", "http://[2001:db8::1]").run()
    }
}

/// `url` decides ASCII text on its bytes and other text by its characters: both must answer alike.
@Suite(.needsYAML) struct URLBytesTests {
    @Test(arguments: [
        "HTTP://EXAMPLE.COM", "hTtPs://a", "http://user:pw@host:8080/p", "http://a@b@c", "http://:80", "http://a:0",
        "http://a:65535", "http://a:65536", "http://a:00080", "http://a:123456", "http://a:", "http://a.-b", "http://a-.b",
        "http://a..b", "http://.a", "http://a/", "http://exa_mple.com", "http://a?b", "http://ex#f", "http://x\u{7F}",
        "http://[::1]", "http://[::1", "http://a:b:1", "https:/a", "http//a", "http://", "http://a b", "http://a\tb",
        "http://ü.example", "http://例え.jp/パス", "http://a.b/ü", "http://١٢.com", "https://a/\u{301}x", "https://a/é\u{2028}",
        "https://a/xé\u{A0}", "https://a/é", "https://a/\u{301}", "https://a\u{301}/x", "https://a/b\u{3000}", "http://a?é#\u{85}",
        "https://a-b.example.de/été", "https://a?\u{301}", "https://a#é", "http://a/\u{200D}x", "http://a:80/\u{1F1EB}\u{1F1F7}",
    ])
    func bytesAndCharactersAgree(_ url: String) {
        #expect(TextFormats.ByteFormat.url.matches(url) == TextFormats.isWebURL(url))
    }

    @Test func randomTextsAgree() {
        var random = SeededRandom(seed: 7)
        let starts = ["http://", "https://", "HTTPS://", "http:/", "", "http://user@", "http://[::1]"]
        let pieces = ["a", "Z", "0", "9", ".", "-", ":", "/", "?", "#", "@", "[", "]", "_", " ", "\t", "é", "%", "80", "65536", "\u{301}",
                      "\u{A0}", "\u{2028}", "日"]
        var accepted = 0
        for _ in 0..<5_000 {
            let url = random.pick(starts) + (0..<random.int(0...8)).map { _ in random.pick(pieces) }.joined()
            let answer = TextFormats.ByteFormat.url.matches(url)
            #expect(answer == TextFormats.isWebURL(url), "\(url)")
            if answer { accepted += 1 }
        }
        // Both answers are drawn often enough for the comparison to mean something.
        #expect((250...4_750).contains(accepted))
    }
}

@Suite(.needsYAML) struct NumberRuleTests {
    static let cases: [RuleCase] = [
        RuleCase("integer", "[{ min: 18 }]", 18),
        RuleCase("integer", "[{ min: 18 }]", 17, "min: Value must be at least 18."),
        RuleCase("number", "[{ min: 0.5 }]", 0.25, "min: Value must be at least 0.5."),
        RuleCase("integer", "[{ max: 5 }]", 6, "max: Value must be at most 5."),
        RuleCase("integer", "[{ max: 5 }]", 5),
        RuleCase("integer", "[{ greaterThan: 0 }]", 0, "greaterThan: Value must be greater than 0."),
        RuleCase("number", "[{ greaterThan: 0 }]", 0.001),
        RuleCase("integer", "[{ lessThan: 10 }]", 10, "lessThan: Value must be less than 10."),
        RuleCase("integer", "[{ lessThan: 10 }]", 9),
        RuleCase("integer", "[{ between: { min: 1, max: 5 } }]", 1),
        RuleCase("integer", "[{ between: { min: 1, max: 5 } }]", 5),
        RuleCase("integer", "[{ between: { min: 1, max: 5 } }]", 6, "between: Value must be between 1 and 5."),
        RuleCase("integer", "[{ multipleOf: 5 }]", 15),
        RuleCase("integer", "[{ multipleOf: 5 }]", 12, "multipleOf: Value must be a multiple of 5."),
        RuleCase("number", "[{ multipleOf: 0.1 }]", 0.3),
        RuleCase("number", "[{ multipleOf: 0.01 }]", 19.99),
        RuleCase("number", "[{ multipleOf: 0.5 }]", 1.25, "multipleOf: Value must be a multiple of 0.5."),
        RuleCase("integer", "[{ min: 1 }]", 2.0),
        RuleCase("integer", "[{ min: 1 }]", 1.5, "type: Value must be a whole number."),
        RuleCase("integer", "[{ min: 1 }]", "5", "type: Value must be a whole number."),
        RuleCase("number", "[{ min: 1 }]", "5", "type: Value must be a number."),
        RuleCase("integer", "[{ min: 9007199254740993 }]", 9007199254740992, "min: Value must be at least 9,007,199,254,740,993."),
    ]

    @Test(arguments: cases) func numberRule(_ rule: RuleCase) throws { try rule.run() }

    @Test(arguments: [
        (RuleCase("integer", "[{ min: { field: low } }]", 3, "min: Value must be at least Low."), 4),
        (RuleCase("integer", "[{ min: { field: low } }]", 4), 4),
        (RuleCase("integer", "[{ max: { field: low } }]", 5, "max: Value must be at most Low."), 4),
        (RuleCase("integer", "[{ greaterThan: { field: low } }]", 4, "greaterThan: Value must be greater than Low."), 4),
        (RuleCase("integer", "[{ lessThan: { field: low } }]", 4, "lessThan: Value must be less than Low."), 4),
    ] as [(RuleCase, Int)])
    func comparisonWithAnotherField(_ rule: RuleCase, _ low: Int) throws {
        try rule.run(extraFields: "  low: { type: integer, label: Low }", other: ["low": .integer(low)])
    }

    @Test func comparisonWithAMissingFieldPasses() throws {
        try RuleCase("integer", "[{ min: { field: low } }]", 3).run(extraFields: "  low: { type: integer, label: Low }")
    }
}

@Suite(.needsYAML) struct ChoiceRuleTests {
    static let cases: [RuleCase] = [
        RuleCase("string", "[{ oneOf: [US, CA] }]", "CA"),
        RuleCase("string", "[{ oneOf: [US, CA] }]", "us", "oneOf: Value must be one of: US, CA."),
        RuleCase("string", "[{ oneOf: { value: [US, CA], ignoreCase: true } }]", "us"),
        RuleCase("integer", "[{ oneOf: [1, 2, 3] }]", 2),
        RuleCase("integer", "[{ oneOf: [1, 2, 3] }]", 4, "oneOf: Value must be one of: 1, 2, 3."),
        RuleCase("number", "[{ oneOf: [1, 2.5] }]", 1.0),
        RuleCase("string", "[{ notOneOf: [admin, root] }]", "ada"),
        RuleCase("string", "[{ notOneOf: [admin, root] }]", "root", "notOneOf: Value is not an allowed value."),
        RuleCase("string", "[{ notOneOf: { value: [admin, root], ignoreCase: true } }]", "Admin", "notOneOf: Value is not an allowed value."),
        // KELVIN SIGN lowercases to `k`; other text beyond ASCII cannot equal an ASCII choice.
        RuleCase("string", "[{ notOneOf: { value: [kate, root], ignoreCase: true } }]", "\u{212A}ATE", "notOneOf: Value is not an allowed value."),
        RuleCase("string", "[{ notOneOf: { value: [kate, root], ignoreCase: true } }]", "Käte"),
        RuleCase("string", "[{ oneOf: { value: [Ärger, root], ignoreCase: true } }]", "äRGER"),
        RuleCase("string", "[{ oneOf: { value: [kate, root], ignoreCase: true } }]", "ROOT\u{301}", "oneOf: Value must be one of: kate, root."),
    ]

    @Test(arguments: cases) func choiceRule(_ rule: RuleCase) throws { try rule.run() }

    /// The choice rules skip lowercasing text that holds a scalar beyond ASCII other than the one
    /// whose lowercase is ASCII: there is exactly one.
    @Test func kelvinSignIsTheOneScalarBeyondASCIIWhoseLowercaseIsASCII() {
        let scalars = (0x80...0x10FFFF).compactMap(Unicode.Scalar.init).filter { String($0).lowercased().utf8.allSatisfy { $0 < 0x80 } }
        #expect(scalars == [RuleCatalogue.lowercasesToASCII])
    }
}

@Suite(.needsYAML) struct DateRuleTests {
    // Today is 2025-06-15 in these tests.
    static let cases: [RuleCase] = [
        RuleCase("date", "[{ after: 2025-01-01 }]", "2025-01-02"),
        RuleCase("date", "[{ after: 2025-01-01 }]", "2025-01-01", "after: Value must be after 2025-01-01."),
        RuleCase("date", "[{ before: 2025-01-01 }]", "2024-12-31"),
        RuleCase("date", "[{ before: 2025-01-01 }]", "2025-02-01", "before: Value must be before 2025-01-01."),
        RuleCase("date", "[{ after: today }]", "2025-06-16"),
        RuleCase("date", "[{ after: today }]", "2025-06-15", "after: Value must be after today."),
        RuleCase("date", "[{ before: today }]", "2025-06-15", "before: Value must be before today."),
        RuleCase("date", "[{ minAge: 18 }]", "2007-06-15"),
        RuleCase("date", "[{ minAge: 18 }]", "2007-06-16", "minAge: Value must be at least 18 years ago."),
        RuleCase("date", "[{ maxAge: 1 }]", "2024-06-16"),
        RuleCase("date", "[{ maxAge: 1 }]", "2023-06-15", "maxAge: Value must be at most 1 year ago."),
        RuleCase("date", "[{ after: 2025-01-01 }]", "2025-02-30", "type: Value must be a date written YYYY-MM-DD."),
        RuleCase("date", "[{ after: 2025-01-01 }]", "2025-1-5", "type: Value must be a date written YYYY-MM-DD."),
        RuleCase("date", "[{ after: 2025-01-01 }]", 20250101, "type: Value must be a date written YYYY-MM-DD."),
    ]

    @Test(arguments: cases) func dateRule(_ rule: RuleCase) throws { try rule.run() }

    @Test func endDateAfterStartDate() throws {
        let start = "  start: { type: date, label: Start date }"
        try RuleCase("date", "[{ after: { field: start } }]", "2025-03-01", "after: Value must be after Start date.")
            .run(extraFields: start, other: ["start": "2025-03-01"])
        try RuleCase("date", "[{ after: { field: start } }]", "2025-03-02").run(extraFields: start, other: ["start": "2025-03-01"])
        try RuleCase("date", "[{ after: { field: start } }]", "2025-03-02").run(extraFields: start)
    }

    @Test func ageCountsWholeYearsAndLeapDays() {
        let birth = LocalDate(year: 2004, month: 2, day: 29)!
        #expect(birth.age(on: LocalDate(year: 2022, month: 2, day: 28)!) == 17)
        #expect(birth.age(on: LocalDate(year: 2022, month: 3, day: 1)!) == 18)
        #expect(LocalDate(iso8601: "2023-02-29") == nil)
        #expect(LocalDate(iso8601: "2024-02-29")?.description == "2024-02-29")
    }

    /// Only `YYYY-MM-DD` of ASCII digits is a date: a byte just outside the digits in any place of
    /// one, a sign, a space or a missing digit makes the text none.
    @Test func datesAreTenBytesOfDigitsAndHyphens() {
        for place in [0, 1, 2, 3, 5, 6, 8, 9] {
            for byte in ["/", ":", "-", " ", "+", "a", "\u{660}"] {
                var text = Array("2024-12-31")
                text[place] = Character(byte)
                #expect(LocalDate(iso8601: String(text)) == nil, "\(String(text))")
            }
        }
        for text in ["2024-1-31", "02024-12-31", "2024-12-3", "2024/12/31", "2024-12-31 ", "0000-01-01", "2024-13-01", "2024-00-10", "2024-04-31"] {
            #expect(LocalDate(iso8601: text) == nil, "\(text)")
        }
        #expect(LocalDate(iso8601: "0001-01-01") == LocalDate(year: 1, month: 1, day: 1))
        #expect(LocalDate(iso8601: "9999-12-31") == LocalDate(year: 9999, month: 12, day: 31))
    }
}

@Suite(.needsYAML) struct CrossFieldRuleTests {
    static let password = "  password: { type: string, label: Password }"

    @Test func sameAsAndDifferentFrom() throws {
        try RuleCase("string", "[{ sameAs: password }]", "abc").run(extraFields: Self.password, other: ["password": "abc"])
        try RuleCase("string", "[{ sameAs: password }]", "abd", "sameAs: Value must match Password.")
            .run(extraFields: Self.password, other: ["password": "abc"])
        try RuleCase("string", "[{ sameAs: password }]", "abc", "sameAs: Value must match Password.").run(extraFields: Self.password)
        try RuleCase("string", "[{ sameAs: { field: password } }]", "abc").run(extraFields: Self.password, other: ["password": "abc"])
        try RuleCase("string", "[{ differentFrom: password }]", "abc", "differentFrom: Value must be different from Password.")
            .run(extraFields: Self.password, other: ["password": "abc"])
        try RuleCase("string", "[{ differentFrom: password }]", "new").run(extraFields: Self.password, other: ["password": "old"])
    }

    @Test func rootPathReference() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              email: { type: string, label: Email }
              billing:
                type: object
                fields:
                  contact: { type: string, label: Contact, rules: [{ differentFrom: /email }] }
            """)
        #expect(issues(schema, ["email": "a@b.c", "billing": ["contact": "a@b.c"]])
            == ["billing.contact differentFrom: Contact must be different from Email."])
        #expect(schema.graph.dependents(of: "email").map(\.path) == ["billing.contact"])
    }
}

@Suite(.needsYAML) struct ArrayRuleTests {
    static let cases: [RuleCase] = [
        RuleCase("array", "[{ minItems: 1 }]", ["a"]),
        RuleCase("array", "[{ minItems: 2 }]", ["a"], "minItems: Value must have at least 2 items."),
        RuleCase("array", "[{ maxItems: 1 }]", ["a", "b"], "maxItems: Value must have at most 1 item."),
        RuleCase("array", "[uniqueItems]", ["a", "b"]),
        RuleCase("array", "[uniqueItems]", [1, 1.0], "uniqueItems: Value must not contain duplicates."),
        RuleCase("array", "[uniqueItems]", [["a": 1, "b": 2], ["b": 2, "a": 1]], "uniqueItems: Value must not contain duplicates."),
        RuleCase("array", "[{ minItems: 1 }]", "a", "type: Value must be a list."),
    ]

    @Test(arguments: cases) func arrayRule(_ rule: RuleCase) throws { try rule.run() }

    @Test func itemsApplyToEveryElement() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              tags:
                type: array
                label: Tags
                items: { type: string, label: Tag, rules: [{ maxLength: 3 }] }
              people:
                type: array
                items:
                  type: object
                  fields:
                    name: { type: string, label: Name, rules: [required] }
                    nick: { type: string, label: Nickname, rules: [{ differentFrom: name }] }
            """)
        #expect(issues(schema, ["tags": ["abc", "abcd", 5], "people": [["name": "Al", "nick": "Al"], ["nick": "x"]]]) == [
            "tags[1] maxLength: Tag must be at most 3 characters long.",
            "tags[2] type: Tag must be text.",
            "people[0].nick differentFrom: Nickname must be different from Name.",
            "people[1].name required: Name is required.",
        ])
    }
}

@Suite(.needsYAML) struct CompositionRuleTests {
    static let country = "  country: { type: string, label: Country }"

    @Test func allOfReportsTheInnerRule() throws {
        try RuleCase("string", "[{ allOf: [{ minLength: 2 }, { maxLength: 3 }] }]", "abcd", "maxLength: Value must be at most 3 characters long.").run()
        try RuleCase("string", "[{ allOf: [{ minLength: 2 }, { maxLength: 3 }] }]", "abc").run()
    }

    @Test func anyOfPassesWhenOneAlternativePasses() throws {
        let rules = #"[{ anyOf: [email, { pattern: "^\\+?[0-9 ]{7,}$" }], message: "Enter an email or a phone number" }]"#
        try RuleCase("string", rules, "a@b.c").run()
        try RuleCase("string", rules, "+1 555 0100").run()
        try RuleCase("string", rules, "nope", "anyOf: Enter an email or a phone number").run()
        try RuleCase("string", "[{ anyOf: [email, url] }]", "nope", "anyOf: Value does not match any of the allowed forms.").run()
    }

    @Test func notInvertsARule() throws {
        try RuleCase("string", "[{ not: { contains: \"@\" } }]", "abc").run()
        try RuleCase("string", "[{ not: { contains: \"@\" } }]", "a@c", "not: Value is not allowed.").run()
    }

    @Test func whenThenElse() throws {
        let rules = "[{ when: { field: country, equals: US }, then: [required, { pattern: \"^[0-9]{5}$\" }], else: [{ maxLength: 10 }] }]"
        try RuleCase("string", rules, nil, "required: Value is required.").run(extraFields: Self.country, other: ["country": "US"])
        try RuleCase("string", rules, "1234", "pattern: Value is not in the expected format.").run(extraFields: Self.country, other: ["country": "US"])
        try RuleCase("string", rules, "12345").run(extraFields: Self.country, other: ["country": "US"])
        try RuleCase("string", rules, nil).run(extraFields: Self.country, other: ["country": "FR"])
        try RuleCase("string", rules, "SW1A 1AA 12345", "maxLength: Value must be at most 10 characters long.")
            .run(extraFields: Self.country, other: ["country": "GB"])
    }
}

import Testing
@testable import FormCheck

@Suite struct JSONReaderTests {
    func parse(_ text: String) throws -> Value { try JSONReader.parse(Array(text.utf8)) }

    func failure(_ text: String) -> String {
        do {
            _ = try JSONReader.parse(Array(text.utf8))
            return "parsed"
        } catch {
            return "\(error.position): \(error.message)"
        }
    }

    @Test func valuesAndNumberKinds() throws {
        #expect(try parse(#"{"a": [1, -2.5, 1e3, true, false, null, "x"], "b": {}}"#)
            == ["a": [1, -2.5, 1000.0, true, false, nil, "x"], "b": [:]])
        #expect(try parse("18") == .integer(18))
        #expect(try parse("18.0") == .number(18))
        #expect(try parse("-0") == .integer(0))
        // Beyond 64 bits, every digit is kept: the nearest double is another number.
        #expect(try parse("123456789012345678901234567890") == .largeInteger(LargeInteger("123456789012345678901234567890")!))
        #expect(try parse("123456789012345678901234567890") != .number(1.2345678901234568e29))
    }

    @Test func stringEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\u00e9\ud83d\ude00 é""#) == .string("é😀 é"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func repeatedKeysKeepTheLastValue() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#) == ["a": 2])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == [:])
    }

    @Test func topLevelArraysSplitIntoRecordsWithOffsets() throws {
        let records = try JSONReader.parseRecords(Array("[ {\"a\": 1},\n  {\"a\": 2} ]".utf8))
        #expect(records.map(\.offset) == [2, 14])
        #expect(try JSONReader.parseRecords(Array("[]".utf8)).isEmpty)
    }

    @Test(arguments: [
        ("", "1:1: the document is empty"),
        ("   ", "1:4: the document is empty"),
        ("{", "1:2: unexpected end of data: expected a member name"),
        ("{\"a\" 1}", "1:6: expected ':' after a member name"),
        ("{\"a\": 1,}", "1:9: expected a member name in double quotes"),
        ("{'a': 1}", "1:2: expected a member name in double quotes"),
        ("[1 2]", "1:4: expected ',' or ']' after an array element"),
        ("[1,", "1:4: unexpected end of data: expected a value"),
        ("{\"a\": 1} x", "1:10: unexpected content after the end of the JSON document"),
        ("01", "1:2: unexpected content after the end of the JSON document"),
        ("1.", "1:3: invalid number: expected a digit after '.'"),
        ("-", "1:2: invalid number: expected a digit"),
        ("1e+", "1:4: invalid number: expected a digit in the exponent"),
        ("NaN", "1:1: expected a value (an object, array, string, number, true, false or null)"),
        ("tru", "1:1: expected a value (an object, array, string, number, true, false or null)"),
        ("\"abc", "1:1: unexpected end of data: unterminated string"),
        ("\"a\nb\"", "1:3: control character in a string; escape it"),
        ("\"\\x\"", "1:2: invalid escape sequence in a string"),
        ("\"\\u12G4\"", "1:2: invalid \\u escape: expected four hexadecimal digits"),
        ("\"\\ud83d\"", "1:2: invalid \\u escape: unpaired surrogate"),
        ("\"\\ude00\"", "1:2: invalid \\u escape: unpaired surrogate"),
        ("{\n  \"é\": [1,\n   2,, 3]}", "3:6: expected a value (an object, array, string, number, true, false or null)"),
        ("1e400", "1:1: number out of range"),
    ])
    func malformedInputsReportTheirPosition(_ input: String, _ expected: String) {
        #expect(failure(input) == expected)
    }

    @Test func depthLimit() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(failure(ok) == "parsed")
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(failure(deep) == "1:513: nesting is deeper than 512 levels")
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(failure("{\"naïve\": \"日本\" x}") == "1:16: expected ',' or '}' after an object member")
    }
}

#if YAML
@Suite struct YAMLReadingTests {
    func value(_ yaml: String) throws -> Value {
        YAMLScalarResolver.value(of: try LibYAMLParser.parseDocuments(Array(yaml.utf8))[0])
    }

    @Test func coreSchemaScalars() throws {
        #expect(try value("""
            a: 18
            b: -1.5
            c: true
            d: no
            e: ~
            f: "18"
            g: 2024-01-31
            h: 0x1F
            i: .inf
            j: 'true'
            k: 1e3
            l: +7
            m: 1_000
            n:
            """) == [
                "a": 18, "b": -1.5, "c": true, "d": "no", "e": nil, "f": "18", "g": "2024-01-31", "h": 31,
                "i": .number(.infinity), "j": "true", "k": 1000.0, "l": 7, "m": "1_000", "n": nil,
            ])
    }

    /// Only ASCII digits make a whole number: other digits and combining marks leave the text a string.
    @Test func wholeNumbersAreASCIIDigits() throws {
        #expect(try value("a: -0012\nb: '+'\nc: +\nd: 1\u{301}2\ne: ١٢\nf: 12\u{FF13}\ng: -+1\nh: 9223372036854775808\n") == [
            "a": -12, "b": "+", "c": "+", "d": "1\u{301}2", "e": "١٢", "f": "12\u{FF13}", "g": "-+1", "h": 9223372036854775808.0,
        ])
    }

    @Test func positionsAreOneBased() throws {
        let root = try LibYAMLParser.parseDocuments(Array("a:\n  - x\n  - { b: 1 }\n".utf8))[0]
        let list = try #require(root.mapping?.first?.value.sequence)
        #expect(list.map(\.position) == [SourcePosition(line: 2, column: 5), SourcePosition(line: 3, column: 5)])
    }

    /// Collections nest in order, a mapping's keys paired with their values, a collection as a key included.
    @Test func nestedCollectionsKeepTheirOrder() throws {
        let root = try LibYAMLParser.parseDocuments(Array("a: [1, {b: 2, c: [3, 4]}, []]\n? [x]\n: y\nd: {}\n".utf8))[0]
        #expect(YAMLScalarResolver.value(of: root) == ["a": [1, ["b": 2, "c": [3, 4]], []], "[…]": "y", "d": [:]])
        #expect(root.mapping?.map(\.key.flowText) == ["a", "[x]", "d"])
        #expect(root.flowText == "{a: [1, {b: 2, c: [3, 4]}, []], [x]: y, d: {}}")
    }

    @Test func anchorsAndAliasesExpand() throws {
        #expect(try value("base: &b { type: string }\nother: *b\n") == ["base": ["type": "string"], "other": ["type": "string"]])
    }

    @Test func syntaxErrorsCarryProblemAndContext() {
        do {
            _ = try LibYAMLParser.parseDocuments(Array("a: [1, 2\nb: 3\n".utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.problem == "did not find expected ',' or ']'")
            #expect(error.position == SourcePosition(line: 2, column: 2))
            #expect(error.context == "while parsing a flow sequence")
            #expect(error.contextPosition == SourcePosition(line: 1, column: 4))
        }
    }

    @Test(.needsYAML) func yamlAndJSONSchemasCompileToTheSameGraph() throws {
        let yaml = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let json = try FormSchema(text: """
            {"formcheck": 1, "form": "signup", "title": "Create account", "fields": {
              "full_name": {"type": "string", "label": "Full name", "rules": ["required", {"minLength": 2}, {"maxLength": 50},
                {"pattern": "^[\\\\p{L} '-]+$", "message": "Name can only contain letters, spaces, hyphens, and apostrophes"}]},
              "email": {"type": "string", "label": "Email", "rules": ["required", "email"]},
              "password": {"type": "string", "label": "Password", "sensitive": true, "collect": "all",
                "rules": ["required", {"minLength": 8}, "containsUppercase", "containsLowercase", "containsDigit"]},
              "confirm_password": {"type": "string", "label": "Confirm password", "sensitive": true,
                "rules": ["required", {"sameAs": "password"}]},
              "age": {"type": "integer", "label": "Age", "rules": [{"min": {"value": 18, "message": "You must be 18 to create an account"}}]},
              "country": {"type": "string", "label": "Country", "rules": [{"oneOf": ["US", "CA", "FR", "DE", "JP"]}]},
              "state": {"type": "string", "label": "State", "rules": [{"requiredIf": {"field": "country", "equals": "US"}}]},
              "terms": {"type": "boolean", "label": "Terms of service", "rules": ["accepted"]},
              "address": {"type": "object", "label": "Address",
                "fields": {"zip": {"type": "string", "label": "ZIP code", "rules": ["required", {"pattern": "^[0-9]{5}$"}]}}},
              "tags": {"type": "array", "label": "Tags", "items": {"type": "string", "rules": [{"maxLength": 20}]},
                "rules": [{"maxItems": 5}, "uniqueItems"]}
            }}
            """, name: "signup.json", messagesDirectory: "\(packageRoot)/schemas/messages")
        func shape(_ schema: FormSchema) -> [String] {
            schema.graph.fields.map { "\($0.path) \($0.label) \($0.type) \($0.isSensitive) \($0.rules)" }
        }
        #expect(shape(yaml) == shape(json))
        #expect(yaml.name == json.name && yaml.title == json.title)
        let record: Value = ["full_name": "A1", "password": "abc", "confirm_password": "abd", "country": "US", "tags": ["a", "a"]]
        #expect(yaml.validate(record, options: .init(today: fixedToday)) == json.validate(record, options: .init(today: fixedToday)))
    }
}
#endif

let packageRoot: String = {
    var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    url = "/" + url
    return url
}()

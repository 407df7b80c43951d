import Foundation
import Testing
@testable import FormCheck

/// The documented semantics of the language, one behaviour per test.
@Suite(.needsYAML) struct SemanticsTests {
    @Test func aJSONSchemaKeepsLineAndParagraphSeparatorsInItsStrings() throws {
        // Raw U+2028 and U+2029 are characters of a JSON string, not line breaks to fold away.
        let schema = try FormSchema(text: """
            {"formcheck": 1, "fields": {"value": {"type": "string", "label": "Value", "rules": [
              {"pattern": "^[ \u{2028}]+$", "message": "Only spaces\u{2029} here."}]}}}
            """, name: "s.json")
        #expect(issues(schema, ["value": " \u{2028} "]) == [])
        #expect(issues(schema, ["value": "x"]) == ["value pattern: Only spaces\u{2029} here."])
    }

    @Test func rulesRunInOrderAndStopAtTheFirstFailureByDefault() throws {
        let schema = try compile(fieldSchema(type: "string", rules: "[{ minLength: 5 }, containsDigit, containsUppercase]"))
        #expect(issues(schema, ["value": "abc"]) == ["value minLength: Value must be at least 5 characters long."])
        #expect(issues(schema, ["value": "abc"], allErrors: true) == [
            "value minLength: Value must be at least 5 characters long.",
            "value containsDigit: Value must contain a digit.",
            "value containsUppercase: Value must contain an uppercase letter.",
        ])
    }

    @Test func collectAllOnOneField() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              a: { type: string, label: A, collect: all, rules: [{ minLength: 5 }, containsDigit] }
              b: { type: string, label: B, rules: [{ minLength: 5 }, containsDigit] }
            """)
        #expect(issues(schema, ["a": "x", "b": "x"]) == [
            "a minLength: A must be at least 5 characters long.",
            "a containsDigit: A must contain a digit.",
            "b minLength: B must be at least 5 characters long.",
        ])
    }

    @Test func emptyValuesSkipEveryRuleButPresenceRules() throws {
        let schema = try compile(fieldSchema(type: "string", rules: "[{ minLength: 3 }, email]"))
        for empty: Value? in [nil, .null, "", "   "] {
            var record = ObjectValue()
            record["value"] = empty
            #expect(issues(schema, .object(record)).isEmpty)
        }
        #expect(issues(schema, ["value": "ab"]) == ["value minLength: Value must be at least 3 characters long."])
    }

    @Test func wrongTypeFailsWithTypeAndSkipsTheOtherRules() throws {
        let schema = try compile(fieldSchema(type: "integer", rules: "[required, { min: 100 }]"))
        #expect(issues(schema, ["value": "12"], allErrors: true) == ["value type: Value must be a whole number."])
        #expect(issues(schema, ["value": true]) == ["value type: Value must be a whole number."])
        #expect(issues(schema, ["value": 1.5]) == ["value type: Value must be a whole number."])
        #expect(issues(schema, ["value": 100.0]).isEmpty)
        let boolean = try compile(fieldSchema(type: "boolean", rules: "[]"))
        #expect(issues(boolean, ["value": "true"]) == ["value type: Value must be true or false."])
        let object = try compile(fieldSchema(type: "object", rules: "[]"))
        #expect(issues(object, ["value": [1]]) == ["value type: Value must be an object."])
    }

    /// Numbers are finite, as in JSON: NaN and infinities from YAML, a `Value` or an Encodable fail `type`.
    /// A number equals a whole number only when it is exactly that number: beyond 2^53 one double
    /// stands for several whole numbers, and equality stays transitive, so a list of choices answers the
    /// same through a set (the reference validator) and one by one (the direct path), from every input.
    @Test func wholeNumbersAndDoublesAreEqualOnlyExactly() throws {
        #expect(Value.integer(9_007_199_254_740_992) == .number(9_007_199_254_740_992))
        #expect(Value.integer(9_007_199_254_740_993) != .number(9_007_199_254_740_992))
        #expect(Value.integer(.max) != .number(9_223_372_036_854_775_808))
        #expect(Value.integer(0) == .number(-0.0))
        #expect(Value.integer(2) != .number(2.5))
        let schema = try compile(fieldSchema(type: "number", rules: "[{ oneOf: [9007199254740993, 9007199254740992.0] }]"))
        let options = ValidationOptions(collectAllErrors: true)
        for (json, valid) in [("9007199254740992", true), ("9007199254740993", true), ("9007199254740994", false), ("1e300", false)] {
            let record = Array(#"{"value": \#(json), "other": 1e5}"#.utf8)
            let value = try JSONReader.parse(record)
            #expect(schema.referenceReport(value, options: options).isValid == valid, "\(json)")
            #expect(schema.validate(value, options: options).isValid == valid, "\(json)")
            #expect(try schema.validate(json: record, options: options).isValid == valid, "\(json)")
        }
    }

    /// Whole numbers beyond 64 bits are read exactly, from JSON and YAML, and every rule compares them
    /// exactly: bounds, choices, multiples, equality with another field and among elements; messages
    /// show every digit.
    @Test func wholeNumbersBeyondSixtyFourBitsAreComparedExactly() throws {
        let schema = try compile("""
            formcheck: 1
            form: big
            fields:
              a: { type: integer, rules: [{ max: 18446744073709551616 }] }
              b: { type: integer, rules: [{ oneOf: [18446744073709551617, 1] }] }
              c: { type: integer, rules: [{ multipleOf: 7 }] }
              d: { type: integer }
              e: { type: integer, rules: [{ sameAs: d }] }
              f: { type: array, rules: [uniqueItems] }
              g: { type: number, rules: [{ greaterThan: 9223372036854775808 }] }
            """)
        let failing = #"{"a":18446744073709551617,"b":18446744073709551616,"c":70000000000000000000000000000000000000008,"d":123456789012345678901,"e":123456789012345678900,"f":[18446744073709551616,1.8446744073709552e19],"g":9223372036854775808}"#
        let passing = #"{"a":18446744073709551616,"b":18446744073709551617,"c":70000000000000000000000000000000000000007,"d":123456789012345678901,"e":123456789012345678901,"f":[18446744073709551616,18446744073709551617],"g":9223372036854775809}"#
        let failures = [
            "a max: a must be at most 18,446,744,073,709,551,616.", "b oneOf: b must be one of: 18446744073709551617, 1.",
            "c multipleOf: c must be a multiple of 7.", "e sameAs: e must match d.", "f uniqueItems: f must not contain duplicates.",
            "g greaterThan: g must be greater than 9,223,372,036,854,775,808.",
        ]
        for (json, expected) in [(failing, failures), (passing, [])] {
            let value = try JSONReader.parse(Array(json.utf8))
            #expect(issues(schema, value, allErrors: true) == expected)
            #expect(try schema.validate(json: Array(json.utf8), options: ValidationOptions(collectAllErrors: true)).issues.map(\.code)
                == expected.map { String($0.split(separator: " ")[1].dropLast()) })
        }
        #expect(try JSONReader.parse(Array("[18446744073709551616]".utf8)) == .array([.largeInteger(LargeInteger("18446744073709551616")!)]))
        #expect(YAMLScalarResolver.plainScalar("-18446744073709551616") == .largeInteger(LargeInteger("-18446744073709551616")!))
        #expect(issues(schema, ["f": [.largeInteger(LargeInteger("18446744073709551616")!), .number(18_446_744_073_709_551_616)]])
            == ["f uniqueItems: f must not contain duplicates."])
    }

    @Test func largeIntegersKeepEveryDigit() throws {
        #expect(LargeInteger("9223372036854775807") == nil)
        #expect(LargeInteger("-9223372036854775808") == nil)
        #expect(LargeInteger("+009223372036854775808")?.description == "9223372036854775808")
        #expect(LargeInteger("12a45678901234567890") == nil)
        #expect(LargeInteger(exactly: 18_446_744_073_709_551_616)?.description == "18446744073709551616")
        #expect(LargeInteger(exactly: -1e30)?.description == "-1000000000000000019884624838656")
        #expect(LargeInteger(exactly: 1e18) == nil)
        #expect(LargeInteger(exactly: .infinity) == nil)
        let big = try #require(LargeInteger("100000000000000000001"))
        #expect(big.compare(try #require(LargeInteger("99999999999999999999"))) == 1)
        #expect(big.compare(1e20) == 1)
        #expect(big.compare(Int.max) == 1)
        #expect(try #require(LargeInteger("-100000000000000000001")).compare(-1e20) == -1)
        // 10^20 + 1 = 73 × 137 × 1676321 × 5964848081.
        #expect(big.isMultiple(of: 73) && big.isMultiple(of: -137) && !big.isMultiple(of: 2) && !big.isMultiple(of: 0))
        #expect(try #require(LargeInteger("36893488147419103232")).isMultiple(of: Int.min))
        #expect(NumberFormatting.format(try #require(LargeInteger("-1234567890123456789012")), locale: "en") == "-1,234,567,890,123,456,789,012")
        #expect(NumberFormatting.format(big, locale: "de") == "100.000.000.000.000.000.001")
    }

    /// `multipleOf` with a factor beyond 64 bits is exact: checked against `UInt128`'s remainder on
    /// seeded numbers up to 128 bits, and on products and near-products of numbers of 40 to 200 digits.
    @Test func multiplesOfLargeFactorsAreExact() throws {
        var generator = SeededRandom(seed: 0x6D75_6C74)
        var compared = 0
        for _ in 0..<2000 {
            let factor = UInt128(UInt64.random(in: 1...UInt64.max, using: &generator)) << UInt128(Int.random(in: 0...63, using: &generator))
                | UInt128(UInt64.random(in: 0...UInt64.max, using: &generator))
            guard factor > UInt128(Int.max) else { continue }
            let quotient = UInt128(UInt64.random(in: 0...(UInt64.max >> 2), using: &generator)) % (UInt128.max / factor)
            for value in [factor * quotient, factor * quotient + UInt128(UInt64.random(in: 1...UInt64.max, using: &generator)) % factor] {
                guard let large = LargeInteger(String(value)) else { continue }
                #expect(large.isMultiple(of: try #require(LargeInteger(String(factor)))) == (value % factor == 0), "\(value) by \(factor)")
                compared += 1
            }
        }
        #expect(compared > 1000)
        /// Decimal digits multiplied as schoolbook does.
        func product(_ left: String, _ right: String) -> String {
            var digits = [Int](repeating: 0, count: left.count + right.count)
            for (i, a) in left.reversed().enumerated() {
                for (j, b) in right.reversed().enumerated() { digits[i + j] += Int(a.wholeNumberValue!) * Int(b.wholeNumberValue!) }
            }
            for index in digits.indices.dropLast() {
                digits[index + 1] += digits[index] / 10
                digits[index] %= 10
            }
            return String(String(digits.reversed().map { Character(String($0)) }).drop { $0 == "0" })
        }
        for length in [40, 77, 200] {
            let factor = "9" + String((1..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let multiplier = String((0..<length / 2).map { _ in Character(String(Int.random(in: 1...9, using: &generator))) })
            let multiple = product(factor, multiplier)
            let large = try #require(LargeInteger(factor))
            #expect(try #require(LargeInteger(multiple)).isMultiple(of: large))
            // One more than a multiple (its last digit is not 9: the factor's leading 9 keeps the product's tail apart).
            let next = String(multiple.dropLast()) + String(multiple.last!.wholeNumberValue! == 9 ? 0 : multiple.last!.wholeNumberValue! + 1)
            #expect(!(try #require(LargeInteger(next))).isMultiple(of: large), "\(next) by \(factor)")
            #expect(!(try #require(LargeInteger(multiplier + "000000000000000000000"))).isMultiple(of: large))
        }
        // Through a schema, on the record's whole numbers.
        let schema = try compile("""
            formcheck: 1
            fields:
              n: { type: integer, rules: [{ multipleOf: 100000000000000000000 }] }
            """)
        #expect(issues(schema, ["n": .largeInteger(try #require(LargeInteger("300000000000000000000")))]).isEmpty)
        #expect(issues(schema, ["n": .largeInteger(try #require(LargeInteger("300000000000000000001")))])
            == ["n multipleOf: n must be a multiple of 100,000,000,000,000,000,000."])
        #expect(issues(schema, ["n": 0]).isEmpty)
        #expect(issues(schema, ["n": 5]) == ["n multipleOf: n must be a multiple of 100,000,000,000,000,000,000."])
    }

    @Test func nonFiniteNumbersAreNotNumbers() throws {
        let schema = try compile(fieldSchema(type: "number", rules: "[{ min: 0 }]"))
        for double in [Double.nan, .infinity, -.infinity] {
            #expect(issues(schema, ["value": .number(double)]) == ["value type: Value must be a number."])
        }
        struct Reading: Encodable { var value: Double }
        #expect(throws: EncodingError.self) { try schema.validate(encoding: Reading(value: .nan)) }
        #expect(try schema.validate(encoding: Reading(value: 1.5)).isValid)
        // A `Value` decoded with non-conforming floats allowed holds NaN.
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoded = try decoder.decode(Value.self, from: Data(#"{"value": "nan"}"#.utf8))
        #expect(issues(schema, decoded) == ["value type: Value must be a number."])
        #expect(issues(schema, ["value": .number(.greatestFiniteMagnitude)]).isEmpty)
    }

    @Test func warningsNeverMakeARecordInvalidAndDoNotStopTheChain() throws {
        let schema = try compile(fieldSchema(
            type: "integer", rules: "[{ max: 10, severity: warning, message: Unusually large }, { max: 100 }]"))
        let report = schema.validate(["value": 50])
        #expect(report.isValid)
        #expect(report.warnings.map(\.message) == ["Unusually large"])
        let both = schema.validate(["value": 500])
        #expect(!both.isValid)
        #expect(both.issues.map(\.severity) == [.warning, .error])
    }

    @Test func customCodesAndMessages() throws {
        let schema = try compile(fieldSchema(type: "string", rules: "[{ pattern: \"^[0-9]{5}$\", message: Enter five digits, code: zip.format }]"))
        let error = try #require(schema.validate(["value": "12"]).errors.first)
        #expect(error.code == "zip.format")
        #expect(error.rule == "pattern")
        #expect(error.message == "Enter five digits")
        #expect(error.parameters == ["pattern": .string("^[0-9]{5}$")])
    }

    @Test func unknownFieldsAreIgnoredUnlessRejected() throws {
        let lenient = try compile("formcheck: 1\nfields:\n  a: string\n")
        #expect(issues(lenient, ["a": "x", "extra": 1]).isEmpty)
        let strict = try compile("""
            formcheck: 1
            unknownFields: reject
            fields:
              a: string
              nested:
                type: object
                fields: { b: string }
              open:
                type: object
                unknownFields: ignore
                fields: { c: string }
            """)
        #expect(issues(strict, ["a": "x", "extra": 1, "nested": ["b": "y", "z": 2], "open": ["c": "x", "d": 1]]) == [
            "nested.z unknownField: z is not a field of this form.",
            "extra unknownField: extra is not a field of this form.",
        ])
    }

    @Test func nestedFieldsRunOnlyWhenTheirObjectIsPresent() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              address:
                type: object
                label: Address
                fields:
                  zip: { type: string, label: ZIP, rules: [required] }
            """)
        #expect(issues(schema, [:]).isEmpty)
        #expect(issues(schema, ["address": [:]]) == ["address.zip required: ZIP is required."])
        #expect(issues(schema, ["address": "x"]) == ["address type: Address must be an object."])
    }

    @Test func fieldsWhoseWhenDoesNotHoldAreSkipped() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              country: string
              state: { type: string, label: State, when: { field: country, equals: US }, rules: [required] }
              address:
                type: object
                when: { field: country }
                fields:
                  zip: { type: string, label: ZIP, rules: [required] }
            """)
        #expect(issues(schema, [:]).isEmpty)
        #expect(issues(schema, ["country": "FR", "address": [:]]) == ["address.zip required: ZIP is required."])
        #expect(issues(schema, ["country": "US"]) == ["state required: State is required."])
        #expect(schema.graph.dependents(of: "country").map(\.path) == ["state", "address"])
        #expect(diagnostics("formcheck: 1\nfields:\n  a: string\n  b: { type: string, when: { field: a, is: x } }\n").hasPrefix(
            "test.yaml:4:40: error: unknown key 'is' in 'when'; did you mean 'in'?; it takes 'field' and one of 'equals', 'notEquals', 'in'"))
    }

    @Test func aRecordThatIsNotAnObject() throws {
        let schema = try compile("formcheck: 1\nfields:\n  a: string\n")
        #expect(issues(schema, [1, 2]) == [" type: Each record must be a JSON object."])
    }

    @Test func shorthandFieldTypes() throws {
        let schema = try compile("formcheck: 1\nfields:\n  a: integer\n")
        #expect(schema.graph.fields.map(\.type) == [.integer])
        #expect(schema.graph.fields.map(\.label) == ["a"])
    }

    @Test func theGraphExposesFieldOrderRulesAndDependencies() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        #expect(schema.graph.fields.map(\.path) == [
            "full_name", "email", "password", "confirm_password", "age", "country", "state", "terms", "address",
            "address.zip", "tags", "tags[]",
        ])
        #expect(schema.graph.field(at: "password")?.rules == ["required", "minLength", "containsUppercase", "containsLowercase", "containsDigit"])
        #expect(schema.graph.dependents(of: "password").map(\.path) == ["confirm_password"])
        #expect(schema.graph.dependents(of: "country").map(\.path) == ["state"])
        #expect(schema.graph.references(of: "state").map(\.path) == ["country"])
        #expect(schema.graph.dependents(of: "email").isEmpty)
        #expect(schema.graph.field(at: "confirm_password")?.position == SourcePosition(line: 31, column: 3))
    }

    @Test func dependenciesThroughCompositionsAndConditions() throws {
        let schema = try compile("""
            formcheck: 1
            fields:
              kind: string
              start: date
              end:
                type: date
                rules:
                  - when: { field: kind, equals: range }
                    then: [required, { after: { field: start } }]
            """)
        #expect(schema.graph.dependents(of: "kind").map(\.path) == ["end"])
        #expect(schema.graph.dependents(of: "start").map(\.path) == ["end"])
    }
}

@Suite(.needsYAML) struct LibraryAPITests {
    struct Signup: Encodable {
        var email: String
        var password: String
        var confirm_password: String
        var terms: Bool
    }

    @Test func validateEncodableValues() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/login.yaml")
        let report = try schema.validate(encoding: Signup(email: "nope", password: "x", confirm_password: "x", terms: true))
        #expect(report.errors.map(\.code) == ["email"])
        #expect(report.issues(at: "email").map(\.message) == ["Email must be a valid email address."])
    }

    struct Booking: Encodable {
        var checkIn: Date
    }

    /// A `Date` property reads as the calendar date it falls on in the time zone given (the device's by
    /// default); an encoder of the app's own writes dates its way.
    @Test func datesOfEncodableValuesAreCalendarDates() throws {
        let schema = try FormSchema(text: """
            formcheck: 1
            fields:
              checkIn: { type: date, rules: [required, { after: 2025-01-01 }] }
            """)
        // 2025-01-01T23:30:00Z: still the first of January in UTC, the second an hour east.
        let lateOnNewYearsDay = Booking(checkIn: Date(timeIntervalSince1970: 1_735_774_200))
        let utc = try schema.validate(encoding: lateOnNewYearsDay, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.errors.map(\.code) == ["after"])
        #expect(try schema.validate(encoding: lateOnNewYearsDay, timeZone: TimeZone(identifier: "Europe/Paris")!).isValid)
        let seconds = JSONEncoder()
        seconds.dateEncodingStrategy = .secondsSince1970
        #expect(try schema.validate(encoding: lateOnNewYearsDay, encoder: seconds).errors.map(\.code) == ["type"])
    }

    /// A schema loads from a file URL and from a bundle's resources, with its `messages:` beside it;
    /// a URL that is not a file's, or a resource the bundle lacks, is an error that says so.
    @Test func schemasLoadFromURLsAndBundles() throws {
        let scratch = try Scratch()
        try scratch.write("app/signup.yaml", "formcheck: 1\nmessages: messages\nfields:\n  email: { type: string, label: Email, rules: [required] }\n")
        try scratch.write("app/messages/en.yaml", "messages:\n  required: \"Fill in {label}.\"\n")
        let fromURL = try FormSchema(contentsOf: URL(fileURLWithPath: "\(scratch.path)/app/signup.yaml"))
        #expect(fromURL.validate([:]).issues.map(\.message) == ["Fill in Email."])
        let bundle = try #require(Bundle(path: "\(scratch.path)/app"))
        let fromBundle = try FormSchema(resource: "signup", in: bundle)
        #expect(fromBundle.validate([:]).issues.map(\.message) == ["Fill in Email."])
        #expect(throws: SchemaError.self) { try FormSchema(contentsOf: URL(string: "https://example.com/signup.yaml")!) }
        do {
            _ = try FormSchema(resource: "login", in: bundle)
            Issue.record("a missing resource loaded")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the bundle \(bundle.bundlePath) has no resource login.yaml"])
        }
    }

    /// Parameters are read without matching on their kinds.
    @Test func parametersHaveTypedAccessors() throws {
        let schema = try FormSchema(text: """
            formcheck: 1
            fields:
              name: { type: string, rules: [{ length: { min: 2, max: 5 } }] }
              size: { type: string, rules: [{ oneOf: [S, M] }] }
              confirm: { type: string, rules: [{ sameAs: name }] }
            """)
        let issues = schema.validate(["name": "a", "size": "XL", "confirm": "b"]).issues
        #expect(issues[0].parameters["min"]?.intValue == 2)
        #expect(issues[0].parameters["max"]?.doubleValue == 5)
        #expect(issues[0].parameters["min"]?.stringValue == nil)
        #expect(issues[1].parameters["values"]?.listValue == ["S", "M"])
        #expect(issues[2].parameters["other"]?.fieldPaths == ["name"])
        #expect(MessageArgument.largeInteger(LargeInteger("123456789012345678901234")!).doubleValue == 1.2345678901234568e23)
        #expect(MessageArgument.string("S").stringValue == "S" && MessageArgument.number(2.5).intValue == nil)
    }

    @Test func validateJSONBytes() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/login.yaml")
        #expect(try schema.validate(json: Array(#"{"email": "a@b.c", "password": "p"}"#.utf8)).isValid)
        #expect(throws: DataParseError(message: "unexpected end of data: expected a member name", position: .init(line: 1, column: 2))) {
            try schema.validate(json: Array("{".utf8))
        }
    }

    @Test func validateOneField() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let record: Value = ["password": "Secret123", "confirm_password": "Secret124", "address": ["zip": "1"]]
        #expect(schema.validate(field: "confirm_password", in: record)?.errors.map(\.code) == ["sameAs"])
        #expect(schema.validate(field: "address.zip", in: record)?.errors.map(\.path.description) == ["address.zip"])
        #expect(schema.validate(field: "email", in: record)?.errors.map(\.code) == ["required"])
        #expect(schema.validate(field: "nope", in: record) == nil)
    }

    @Test func reportGroupsIssuesByPath() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let report = schema.validate(["password": "x"], options: ValidationOptions(collectAllErrors: true))
        #expect(report.issuesByPath["password"]?.map(\.code) == ["minLength", "containsUppercase", "containsDigit"])
        #expect(report.errors.first?.path.jsonPointer == "/full_name")
    }

    @Test func schemaErrorsCarryStructuredDiagnostics() {
        do {
            _ = try FormSchema(text: "formcheck: 1\nfields:\n  a: { type: string, rules: [nope] }\n", name: "x.yaml")
            Issue.record("compiled")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["unknown rule 'nope'"])
            #expect(error.diagnostics.first?.position == SourcePosition(line: 3, column: 30))
            #expect(error.diagnostics.first?.file == "x.yaml")
        }
    }

    @Test func schemasAreUsableFromManyThreadsAtOnce() async throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask { schema.validate(["full_name": .string(String(repeating: "a", count: index))]).errors.count }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.count == 8)
    }
}

@Suite struct MessageFormatTests {
    @Test func parsesArgumentsPluralsAndSelects() throws {
        let format = try MessageFormat("{label} has {n, plural, =0 {no items} one {# item} other {# items}}; {x, select, a {A} other {?}}")
        #expect(format.argumentNames == ["label", "n", "x"])
    }

    @Test func apostropheQuoting() throws {
        #expect(try MessageFormat("It''s '{literal}' ok").parts == [.text("It's {literal} ok")])
    }

    /// ICU's default apostrophe mode: an apostrophe quotes only `{` and `}`, and `#` inside a plural.
    @Test(arguments: [
        ("A '#' A", [MessageFormat.Part.text("A '#' A")]),
        ("A '|' A", [.text("A '|' A")]),
        ("'{a}' '}'", [.text("{a} }")]),
        ("It''s", [.text("It's")]),
        ("'{a''b}'", [.text("{a'b}")]),
        ("'a' b", [.text("'a' b")]),
        ("end'", [.text("end'")]),
        ("'{open to the end", [.text("{open to the end")]),
        ("{n, plural, other {'#' #}}", [.plural("n", offset: 0, cases: [.init(selector: "other", parts: [.text("# "), .number])])]),
        ("{n, plural, other {'|' #}}", [.plural("n", offset: 0, cases: [.init(selector: "other", parts: [.text("'|' "), .number])])]),
        ("{x, select, other {'#' #}}", [.select("x", cases: [.init(selector: "other", parts: [.text("'#' #")])])]),
    ])
    func apostrophesQuoteAsInICU(_ pattern: String, _ parts: [MessageFormat.Part]) throws {
        #expect(try MessageFormat(pattern).parts == parts)
    }

    @Test func nestingIsLimited() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{x, select, other {", count: depth) + "text" + String(repeating: "}}", count: depth)
        }
        #expect(try MessageFormat(nested(32)).argumentNames == ["x"])
        for depth in [32 + 1, 20_000] {
            #expect(throws: MessageFormat.SyntaxError(message: "plural and select arguments nest more than 32 levels deep", offset: 32 * 19)) {
                try MessageFormat(nested(depth))
            }
        }
    }

    @Test(arguments: [
        ("{a", "missing '}' for the argument opened here"),
        ("{a, plural, one {x}}", "'plural' for 'a' has no 'other' case"),
        ("{a, wat}", "unknown argument type 'wat'; use plural, select or number"),
        ("}", "unmatched '}'"),
        ("{}", "expected an argument name after '{'"),
    ])
    func syntaxErrors(_ pattern: String, _ message: String) {
        #expect(throws: MessageFormat.SyntaxError.self) { try MessageFormat(pattern) }
        do { _ = try MessageFormat(pattern) } catch { #expect(error.message == message) }
    }

    @Test func everyBuiltInCatalogParsesAndCoversEveryRule() throws {
        #expect(MessageCatalogs.builtInLocales == ["ar", "de", "en", "es", "fr", "ja", "pt-BR", "ru"])
        // `allOf` and `when` report the failures of their nested rules, never one of their own.
        let rules = Set(RuleCatalogue.definitions.keys).subtracting(["allOf", "when"]).union(["type", "recordType", "unknownField"])
        for locale in MessageCatalogs.builtInLocales {
            let catalog = try #require(MessageCatalogs.builtIn(locale))
            #expect(catalog.problems.isEmpty, "\(locale): \(catalog.problems)")
            for (key, entry) in catalog.messages {
                #expect(entry.format != nil, "\(locale) \(key): \(String(describing: entry.syntaxError))")
            }
            #expect(Set(catalog.messages.keys) == rules, "\(locale)")
        }
}
}

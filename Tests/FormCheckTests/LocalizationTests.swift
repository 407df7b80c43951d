import Foundation
import Testing
@testable import FormCheck

/// Messages in every built-in locale, plural forms by CLDR, the fallback chain, and catalog features.
@Suite(.needsYAML) struct LocalizationTests {
    static let schema: FormSchema = try! FormSchema(text: """
        formcheck: 1
        fields:
          value: { type: string, label: Value }
          other: { type: string, label: Other }
        """)

    /// A failure of each built-in rule with typical parameters.
    static let failures: [(rule: String, parameters: MessageParameters)] = [
        ("type", ["expected": .string("integer")]), ("recordType", [:]), ("unknownField", [:]), ("required", [:]),
        ("requiredIf", ["other": .field("other"), "operator": .string("equals"), "value": .string("US")]),
        ("requiredUnless", ["other": .field("other"), "operator": .string("in"), "values": .list(["A", "B"])]),
        ("requiredWith", ["others": .fields(["other"]), "count": .integer(1)]),
        ("requiredWithout", ["others": .fields(["other", "value"]), "count": .integer(2)]),
        ("accepted", [:]), ("minLength", ["min": .integer(2)]), ("maxLength", ["max": .integer(5)]),
        ("length", ["min": .integer(2), "max": .integer(5), "bounds": .string("both")]), ("pattern", ["pattern": .string("^x$")]),
        ("notPattern", ["pattern": .string("x")]), ("email", [:]), ("url", [:]), ("uuid", [:]),
        ("startsWith", ["prefix": .string("+1")]), ("endsWith", ["suffix": .string(".org")]), ("contains", ["text": .string("@")]),
        ("containsUppercase", [:]), ("containsLowercase", [:]), ("containsDigit", [:]), ("containsSymbol", [:]), ("alpha", [:]),
        ("alphanumeric", [:]),
        ("strength", ["score": .integer(3), "level": .string("fair"), "required": .string("good"), "unmet": .list(["symbol"])]),
        ("min", ["against": .string("value"), "min": .integer(18)]), ("max", ["against": .string("field"), "other": .field("other")]),
        ("greaterThan", ["against": .string("value"), "limit": .number(0.5)]), ("lessThan", ["against": .string("value"), "limit": .integer(100)]),
        ("between", ["min": .integer(1), "max": .integer(5)]), ("multipleOf", ["factor": .number(0.25)]),
        ("oneOf", ["values": .list(["A", "B"])]), ("notOneOf", [:]), ("after", ["against": .string("today"), "date": .string("today")]),
        ("before", ["against": .string("value"), "date": .string("2030-01-01")]), ("minAge", ["age": .integer(18)]),
        ("maxAge", ["age": .integer(120)]), ("sameAs", ["other": .field("other")]), ("differentFrom", ["other": .field("other")]),
        ("minItems", ["min": .integer(2)]), ("maxItems", ["max": .integer(1)]), ("uniqueItems", [:]),
        ("anyOf", ["rules": .list(["email", "url"])]), ("not", ["rule": .string("contains")]),
    ]

    func render(_ rule: String, _ parameters: MessageParameters, locale: String, schema: FormSchema = Self.schema,
                field: String = "value", source: MessageSource = .catalogs) -> String {
        schema.validator.renderer.render(rule: rule, code: rule, field: rule == "recordType" ? "" : field,
                                         labelOverride: rule == "unknownField" ? "extra" : nil, source: source,
                                         parameters: parameters, locale: locale)
    }

    @Test(arguments: MessageCatalogs.builtInLocales)
    func everyRuleRendersInEveryBuiltInLocale(_ locale: String) {
        let english = Set(Self.failures.map { render($0.rule, $0.parameters, locale: "en") })
        for failure in Self.failures {
            let text = render(failure.rule, failure.parameters, locale: locale)
            #expect(!text.contains("{") && !text.contains("}"), "\(locale) \(failure.rule): \(text)")
            #expect(!text.hasSuffix(": \(failure.rule)"), "\(locale) \(failure.rule) fell back: \(text)")
            if !["recordType", "unknownField"].contains(failure.rule) {
                #expect(text.contains("Value"), "\(locale) \(failure.rule): \(text)")
            }
            if locale != "en" {
                #expect(!english.contains(text), "\(locale) \(failure.rule) is English: \(text)")
            }
        }
    }

    @Test(arguments: [
        ("en", 1, "Value must be at least 1 character long."),
        ("en", 2, "Value must be at least 2 characters long."),
        ("fr", 0, "Le champ Value doit contenir au moins 0 caractère."),
        ("fr", 1, "Le champ Value doit contenir au moins 1 caractère."),
        ("fr", 2, "Le champ Value doit contenir au moins 2 caractères."),
        ("fr", 1_000_000, "Le champ Value doit contenir au moins 1\u{202F}000\u{202F}000 de caractères."),
        ("de", 1, "Value muss mindestens 1 Zeichen lang sein."),
        ("de", 12, "Value muss mindestens 12 Zeichen lang sein."),
        ("es", 1, "El campo Value debe tener al menos 1 carácter."),
        ("es", 3, "El campo Value debe tener al menos 3 caracteres."),
        ("es", 1_000_000, "El campo Value debe tener al menos 1.000.000 de caracteres."),
        ("pt-BR", 0, "O campo Value deve ter pelo menos 0 caractere."),
        ("pt-BR", 1, "O campo Value deve ter pelo menos 1 caractere."),
        ("pt-BR", 2, "O campo Value deve ter pelo menos 2 caracteres."),
        ("ja", 1, "Valueは1文字以上で入力してください。"),
        ("ja", 8, "Valueは8文字以上で入力してください。"),
        ("ru", 1, "Поле «Value» должно содержать не менее 1 символа."),
        ("ru", 2, "Поле «Value» должно содержать не менее 2 символов."),
        ("ru", 5, "Поле «Value» должно содержать не менее 5 символов."),
        ("ru", 21, "Поле «Value» должно содержать не менее 21 символа."),
        ("ar", 0, "يجب أن يحتوي حقل Value على 0 حرف على الأقل."),
        ("ar", 1, "يجب أن يحتوي حقل Value على حرف واحد على الأقل."),
        ("ar", 2, "يجب أن يحتوي حقل Value على حرفين على الأقل."),
        ("ar", 3, "يجب أن يحتوي حقل Value على 3 أحرف على الأقل."),
        ("ar", 11, "يجب أن يحتوي حقل Value على 11 حرفًا على الأقل."),
        ("ar", 100, "يجب أن يحتوي حقل Value على 100 حرف على الأقل."),
    ] as [(String, Int, String)])
    func pluralFormsOfEachLocale(_ locale: String, _ count: Int, _ expected: String) {
        #expect(render("minLength", ["min": .integer(count)], locale: locale) == expected)
    }

    @Test(arguments: [
        ("ru", 1, "Поле «Value» должно содержать не менее 1 элемента."),
        ("ru", 3, "Поле «Value» должно содержать не менее 3 элементов."),
        ("ru", 11, "Поле «Value» должно содержать не менее 11 элементов."),
        ("ar", 2, "يجب أن يحتوي حقل Value على عنصرين على الأقل."),
        ("ar", 102, "يجب أن يحتوي حقل Value على 102 عنصر على الأقل."),
        ("fr", 2, "Le champ Value doit contenir au moins 2 éléments."),
    ] as [(String, Int, String)])
    func pluralFormsOfItems(_ locale: String, _ count: Int, _ expected: String) {
        #expect(render("minItems", ["min": .integer(count)], locale: locale) == expected)
    }

    @Test func polishFormsFromAUserCatalog() throws {
        let scratch = try Scratch()
        try scratch.write("messages/pl.yaml", """
            messages:
              minLength: "Pole {label} musi mieć co najmniej {min, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}."
            labels:
              value: Wartość
            """)
        let schema = try FormSchema(text: "formcheck: 1\nmessages: \(scratch.path)/messages\nfields:\n  value: { type: string, label: Value }\n")
        let forms = [1, 2, 5, 22, 12].map { render("minLength", ["min": .integer($0)], locale: "pl", schema: schema) }
        #expect(forms == [
            "Pole Wartość musi mieć co najmniej 1 znak.", "Pole Wartość musi mieć co najmniej 2 znaki.",
            "Pole Wartość musi mieć co najmniej 5 znaków.", "Pole Wartość musi mieć co najmniej 22 znaki.",
            "Pole Wartość musi mieć co najmniej 12 znaków.",
        ])
    }

    @Test func numbersAreFormattedForTheLocale() {
        #expect(render("greaterThan", ["against": .string("value"), "limit": .number(1234.5)], locale: "fr")
            == "Le champ Value doit être supérieur à 1\u{202F}234,5.")
        #expect(render("greaterThan", ["against": .string("value"), "limit": .number(1234.5)], locale: "de")
            == "Value muss größer als 1.234,5 sein.")
        #expect(render("greaterThan", ["against": .string("value"), "limit": .number(1234.5)], locale: "en")
            == "Value must be greater than 1,234.5.")
    }

    @Test func exactTextsAcrossLocales() {
        let sameAs: MessageParameters = ["other": .field("other")]
        #expect(render("sameAs", sameAs, locale: "fr") == "Le champ Value doit être identique au champ Other.")
        #expect(render("sameAs", sameAs, locale: "de") == "Value muss mit Other übereinstimmen.")
        #expect(render("sameAs", sameAs, locale: "es") == "El campo Value debe coincidir con Other.")
        #expect(render("sameAs", sameAs, locale: "pt-BR") == "O campo Value deve ser igual ao campo Other.")
        #expect(render("sameAs", sameAs, locale: "ja") == "ValueがOtherと一致しません。")
        #expect(render("sameAs", sameAs, locale: "ru") == "Поле «Value» должно совпадать с полем «Other».")
        #expect(render("sameAs", sameAs, locale: "ar") == "يجب أن يتطابق حقل Value مع Other.")
        let strength: MessageParameters = ["level": .string("fair"), "required": .string("good"), "score": .integer(3), "unmet": .list([])]
        #expect(render("strength", strength, locale: "en") == "Value is too weak (fair); it must be at least good.")
        #expect(render("strength", strength, locale: "de") == "Value ist zu schwach (Stufe mittel); erforderlich ist mindestens gut.")
        let with: MessageParameters = ["others": .fields(["other", "value"]), "count": .integer(2)]
        #expect(render("requiredWith", with, locale: "en") == "Value is required when any of Other and Value is filled in.")
        #expect(render("requiredWith", with, locale: "fr") == "Le champ Value est obligatoire lorsque l’un des champs Other et Value est renseigné.")
        #expect(render("requiredWith", with, locale: "ja") == "Other、Valueのいずれかが入力されている場合、Valueは必須です。")
    }

    @Test func theFallbackChain() throws {
        let scratch = try Scratch()
        try scratch.write("messages/en.yaml", "messages:\n  email: \"Source: {label} is not an email.\"\n")
        try scratch.write("messages/pt.yaml", "messages:\n  required: \"Preencha {label}.\"\n")
        try scratch.write("messages/pt-BR.yaml", "labels:\n  value: Valor\n")
        let schema = try FormSchema(text: "formcheck: 1\nlocale: en\nmessages: \(scratch.path)/messages\nfields:\n  value: { type: string, label: Value }\n")
        #expect(schema.catalogs.chain(for: "pt-BR") == ["pt-BR", "pt", "en"])
        // pt-BR has only the label; `required` comes from pt; `minLength` from the built-in pt-BR.
        #expect(render("required", [:], locale: "pt-BR", schema: schema) == "Preencha Valor.")
        #expect(render("minLength", ["min": .integer(3)], locale: "pt-BR", schema: schema) == "O campo Valor deve ter pelo menos 3 caracteres.")
        // The schema's pt-BR and pt catalogs lack `email`; the built-in Brazilian one comes before the source catalog.
        #expect(render("email", [:], locale: "pt-BR", schema: schema) == "O campo Valor deve ser um endereço de e-mail válido.")
        // Danish has no catalog at all: the source locale's catalog, then built-in English.
        #expect(render("email", [:], locale: "da", schema: schema) == "Source: Value is not an email.")
        #expect(render("required", [:], locale: "da", schema: schema) == "Value is required.")
    }

    @Test func aMessageUsingAPlaceholderItsRuleLacksFallsBack() throws {
        let scratch = try Scratch()
        try scratch.write("messages/fr.yaml", "messages:\n  minLength: \"{label} : au moins {mni} lettres.\"\n  required: \"Remplissez {label}.\"\n")
        let schema = try FormSchema(text: """
            formcheck: 1
            messages: \(scratch.path)/messages
            fields:
              value: { type: string, label: Value, rules: [required, { minLength: 3 }] }
            """)
        #expect(render("minLength", ["min": .integer(3)], locale: "fr", schema: schema) == "Le champ Value doit contenir au moins 3 caractères.")
        #expect(render("required", [:], locale: "fr", schema: schema) == "Remplissez Value.")
    }

    @Test func perFieldOverridesCustomKeysLabelsAndChoices() throws {
        let scratch = try Scratch()
        try scratch.write("messages/fr.yaml", """
            labels:
              country: Pays
              code: Code postal
            choices:
              country: { FR: France, DE: Allemagne }
            messages:
              code.minLength: "Un code postal a {min} chiffres."
              zip.format: "Saisissez cinq chiffres."
            """)
        let schema = try FormSchema(text: """
            formcheck: 1
            messages: \(scratch.path)/messages
            fields:
              country: { type: string, label: Country, rules: [{ oneOf: [FR, DE] }] }
              code:
                type: string
                label: Postal code
                rules:
                  - minLength: 5
                  - pattern: "^[0-9]+$"
                    message: { key: zip.format }
              state: { type: string, label: State, rules: [{ requiredIf: { field: country, equals: DE } }] }
            """)
        let report = schema.validate(["country": "IT", "code": "12a"], options: ValidationOptions(collectAllErrors: true, locale: "fr"))
        #expect(report.issues.map(\.message) == [
            "Le champ Pays doit avoir l’une des valeurs suivantes : France, Allemagne.",
            "Un code postal a 5 chiffres.",
            "Saisissez cinq chiffres.",
        ])
        let state = schema.validate(["country": "DE"], options: ValidationOptions(locale: "fr"))
        #expect(state.issues.map(\.message) == ["Le champ State est obligatoire lorsque Pays vaut Allemagne."])
        // A key that no catalog has falls back to the rule's own message in English.
        let english = schema.validate(["code": "12a"], options: ValidationOptions(collectAllErrors: true))
        #expect(english.issues.map(\.message) == ["Postal code must be at least 5 characters long.", "Postal code is not in the expected format."])
        #expect(schema.label(of: "code", locale: "fr") == "Code postal")
        #expect(schema.label(of: "code") == "Postal code")
    }

    @Test func theSameReportInTwoLocalesFromManyThreads() async throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let report = schema.validate(["full_name": "A"])
        let texts = await withTaskGroup(of: (String, String).self) { group in
            for index in 0..<40 {
                let locale = ["fr", "en", "de", "ja"][index % 4]
                group.addTask { (locale, schema.localized(report, locale: locale).issues[0].message) }
            }
            return await group.reduce(into: [(String, String)]()) { $0.append($1) }
        }
        let expected = [
            "en": "Full name must be at least 2 characters long.",
            "fr": "Le champ Nom complet doit contenir au moins 2 caractères.",
            "de": "Full name muss mindestens 2 Zeichen lang sein.",
            "ja": "Full nameは2文字以上で入力してください。",
        ]
        for (locale, text) in texts { #expect(text == expected[locale], "\(locale)") }
        #expect(report.issues[0].message == expected["en"])
    }

    @Test func literalMessagesStayInTheSourceLocaleUnlessTranslated() throws {
        let schema = try FormSchema(contentsOfFile: "\(packageRoot)/schemas/signup.yaml")
        let report = schema.validate(["full_name": "R2D2", "age": 12])
        #expect(schema.localized(report, locale: "fr").issues.filter { ["full_name", "age"].contains($0.field) }.map(\.message) == [
            "Le nom ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes.",
            "Vous devez avoir au moins 18 ans pour créer un compte.",
        ])
        #expect(schema.localized(report, locale: "de").issues.filter { $0.field == "age" }.map(\.message) == ["You must be 18 to create an account"])
    }
}

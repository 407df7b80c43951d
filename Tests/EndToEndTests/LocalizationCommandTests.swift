import Foundation
import Testing

/// Localized output, catalogs edited without recompiling, and `formcheck lint`.
@Suite(.needsYAML) struct LocalizationCommandTests {
    @Test func signupInFrenchWithFrenchLabels() throws {
        let result = try Formcheck.run(["schemas/signup.yaml", "fixtures/signup/invalid/state-required-in-us.json",
                                        "fixtures/signup/invalid/password-weak.json", "--locale", "fr"])
        #expect(result.stdout == """
            fixtures/signup/invalid/state-required-in-us.json:1:1: error: record 1, state: Le champ État est obligatoire lorsque Pays vaut États-Unis. [requiredIf]
            {
            ^
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Le champ Mot de passe doit contenir au moins 8 caractères. [minLength]
              "password": ***,
                          ^~~
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Le champ Mot de passe doit contenir au moins une lettre majuscule. [containsUppercase]
              "password": ***,
                          ^~~
            fixtures/signup/invalid/password-weak.json:4:15: error: record 1, password: Le champ Mot de passe doit contenir au moins un chiffre. [containsDigit]
              "password": ***,
                          ^~~
            2 files, 2 records: 0 valid, 2 invalid; 4 errors, 0 warnings

            """)
        func messages(_ locale: String) throws -> [String] {
            let run = try Formcheck.run(["schemas/signup.yaml", "fixtures/signup/invalid", "--locale", locale, "--format", "json"])
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
            return (document["results"] as! [[String: Any]]).flatMap { ($0["issues"] as! [[String: Any]]).map { $0["message"] as! String } }
        }
        let french = try messages("fr")
        let english = try messages("en")
        #expect(french.count == 23)
        // Every message of every invalid fixture is translated: none is left in English.
        for (fr, en) in zip(french, english) { #expect(fr != en) }
    }

    @Test func editingACatalogChangesTheOutputWithoutRecompiling() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: messages/\nfields:\n  name: { type: string, label: Name, rules: [required] }\n")
        try scratch.write("messages/fr.yaml", "labels:\n  name: Nom\n")
        try scratch.write("d.json", "{}")
        let before = try Formcheck.run(["s.yaml", "d.json", "--locale", "fr"], directory: scratch.url)
        #expect(before.stdout.hasPrefix("d.json:1:1: error: record 1, name: Le champ Nom est obligatoire. [required]\n"))
        try scratch.write("messages/fr.yaml", "labels:\n  name: Nom complet\nmessages:\n  name.required: \"Indiquez votre {label}.\"\n")
        let after = try Formcheck.run(["s.yaml", "d.json", "--locale", "fr"], directory: scratch.url)
        #expect(after.stdout.hasPrefix("d.json:1:1: error: record 1, name: Indiquez votre Nom complet. [required]\n"))
        let english = try Formcheck.run(["s.yaml", "d.json"], directory: scratch.url)
        #expect(english.stdout.hasPrefix("d.json:1:1: error: record 1, name: Name is required. [required]\n"))
    }

    @Test func messagesOptionReplacesTheSchemaCatalogs() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  name: { type: string, label: Name, rules: [required] }\n")
        try scratch.write("other/de.yaml", "labels:\n  name: Vorname\n")
        try scratch.write("d.json", "{}")
        let result = try Formcheck.run(["s.yaml", "d.json", "--locale", "de", "--messages", "other"], directory: scratch.url)
        #expect(result.stdout.hasPrefix("d.json:1:1: error: record 1, name: Vorname muss ausgefüllt werden. [required]\n"))
        let missing = try Formcheck.run(["s.yaml", "d.json", "--messages", "nowhere"], directory: scratch.url)
        #expect(missing.stderr == "nowhere: error: no message catalog folder at 'nowhere'\n")
        #expect(missing.status == 2)
    }

    @Test func aBrokenCatalogOrMessageFallsBackInItsOwnLocaleOnly() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  name: { type: string, label: Name, rules: [{ minLength: 3 }] }\n")
        try scratch.write("m/fr.yaml", "messages:\n  minLength: \"{label} : au moins {mni} lettres.\"\n")
        try scratch.write("m/de.yaml", "messages: [oops\n")
        try scratch.write("m/pt.yaml", "messages:\n  minLength: \"{label} precisa de {min} letras.\"\n")
        try scratch.write("m/pt-BR.yaml", "messages:\n  minLength: \"{label} {\"\n")
        try scratch.write("d.json", #"{"name": "ab"}"#)
        func run(_ locale: String) throws -> CommandResult {
            try Formcheck.run(["s.yaml", "d.json", "--locale", locale], directory: scratch.url)
        }
        func report(_ message: String) -> String {
            """
            d.json:1:10: error: record 1, name: \(message) [minLength]
            {"name": "ab"}
                     ^~~~
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """
        }
        let english = try run("en")
        #expect(english.stdout == report("Name must be at least 3 characters long."))
        #expect(english.stderr == "")
        #expect(english.status == 1)
        let french = try run("fr")
        #expect(french.stdout == report("Le champ Name doit contenir au moins 3 caractères."))
        #expect(french.stderr == """
            m/fr.yaml:2:34: warning: unknown placeholder {mni}; did you mean 'min'?; this message can use {label}, {min} (message skipped; the next catalog on fr's chain is used)
              minLength: "{label} : au moins {mni} lettres."
                                             ^

            """)
        #expect(french.status == 1)
        let german = try run("de")
        #expect(german.stdout == report("Name muss mindestens 3 Zeichen lang sein."))
        #expect(german.stderr == """
            m/de.yaml:2:1: warning: invalid YAML: did not find expected ',' or ']' (catalog skipped; the next catalog on de's chain is used)
            m/de.yaml:1:11: note: while parsing a flow sequence

            """)
        #expect(german.status == 1)
        let brazilian = try run("pt-BR")
        #expect(brazilian.stdout == report("Name precisa de 3 letras."))
        #expect(brazilian.stderr == """
            m/pt-BR.yaml:2:24: warning: invalid message: expected an argument name after '{' (message skipped; the next catalog on pt-BR's chain is used)
              minLength: "{label} {"
                                   ^

            """)
        let unknown = try run("zz")
        #expect(unknown.stdout == report("Name must be at least 3 characters long."))
        #expect(unknown.stderr == "s.yaml: warning: no catalog for locale 'zz'; messages are shown in en\n")
        #expect(unknown.status == 1)
        // lint reports a catalog it cannot read as an error.
        let lint = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        #expect(lint.stderr == "m/de.yaml:2:1: error: invalid YAML: did not find expected ',' or ']'\nm/de.yaml:1:11: note: while parsing a flow sequence\n")
        #expect(lint.status == 2)
    }

    /// A warning about a catalog that could not be read quotes no line: the lines of the schema (or of
    /// the one catalog that was read) are not the broken file's.
    @Test func aWarningAboutAnUnreadableCatalogQuotesNoOtherFile() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  name: { type: string, label: Name, rules: [{ minLength: 3 }] }\n")
        try scratch.write("m/de.yaml", "messages: [oops\n")
        try scratch.write("d.json", #"{"name": "ada"}"#)
        let warning = """
            m/de.yaml:2:1: warning: invalid YAML: did not find expected ',' or ']' (catalog skipped; the next catalog on de's chain is used)
            m/de.yaml:1:11: note: while parsing a flow sequence

            """
        let alone = try Formcheck.run(["s.yaml", "d.json", "--locale", "de"], directory: scratch.url)
        #expect(alone.stderr == warning)
        #expect(alone.stdout == "1 file, 1 record: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        #expect(alone.status == 0)
        try scratch.write("m/fr.yaml", "messages:\n  minLength: \"{label} : au moins {min} lettres.\"\n")
        let besideAnother = try Formcheck.run(["s.yaml", "d.json", "--locale", "de"], directory: scratch.url)
        #expect(besideAnother.stderr == warning)
        #expect(besideAnother.status == 0)
    }

    /// A catalog line whose `required` message nests 20,000 selects, and where the 33rd one opens.
    static let requiredMessageNested20000Deep =
        "  required: \"" + String(repeating: "{x, select, other {", count: 20_000) + String(repeating: "}}", count: 20_000) + "\""
    static let columnWhereNestingCrossesTheLimit = 14 + 32 * 19

    @Test func checkFallsBackFromAMessageNestedTooDeeply() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  a: { type: string, label: A, rules: [required] }\n")
        let line = Self.requiredMessageNested20000Deep
        try scratch.write("m/fr.yaml", "messages:\n\(line)\n")
        try scratch.write("d.json", "{}")
        let result = try Formcheck.run(["s.yaml", "d.json", "--locale", "fr"], directory: scratch.url)
        let column = Self.columnWhereNestingCrossesTheLimit
        #expect(result.stderr == """
            m/fr.yaml:2:\(column): warning: invalid message: plural and select arguments nest more than 32 levels deep (message skipped; the next catalog on fr's chain is used)
            \(line)
            \(String(repeating: " ", count: column - 1))^

            """)
        #expect(result.stdout == """
            d.json:1:1: error: record 1, a: Le champ A est obligatoire. [required]
            {}
            ^
            1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings

            """)
        #expect(result.status == 1)
    }

    @Test func lintFindsEveryKindOfCatalogMistake() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", """
            formcheck: 1
            locale: en
            messages: messages
            fields:
              name: { type: string, label: Name, rules: [required, { minLength: 2 }] }
              code: { type: string, rules: [{ pattern: "^[0-9]+$", message: { key: code.digits } }] }
            """)
        try scratch.write("messages/en.yaml", """
            messages:
              minLength: "{label} needs {min, plural, one {# letter} other {# letters}}."
              code.digits: "{label} takes digits only."
            labels:
              name: Full name
            """)
        try scratch.write("messages/fr.yaml", """
            messages:
              minLength: "{label} doit avoir {mni} lettres."
              required: "{label} est requis {"
              name.minLength: "{min, plural, one {# lettre}}"
              unused.key: "Jamais utilisé."
            labels:
              nom: Nom
            """)
        try scratch.write("messages/ru.yaml", """
            messages:
              minLength: "{label}: не менее {min, plural, one {# буквы} other {# букв}}."
              code.digits: "{label}: только цифры."
            labels:
              name: Полное имя
            """)
        try scratch.write("messages/ja.yaml", """
            messages:
              minLength: "{label}は{min, plural, one {#文字} other {#文字}}以上にしてください。"
              code.digits: "{label}は数字のみです。"
            labels:
              name: 氏名
            """)
        let result = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        #expect(result.stdout == """
            messages/fr.yaml:1:1: warning: message 'code.digits' of en.yaml has no translation here
            messages:
            ^
            messages/fr.yaml:2:14: warning: placeholder {min} of the source message is missing here
              minLength: "{label} doit avoir {mni} lettres."
                         ^
            messages/fr.yaml:2:34: error: unknown placeholder {mni}; did you mean 'min'?; this message can use {label}, {min}
              minLength: "{label} doit avoir {mni} lettres."
                                             ^
            messages/fr.yaml:3:34: error: invalid message: expected an argument name after '{'
              required: "{label} est requis {"
                                             ^
            messages/fr.yaml:4:20: error: invalid message: 'plural' for 'min' has no 'other' case
              name.minLength: "{min, plural, one {# lettre}}"
                               ^
            messages/fr.yaml:5:3: warning: unused message 'unused.key': no rule or field of the schema uses it
              unused.key: "Jamais utilisé."
              ^
            messages/fr.yaml:6:1: warning: label 'name' of en.yaml has no translation here
            labels:
            ^
            messages/fr.yaml:7:3: warning: unused label 'nom': the schema has no such field
              nom: Nom
              ^
            messages/ja.yaml:2:23: warning: plural category 'one' does not exist in ja (it has other), so its text is never shown
              minLength: "{label}は{min, plural, one {#文字} other {#文字}}以上にしてください。"
                                  ^
            messages/ru.yaml:2:33: warning: plural for {min} has no 'few' case; ru numbers such as 2, 3, 4 will use 'other'
              minLength: "{label}: не менее {min, plural, one {# буквы} other {# букв}}."
                                            ^
            messages/ru.yaml:2:33: warning: plural for {min} has no 'many' case; ru numbers such as 0, 5, 6 will use 'other'
              minLength: "{label}: не менее {min, plural, one {# буквы} other {# букв}}."
                                            ^
            s.yaml: 4 catalogs (en, fr, ja, ru): 3 errors, 8 warnings

            """)
        #expect(result.status == 1)
    }

    @Test func lintCountsAsTranslatedWhatLookupFindsInTheSameLanguage() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", """
            formcheck: 1
            locale: en
            messages: m
            fields:
              name: { type: string, label: Name, rules: [required, { minLength: 2 }] }
              code: { type: string, rules: [{ pattern: "^[0-9]+$", message: { key: code.digits } }] }
              country: { type: string, rules: [{ oneOf: [FR, BR] }] }
            """)
        try scratch.write("m/en.yaml", """
            messages:
              minLength: "{label} needs {min} letters."
              code.digits: "{label} takes digits only."
            labels:
              name: Full name
            choices:
              country: { FR: France, BR: Brazil }
            """)
        try scratch.write("m/pt.yaml", "messages:\n  code.digits: \"{label} só aceita dígitos.\"\nlabels:\n  name: Nome completo\n")
        try scratch.write("m/pt-BR.yaml", "choices:\n  country: { FR: França }\n")
        let result = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        // pt-BR finds code.digits and the label in pt, minLength in the built-in pt-BR catalog; pt finds
        // minLength in the built-in Portuguese catalog, but no catalog of its language names the countries.
        #expect(result.stdout == """
            m/pt-BR.yaml:1:1: warning: choice 'country: BR' of en.yaml has no translation here
            choices:
            ^
            m/pt.yaml:1:1: warning: choice 'country: BR' of en.yaml has no translation here
            messages:
            ^
            m/pt.yaml:1:1: warning: choice 'country: FR' of en.yaml has no translation here
            messages:
            ^
            s.yaml: 3 catalogs (en, pt, pt-BR): 0 errors, 3 warnings

            """)
        #expect(result.status == 0)
    }

    @Test func lintReportsAMessageNestedTooDeeply() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  a: { type: string, rules: [required] }\n")
        let line = Self.requiredMessageNested20000Deep
        try scratch.write("m/fr.yaml", "messages:\n\(line)\n")
        let result = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        let column = Self.columnWhereNestingCrossesTheLimit
        #expect(result.stdout == """
            m/fr.yaml:2:\(column): error: invalid message: plural and select arguments nest more than 32 levels deep
            \(line)
            \(String(repeating: " ", count: column - 1))^
            s.yaml: 1 catalog (fr): 1 error, 0 warnings

            """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  a: { type: string, rules: [required] }\n")
        try scratch.write("m/fr.yaml", "labels:\n  b: B\n")
        let plain = try Formcheck.run(["lint", "s.yaml"], directory: scratch.url)
        #expect(plain.stdout.hasSuffix("s.yaml: 1 catalog (fr): 0 errors, 1 warning\n"))
        #expect(plain.status == 0)
        let strict = try Formcheck.run(["lint", "s.yaml", "--strict"], directory: scratch.url)
        #expect(strict.status == 1)
    }

    @Test(arguments: ["signup.yaml", "login.yaml", "checkin.yaml", "client.yaml", "checkout.yaml", "event.json"])
    func everyShippedSchemaPassesLint(_ schema: String) throws {
        let result = try Formcheck.run(["lint", "schemas/\(schema)", "--strict"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
    }
}

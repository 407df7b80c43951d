import Foundation
import Testing

/// `formcheck demo`: a scripted user session on the shipped schemas.
@Suite(.needsYAML) struct DemoCommandTests {
    @Test func signupDemo() throws {
        let result = try Formcheck.run(["demo", "schemas/signup.yaml", "--today", "2025-06-15"])
        #expect(result.stdout == """
            form signup, policy onBlurThenLive
            == focus email
               no errors shown
            == input email = "ada@"
               no errors shown
            == blur email
               email: Email must be a valid email address.
            == input email = "ada@example.com"
               no errors shown
            == blur email
               no errors shown
            == input confirm_password = ***
               no errors shown
            == blur confirm_password
               confirm_password: Confirm password must match Password.
            == input password = ***
               confirm_password: Confirm password must match Password.
            == input password = ***
               no errors shown
            == submit: cannot submit; focus full_name
               full_name: Full name is required.
               terms: Terms of service must be accepted.
               address.zip: ZIP code is required.
            == input full_name = "Ada Lovelace"
               terms: Terms of service must be accepted.
               address.zip: ZIP code is required.
            == input terms = "true"
               address.zip: ZIP code is required.
            == input address.zip = "75001"
               no errors shown
            == submit: can submit
               no errors shown

            """)
        #expect(result.status == 0)
    }

    @Test func asyncDemoInFrench() throws {
        let result = try Formcheck.run(["demo", "schemas/checkin.yaml", "--locale", "fr"])
        #expect(result.stdout == """
            form checkin, policy onBlurThenLive
            == input username = "am"
               no errors shown
            == blur username
               username: Le champ Username doit contenir au moins 3 caractères.
            == input username = "amelia"
               username: checking…
            == wait 400 ms
               username: This username is already taken; please choose another one
            == input username = "amelia1897"
               username: checking…
            == wait 200 ms
               username: checking…
            == wait 200 ms
               no errors shown
            == submit: cannot submit; focus name
               name: Le champ Passenger name est obligatoire.
               email: Le champ Email est obligatoire.

            """)
    }

    @Test func aBrokenScript() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  a: string\n")
        try scratch.write("s.demo.yaml", "steps:\n  - jump\n")
        let result = try Formcheck.run(["demo", "s.yaml"], directory: scratch.url)
        #expect(result.stderr == "s.demo.yaml: error: step 1 must be submit, { input: FIELD, value: TEXT }, { focus: FIELD }, { blur: FIELD } or { wait: MS }\n")
        #expect(result.status == 2)
    }

    /// --locale takes a locale identifier, as in `check`.
    @Test func anInvalidLocaleIsRefused() throws {
        let result = try Formcheck.run(["demo", "schemas/signup.yaml", "--locale", "zz\u{1B}[31m"])
        #expect(result.stderr == """
            Error: --locale must be a locale identifier such as en, fr or pt-BR.
            Usage: formcheck demo <schema> [--script <script>] [--locale <locale>] [--max-schema-size <size>] [--today <YYYY-MM-DD>]
              See 'formcheck demo --help' for more information.
            Run 'formcheck --help' for usage.

            """)
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }

    /// The messages of a locale that falls back are shown with the same warnings as in `check`.
    @Test func catalogWarningsAsInCheck() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nmessages: m\nfields:\n  name: { type: string, label: Name, rules: [{ minLength: 3 }] }\n")
        try scratch.write("m/de.yaml", "messages: [oops\n")
        try scratch.write("s.demo.yaml", "steps:\n  - { input: name, value: ab }\n  - submit\n")
        let result = try Formcheck.run(["demo", "s.yaml", "--locale", "de"], directory: scratch.url)
        #expect(result.stderr == """
            m/de.yaml:2:1: warning: invalid YAML: did not find expected ',' or ']' (catalog skipped; the next catalog on de's chain is used)
            m/de.yaml:1:11: note: while parsing a flow sequence

            """)
        #expect(result.stdout == """
            form s, policy onBlurThenLive
            == input name = "ab"
               no errors shown
            == submit: cannot submit; focus name
               name: Name muss mindestens 3 Zeichen lang sein.

            """)
        #expect(result.status == 0)
    }

    @Test func aScriptNamingFieldsTheSchemaLacks() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  email: string\n  address:\n    type: object\n    fields:\n      zip: string\n")
        try scratch.write("s.demo.yaml", """
            steps:
              - focus: emial
              - { input: email, value: a@b.c }
              - { input: phone, value: "555" }
              - blur: address.zpi
              - submit

            """)
        let result = try Formcheck.run(["demo", "s.yaml"], directory: scratch.url)
        #expect(result.stderr == """
            s.demo.yaml:2:12: error: the schema has no field 'emial'; did you mean 'email'?
            s.demo.yaml:4:14: error: the schema has no field 'phone'
            s.demo.yaml:5:11: error: the schema has no field 'address.zpi'; did you mean 'address.zip'?

            """)
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }

    /// A field name from the script is shown escaped, as names from data are.
    @Test func anUnknownFieldIsShownEscaped() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  email: string\n")
        try scratch.write("s.demo.yaml", "steps:\n  - focus: \"ph\\e[31mone\"\n  - submit\n")
        let result = try Formcheck.run(["demo", "s.yaml"], directory: scratch.url)
        #expect(result.stderr == "s.demo.yaml:2:12: error: the schema has no field 'ph\\u{1B}[31mone'\n")
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }
}

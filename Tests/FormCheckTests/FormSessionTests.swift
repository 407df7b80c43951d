import Foundation
import Testing
@testable import FormCheck

/// The live form: visibility policies over scripted sequences, dependents, async checks on a test
/// clock, focus order, the strength meter and drafts.
@MainActor
@Suite struct FormSessionTests {
    // The suite's shared schemas are JSON, so that it runs without the YAML trait too; the tests with
    // schemas of their own in YAML need it.
    static let account = """
        {"formcheck": 1, "fields": {
          "email": {"type": "string", "label": "Email", "rules": ["required", "email"]},
          "password": {"type": "string", "label": "Password", "sensitive": true, "rules": ["required", {"minLength": 8}]},
          "confirm": {"type": "string", "label": "Confirm", "sensitive": true, "rules": ["required", {"sameAs": "password"}]}}}
        """

    func session(_ text: String = account, policy: VisibilityPolicy? = nil,
                 validators: [String: FormSession.AsyncValidator] = [:], clock: ManualClock = ManualClock()) throws -> FormSession {
        try FormSession(schema: FormSchema(text: text), policy: policy, asyncValidators: validators, clock: clock,
                        today: LocalDate(year: 2025, month: 6, day: 15))
    }

    /// `path: message` of each visible error, in field order.
    func visible(_ session: FormSession) -> [String] {
        session.visibleErrors.map { "\($0.path): \($0.message)" }
    }

    @Test func onBlurThenLive() throws {
        let form = try session()
        #expect(form.policy == .onBlurThenLive)
        try form.focus("email")
        try form.setInput("a", for: "email")
        #expect(visible(form) == [])
        try form.blur("email")
        #expect(visible(form) == ["email: Email must be a valid email address."])
        try form.focus("email")
        try form.setInput("a@b.c", for: "email")
        #expect(visible(form) == [])
        try form.setInput("a@", for: "email")
        #expect(visible(form) == ["email: Email must be a valid email address."])
        try form.setInput("a@b.c", for: "email")
        try form.blur("email")
        // A field left while valid shows a new error only when left again.
        try form.setInput("secret", for: "password")
        try form.blur("password")
        #expect(visible(form) == ["password: Password must be at least 8 characters long."])
        try form.setInput("secret12", for: "password")
        #expect(visible(form) == [])
        #expect(try form.field("confirm").errors.map(\.code) == ["required"])
        #expect(try form.field("confirm").visibleError == nil)
    }

    @Test func passwordThenConfirm() throws {
        let form = try session()
        try form.setInput("secret123", for: "password")
        try form.blur("password")
        try form.setInput("secret12", for: "confirm")
        #expect(visible(form) == [])
        try form.blur("confirm")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
        // Editing the password clears the confirmation error at once.
        try form.setInput("secret12", for: "password")
        #expect(visible(form) == [])
        // ...and raises it again at once.
        try form.setInput("secret1234", for: "password")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
    }

    @Test func confirmThenPassword() throws {
        let form = try session()
        try form.setInput("secret123", for: "confirm")
        try form.blur("confirm")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
        try form.setInput("secret12", for: "password")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
        try form.setInput("secret123", for: "password")
        #expect(visible(form) == [])
        #expect(try form.field("password").visibleError == nil)
    }

    @Test func aConfirmationLeftValidShowsItsErrorWhenThePasswordChanges() throws {
        let form = try session()
        try form.setInput("secret123", for: "password")
        try form.setInput("secret123", for: "confirm")
        try form.blur("confirm")
        #expect(visible(form) == [])
        try form.setInput("secret124", for: "password")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
    }

    @Test func onSubmitThenLive() throws {
        let form = try session(policy: .onSubmitThenLive)
        try form.setInput("a", for: "email")
        try form.blur("email")
        #expect(visible(form) == [])
        let result = form.submit()
        #expect(result == FormSession.SubmitResult(canSubmit: false, firstInvalidField: "email"))
        #expect(visible(form) == [
            "email: Email must be a valid email address.", "password: Password is required.", "confirm: Confirm is required.",
        ])
        try form.setInput("a@b.c", for: "email")
        try form.setInput("secret123", for: "password")
        #expect(visible(form) == ["confirm: Confirm is required."])
        try form.setInput("secret12", for: "confirm")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
        try form.setInput("secret123", for: "confirm")
        #expect(visible(form) == [])
        #expect(form.submit() == FormSession.SubmitResult(canSubmit: true, firstInvalidField: nil))
    }

    @Test func live() throws {
        let form = try session(policy: .live)
        #expect(visible(form) == [])
        try form.setInput("a", for: "email")
        #expect(visible(form) == ["email: Email must be a valid email address."])
        try form.setInput("a@b.c", for: "email")
        #expect(visible(form) == [])
        try form.setInput("secret123", for: "confirm")
        #expect(visible(form) == ["confirm: Confirm must match Password."])
        try form.setInput("secret123", for: "password")
        #expect(visible(form) == [])
    }

    @Test func onSubmit() throws {
        let form = try session(policy: .onSubmit)
        try form.setInput("a", for: "email")
        try form.blur("email")
        #expect(visible(form) == [])
        form.submit()
        #expect(visible(form) == [
            "email: Email must be a valid email address.", "password: Password is required.", "confirm: Confirm is required.",
        ])
        // Errors stay as they were at the submit until the next one.
        try form.setInput("a@b.c", for: "email")
        #expect(visible(form).first == "email: Email must be a valid email address.")
        #expect(try form.field("email").errors.isEmpty)
        form.submit()
        #expect(visible(form) == ["password: Password is required.", "confirm: Confirm is required."])
    }

    @Test func messagesFollowTheSessionLocale() throws {
        let form = try session(policy: .live)
        try form.setInput("a", for: "email")
        form.locale = "fr"
        #expect(visible(form) == ["email: Le champ Email doit être une adresse e-mail valide."])
    }

    // MARK: - Async

    static let signup = """
        {"formcheck": 1, "fields": {
          "username": {"type": "string", "label": "Username",
                       "rules": ["required", {"minLength": 3}, {"async": "usernameAvailable", "debounce": 300}]},
          "email": {"type": "string", "label": "Email", "rules": ["email"]}}}
        """

    @Test func threeQuickChangesMakeOneRequest() async throws {
        let calls = Calls()
        let clock = ManualClock()
        let form = try session(Self.signup, validators: ["usernameAvailable": { value in await calls.record(value) ; return true }], clock: clock)
        try form.setInput("ada", for: "username")
        try form.setInput("adam", for: "username")
        try form.setInput("adams", for: "username")
        #expect(try form.field("username").isPending)
        await clock.advance(by: .milliseconds(299))
        #expect(await calls.values == [])
        await clock.advance(by: .milliseconds(1))
        await form.settle()
        #expect(await calls.values == ["adams"])
        #expect(try !form.field("username").isPending)
        #expect(form.canSubmit)
    }

    @Test func aLateResultForAnOldValueIsIgnored() async throws {
        let clock = ManualClock()
        let gate = Gate()
        let form = try session(Self.signup, validators: ["usernameAvailable": { value in
            if value == "bob" { return await gate.wait() }  // slow: answers when the test opens the gate
            return true
        }], clock: clock)
        try form.setInput("bob", for: "username")
        await clock.advance(by: .milliseconds(300))
        // The check for "bob" has started and waits on the gate.
        for _ in 0..<10_000 where !(await gate.isWaiting) { await Task.yield() }
        #expect(await gate.isWaiting)
        try form.setInput("bobby", for: "username")
        await clock.advance(by: .milliseconds(300))
        await gate.open(with: false)  // "bob" is taken, but the value is now "bobby"
        await form.settle()
        #expect(try form.field("username").errors.isEmpty)
        #expect(try !form.field("username").isPending)
        #expect(form.canSubmit)
    }

    @Test func aPendingCheckBlocksSubmit() async throws {
        let clock = ManualClock()
        let form = try session(Self.signup, validators: ["usernameAvailable": { _ in false }], clock: clock)
        try form.setInput("admin", for: "username")
        let result = form.submit()
        #expect(result == FormSession.SubmitResult(canSubmit: false, firstInvalidField: "username"))
        #expect(form.isValid)
        await clock.advance(by: .milliseconds(300))
        await form.settle()
        #expect(!form.isValid)
        #expect(visible(form) == ["username: Username is not available."])
        #expect(try form.field("username").visibleError?.code == "usernameAvailable")
    }

    @Test func noAsyncCheckWhileASyncRuleFails() async throws {
        let calls = Calls()
        let clock = ManualClock()
        let form = try session(Self.signup, validators: ["usernameAvailable": { value in await calls.record(value); return true }], clock: clock)
        try form.setInput("ab", for: "username")
        #expect(try !form.field("username").isPending)
        await clock.advance(by: .seconds(1))
        await form.settle()
        #expect(await calls.values == [])
        #expect(try form.field("username").errors.map(\.code) == ["minLength"])
    }

    /// A validator may say why a value fails: the rule's message with parameters, a code of its own
    /// whose message the catalogs give (or else the rule's), or a message as it is.
    @Test(.needsYAML, arguments: [
        (CheckVerdict.invalid(parameters: ["suggestion": .string("ada_2")]), "usernameAvailable", "Taken; try ada_2."),
        (.invalidCode("usernameReserved"), "usernameReserved", "Username is reserved for the staff."),
        (.invalidCode("usernameTaken", parameters: ["suggestion": .string("ada_2")]), "usernameTaken", "Username ada is taken; try ada_2."),
        // The field's message for a code comes before the code's own.
        (.invalidCode("nameTaken"), "nameTaken", "This username is taken."),
        (.invalidCode("unknownToTheCatalogs", parameters: ["suggestion": .string("ada_3")]), "unknownToTheCatalogs", "Taken; try ada_3."),
        (.invalidMessage("Names that start with 'ada' are kept for Ada."), "usernameAvailable", "Names that start with 'ada' are kept for Ada."),
        // A placeholder the verdict does not fill is shown as written.
        (false, "usernameAvailable", "Taken; try {suggestion}."),
    ])
    func validatorsSayWhy(_ verdict: CheckVerdict, code: String, message: String) async throws {
        let scratch = try Scratch(englishMessages: [
            "usernameTaken": "{label} ada is taken; try {suggestion}.", "username.usernameReserved": "{label} is reserved for the staff.",
            "nameTaken": "That name is taken.", "username.nameTaken": "This username is taken.", "takenTryAnother": "Taken; try {suggestion}.",
        ])
        let clock = ManualClock()
        let form = try FormSession(schema: FormSchema(text: """
            formcheck: 1
            messages: \(scratch.path)/messages
            fields:
              username:
                type: string
                label: Username
                rules: [{ async: usernameAvailable, debounce: 10, message: { key: takenTryAnother } }]
            """), asyncValidators: ["usernameAvailable": { _ in verdict }], clock: clock)
        try form.setInput("ada", for: "username")
        await clock.advance(by: .milliseconds(10))
        await form.settle()
        let issue = try #require(try form.field("username").errors.first)
        #expect(issue.code == code)
        #expect(issue.message == message)
        #expect(issue.rule == "async")
    }

    @Test func anUnregisteredAsyncValidatorIsAnError() throws {
        #expect(throws: FormSessionError.unregisteredAsyncValidator("usernameAvailable")) {
            try FormSession(schema: FormSchema(text: Self.signup))
        }
    }

    // MARK: - Focus, strength, drafts

    static let shipping = """
        {"formcheck": 1, "fields": {
          "name": {"type": "string", "rules": ["required"]},
          "country": "string",
          "state": {"type": "string", "when": {"field": "country", "equals": "US"}, "rules": ["required"]},
          "token": {"type": "string", "hidden": true},
          "zip": "string"}}
        """

    /// A field inside an object whose `when:` comes to hold gets its issues at once, not at the next
    /// submit: the condition names the object, and the field has its own rules.
    @Test(.needsYAML) func fieldsOfAnObjectThatBecomesRelevantAreValidated() throws {
        let form = try session("""
            formcheck: 1
            fields:
              kind: { type: string }
              company:
                type: object
                when: { field: kind, equals: biz }
                fields: { title: { type: string, label: Title, rules: [required] } }
            """, policy: .live)
        #expect(try form.field("company.title").errors.isEmpty && !form.field("company.title").isRelevant)
        try form.setInput("biz", for: "kind")
        #expect(try form.field("company.title").isRelevant)
        #expect(try form.field("company.title").errors.map(\.code) == ["required"])
        #expect(!form.isValid)
        try form.setInput("home", for: "kind")
        #expect(try form.field("company.title").errors.isEmpty)
        #expect(form.isValid)
    }

    @Test func focusOrderSkipsHiddenAndIrrelevantFields() throws {
        let form = try session(Self.shipping)
        #expect(form.focusOrder == ["name", "country", "zip"])
        #expect(try form.nextField(after: "country") == "zip")
        #expect(try form.returnKeyRole(of: "country") == .next)
        #expect(try form.returnKeyRole(of: "zip") == .done)
        #expect(try form.field("state").errors.isEmpty)
        try form.setInput("US", for: "country")
        #expect(form.focusOrder == ["name", "country", "state", "zip"])
        #expect(try form.nextField(after: "country") == "state")
        #expect(try form.previousField(before: "zip") == "state")
        #expect(try form.previousField(before: "name") == nil)
        #expect(try form.nextField(after: "zip") == nil)
        #expect(try form.field("state").errors.map(\.code) == ["required"])
        #expect(form.submit().firstInvalidField == "name")
    }

    @Test(.needsYAML) func strengthChecklistFollowsEveryChange() throws {
        let form = try session("""
            formcheck: 1
            validation: onSubmit
            fields:
              password: { type: string, sensitive: true, rules: [{ strength: good }] }
            """)
        #expect(try form.strength(of: "password")?.level == .weak)
        try form.setInput("abcdefgh", for: "password")
        #expect(try form.strength(of: "password")?.score == 2)
        try form.setInput("Abcdefgh1!", for: "password")
        let strength = try #require(try form.strength(of: "password"))
        #expect(strength.level == .good)
        #expect(strength.requirements.map { "\($0.requirement.rawValue)=\($0.isMet)" } == [
            "length8=true", "uppercase=true", "lowercase=true", "digit=true", "symbol=true", "length12=false",
        ])
        #expect(form.visibleErrors.isEmpty)
        #expect(throws: FormSessionError.unknownField("missing", suggestion: nil)) { try form.strength(of: "missing") }
    }

    @Test func draftsLeaveSensitiveValuesOut() throws {
        let form = try session()
        try form.setInput("ada@example.com", for: "email")
        try form.setInput("secret123", for: "password")
        try form.setInput("secret123", for: "confirm")
        let draft = form.draft()
        #expect(draft == FormDraft(form: "test", values: ["email": "ada@example.com"]).with(form: draft.form))
        let stored = try JSONEncoder().encode(draft)
        let restored = try session()
        try restored.restore(try JSONDecoder().decode(FormDraft.self, from: stored))
        #expect(try restored.field("email").value == "ada@example.com")
        #expect(try restored.field("password").value == nil)
        #expect(try !restored.field("email").isDirty && !restored.field("email").isTouched)
        #expect(restored.visibleErrors.isEmpty)
        #expect(form.draft(includingSensitive: true).values.keys.sorted() == ["confirm", "email", "password"])
    }

    /// A draft names its form; restoring it into a session of another form changes nothing.
    @Test func aDraftOfAnotherFormIsRefused() throws {
        /// The account schema under a form name.
        func account(named name: String) -> String {
            Self.account.replacingOccurrences(of: #"{"formcheck": 1,"#, with: #"{"formcheck": 1, "form": "\#(name)","#)
        }
        let form = try session(account(named: "signup"))
        try form.setInput("ada@example.com", for: "email")
        let other = try session(account(named: "newsletter"))
        #expect(throws: FormSessionError.draftOfAnotherForm(draft: "signup", session: "newsletter")) {
            try other.restore(form.draft())
        }
        #expect(try other.field("email").value == nil)
        try form.restore(form.draft())
        #expect(try form.field("email").value == "ada@example.com")
    }
}

/// A field name the session does not have is an error at every entry point, with a suggestion when a
/// field's name is close; an object field or a field of array elements is not one of its fields.
@MainActor
@Suite(.needsYAML) struct FormSessionFieldNameTests {
    @Test func unknownFieldNamesAreErrors() throws {
        let form = try FormSession(schema: FormSchema(text: """
            formcheck: 1
            fields:
              email: { type: string, rules: [required] }
              address: { type: object, fields: { zip: { type: string } } }
              tags: { type: array, items: { type: string } }
            """))
        #expect(form.fields.map(\.path) == ["email", "address.zip", "tags"])
        let misspelt = FormSessionError.unknownField("emial", suggestion: "email")
        #expect(throws: misspelt) { try form.setInput("a", for: "emial") }
        #expect(throws: misspelt) { try form.setValue("a", for: "emial") }
        #expect(throws: misspelt) { try form.focus("emial") }
        #expect(throws: misspelt) { try form.blur("emial") }
        #expect(throws: misspelt) { try form.field("emial") }
        #expect(throws: misspelt) { try form.nextField(after: "emial") }
        #expect(throws: misspelt) { try form.previousField(before: "emial") }
        #expect(throws: misspelt) { try form.returnKeyRole(of: "emial") }
        #expect(throws: misspelt) { try form.strength(of: "emial") }
        #expect(throws: FormSessionError.unknownField("address", suggestion: nil)) { try form.setInput("x", for: "address") }
        #expect(throws: FormSessionError.unknownField("tags[]", suggestion: "tags")) { try form.field("tags[]") }
        #expect(misspelt.description == "the form has no field 'emial'; did you mean 'email'?")
        // Nothing was changed by the calls that threw.
        #expect(try form.field("email").value == nil && !form.field("email").isDirty)
    }
}

extension FormDraft {
    func with(form: String) -> FormDraft { FormDraft(form: form, values: values) }
}

/// The values an async validator was called with.
actor Calls {
    private(set) var values: [String] = []
    func record(_ value: Value) { values.append(value.stringValue ?? "") }
}

/// Holds an async validator until the test opens it.
actor Gate {
    private var continuation: CheckedContinuation<CheckVerdict, Never>?
    var isWaiting: Bool { continuation != nil }

    func wait() async -> CheckVerdict {
        await withCheckedContinuation { continuation = $0 }
    }

    func open(with result: CheckVerdict) {
        continuation?.resume(returning: result)
        continuation = nil
    }
}

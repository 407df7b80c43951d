import Observation
import Synchronization
import Testing
@testable import FormCheck

/// The session and its fields are observable property by property: an action notifies exactly the
/// properties whose values it changes, of exactly the fields it changes, under every visibility
/// policy, through dependents and through async checks.
@MainActor
@Suite struct FormSessionObservationTests {
    /// A session of `FormSessionTests.account` (an e-mail, a password and its confirmation) or `text`.
    func session(_ text: String = FormSessionTests.account, policy: VisibilityPolicy? = nil,
                 validators: [String: FormSession.AsyncValidator] = [:], clock: ManualClock = ManualClock()) throws -> FormSession {
        try FormSessionTests().session(text, policy: policy, validators: validators, clock: clock)
    }

    /// `field.property` for each property of a field that `action` notified its observers of, sorted.
    func notified(by action: () throws -> Void, in form: FormSession) rethrows -> [String] {
        let log = Mutex<Set<String>>([])
        for field in form.fields {
            let reads: [(String, () -> Void)] = [
                ("value", { _ = field.value }), ("isTouched", { _ = field.isTouched }), ("isDirty", { _ = field.isDirty }),
                ("errors", { _ = field.errors }), ("visibleError", { _ = field.visibleError }), ("isPending", { _ = field.isPending }),
                ("isRelevant", { _ = field.isRelevant }),
            ]
            for (name, read) in reads {
                let key = "\(field.path).\(name)"
                withObservationTracking(read) { log.withLock { _ = $0.insert(key) } }
            }
        }
        try action()
        return log.withLock { $0.sorted() }
    }

    @Test func onBlurThenLiveNotifiesTheEditedFieldOnly() throws {
        let form = try session()
        #expect(try notified(by: { try form.setInput("a", for: "email") }, in: form) == ["email.errors", "email.isDirty", "email.value"])
        // The same error for another value: only the value changes.
        #expect(try notified(by: { try form.setInput("ab", for: "email") }, in: form) == ["email.value"])
        #expect(try notified(by: { try form.blur("email") }, in: form) == ["email.isTouched", "email.visibleError"])
        // Live now: the next change hides the error at once; blurring again changes nothing.
        #expect(try notified(by: { try form.setInput("a@b.c", for: "email") }, in: form)
            == ["email.errors", "email.value", "email.visibleError"])
        #expect(try notified(by: { try form.blur("email") }, in: form) == [])
        // Focus is the session's: no field hears of it.
        #expect(try notified(by: { try form.focus("password") }, in: form) == [])
    }

    @Test func liveShowsAtTheFirstChange() throws {
        let form = try session(policy: .live)
        #expect(try notified(by: { try form.setInput("a", for: "email") }, in: form)
            == ["email.errors", "email.isDirty", "email.value", "email.visibleError"])
        #expect(try notified(by: { try form.setInput("b", for: "email") }, in: form) == ["email.value"])
    }

    @Test func onSubmitShowsAtSubmitOnly() throws {
        let form = try session(policy: .onSubmit)
        #expect(try notified(by: { try form.setInput("a", for: "email") }, in: form) == ["email.errors", "email.isDirty", "email.value"])
        #expect(notified(by: { form.submit() }, in: form) == ["confirm.visibleError", "email.visibleError", "password.visibleError"])
        // The shown errors stay as they were at the submit.
        #expect(try notified(by: { try form.setInput("a@b.c", for: "email") }, in: form) == ["email.errors", "email.value"])
    }

    @Test func onSubmitThenLiveFollowsChangesAfterTheSubmit() throws {
        let form = try session(policy: .onSubmitThenLive)
        #expect(try notified(by: { try form.setInput("a", for: "email") }, in: form) == ["email.errors", "email.isDirty", "email.value"])
        #expect(notified(by: { form.submit() }, in: form) == ["confirm.visibleError", "email.visibleError", "password.visibleError"])
        #expect(try notified(by: { try form.setInput("a@b.c", for: "email") }, in: form)
            == ["email.errors", "email.value", "email.visibleError"])
    }

    @Test func dependentsAreNotifiedWhenTheirErrorsChange() throws {
        let form = try session()
        try form.setInput("secret123", for: "password")
        try form.blur("password")
        try form.setInput("secret12", for: "confirm")
        try form.blur("confirm")
        // The password now matches: the confirmation's error goes, and nothing of the e-mail moves.
        #expect(try notified(by: { try form.setInput("secret12", for: "password") }, in: form)
            == ["confirm.errors", "confirm.visibleError", "password.value"])
        #expect(try notified(by: { try form.setInput("secret1234", for: "password") }, in: form)
            == ["confirm.errors", "confirm.visibleError", "password.value"])
    }

    @Test(.needsYAML) func relevanceIsNotifiedWhereItChanges() throws {
        let form = try session("""
            formcheck: 1
            fields:
              country: { type: string }
              state: { type: string, when: { field: country, equals: US }, rules: [required] }
              zip: { type: string }
            """)
        #expect(try !form.field("state").isRelevant)
        #expect(try notified(by: { try form.setInput("US", for: "country") }, in: form)
            == ["country.isDirty", "country.value", "state.errors", "state.isRelevant"])
    }

    @Test(.needsYAML) func asyncChecksNotifyTheirPendingState() async throws {
        let clock = ManualClock()
        let gate = Gate()
        let form = try session("""
            formcheck: 1
            fields:
              username: { type: string, label: Username, rules: [required, { async: usernameAvailable, debounce: 300 }] }
              email: { type: string }
            """, validators: ["usernameAvailable": { _ in await gate.wait() }], clock: clock)
        #expect(try notified(by: { try form.setInput("ada", for: "username") }, in: form)
            == ["username.errors", "username.isDirty", "username.isPending", "username.value"])
        try form.blur("username")
        await clock.advance(by: .milliseconds(300))
        while !(await gate.isWaiting) { await Task.yield() }
        // The check answers that the name is taken: pending ends and the error shows, on this field only.
        let log = Mutex<Set<String>>([])
        let field = try form.field("username")
        for (name, read) in [("errors", { _ = field.errors }), ("isPending", { _ = field.isPending }), ("visibleError", { _ = field.visibleError })] {
            withObservationTracking(read) { log.withLock { _ = $0.insert(name) } }
        }
        let email = try form.field("email")
        withObservationTracking { _ = (email.value, email.errors, email.isPending, email.visibleError) } onChange: {
            log.withLock { _ = $0.insert("email") }
        }
        await gate.open(with: false)
        await form.settle()
        #expect(log.withLock { $0.sorted() } == ["errors", "isPending", "visibleError"])
        #expect(field.visibleError?.code == "usernameAvailable")
    }
}

import Observation

/// One field of a `FormSession`: what the app shows of it, each property observable on its own, and
/// the handle through which a view edits it. The session sets a property only when its value changes,
/// so a view that reads one field is not updated for another's changes.
///
/// ```swift
/// let email = try session.field("email")
/// TextField("Email", text: Binding(get: { email.text }, set: { email.setInput($0) }))
/// if let error = email.visibleError { Text(error.message) }
/// ```
@MainActor
@Observable
public final class FormField {
    /// The field's schema path: `email`, `address.zip`.
    public let path: String
    /// The value the record holds for the field; nil when it holds none.
    public private(set) var value: Value?
    /// The user focused the field and then left it.
    public private(set) var isTouched = false
    /// The value changed since the session started (or a draft was restored).
    public private(set) var isDirty = false
    /// Every current error, shown or not; none while the field is not relevant.
    public private(set) var errors: [ValidationIssue] = []
    /// The error to show now, by the visibility policy.
    public private(set) var visibleError: ValidationIssue?
    /// An async check is waiting for its debounce or running.
    public private(set) var isPending = false
    /// Every field-level `when:` over the field holds (or there is none); irrelevant fields are
    /// skipped, in validation and in the focus order.
    public private(set) var isRelevant = true
    /// The schema marks the field `hidden`: it is validated but never focused.
    public let isHidden: Bool

    private let hasStrengthRule: Bool

    @ObservationIgnored weak var session: FormSession?

    init(path: String, isHidden: Bool, hasStrengthRule: Bool) {
        self.path = path
        self.isHidden = isHidden
        self.hasStrengthRule = hasStrengthRule
    }

    /// The value as text for an input: a string as it is, a number or a boolean as written; empty
    /// when there is none.
    public var text: String {
        switch value {
        case .none, .null?: ""
        case .string(let text)?: text
        case let value?: value.displayText
        }
    }

    /// Sets the value (nil clears it), and revalidates the field and every field that depends on it.
    public func setValue(_ value: Value?) {
        owner.setValue(value, at: path)
    }

    /// Sets the value from text a user typed: numbers are read for integer and number fields,
    /// `true`/`false` for booleans, and empty text clears the value.
    public func setInput(_ text: String) {
        owner.setInput(text, at: path)
    }

    /// The user entered the field.
    public func focus() {
        owner.focus(at: path)
    }

    /// The user left the field: it is touched, and under `onBlurThenLive` its errors show from now on.
    public func blur() {
        owner.blur(at: path)
    }

    /// `done` for the last field of the focus order, `next` for the others.
    public var returnKeyRole: FormSession.ReturnKeyRole {
        owner.focusOrder.last == path ? .done : .next
    }

    /// For a field with a `strength` rule, the strength of its value now (whatever the policy).
    public var strength: PasswordStrength? {
        hasStrengthRule ? PasswordStrength(value?.stringValue ?? "") : nil
    }

    private var owner: FormSession {
        guard let session else { preconditionFailure("the session of the field '\(path)' no longer exists") }
        return session
    }

    /// Sets what changed.
    func update(value: Value?, isTouched: Bool, isDirty: Bool, errors: [ValidationIssue], visibleError: ValidationIssue?, isPending: Bool,
                isRelevant: Bool) {
        if self.value != value { self.value = value }
        if self.isTouched != isTouched { self.isTouched = isTouched }
        if self.isDirty != isDirty { self.isDirty = isDirty }
        if self.errors != errors { self.errors = errors }
        if self.visibleError != visibleError { self.visibleError = visibleError }
        if self.isPending != isPending { self.isPending = isPending }
        if self.isRelevant != isRelevant { self.isRelevant = isRelevant }
    }
}

/// When a live form shows a field's errors (schema key `validation:`).
public enum VisibilityPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// A field's error first shows when the user leaves it; once shown, it updates on every change.
    case onBlurThenLive
    /// Nothing shows until the first submit; then every field updates on every change.
    case onSubmitThenLive
    /// A field's errors show on every change, from its first change on.
    case live
    /// Errors show only on submit, as they were at that submit.
    case onSubmit
}

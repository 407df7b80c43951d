import Foundation
import Observation

/// A live form driven by a schema: it holds the values an app's views edit, decides when each error
/// shows (the visibility policy), revalidates dependent fields, runs debounced async checks, and
/// knows the focus order. It is headless: SwiftUI, UIKit, AppKit, TCA or a web form bind to it.
///
/// The session is `@Observable`, and so is each of its fields (`FormField`, the handle a view edits a
/// field through): a view that reads a field's `visibleError` is updated when that error changes, and
/// not when another field's does. A field name the schema does not have is an error
/// (`FormSessionError.unknownField`), never ignored.
///
/// ```swift
/// let session = try FormSession(schema: schema, asyncValidators: ["usernameAvailable": { value in
///     CheckVerdict(await api.isAvailable(value.stringValue ?? ""))
/// }])
/// let username = try session.field("username")
/// username.setInput("ada")
/// username.blur()
/// username.visibleError?.message
/// ```
@MainActor
@Observable
public final class FormSession {
    /// An app's check behind `async: NAME`: whether the value is acceptable, and if not, why.
    public typealias AsyncValidator = @Sendable (Value) async -> CheckVerdict

    /// The role of the return key in a field.
    public enum ReturnKeyRole: String, Sendable {
        case next, done
    }

    /// What `submit()` decided.
    public struct SubmitResult: Sendable, Equatable {
        /// Every field is valid and no async check is pending.
        public let canSubmit: Bool
        /// The first field (in focus order) that is invalid or pending, to focus.
        public let firstInvalidField: String?
    }

    /// The form the session runs.
    public let schema: FormSchema
    /// When errors show: the one given, or the schema's `validation:`.
    public let policy: VisibilityPolicy
    /// The locale of the messages.
    public var locale: String? {
        didSet { refreshAll() }
    }
    /// Called after every change of state, for apps that do not observe the session otherwise.
    @ObservationIgnored public var onChange: (@MainActor () -> Void)?
    /// Whether `submit()` was called; the `onSubmit…` policies show errors from then on.
    public private(set) var submitAttempted = false
    /// The field that has the focus, if one has.
    public private(set) var focusedField: String?
    /// The record as the form holds it now.
    public private(set) var record: Value = .object(ObjectValue())
    /// The fields a user edits (every field but objects and the fields of array elements), in schema
    /// order.
    public let fields: [FormField]

    private struct Runtime {
        var isTouched = false
        var isDirty = false
        /// Errors show (and follow every change) once this is set.
        var isLive = false
        var syncErrors: [ValidationIssue] = []
        var asyncError: ValidationIssue?
        var submittedErrors: [ValidationIssue] = []
        var isPending = false
        var generation = 0
        var task: Task<Void, Never>?
    }

    private let paths: [String]
    /// The fields that a field-level `when:` (theirs or an enclosing object's) may make irrelevant, by
    /// path, in path order; the others always count.
    private let conditionalNodes: [(path: String, node: Int)]
    /// Those of them that do not count in the record now, worked out each time it is validated.
    @ObservationIgnored private var setAside: Set<String> = []
    private let fieldsByPath: [String: FormField]
    /// The object fields that hold the session's fields, outermost first: a form shows their inputs
    /// whether or not the record has the object yet.
    private let containers: [String]
    /// What the session decides from; each change is published to the fields (`publish`).
    @ObservationIgnored private var runtime: [String: Runtime] = [:]
    private let asyncRules: [String: [CompiledRule]]
    private let asyncValidators: [String: AsyncValidator]
    /// Makes a sleep until a duration after now; the deadline is fixed when it is made.
    private let debounceSleep: @Sendable (Duration) -> @Sendable () async throws -> Void
    private let today: LocalDate?

    /// - Parameters:
    ///   - schema: the compiled form.
    ///   - policy: when errors show; the schema's `validation:` by default.
    ///   - locale: the locale of the messages; the schema's `locale:` by default.
    ///   - asyncValidators: the checks behind the schema's `async:` rules, by name.
    ///   - today: the date for `today`, `minAge` and `maxAge` (the local date by default).
    /// - Throws: `FormSessionError.unregisteredAsyncValidator` when the schema names one that is not given.
    public convenience init(
        schema: FormSchema, policy: VisibilityPolicy? = nil, locale: String? = nil,
        asyncValidators: [String: AsyncValidator] = [:], today: LocalDate? = nil
    ) throws(FormSessionError) {
        try self.init(schema: schema, policy: policy, locale: locale, asyncValidators: asyncValidators, clock: ContinuousClock(),
                      today: today)
    }

    /// The same, with the clock that debounces wait on (a test clock makes tests deterministic).
    public init<C: Clock<Duration>>(
        schema: FormSchema, policy: VisibilityPolicy? = nil, locale: String? = nil,
        asyncValidators: [String: AsyncValidator] = [:], clock: C, today: LocalDate? = nil
    ) throws(FormSessionError) {
        self.schema = schema
        self.policy = policy ?? schema.visibility
        self.locale = locale
        self.asyncValidators = asyncValidators
        self.debounceSleep = { duration in
            let deadline = clock.now.advanced(by: duration)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
        self.today = today
        paths = schema.graph.nodes.filter { $0.type != .object && !$0.isWithinArrayElements }.map(\.path)
        conditionalNodes = paths.sorted().compactMap { path in
            guard let field = schema.graph.node(atPath: path) else { return nil }
            var node: Int? = field
            while let id = node {
                if schema.graph.nodes[id].relevance != nil { return (path, field) }
                node = schema.graph.nodes[id].parent
            }
            return nil
        }
        containers = schema.graph.nodes.filter { $0.type == .object && !$0.children.isEmpty && !$0.isWithinArrayElements }.map(\.path)
        var asyncRules: [String: [CompiledRule]] = [:]
        for node in schema.graph.nodes {
            let rules = node.rules.filter { $0.asyncRule != nil }
            for rule in rules where asyncValidators[rule.asyncRule!.name] == nil {
                throw .unregisteredAsyncValidator(rule.asyncRule!.name)
            }
            if !rules.isEmpty { asyncRules[node.path] = rules }
        }
        self.asyncRules = asyncRules
        let fields = paths.map { path in
            let field = schema.graph.field(at: path)
            return FormField(path: path, isHidden: field?.isHidden ?? false, hasStrengthRule: field?.rules.contains("strength") ?? false)
        }
        self.fields = fields
        fieldsByPath = Dictionary(uniqueKeysWithValues: fields.map { ($0.path, $0) })
        for field in fields { field.session = self }
        for path in paths { runtime[path] = Runtime() }
        revalidate(paths)
        publish(paths)
    }

    // MARK: - Fields

    /// The field at a schema path (`email`, `address.zip`).
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func field(_ path: String) throws(FormSessionError) -> FormField {
        guard let field = fieldsByPath[path] else {
            throw .unknownField(path, suggestion: Suggestions.closest(to: path, among: paths))
        }
        return field
    }

    // MARK: - Input

    /// Sets a field's value (nil clears it), revalidates it and every field that depends on it.
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func setValue(_ value: Value?, for path: String) throws(FormSessionError) {
        try field(path).setValue(value)
    }

    /// Sets a field from text a user typed (see `FormField.setInput`).
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func setInput(_ text: String, for path: String) throws(FormSessionError) {
        try field(path).setInput(text)
    }

    /// The user entered a field.
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func focus(_ path: String) throws(FormSessionError) {
        try field(path).focus()
    }

    /// The user left a field (see `FormField.blur`).
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func blur(_ path: String) throws(FormSessionError) {
        try field(path).blur()
    }

    func setValue(_ value: Value?, at path: String) {
        record.setValue(value, atPath: path)
        runtime[path]!.isDirty = true
        if policy == .live { runtime[path]!.isLive = true }
        let dependents = dependents(of: path)
        // A field that a `when:` (its own or an enclosing object's) may have brought back or set aside
        // is checked again too: an object's condition names the object, not the fields inside it.
        var seen: Set<String> = []
        let touched = ([path] + dependents + conditionalNodes.map(\.path)).filter { seen.insert($0).inserted }
        revalidate(touched)
        for dependent in dependents where runtime[dependent]!.isTouched && !runtime[dependent]!.syncErrors.isEmpty {
            // A dependent the user has already left shows its new error at once.
            if policy == .onBlurThenLive { runtime[dependent]!.isLive = true }
        }
        scheduleAsync(for: path)
        changed(touched)
    }

    func setInput(_ text: String, at path: String) {
        if text.isEmpty { return setValue(nil, at: path) }
        let value: Value
        switch schema.graph.field(at: path)!.type {
        case .integer: value = Int(text).map(Value.integer) ?? .string(text)
        case .number: value = Double(text).map(Value.number) ?? .string(text)
        case .boolean: value = text == "true" ? .bool(true) : (text == "false" ? .bool(false) : .string(text))
        default: value = .string(text)
        }
        setValue(value, at: path)
    }

    func focus(at path: String) {
        focusedField = path
        changed([])
    }

    func blur(at path: String) {
        if focusedField == path { focusedField = nil }
        runtime[path]!.isTouched = true
        if policy == .onBlurThenLive, !currentErrors(path).isEmpty { runtime[path]!.isLive = true }
        changed([path])
    }

    /// Validates every field and makes every error visible.
    @discardableResult
    public func submit() -> SubmitResult {
        submitAttempted = true
        revalidate(paths)
        for field in paths {
            if policy == .onSubmit {
                runtime[field]!.submittedErrors = currentErrors(field)
            } else {
                runtime[field]!.isLive = true
            }
        }
        changed()
        let blocking = focusOrder.first { !currentErrors($0).isEmpty || runtime[$0]!.isPending }
        return SubmitResult(canSubmit: canSubmit, firstInvalidField: blocking)
    }

    // MARK: - State

    /// Every relevant field is free of errors (async results included).
    public var isValid: Bool {
        fields.allSatisfy { $0.errors.allSatisfy { $0.severity == .warning } }
    }

    /// Valid, with no async check pending.
    public var canSubmit: Bool {
        isValid && !fields.contains { $0.isPending }
    }

    /// The errors to show now, in field order.
    public var visibleErrors: [ValidationIssue] {
        fields.compactMap(\.visibleError)
    }

    /// Works out what each of `paths` (every field by default) shows from the session's state, and sets
    /// what changed: observers of a field hear of its changes only.
    private func publish(_ paths: some Sequence<String>) {
        for path in paths {
            let field = fieldsByPath[path]!
            let state = runtime[path]!
            let relevant = isRelevant(path)
            let errors = relevant ? currentErrors(path) : []
            let visible: ValidationIssue?
            switch policy {
            case .onSubmit: visible = relevant ? state.submittedErrors.first : nil
            default: visible = state.isLive ? errors.first : nil
            }
            field.update(value: record.value(atPath: path), isTouched: state.isTouched, isDirty: state.isDirty, errors: errors,
                         visibleError: visible, isPending: state.isPending, isRelevant: relevant)
        }
    }

    /// Publishes the fields at `paths` (every field when nil), then calls `onChange`.
    private func changed(_ paths: [String]? = nil) {
        publish(paths ?? self.paths)
        onChange?()
    }

    // MARK: - Focus order

    /// The fields a user moves through, in schema order: not hidden, and relevant now.
    public var focusOrder: [String] {
        fields.filter { !$0.isHidden && $0.isRelevant }.map(\.path)
    }

    /// The field after `path` in the focus order (the first when `path` is not in it now); nil after
    /// the last.
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func nextField(after path: String) throws(FormSessionError) -> String? {
        _ = try field(path)
        let order = focusOrder
        guard let index = order.firstIndex(of: path) else { return order.first }
        return index + 1 < order.count ? order[index + 1] : nil
    }

    /// The field before `path` in the focus order; nil for the first, or when `path` is not in it now.
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func previousField(before path: String) throws(FormSessionError) -> String? {
        _ = try field(path)
        let order = focusOrder
        guard let index = order.firstIndex(of: path), index > 0 else { return nil }
        return order[index - 1]
    }

    /// `done` for the last field of the focus order, `next` for the others.
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func returnKeyRole(of path: String) throws(FormSessionError) -> ReturnKeyRole {
        try field(path).returnKeyRole
    }

    // MARK: - Strength meter

    /// The strength of a field that has a `strength` rule (see `FormField.strength`).
    /// - Throws: `FormSessionError.unknownField` when the session has no such field.
    public func strength(of path: String) throws(FormSessionError) -> PasswordStrength? {
        try field(path).strength
    }

    // MARK: - Drafts

    /// The values to save as a draft; `sensitive` fields are left out unless `includingSensitive`.
    public func draft(includingSensitive: Bool = false) -> FormDraft {
        var values: [String: Value] = [:]
        for path in paths {
            guard let value = record.value(atPath: path) else { continue }
            if !includingSensitive, schema.graph.field(at: path)?.isSensitive == true { continue }
            values[path] = value
        }
        return FormDraft(form: schema.name, values: values)
    }

    /// Puts a draft's values back, as a fresh form: nothing is touched, dirty or visible.
    /// - Throws: `FormSessionError.draftOfAnotherForm` when the draft was saved from another form
    ///   (its `form` is not this schema's `name`); the session is then left as it was.
    public func restore(_ draft: FormDraft) throws(FormSessionError) {
        guard draft.form == schema.name else { throw .draftOfAnotherForm(draft: draft.form, session: schema.name) }
        for (path, value) in draft.values where runtime[path] != nil {
            record.setValue(value, atPath: path)
        }
        for path in paths {
            runtime[path]!.task?.cancel()
            runtime[path] = Runtime()
        }
        revalidate(paths)
        for path in draft.values.keys where runtime[path] != nil { scheduleAsync(for: path) }
        changed()
    }

    /// The fields whose async check is waiting for its debounce or running.
    public var pendingFields: [String] {
        fields.filter(\.isPending).map(\.path)
    }

    /// Waits until no async check is pending. With a `ManualClock`, advance it past the debounces first:
    /// a check still waiting on the clock keeps this waiting.
    public func settle() async {
        while let task = paths.lazy.compactMap({ self.runtime[$0]!.task }).first {
            await task.value
            for path in paths where runtime[path]!.task == task { runtime[path]!.task = nil }
        }
    }

    // MARK: - Validation

    private var options: ValidationOptions {
        ValidationOptions(collectAllErrors: false, today: today ?? .today(), locale: locale)
    }

    private func currentErrors(_ path: String) -> [ValidationIssue] {
        guard let state = runtime[path] else { return [] }
        return state.asyncError.map { state.syncErrors + [$0] } ?? state.syncErrors
    }

    private func isRelevant(_ path: String) -> Bool {
        !setAside.contains(path)
    }

    /// The fields whose rules read `path`, directly or through other fields.
    private func dependents(of path: String) -> [String] {
        var found: [String] = []
        var queue = [path]
        while let next = queue.popLast() {
            for dependent in schema.graph.dependents(of: next).map(\.path) where !found.contains(dependent) && dependent != path {
                found.append(dependent)
                queue.append(dependent)
            }
        }
        return found.filter { runtime[$0] != nil }
    }

    /// Validates the record once and gives each of `paths` its issues. The record is validated as the
    /// form shows it: an object field the record lacks (or holds `null` for) counts as an empty object,
    /// so that the inputs inside it are checked, a required ZIP code in an address among them.
    private func revalidate(_ paths: [String]) {
        if !conditionalNodes.isEmpty {
            let relevance = schema.relevance(of: conditionalNodes.map(\.node), in: record)
            setAside = Set(zip(conditionalNodes, relevance).filter { !$0.1 }.map(\.0.path))
        }
        let paths = paths.filter { runtime[$0] != nil }
        var form = record
        for container in containers where form.value(atPath: container).isEmptyFormValue {
            form.setValue(.object(ObjectValue()), atPath: container)
        }
        guard !paths.isEmpty, let reports = schema.validate(fields: paths, in: form, options: options) else { return }
        for (path, report) in zip(paths, reports) { runtime[path]!.syncErrors = report.issues }
    }

    private func refreshAll() {
        revalidate(paths)
        for path in paths {
            if let error = runtime[path]!.asyncError {
                runtime[path]!.asyncError = schema.localized(ValidationReport(issues: [error]), locale: locale ?? schema.sourceLocale).issues[0]
            }
        }
        changed()
    }

    /// Starts (after its debounce) the async checks of a field whose sync rules pass; a newer change
    /// cancels the older check, and a late result for an old value is ignored.
    private func scheduleAsync(for path: String) {
        guard let rules = asyncRules[path] else { return }
        runtime[path]!.task?.cancel()
        runtime[path]!.generation += 1
        runtime[path]!.asyncError = nil
        let generation = runtime[path]!.generation
        guard runtime[path]!.syncErrors.isEmpty, isRelevant(path), let value = record.value(atPath: path), !value.isEmptyFormValue
        else {
            runtime[path]!.isPending = false
            return
        }
        runtime[path]!.isPending = true
        // The debounce counts from this change, whenever the task itself starts.
        let debounce = debounceSleep(rules[0].asyncRule!.debounce)
        let validators = rules.map { (rule: $0, check: asyncValidators[$0.asyncRule!.name]!) }
        runtime[path]!.task = Task { @MainActor [weak self] in
            do {
                try await debounce()
            } catch {
                return
            }
            for (rule, check) in validators {
                guard let self, self.runtime[path]?.generation == generation else { return }
                let verdict = await check(value)
                guard self.runtime[path]?.generation == generation else { return }
                if let failure = self.asyncFailure(rule, verdict, path: path) {
                    self.runtime[path]!.asyncError = failure
                    break
                }
            }
            guard let self, self.runtime[path]?.generation == generation else { return }
            self.runtime[path]!.isPending = false
            if self.policy == .live || (self.policy == .onBlurThenLive && self.runtime[path]!.isTouched) {
                self.runtime[path]!.isLive = true
            }
            self.changed([path])
        }
    }

    /// The issue an async rule's verdict makes, or nil when the value is valid.
    private func asyncFailure(_ rule: CompiledRule, _ verdict: CheckVerdict, path: String) -> ValidationIssue? {
        let locale = LocaleIdentifier.normalized(locale ?? schema.sourceLocale)
        guard let (code, source, parameters) = verdict.issueParts(code: rule.code, message: rule.message, field: path,
                                                                   catalogs: schema.validator.renderer.catalogs, locale: locale)
        else { return nil }
        let message = schema.validator.renderer.render(rule: rule.name, code: code, field: path, labelOverride: nil, source: source,
                                                       parameters: parameters, locale: locale)
        return ValidationIssue(path: ValuePath(path.split(separator: ".").map { .key(String($0)) }), field: path, code: code,
                               rule: rule.name, severity: rule.severity, parameters: parameters, message: message, source: source,
                               labelOverride: nil)
    }
}

/// A session's saved values, to reopen a form later (`Codable`, so any store can keep it).
public struct FormDraft: Codable, Sendable, Equatable {
    /// The form's identifier, to check a draft belongs to the schema it is restored into.
    public var form: String
    /// Values by field path.
    public var values: [String: Value]

    /// A draft of the form named `form`, holding `values`.
    public init(form: String, values: [String: Value]) {
        self.form = form
        self.values = values
    }
}

/// Why a session cannot start, or refuses a draft.
public enum FormSessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The schema has `async: NAME` and no validator was given under that name.
    case unregisteredAsyncValidator(String)
    /// A field was named that the session does not have (a misspelt path, an object field, or a field
    /// of array elements), with the closest of its fields' paths when one is close.
    case unknownField(String, suggestion: String?)
    /// A draft saved from the form `draft` was given to a session of the form `session`.
    case draftOfAnotherForm(draft: String, session: String)
}

extension FormSessionError {
    public var description: String {
        switch self {
        case .unregisteredAsyncValidator(let name): "the schema's async rule '\(name)' has no validator"
        case .unknownField(let path, let suggestion): "the form has no field '\(path)'\(Suggestions.didYouMean(suggestion))"
        case .draftOfAnotherForm(let draft, let session): "a draft of the form '\(draft)' cannot be restored into the form '\(session)'"
        }
    }
}

/// Walks a record along the compiled graph and collects every failure. A class, so that each
/// record's walk shares it rather than copying its parts.
final class Validator: Sendable {
    let graph: ValidatorGraph
    let renderer: MessageRenderer
    /// The issues made for the direct path's failures, for records validated one at a time.
    let issueCache = IssueCache()

    init(graph: ValidatorGraph, catalogs: MessageCatalogs) {
        self.graph = graph
        self.renderer = MessageRenderer(graph: graph, catalogs: catalogs)
    }

    func validate(_ record: Value, options: ValidationOptions) -> ValidationReport {
        var run = Run(validator: self, root: record, options: options)
        guard let object = record.objectValue else {
            run.reportRecordType()
            return ValidationReport(issues: run.issues)
        }
        run.validateMembers(of: object, fields: graph.rootFields, rejectsUnknown: graph.rejectsUnknownRootFields)
        return ValidationReport(issues: run.issues)
    }

    /// The report of the failures the direct path found in a record's JSON, as `validate` would write
    /// it, each issue with where its value is written (`ValidationIssue.written`). A failure always
    /// reads the same under the same options, so `cache` keeps each issue once made.
    func report(for failures: [DirectPlan.Failure], of plan: DirectPlan, options: ValidationOptions, cache: inout IssueTable) -> ValidationReport {
        var run: Run?
        return ValidationReport(issues: failures.map { failure in
            cache.issue(for: failure) { failure in
                if run == nil { run = Run(validator: self, root: .null, options: options) }
                return issue(for: failure, of: plan, in: &run!)
            }.written(at: failure.written)
        })
    }

    /// The report of the failures the direct path found in one record, its issues kept for the
    /// schema's later records (`issueCache`).
    func report(for failures: [DirectPlan.Failure], of plan: DirectPlan, options: ValidationOptions) -> ValidationReport {
        var run: Run?
        let locale = options.locale.map(LocaleIdentifier.normalized) ?? renderer.catalogs.sourceLocale
        return ValidationReport(issues: issueCache.issues(for: failures, locale: locale) { failure in
            if run == nil { run = Run(validator: self, root: .null, options: options) }
            return issue(for: failure, of: plan, in: &run!)
        })
    }

    /// The issue that `validate` writes for the failure, made by `run` (a walk of no record).
    private func issue(for failure: DirectPlan.Failure, of plan: DirectPlan, in run: inout Run) -> ValidationIssue {
        run.issues.removeAll(keepingCapacity: true)
        if failure.isRecordType {
            run.path = []
            run.reportRecordType()
            return run.issues[0]
        }
        if let key = failure.unknownKey {
            run.path = failure.node >= 0 ? graph.valuePath(of: failure.node, elements: failure.elements) : []
            run.reportUnknownMember(key, isSensitive: failure.node >= 0 && graph.nodes[failure.node].isSensitive)
            return run.issues[0]
        }
        let node = graph.nodes[failure.node]
        run.path = graph.valuePath(of: failure.node, elements: failure.elements)
        if let index = failure.rule {
            let rule = plan.reportedRule(index)
            run.reportFailure(rule: rule.name, code: rule.code, severity: rule.severity, source: rule.message,
                              parameters: rule.direct?.parameters ?? [:], verdict: failure.verdict, field: node.path)
        } else {
            run.reportWrongType(node)
        }
        return run.issues[0]
    }

    /// Whether the field at a schema path counts in `record`: every enclosing and own field-level `when:` holds.
    func isRelevant(field path: String, in record: Value, options: ValidationOptions) -> Bool {
        guard var id = graph.node(atPath: path) else { return false }
        let run = Run(validator: self, root: record, options: options)
        while true {
            let node = graph.nodes[id]
            if let relevance = node.relevance {
                let parentPath = node.parent.map { graph.nodes[$0].path }
                let parent = parentPath.flatMap { record.value(atPath: $0)?.objectValue } ?? (node.parent == nil ? record.objectValue : nil)
                if !relevance.holds(in: run.context(parent: parent, valueIsEmpty: false, collectAll: false)) { return false }
            }
            guard let parent = node.parent else { return true }
            id = parent
        }
    }

    /// The report with every message rendered again in `locale`.
    func localized(_ report: ValidationReport, locale: String) -> ValidationReport {
        let locale = LocaleIdentifier.normalized(locale)
        return ValidationReport(issues: report.issues.map { issue in
            issue.withMessage(renderer.render(rule: issue.rule, code: issue.code, field: issue.field, labelOverride: issue.labelOverride,
                                              source: issue.source, parameters: issue.parameters, locale: locale))
        })
    }

    /// The state of one record's walk.
    struct Run {
        let validator: Validator
        let root: Value
        let options: ValidationOptions
        var path: [ValuePath.Component] = []
        var issues: [ValidationIssue] = []
        let locale: String

        init(validator: Validator, root: Value = .null, options: ValidationOptions) {
            self.validator = validator
            self.root = root
            self.options = options
            self.locale = options.locale.map(LocaleIdentifier.normalized) ?? validator.renderer.catalogs.sourceLocale
        }

        /// Checks the declared members of `object`, then (when `rejectsUnknown`) reports the others; in a
        /// sensitive object an unknown member is named `*` in its path and `***` in its message.
        mutating func validateMembers(of object: ObjectValue, fields: [Int], rejectsUnknown: Bool, isSensitive: Bool = false) {
            for id in fields {
                let node = validator.graph.nodes[id]
                path.append(.key(node.key))
                validateField(id, value: object[node.key], parent: object)
                path.removeLast()
            }
            guard rejectsUnknown else { return }
            let known = Set(fields.map { validator.graph.nodes[$0].key })
            for key in object.keys where !known.contains(key) {
                reportUnknownMember(key, isSensitive: isSensitive)
            }
        }

        /// Reports the member `key` of the object at `path`, which the object does not declare.
        mutating func reportUnknownMember(_ key: String, isSensitive: Bool) {
            path.append(.key(isSensitive ? "*" : key))
            report(rule: "unknownField", code: "unknownField", severity: .error, source: .catalogs, parameters: [:],
                   field: "", labelOverride: isSensitive ? "***" : key)
            path.removeLast()
        }

        mutating func validateField(_ id: Int, value: Value?, parent: ObjectValue?) {
            let node = validator.graph.nodes[id]
            if let relevance = node.relevance, !relevance.holds(in: context(parent: parent, valueIsEmpty: false, collectAll: false)) {
                return
            }
            let isEmpty = value.isEmptyFormValue
            if !isEmpty, let value, !node.type.accepts(value) {
                reportWrongType(node)
                return
            }
            let collectAll = node.collectsAllErrors || options.collectAllErrors
            let context = context(parent: parent, valueIsEmpty: isEmpty, collectAll: collectAll)
            var failures: [RuleFailure] = []
            RuleChain.evaluate(node.rules, on: value, in: context, stopAtFirst: !collectAll, into: &failures)
            for failure in failures {
                reportFailure(rule: failure.rule, code: failure.code, severity: failure.severity, source: failure.message,
                              parameters: failure.parameters, verdict: failure.verdict, field: node.path)
            }
            guard !isEmpty else { return }
            switch value {
            case .object(let object)? where node.type == .object:
                validateMembers(of: object, fields: node.children, rejectsUnknown: node.rejectsUnknownFields && !node.children.isEmpty,
                                isSensitive: node.isSensitive)
            case .array(let elements)? where node.items != nil:
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    validateField(node.items!, value: element, parent: parent)
                    path.removeLast()
                }
            default:
                break
            }
        }

        /// Reports a record that is not an object.
        mutating func reportRecordType() {
            report(rule: "recordType", code: "type", severity: .error, source: .key("recordType"),
                   parameters: ["expected": .string("object")], field: "")
        }

        mutating func reportWrongType(_ node: FieldNode) {
            report(rule: "type", code: "type", severity: .error, source: .catalogs,
                   parameters: ["expected": .string(node.type.rawValue)], field: node.path)
        }

        func context(parent: ObjectValue?, valueIsEmpty: Bool, collectAll: Bool) -> EvaluationContext {
            EvaluationContext(parent: parent, root: root, today: options.today, valueIsEmpty: valueIsEmpty, collectsAllErrors: collectAll)
        }

        mutating func report(
            rule: String, code: String, severity: Severity, source: MessageSource, parameters: MessageParameters,
            field: String, labelOverride: String? = nil
        ) {
            let text = validator.renderer.render(rule: rule, code: code, field: field, labelOverride: labelOverride, source: source,
                                                 parameters: parameters, locale: locale)
            issues.append(ValidationIssue(path: ValuePath(path), field: field, code: code, rule: rule, severity: severity,
                                          parameters: parameters, message: text, source: source, labelOverride: labelOverride))
        }

        /// Reports a rule's failure; an app's check that said why (`verdict`) gives its code, message
        /// and parameters in place of the rule's.
        mutating func reportFailure(
            rule: String, code: String, severity: Severity, source: MessageSource, parameters: MessageParameters, verdict: CheckVerdict?,
            field: String
        ) {
            guard let verdict,
                let parts = verdict.issueParts(code: code, message: source, field: field, catalogs: validator.renderer.catalogs, locale: locale)
            else {
                return report(rule: rule, code: code, severity: severity, source: source, parameters: parameters, field: field)
            }
            report(rule: rule, code: parts.code, severity: severity, source: parts.message, parameters: parts.parameters, field: field)
        }
    }
}

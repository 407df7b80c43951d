/// Makes the issues of the failures the engine (`DirectPlan`) finds: their paths, codes, parameters
/// and messages. A class, so that every record's report shares it rather than copying its parts.
final class Validator: Sendable {
    let graph: ValidatorGraph
    let renderer: MessageRenderer
    /// The issues made for the engine's failures, for records validated one at a time.
    let issueCache = IssueCache()

    init(graph: ValidatorGraph, catalogs: MessageCatalogs) {
        self.graph = graph
        self.renderer = MessageRenderer(graph: graph, catalogs: catalogs)
    }

    /// The report of the failures the engine found in a record's JSON, each issue with where its value
    /// is written (`ValidationIssue.written`). A failure always reads the same under the same options,
    /// so `cache` keeps each issue once made.
    func report(
        for failures: [DirectPlan.Failure], of plan: DirectPlan, options: ValidationOptions, cache: inout IssueTable,
        in storage: consuming [ValidationIssue] = []
    ) -> ValidationReport {
        var run: Run?
        var issues = storage
        issues.reserveCapacity(failures.count)
        for failure in failures {
            issues.append(cache.issue(for: failure) { failure in
                if run == nil { run = Run(validator: self, options: options) }
                return issue(for: failure, of: plan, in: &run!)
            }.written(at: failure.written))
        }
        return ValidationReport(issues: issues)
    }

    /// The report of the failures the engine found in one record, its issues kept for the
    /// schema's later records (`issueCache`).
    func report(for failures: [DirectPlan.Failure], of plan: DirectPlan, options: ValidationOptions) -> ValidationReport {
        var run: Run?
        let locale = options.locale.map(LocaleIdentifier.normalized) ?? renderer.catalogs.sourceLocale
        return ValidationReport(issues: issueCache.issues(for: failures, locale: locale) { failure in
            if run == nil { run = Run(validator: self, options: options) }
            return issue(for: failure, of: plan, in: &run!)
        })
    }

    /// The issue of the failure, made by `run`.
    private func issue(for failure: DirectPlan.Failure, of plan: DirectPlan, in run: inout Run) -> ValidationIssue {
        run.issues.empty()
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
                              parameters: rule.direct.parameters, verdict: failure.verdict, field: node.path)
        } else {
            run.reportWrongType(node)
        }
        return run.issues[0]
    }

    /// The report with every message rendered again in `locale`.
    func localized(_ report: ValidationReport, locale: String) -> ValidationReport {
        let locale = LocaleIdentifier.normalized(locale)
        return ValidationReport(issues: report.issues.map { issue in
            issue.withMessage(renderer.render(rule: issue.rule, code: issue.code, field: issue.field, labelOverride: issue.labelOverride,
                                              source: issue.source, parameters: issue.parameters, locale: locale))
        })
    }

    /// Where issues are made: the path of the value at hand, and the issues made so far.
    struct Run {
        let validator: Validator
        let options: ValidationOptions
        var path: [ValuePath.Component] = []
        var issues: [ValidationIssue] = []
        let locale: String

        init(validator: Validator, options: ValidationOptions) {
            self.validator = validator
            self.options = options
            self.locale = options.locale.map(LocaleIdentifier.normalized) ?? validator.renderer.catalogs.sourceLocale
        }

        /// Reports the member `key` of the object at `path`, which the object does not declare.
        mutating func reportUnknownMember(_ key: String, isSensitive: Bool) {
            path.append(.key(isSensitive ? "*" : key))
            report(rule: "unknownField", code: "unknownField", severity: .error, source: .catalogs, parameters: [:],
                   field: "", labelOverride: isSensitive ? "***" : key)
            path.removeLast()
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

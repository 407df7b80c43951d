/// Runs an ordered list of rules: the field's chain and every nested list (`allOf`, `then`, `else`).
enum RuleChain {
    /// Appends the failures of `rules` on `value`; with `stopAtFirst`, stops after the first failing error.
    /// On an empty value only rules that run on empty values (presence rules) are tried.
    static func evaluate(
        _ rules: [CompiledRule], on value: Value?, in context: EvaluationContext, stopAtFirst: Bool,
        into failures: inout [RuleFailure]
    ) {
        for rule in rules where rule.runsOnEmpty || !context.valueIsEmpty {
            switch rule.check(value, context) {
            case .pass:
                continue
            case .fail(let parameters):
                failures.append(rule.failure(parameters))
                if stopAtFirst, rule.severity == .error { return }
            case .failsWith(let verdict):
                failures.append(rule.failure([:], verdict: verdict))
                if stopAtFirst, rule.severity == .error { return }
            case .failures(let nested):
                failures.append(contentsOf: nested)
                if stopAtFirst, nested.contains(where: { $0.severity == .error }) { return }
            }
        }
    }

    /// Whether every rule passes (warnings count as passing).
    static func passes(_ rules: [CompiledRule], on value: Value?, in context: EvaluationContext) -> Bool {
        var failures: [RuleFailure] = []
        evaluate(rules, on: value, in: context, stopAtFirst: true, into: &failures)
        return !failures.contains { $0.severity == .error }
    }
}

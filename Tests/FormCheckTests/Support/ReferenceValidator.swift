@testable import FormCheck

/// The baseline the engine is checked against, as rust-lang/regex checks its engines against a slow
/// and simple one: a walk of a `Value` tree along the compiled graph, in which every rule's lowered
/// test (`DirectRule`, `DirectCheck`, `DirectCondition`) is given its meaning again, on `Value`s, in the
/// plainest terms. It shares with the engine only the compiled schema (and the closures a lowered test
/// carries) and the making of issues; what a test means is stated here apart.
struct ReferenceValidator {
    let validator: Validator
    let options: ValidationOptions

    var graph: ValidatorGraph { validator.graph }

    /// The report on `record`, issues in the order the engine gives them.
    func validate(_ record: Value) -> ValidationReport {
        var walk = Walk(reference: self, root: record)
        guard let object = record.objectValue else {
            walk.run.reportRecordType()
            return ValidationReport(issues: walk.run.issues)
        }
        walk.validateMembers(of: object, fields: graph.rootFields, rejectsUnknown: graph.rejectsUnknownRootFields)
        return ValidationReport(issues: walk.run.issues)
    }

    /// One record's walk.
    private struct Walk {
        let reference: ReferenceValidator
        let root: Value
        var run: Validator.Run

        init(reference: ReferenceValidator, root: Value) {
            self.reference = reference
            self.root = root
            run = Validator.Run(validator: reference.validator, options: reference.options)
        }

        var graph: ValidatorGraph { reference.graph }

        mutating func validateMembers(of object: ObjectValue, fields: [Int], rejectsUnknown: Bool, isSensitive: Bool = false) {
            for id in fields {
                let node = graph.nodes[id]
                run.path.append(.key(node.key))
                validateField(id, value: object[node.key], parent: object)
                run.path.removeLast()
            }
            guard rejectsUnknown else { return }
            let known = Set(fields.map { graph.nodes[$0].key })
            for key in object.keys where !known.contains(key) {
                run.reportUnknownMember(key, isSensitive: isSensitive)
            }
        }

        /// An element of an array is checked with the object around the array as its parent: its rules'
        /// sibling fields are the array's.
        mutating func validateField(_ id: Int, value: Value?, parent: ObjectValue?) {
            let node = graph.nodes[id]
            let place = Place(node: id, parent: parent)
            if let relevance = node.relevance, !holds(relevance.direct(), at: place) { return }
            let isEmpty = value.isEmptyFormValue
            if !isEmpty, let value, !node.type.accepts(value) {
                run.reportWrongType(node)
                return
            }
            let collectsAll = node.collectsAllErrors || reference.options.collectAllErrors
            var failures: [Failure] = []
            evaluate(node.rules, on: value, isEmpty: isEmpty, at: place, stopAtFirst: !collectsAll, collectsAll: collectsAll, into: &failures)
            for failure in failures {
                run.reportFailure(rule: failure.rule.name, code: failure.rule.code, severity: failure.rule.severity, source: failure.rule.message,
                                  parameters: failure.rule.direct.parameters, verdict: failure.verdict, field: node.path)
            }
            guard !isEmpty else { return }
            switch value {
            case .object(let object)? where node.type == .object:
                validateMembers(of: object, fields: node.children, rejectsUnknown: node.rejectsUnknownFields && !node.children.isEmpty,
                                isSensitive: node.isSensitive)
            case .array(let elements)? where node.items != nil:
                for (index, element) in elements.enumerated() {
                    run.path.append(.index(index))
                    validateField(node.items!, value: element, parent: parent)
                    run.path.removeLast()
                }
            default:
                break
            }
        }

        /// A failed rule, and what an app's check said of it.
        struct Failure {
            let rule: CompiledRule
            var verdict: CheckVerdict?
        }

        /// Where a rule runs: its field, and the object its sibling references read from.
        struct Place {
            let node: Int
            let parent: ObjectValue?
        }

        /// Appends the failures of a chain; with `stopAtFirst`, stops at the first failing error.
        func evaluate(
            _ rules: [CompiledRule], on value: Value?, isEmpty: Bool, at place: Place, stopAtFirst: Bool, collectsAll: Bool,
            into failures: inout [Failure]
        ) {
            for rule in rules where rule.runsOnEmpty || !isEmpty {
                let nested: [CompiledRule]
                switch rule.direct.form {
                case .allOf(let rules):
                    nested = rules
                case .when(let condition, let then, let otherwise):
                    nested = holds(condition, at: place) ? then : otherwise
                default:
                    var verdict: CheckVerdict?
                    guard !passes(rule, on: value, isEmpty: isEmpty, at: place, verdict: &verdict) else { continue }
                    failures.append(Failure(rule: rule, verdict: verdict))
                    if stopAtFirst, rule.severity == .error { return }
                    continue
                }
                // A nested chain's failures are reported as they are, with the field's collect mode.
                var inner: [Failure] = []
                evaluate(nested, on: value, isEmpty: isEmpty, at: place, stopAtFirst: !collectsAll, collectsAll: collectsAll, into: &inner)
                failures += inner
                if stopAtFirst, inner.contains(where: { $0.rule.severity == .error }) { return }
            }
        }

        /// Whether a rule that fails as a whole passes; a rule that is its own check says why it failed.
        func passes(_ rule: CompiledRule, on value: Value?, isEmpty: Bool, at place: Place, verdict: inout CheckVerdict?) -> Bool {
            switch rule.direct.form {
            case .checks(let checks):
                return checks.allSatisfy { passes($0, on: value, isEmpty: isEmpty, at: place) }
            case .anyOf(let rules):
                return rules.contains { chainPasses([$0], on: value, isEmpty: isEmpty, at: place) }
            case .not(let rule):
                return !chainPasses([rule], on: value, isEmpty: isEmpty, at: place)
            case .own(let readsRecord, let check):
                switch check(value, readsRecord ? root : .null) {
                case .pass: return true
                case .fail(let parameters): verdict = .invalid(parameters: parameters)
                case .failsWith(let said): verdict = said
                }
                return false
            case .allOf, .when:
                preconditionFailure("a nested chain reports its own failures")
            }
        }

        /// Whether no rule of the chain fails with an error (warnings pass), stopping at the first.
        func chainPasses(_ rules: [CompiledRule], on value: Value?, isEmpty: Bool, at place: Place) -> Bool {
            var failures: [Failure] = []
            evaluate(rules, on: value, isEmpty: isEmpty, at: place, stopAtFirst: true, collectsAll: false, into: &failures)
            return !failures.contains { $0.rule.severity == .error }
        }

        /// What each lowered check means, on a `Value`.
        func passes(_ check: DirectCheck, on value: Value?, isEmpty: Bool, at place: Place) -> Bool {
            switch check {
            case .present:
                return !isEmpty
            case .isTrue:
                return value == .bool(true)
            case .length(let min, let max):
                guard case .string(let text)? = value else { return true }
                return (min...max).contains(text.count)
            case .pattern(let expression, let mustMatch):
                guard case .string(let text)? = value else { return true }
                return expression.matches(text) == mustMatch
            case .text(let test, _, let mustMatch):
                guard case .string(let text)? = value else { return true }
                return test(text) == mustMatch
            case .format(let format):
                guard case .string(let text)? = value else { return true }
                return format.matches(text)
            case .date(let comparand, let test):
                guard case .string(let text)? = value, let date = LocalDate(iso8601: text) else { return true }
                switch comparand {
                case .literal(let limit): return test(date, limit)
                case .today: return test(date, reference.options.today)
                case .node(let other):
                    guard case .string(let text)? = self.value(of: other, from: place), let limit = LocalDate(iso8601: text) else { return true }
                    return test(date, limit)
                }
            case .scalar(let other, let test):
                guard let value else { return true }
                return test(value, other.flatMap { self.value(of: $0, from: place) })
            case .order(let limit, let allowed):
                guard let value, let order = NumericOrder.compare(value, limit) else { return true }
                return allowed & (1 << UInt8(order + 1)) != 0
            case .choices(let strings, let numbers, let mustBeIn):
                guard let value else { return true }
                return (strings.map(Value.string) + numbers).contains(value) == mustBeIn
            case .equality(let other, let mustEqual):
                return (value == self.value(of: other, from: place)) == mustEqual
            case .itemCount(let min, let max):
                guard case .array(let elements)? = value else { return true }
                return (min...max).contains(elements.count)
            case .uniqueItems:
                guard case .array(let elements)? = value else { return true }
                return Set(elements).count == elements.count
            case .requiredWhen(let condition):
                return !(isEmpty && holds(condition, at: place))
            }
        }

        /// Whether any of the condition's fields passes its test (with `negated`, none).
        func holds(_ condition: DirectCondition, at place: Place) -> Bool {
            let anyPasses = condition.nodes.contains { node in
                let value = self.value(of: node, from: place)
                switch condition.test {
                case .isIn(let choices): return value.map(choices.contains) ?? false
                case .isFilled: return !value.isEmptyFormValue
                case .isEmpty: return value.isEmptyFormValue
                }
            }
            return anyPasses != condition.negated
        }

        /// The value of the field `node` that a rule at `place` reads: a sibling in the object around
        /// it, else a field reached from the record's root.
        func value(of node: Int, from place: Place) -> Value? {
            if graph.nodes[node].parent == siblingScope(of: place.node) { return place.parent?[graph.nodes[node].key] }
            var keys: [String] = []
            var current: Int? = node
            while let id = current {
                keys.append(graph.nodes[id].key)
                current = graph.nodes[id].parent
            }
            var value: Value? = root
            for key in keys.reversed() { value = value?[key] }
            return value
        }

        /// The object node whose fields count as siblings of `node` (-1 for the record), past `items` templates.
        func siblingScope(of node: Int) -> Int? {
            var current = node
            while let parent = graph.nodes[current].parent {
                if graph.nodes[parent].type == .object { return parent }
                current = parent
            }
            return nil
        }

    }
}

extension FormSchema {
    /// The baseline's report on `record` (see `ReferenceValidator`).
    func referenceReport(_ record: Value, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        ReferenceValidator(validator: validator, options: options).validate(record)
    }
}

import Testing
@testable import FormCheck

/// Compiles a schema from text, failing the test with its diagnostics when it does not compile.
func compile(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> FormSchema {
    do {
        return try FormSchema(text: text, name: "test.yaml")
    } catch {
        Issue.record("schema did not compile:\n\(error.description)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The rendered diagnostics of a schema that must not compile.
func diagnostics(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        _ = try FormSchema(text: text, name: "test.yaml")
        Issue.record("schema compiled but should not have", sourceLocation: sourceLocation)
        return ""
    } catch {
        return error.description
    }
}

/// A one-field schema: `type` and the YAML of its rule list.
func fieldSchema(type: String, rules: String, extra: String = "") -> String {
    """
    formcheck: 1
    form: test
    fields:
      value:
        type: \(type)
        label: Value
        rules: \(rules)
    \(extra)
    """
}

let fixedToday = LocalDate(year: 2025, month: 6, day: 15)!

/// `code: message` for each issue, the compact form the rule tests compare.
func issues(_ schema: FormSchema, _ record: Value, allErrors: Bool = false) -> [String] {
    schema.validate(record, options: ValidationOptions(collectAllErrors: allErrors, today: fixedToday)).issues.map {
        "\($0.path) \($0.code): \($0.message)"
    }
}

/// Whether this build reads YAML: the package trait `YAML`, on by default.
#if YAML
let readsYAML = true
#else
let readsYAML = false
#endif

extension Trait where Self == ConditionTrait {
    /// For tests whose schemas, catalogs or records are YAML, which a build without the `YAML` trait refuses.
    static var needsYAML: Self { .enabled(if: readsYAML, "reads YAML, which needs the package trait YAML") }
}

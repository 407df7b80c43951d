import Testing
@testable import FormCheck

/// Every kind of schema mistake, compared as the exact text a user sees.
@Suite(.needsYAML) struct CompileDiagnosticTests {
    @Test func unknownRuleSuggestsTheClosestName() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[requird]")) == """
            test.yaml:7:13: error: unknown rule 'requird'; did you mean 'required'?
                rules: [requird]
                        ^

            """)
    }

    @Test func unknownRuleWithoutACloseName() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[frobnicate]")) == """
            test.yaml:7:13: error: unknown rule 'frobnicate'
                rules: [frobnicate]
                        ^

            """)
    }

    @Test func unknownKeys() {
        #expect(diagnostics("""
            formcheck: 1
            titel: Sign up
            fields:
              name: { type: string, lable: Name }
            """) == """
            test.yaml:2:1: error: unknown schema key 'titel'; did you mean 'title'?
            titel: Sign up
            ^
            test.yaml:4:25: error: unknown field key 'lable'; did you mean 'label'?
              name: { type: string, lable: Name }
                                    ^

            """)
    }

    @Test func unknownArgumentAndOptionTypos() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ minLength: { value: 3, mesage: Short } }]")) == """
            test.yaml:7:38: error: unknown argument 'mesage' for rule 'minLength'; did you mean 'message'?; it takes 'value'
                rules: [{ minLength: { value: 3, mesage: Short } }]
                                                 ^

            """)
    }

    @Test func wrongArgumentTypes() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ minLength: ten }, { startsWith: [a] }]")) == """
            test.yaml:7:26: error: the argument of 'minLength' must be a whole number of 0 or more, not a string
                rules: [{ minLength: ten }, { startsWith: [a] }]
                                     ^
            test.yaml:7:47: error: the argument of 'startsWith' must be text, not a list
                rules: [{ minLength: ten }, { startsWith: [a] }]
                                                          ^

            """)
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ between: { min: 1, max: x } }]")) == """
            test.yaml:7:39: error: 'max' of 'between' must be a number, not a string
                rules: [{ between: { min: 1, max: x } }]
                                                  ^

            """)
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ oneOf: [1, 2] }]")) == """
            test.yaml:7:23: error: the argument of 'oneOf' must be a string value, not a number
                rules: [{ oneOf: [1, 2] }]
                                  ^

            """)
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ oneOf: [a, 2] }]")) == """
            test.yaml:7:23: error: the argument of 'oneOf' must be an integer value, not a string
                rules: [{ oneOf: [a, 2] }]
                                  ^

            """)
    }

    @Test func missingArguments() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[minLength]")) == """
            test.yaml:7:13: error: rule 'minLength' needs an argument, such as 'minLength: 2'
                rules: [minLength]
                        ^

            """)
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ between: { min: 1 } }]")) == """
            test.yaml:7:15: error: rule 'between' needs the argument 'max'
                rules: [{ between: { min: 1 } }]
                          ^

            """)
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ required: true }]")) == """
            test.yaml:7:25: error: rule 'required' takes no argument; write it as '- required'
                rules: [{ required: true }]
                                    ^

            """)
    }

    @Test func ruleThatDoesNotApplyToTheFieldType() {
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ minLength: 2 }]")) == """
            test.yaml:7:15: error: rule 'minLength' does not apply to integer field 'value'; it applies to string fields
                rules: [{ minLength: 2 }]
                          ^

            """)
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ min: 2 }]")) == """
            test.yaml:7:15: error: rule 'min' does not apply to string field 'value'; it applies to integer or number fields
                rules: [{ min: 2 }]
                          ^

            """)
    }

    @Test func invalidRegularExpression() {
        #expect(diagnostics(fieldSchema(type: "string", rules: #"[{ pattern: "([a-z" }]"#)) == """
            test.yaml:7:26: error: invalid pattern for 'pattern': '[' is never closed
                rules: [{ pattern: "([a-z" }]
                                     ^

            """)
    }

    /// Repetition counts that are not plain digits in order are diagnostics at the count, never a matcher.
    @Test(arguments: [
        ("a{-1}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{2,-1}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{+2}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{-1,}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("{3,2}", 0, "'{' has nothing to repeat; write \\{ for the character"),
        ("x{3,2}", 1, "the count {3,2} has its minimum above its maximum"),
    ])
    func invalidRepetitionCount(pattern: String, offset: Int, message: String) {
        let caret = String(repeating: " ", count: 24 + offset)
        #expect(diagnostics(fieldSchema(type: "string", rules: #"[{ pattern: "\#(pattern)" }]"#)) == """
            test.yaml:7:\(25 + offset): error: invalid pattern for 'pattern': \(message)
                rules: [{ pattern: "\(pattern)" }]
            \(caret)^

            """)
    }

    /// A construct that needs backtracking is reported at its place in the pattern when the schema
    /// spells the pattern verbatim on one line (plain or quoted without escapes), else at the pattern.
    @Test(arguments: [
        (#"[{ pattern: (a)\1 }]"#, 27), (#"[{ pattern: '(a)\1' }]"#, 28), (#"[{ notPattern: "x(?=y)" }]"#, 29),
        (#"[{ pattern: "(a)\\1" }]"#, 24), (#"[{ pattern: 'it''s(a)\1' }]"#, 24), (#"[{ pattern: !!str (a)\1 }]"#, 24),
        // Characters beyond ASCII count one column each, as libyaml counts them.
        (#"[{ pattern: 'éñ(a)\1' }]"#, 30), (#"[{ pattern: ü(a)\1 }]"#, 28),
    ])
    func patternNeedingBacktracking(rules: String, column: Int) {
        let rule = rules.contains("notPattern") ? "notPattern" : "pattern"
        let message = rule == "pattern"
            ? "backreferences need backtracking and are not supported; repeat the group's pattern instead"
            : "lookahead needs backtracking and is not supported; match the text itself, or check each condition with its own rule (pattern or notPattern)"
        #expect(diagnostics(fieldSchema(type: "string", rules: rules)) == """
            test.yaml:7:\(column): error: invalid pattern for '\(rule)': \(message)
                rules: \(rules)
            \(String(repeating: " ", count: column - 1))^

            """)
    }

    @Test func lowerBoundAboveUpperBound() {
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ min: 10 }, { max: 5 }]")) == """
            test.yaml:7:28: error: 'min' (10) is greater than 'max' (5), so no value can pass
                rules: [{ min: 10 }, { max: 5 }]
                                       ^

            """)
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ maxLength: 2 }, { minLength: 3 }]")) == """
            test.yaml:7:33: error: 'minLength' (3) is greater than 'maxLength' (2), so no value can pass
                rules: [{ maxLength: 2 }, { minLength: 3 }]
                                            ^

            """)
        #expect(diagnostics(fieldSchema(type: "integer", rules: "[{ between: { min: 5, max: 1 } }]")) == """
            test.yaml:7:15: error: 'min' (5) is greater than 'max' (1) in 'between', so no value can pass
                rules: [{ between: { min: 5, max: 1 } }]
                          ^

            """)
    }

    @Test func referenceToAMissingField() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              password: { type: string }
              confirm: { type: string, rules: [{ sameAs: pasword }] }
            """) == """
            test.yaml:4:46: error: no field 'pasword' at the top of the form; did you mean 'password'?; write '/a/b' for a path from the root
              confirm: { type: string, rules: [{ sameAs: pasword }] }
                                                         ^

            """)
        #expect(diagnostics("""
            formcheck: 1
            fields:
              email: { type: string }
              other: { type: string, rules: [{ sameAs: /emial }] }
            """) == """
            test.yaml:4:44: error: no field '/emial' in this form; did you mean '/email'?
              other: { type: string, rules: [{ sameAs: /emial }] }
                                                       ^

            """)
    }

    @Test func fieldReferencingItself() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              a: { type: string, rules: [{ differentFrom: a }] }
            """) == """
            test.yaml:3:47: error: field 'a' cannot reference itself
              a: { type: string, rules: [{ differentFrom: a }] }
                                                          ^

            """)
    }

    @Test func duplicateField() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              email: { type: string }
              email: { type: string }
            """) == """
            test.yaml:4:3: error: duplicate field 'email'
              email: { type: string }
              ^
            test.yaml:3:3: note: 'email' is first declared here
              email: { type: string }
              ^

            """)
    }

    @Test func comparingIncompatibleFields() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              age: { type: integer }
              name: { type: string, rules: [{ sameAs: age }] }
              start: { type: string }
              end: { type: date, rules: [{ after: { field: start } }] }
            """) == """
            test.yaml:4:35: error: 'sameAs' compares string field 'name' with integer field 'age'
              name: { type: string, rules: [{ sameAs: age }] }
                                              ^
            test.yaml:6:32: error: 'after' compares with date fields, but 'start' is a string field
              end: { type: date, rules: [{ after: { field: start } }] }
                                           ^

            """)
    }

    @Test func yamlSyntaxErrorWithContext() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              a:
                type: string
               rules: [required]
            """) == """
            test.yaml:5:4: error: invalid YAML: did not find expected key
               rules: [required]
               ^
            test.yaml:3:3: note: while parsing a block mapping
              a:
              ^

            """)
    }

    @Test func documentLevelMistakes() {
        #expect(diagnostics("") == """
            test.yaml:1:1: error: the schema is empty; it needs at least 'formcheck: 1' and 'fields'

            """)
        #expect(diagnostics("- a\n- b\n") == """
            test.yaml:1:1: error: a schema is a mapping with the keys 'formcheck', 'form' and 'fields', not a list
            - a
            ^

            """)
        #expect(diagnostics("formcheck: 2\nfields:\n  a: string\n") == """
            test.yaml:1:12: error: unsupported schema language version; this formcheck reads 'formcheck: 1'
            formcheck: 2
                       ^

            """)
        #expect(diagnostics("form: x\n") == """
            test.yaml:1:1: error: missing 'formcheck: 1', the schema language version
            form: x
            ^
            test.yaml:1:1: error: missing 'fields', the mapping of the form's fields
            form: x
            ^

            """)
    }

    /// Field names: letters of any script, ASCII digits, '_' and '-'; not ASCII punctuation, other digits, or marks alone.
    @Test func fieldNames() throws {
        for name in ["zoë", "Ñame_2", "名前", "a-b", "_x", "Zz09"] {
            #expect(try FormSchema(text: "formcheck: 1\nfields:\n  \(name): { type: string }\n").graph.nodes.map(\.path) == [name])
        }
        for name in ["a.b", "a@b", "a b", "x١", "-x", "9x", "a\u{301}", "a~", "a`", "a[b"] {
            #expect(diagnostics("formcheck: 1\nfields:\n  \"\(name)\": { type: string }\n").contains(
                "field name '\(name)' may only contain letters, digits, '_' and '-', and must not start with a digit or '-'"), "\(name)")
        }
    }

    @Test func fieldMistakes() {
        #expect(diagnostics("""
            formcheck: 1
            fields:
              a: { label: A }
              b: { type: strng }
              c: { type: string, items: { type: string } }
              1x: { type: string }
              d: { type: string, collect: some }
              e: { type: integer, fields: { f: { type: string } } }
            """) == """
            test.yaml:3:3: error: field 'a' has no 'type'; add one of: string, integer, number, boolean, date, object, array
              a: { label: A }
              ^
            test.yaml:4:14: error: unknown type 'strng'; did you mean 'string'?
              b: { type: strng }
                         ^
            test.yaml:5:22: error: 'items' applies to array fields; 'c' is a string field
              c: { type: string, items: { type: string } }
                                 ^
            test.yaml:6:3: error: field name '1x' may only contain letters, digits, '_' and '-', and must not start with a digit or '-'
              1x: { type: string }
              ^
            test.yaml:7:31: error: 'collect' must be 'first' or 'all'
              d: { type: string, collect: some }
                                          ^
            test.yaml:8:23: error: 'fields' applies to object fields; 'e' is an integer field
              e: { type: integer, fields: { f: { type: string } } }
                                  ^

            """)
    }

    @Test func twoRulesInOneItem() {
        #expect(diagnostics(fieldSchema(type: "string", rules: "[{ minLength: 2, maxLength: 5 }]")) == """
            test.yaml:7:29: error: 'maxLength' is a rule of its own; give it its own list item ('- maxLength: ...')
                rules: [{ minLength: 2, maxLength: 5 }]
                                        ^

            """)
    }

    @Test func everyMistakeIsReportedTogetherInSourceOrder() {
        let text = diagnostics("""
            formcheck: 1
            fields:
              a: { type: string, rules: [requird, { minLength: x }] }
              b: { type: integer, rules: [email] }
            """)
        let headers = text.split(separator: "\n").filter { $0.hasPrefix("test.yaml:") }
        #expect(headers == [
            "test.yaml:3:30: error: unknown rule 'requird'; did you mean 'required'?",
            "test.yaml:3:52: error: the argument of 'minLength' must be a whole number of 0 or more, not a string",
            "test.yaml:4:31: error: rule 'email' does not apply to integer field 'b'; it applies to string fields",
        ])
    }

    @Test func tabsInTheQuotedLineKeepTheCaretAligned() {
        #expect(diagnostics("formcheck: 1\nfields: {\ta: { type: nope } }\n") == """
            test.yaml:2:22: error: unknown type 'nope'
            fields: {    a: { type: nope } }
                                    ^

            """)
    }

    /// A repeated option of a rule is reported, and its last value counts (so its mistakes are reported too).
    @Test func aRepeatedRuleOptionIsReportedAndTheLastCounts() {
        #expect(diagnostics(fieldSchema(type: "string", rules: #"[{ minLength: 2, code: ok, code: "a b" }]"#)) == """
            test.yaml:7:39: error: duplicate key 'code'
                rules: [{ minLength: 2, code: ok, code: "a b" }]
                                                  ^
            test.yaml:7:45: error: 'code' must be a non-empty word without spaces
                rules: [{ minLength: 2, code: ok, code: "a b" }]
                                                        ^

            """)
    }
}

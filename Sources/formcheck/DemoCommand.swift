import ArgumentParser
import FormCheck
import Foundation

/// `formcheck demo SCHEMA --script FILE`: replays edits, blurs and submits on a live `FormSession`
/// and prints what a user would see after each step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay a scripted sequence of edits, blurs and submits on a live form and print its visible state.",
        discussion: """
            The script is YAML: optional 'policy', optional 'async' (for each async rule name, the values it rejects), \
            and 'steps', each one of: { input: FIELD, value: TEXT }, { blur: FIELD }, { focus: FIELD }, { wait: MILLISECONDS }, submit. \
            Without --script, SCHEMA's sibling NAME.demo.yaml is used.
            """)

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: "The script to replay (default: the schema's NAME.demo.yaml).")
    var script: String?

    @Option(help: "The locale of the messages.")
    var locale: String?

    @OptionGroup var schemaSize: SchemaSizeOption

    @Option(help: ArgumentHelp("The date that 'today', minAge and maxAge use.", valueName: "YYYY-MM-DD"))
    var today: String?

    func validate() throws {
        if let locale, !LocaleIdentifier.isValid(locale) {
            throw ValidationError("--locale must be a locale identifier such as en, fr or pt-BR.")
        }
    }

    @MainActor
    func run() async throws {
        let compiled = try SchemaLoader.load(schema, assumeCustomPass: true, maxFileSize: schemaSize.maxSchemaSize)
        SchemaLoader.warnAboutCatalogs(of: compiled, locale: locale)
        let scriptPath = script ?? (schema.split(separator: ".").dropLast().joined(separator: ".") + ".demo.yaml")
        let demo: DemoScript
        do {
            demo = try DemoScript.read(scriptPath)
        } catch {
            Output.error("\(scriptPath): error: \(error.message)\n")
            throw ExitStatus.failure
        }
        let clock = ManualClock()
        var validators: [String: FormSession.AsyncValidator] = [:]
        for (name, rejected) in demo.asyncRejections {
            validators[name] = { value in CheckVerdict(!rejected.contains(value.stringValue ?? "")) }
        }
        let session: FormSession
        do {
            session = try FormSession(schema: compiled, policy: demo.policy, locale: locale, asyncValidators: validators,
                                      clock: clock, today: today.flatMap(LocalDate.init(iso8601:)))
        } catch {
            if case .unregisteredAsyncValidator(let name) = error {
                Output.error("\(scriptPath): error: the schema's async rule '\(name)' needs an entry under 'async:' in the script\n")
            }
            throw ExitStatus.failure
        }
        let unknownFields = demo.unknownFields(among: session.fields.map(\.path), file: scriptPath)
        guard unknownFields.isEmpty else {
            Output.error(DiagnosticRenderer(source: nil).render(unknownFields))
            throw ExitStatus.failure
        }
        Output.out("form \(compiled.name), policy \(session.policy.rawValue)\n")
        for step in demo.steps {
            var heading = step.description(sensitive: { compiled.graph.field(at: $0)?.isSensitive == true })
            switch step {
            case .input(let field, let text): try session.setInput(text, for: field)
            case .focus(let field): try session.focus(field)
            case .blur(let field): try session.blur(field)
            case .wait(let milliseconds):
                await clock.advance(by: .milliseconds(milliseconds))
                // Let the checks whose debounce ended finish; the others keep waiting on the clock.
                for _ in 0..<100_000 where !session.pendingFields.isEmpty && clock.sleeping < session.pendingFields.count {
                    await Task.yield()
                }
            case .submit:
                let result = session.submit()
                heading += result.canSubmit ? ": can submit" : ": cannot submit" + (result.firstInvalidField.map { "; focus \($0)" } ?? "")
            }
            Output.out("== \(heading)\n" + Self.describe(session))
        }
    }

    /// The visible errors, pending checks and strength meters, one per line.
    @MainActor
    static func describe(_ session: FormSession) -> String {
        var lines: [String] = []
        for field in session.fields {
            if let strength = field.strength, field.value != nil {
                let unmet = strength.unmet.map(\.rawValue).joined(separator: ", ")
                lines.append("\(field.path) strength: \(strength.level.rawValue) (\(strength.score)/6)" + (unmet.isEmpty ? "" : ", missing \(unmet)"))
            }
            if field.isPending { lines.append("\(field.path): checking…") }
            if let error = field.visibleError { lines.append("\(field.path): \(error.message)") }
        }
        if lines.isEmpty { lines = ["no errors shown"] }
        return lines.map { "   \($0)\n" }.joined()
    }
}

/// A demo script: the policy, the values async rules reject, and the steps.
struct DemoScript {
    enum Step {
        case input(String, String)
        case focus(String)
        case blur(String)
        case wait(Int)
        case submit

        func description(sensitive: (String) -> Bool) -> String {
            switch self {
            case .input(let field, let text): return "input \(field) = " + (sensitive(field) ? "***" : "\"\(text)\"")
            case .focus(let field): return "focus \(field)"
            case .blur(let field): return "blur \(field)"
            case .wait(let milliseconds): return "wait \(milliseconds) ms"
            case .submit: return "submit"
            }
        }
    }

    struct Failure: Error {
        let message: String
    }

    var policy: VisibilityPolicy?
    var asyncRejections: [String: [String]] = [:]
    var steps: [Step] = []
    /// Every field a step names, with where the script names it.
    var fieldReferences: [(field: String, position: SourcePosition)] = []

    /// An error for each step that names a field the form does not have among `paths`.
    func unknownFields(among paths: [String], file: String) -> [Diagnostic] {
        fieldReferences.filter { !paths.contains($0.field) }.map { reference in
            Diagnostic(.error, "the schema has no field '\(PrintableText.escaped(reference.field))'\(Suggestions.didYouMean(reference.field, among: paths))",
                       file: file, at: reference.position)
        }
    }

    /// A scalar from the script as the text a user would type: `42`, `true`.
    private static func text(of value: Value) -> String {
        switch value {
        case .bool(let bool): return String(bool)
        case .integer(let int): return String(int)
        case .largeInteger(let large): return large.description
        case .number(let double): return String(double)
        default: return ""
        }
    }

    static func read(_ path: String) throws(Failure) -> DemoScript {
        var document: Value?
        var documentRecord: DataRecord?
        do {
            try DataReader.forEachRecord(inFile: path, format: .yaml) { record in
                if case .success(let value) = record.content { (document, documentRecord) = (value, record) }
            }
        } catch {
            throw Failure(message: error.message)
        }
        guard let object = document?.objectValue, let steps = object["steps"]?.arrayValue else {
            throw Failure(message: "a demo script is a mapping with 'steps' (and optional 'policy' and 'async')")
        }
        var script = DemoScript()
        if let name = object["policy"]?.stringValue {
            guard let policy = VisibilityPolicy(rawValue: name) else { throw Failure(message: "unknown policy '\(name)'") }
            script.policy = policy
        }
        for (name, rules) in object["async"]?.objectValue?.members ?? ObjectValue().members {
            script.asyncRejections[name] = rules["reject"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        for (index, step) in steps.enumerated() {
            func refer(to field: String, as key: String) {
                let position = documentRecord?.span(of: ValuePath([.key("steps"), .index(index), .key(key)])).start
                script.fieldReferences.append((field, position ?? SourcePosition(line: 1, column: 1)))
            }
            for key in ["input", "focus", "blur"] { if let field = step[key]?.stringValue { refer(to: field, as: key) } }
            if step.stringValue == "submit" {
                script.steps.append(.submit)
            } else if let field = step["input"]?.stringValue, let value = step["value"] {
                script.steps.append(.input(field, value.stringValue ?? Self.text(of: value)))
            } else if let field = step["focus"]?.stringValue {
                script.steps.append(.focus(field))
            } else if let field = step["blur"]?.stringValue {
                script.steps.append(.blur(field))
            } else if case .integer(let milliseconds)? = step["wait"] {
                script.steps.append(.wait(milliseconds))
            } else {
                throw Failure(message: "step \(index + 1) must be submit, { input: FIELD, value: TEXT }, { focus: FIELD }, { blur: FIELD } or { wait: MS }")
            }
        }
        return script
    }
}

/// Renders failures into text: picks the template, fills placeholders, selects plural forms.
/// This is the only place where validation results become words.
struct MessageRenderer: Sendable {
    /// The plural category (`one`, `other`, ...) of a number.
    typealias PluralRule = @Sendable (Double) -> String

    let templates: [String: MessageFormat]
    let pluralRule: PluralRule
    let graph: ValidatorGraph

    /// English, with the built-in templates.
    init(graph: ValidatorGraph) {
        self.templates = EnglishMessages.templates
        self.pluralRule = { number in number == 1 ? "one" : "other" }
        self.graph = graph
    }

    /// The message for a failure of `rule` on the field labelled `label`.
    func render(rule: String, customMessage: String?, label: String, parameters: MessageParameters) -> String {
        if let customMessage { return customMessage }
        guard let template = templates[rule] else { return "\(label) is not valid." }
        var arguments = parameters
        arguments["label"] = .string(label)
        return render(template.parts, arguments, pluralNumber: nil)
    }

    private func render(_ parts: [MessageFormat.Part], _ arguments: MessageParameters, pluralNumber: Double?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text):
                out += text
            case .number:
                out += pluralNumber.map(format) ?? "#"
            case .argument(let name):
                out += arguments[name].map(format) ?? "{\(name)}"
            case .plural(let name, let offset, let cases):
                let number = numericValue(arguments[name]) - Double(offset)
                let exact = cases.first { $0.selector == "=\(BoundsChecker.format(number + Double(offset)))" }
                let chosen = exact ?? cases.first { $0.selector == pluralRule(number) } ?? cases.first { $0.selector == "other" }
                out += render(chosen?.parts ?? [], arguments, pluralNumber: number)
            case .select(let name, let cases):
                let key = arguments[name].map(format) ?? "other"
                let chosen = cases.first { $0.selector == key } ?? cases.first { $0.selector == "other" }
                out += render(chosen?.parts ?? [], arguments, pluralNumber: pluralNumber)
            }
        }
        return out
    }

    private func numericValue(_ argument: MessageArgument?) -> Double {
        switch argument {
        case .integer(let int): return Double(int)
        case .number(let double): return double
        case .list(let items): return Double(items.count)
        case .fields(let paths): return Double(paths.count)
        default: return 0
        }
    }

    private func format(_ number: Double) -> String { BoundsChecker.format(number) }

    private func format(_ argument: MessageArgument) -> String {
        switch argument {
        case .string(let text): return text
        case .integer(let int): return String(int)
        case .number(let double): return format(double)
        case .list(let items): return items.joined(separator: ", ")
        case .field(let path): return graph.label(ofPath: path)
        case .fields(let paths): return Self.conjoined(paths.map(graph.label(ofPath:)), "and")
        }
    }

    /// "A", "A and B", "A, B and C".
    static func conjoined(_ items: [String], _ conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}

/// Turns failures into text in a requested locale: picks the message along the catalogs' fallback
/// chain, fills its placeholders, selects plural forms by CLDR's rules and formats numbers for the
/// locale of the text found. This is the only place where validation results become words.
struct MessageRenderer: Sendable {
    let graph: ValidatorGraph
    let catalogs: MessageCatalogs
    /// Messages already rendered: a form session renders the same few on every keystroke.
    private let rendered = RenderedMessages()

    init(graph: ValidatorGraph, catalogs: MessageCatalogs) {
        self.graph = graph
        self.catalogs = catalogs
    }

    /// The message of one failure.
    /// - Parameters:
    ///   - field: the schema path of the failing field (empty for the record itself).
    ///   - labelOverride: the label to show instead of the field's (an unknown member's own key).
    func render(
        rule: String, code: String, field: String, labelOverride: String?, source: MessageSource,
        parameters: MessageParameters, locale: String
    ) -> String {
        let key = RenderedMessages.Key(rule: rule, code: code, field: field, labelOverride: labelOverride, source: source,
                                       parameters: parameters, locale: locale)
        return rendered.message(for: key) {
            renderAnew(rule: rule, code: code, field: field, labelOverride: labelOverride, source: source, parameters: parameters,
                       locale: locale)
        }
    }

    private func renderAnew(
        rule: String, code: String, field: String, labelOverride: String?, source: MessageSource,
        parameters: MessageParameters, locale: String
    ) -> String {
        let fieldKeys = field.isEmpty ? [] : ["\(field).\(code)", "\(field).\(rule)"]
        if case .literal(let text) = source {
            // A literal is source-locale text; a translation may replace it with a field-specific message.
            let translations = catalogs.chain(for: locale).prefix { $0 != catalogs.sourceLocale }
            for candidate in translations {
                for key in fieldKeys {
                    if let format = catalogs.own[candidate]?.messages[key]?.usableFormat {
                        return render(format, catalogs.own[candidate]!, rule: rule, field: field, labelOverride: labelOverride,
                                      parameters: parameters, locale: locale)
                    }
                }
            }
            return text
        }
        var keys: [String] = []
        if case .key(let key) = source { keys.append(key) }
        for key in fieldKeys + [code, rule] where !keys.contains(key) { keys.append(key) }
        guard let (entry, catalog) = catalogs.message(keys: keys, locale: locale), let format = entry.usableFormat else {
            return "\(label(of: field, override: labelOverride, locale: locale)): \(code)"
        }
        return render(format, catalog, rule: rule, field: field, labelOverride: labelOverride, parameters: parameters, locale: locale)
    }

    /// A field's label in `locale`: a catalog's translation, else the schema's label.
    func label(of field: String, override: String? = nil, locale: String) -> String {
        if let override { return override }
        return catalogs.label(of: field, locale: locale) ?? graph.label(ofPath: field)
    }

    private func render(
        _ format: MessageFormat, _ catalog: MessageCatalog, rule: String, field: String, labelOverride: String?,
        parameters: MessageParameters, locale: String
    ) -> String {
        var context = Context(renderer: self, catalog: catalog, locale: locale, rule: rule, field: field, parameters: parameters)
        context.arguments["label"] = .string(label(of: field, override: labelOverride, locale: locale))
        return context.render(format.parts, pluralNumber: nil)
    }

    private struct Context {
        let renderer: MessageRenderer
        let catalog: MessageCatalog
        /// The locale the user asked for: labels and choice names are looked up in it.
        let locale: String
        let rule: String
        let field: String
        var arguments: MessageParameters

        init(renderer: MessageRenderer, catalog: MessageCatalog, locale: String, rule: String, field: String,
             parameters: MessageParameters) {
            self.renderer = renderer
            self.catalog = catalog
            self.locale = locale
            self.rule = rule
            self.field = field
            self.arguments = parameters
        }

        func render(_ parts: [MessageFormat.Part], pluralNumber: (value: Double, digits: Int)?) -> String {
            var out = ""
            for part in parts {
                switch part {
                case .text(let text):
                    out += text
                case .number:
                    out += pluralNumber.map { number in
                        number.digits == 0 && number.value.rounded() == number.value && abs(number.value) < 1e15
                            ? NumberFormatting.format(Int(number.value), locale: catalog.locale)
                            : NumberFormatting.format(number.value, locale: catalog.locale)
                    } ?? "#"
                case .argument(let name):
                    out += arguments[name].map { display(name, $0) } ?? "{\(name)}"
                case .plural(let name, let offset, let cases):
                    let (number, digits) = numeric(arguments[name])
                    let shifted = number - Double(offset)
                    let exactSelector = "=\(BoundsChecker.format(number))"
                    let exact = cases.first { $0.selector == exactSelector }
                    let category = PluralRules(locale: catalog.locale).category(of: shifted, visibleFractionDigits: digits)
                    let chosen = exact ?? cases.first { $0.selector == category } ?? cases.first { $0.selector == "other" }
                    out += render(chosen?.parts ?? [], pluralNumber: (shifted, digits))
                case .select(let name, let cases):
                    let key = arguments[name].map(Self.selectKey) ?? "other"
                    let chosen = cases.first { $0.selector == key } ?? cases.first { $0.selector == "other" }
                    out += render(chosen?.parts ?? [], pluralNumber: pluralNumber)
                }
            }
            return out
        }

        /// An argument as shown: numbers for the text's locale, fields by their labels, lists with the
        /// locale's punctuation, choice values by their display names.
        private func display(_ name: String, _ argument: MessageArgument) -> String {
            switch argument {
            case .string(let text):
                return choiceName(text, argument: name)
            case .integer(let int):
                return NumberFormatting.format(int, locale: catalog.locale)
            case .largeInteger(let large):
                return NumberFormatting.format(large, locale: catalog.locale)
            case .number(let double):
                return NumberFormatting.format(double, locale: catalog.locale)
            case .list(let items):
                // Values are alternatives ("one of: A, B, C"), so they take the separator only.
                return items.map { choiceName($0, argument: name) }.joined(separator: catalog.listSeparator)
            case .field(let path):
                return renderer.label(of: path, locale: locale)
            case .fields(let paths):
                return catalog.list(paths.map { renderer.label(of: $0, locale: locale) })
            }
        }

        /// Choice values shown by their catalog names: `oneOf`'s values belong to the failing field,
        /// a condition's `value` and `values` to the other field.
        private func choiceName(_ value: String, argument: String) -> String {
            let owner: String?
            switch (argument, arguments["other"]) {
            case ("values", _) where rule == "oneOf": owner = field
            case ("value", .field(let other)?), ("values", .field(let other)?): owner = other
            default: owner = nil
            }
            guard let owner else { return value }
            return renderer.catalogs.choice(value, of: owner, locale: locale) ?? value
        }

        private func numeric(_ argument: MessageArgument?) -> (Double, Int) {
            switch argument {
            case .integer(let int): return (Double(int), 0)
            case .largeInteger(let large): return (large.doubleValue, 0)
            case .number(let double):
                let text = BoundsChecker.format(double)
                return (double, text.split(separator: ".").dropFirst().first?.count ?? 0)
            case .list(let items): return (Double(items.count), 0)
            case .fields(let paths): return (Double(paths.count), 0)
            default: return (0, 0)
            }
        }

        private static func selectKey(_ argument: MessageArgument) -> String {
            switch argument {
            case .string(let text): return text
            case .integer(let int): return String(int)
            case .largeInteger(let large): return large.description
            case .number(let double): return BoundsChecker.format(double)
            case .list(let items): return String(items.count)
            case .field(let path): return path
            case .fields(let paths): return String(paths.count)
            }
        }
    }
}

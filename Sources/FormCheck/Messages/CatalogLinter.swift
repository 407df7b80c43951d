import Foundation

/// Checks a schema's message catalogs without any data: syntax, plural categories, placeholders,
/// keys missing from a translation, and keys nothing uses; and custom rules that nothing registers.
/// Each finding has its file, line and column.
package enum CatalogLinter {
    /// Every finding, errors and warnings, in file and position order.
    package static func lint(_ schema: FormSchema, customRulesAreExpected: Bool = false) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for custom in schema.unregisteredCustomRules {
            findings.append(.init(customRulesAreExpected ? .warning : .error,
                                  "custom rule '\(custom.name)' is not registered: an app must register it (FormSchema(..., customRules:)); formcheck check refuses the schema unless --assume-custom-pass treats it as passing",
                                  file: schema.source.name, at: custom.position))
        }
        let catalogs = schema.catalogs
        let source = catalogs.own[catalogs.sourceLocale]
        let usage = KeyUsage(graph: schema.graph, ruleUsages: schema.ruleUsages)
        for locale in catalogs.locales {
            guard let catalog = catalogs.own[locale] else { continue }
            findings += catalog.problems
            for (key, entry) in catalog.messages {
                findings += checkMessage(key, entry, in: catalog, usage: usage, source: locale == catalogs.sourceLocale ? nil : source)
            }
            for (path, entry) in catalog.labels where !usage.fields.contains(path) {
                findings.append(.init(.warning, "unused label '\(path)': the schema has no such field\(Suggestions.didYouMean(path, among: usage.fields))",
                                      file: catalog.file, at: entry.keyPosition))
            }
            for (path, values) in catalog.choices where !usage.fields.contains(path) {
                let position = values.values.map(\.keyPosition).min() ?? catalog.sectionPositions["choices"]
                findings.append(.init(.warning, "unused choices for '\(path)': the schema has no such field", file: catalog.file, at: position))
            }
            if let source, locale != catalogs.sourceLocale {
                findings += missingTranslations(in: catalog, source: source, catalogs: catalogs)
            }
        }
        return findings.sorted { ($0.file, $0.position ?? .init(line: 0, column: 0)) < ($1.file, $1.position ?? .init(line: 0, column: 0)) }
    }

    /// What catalog keys may name: fields, rule codes, `FIELD.RULE`, and keys named by `message: { key: }`.
    struct KeyUsage {
        let fields: [String]
        /// For each usable message key, the built-in rules whose parameters its text may use.
        let rulesByKey: [String: Set<String>]

        init(graph: ValidatorGraph, ruleUsages: [RuleUsage]) {
            fields = graph.fields.map(\.path)
            var rulesByKey: [String: Set<String>] = ["type": ["type"], "recordType": ["recordType"], "unknownField": ["unknownField"]]
            for field in graph.fields {
                rulesByKey["\(field.path).type", default: []].insert("type")
            }
            for usage in ruleUsages {
                for key in [usage.rule, usage.code, "\(usage.field).\(usage.rule)", "\(usage.field).\(usage.code)"] + [usage.messageKey].compactMap({ $0 }) {
                    rulesByKey[key, default: []].insert(usage.rule)
                }
            }
            self.rulesByKey = rulesByKey
        }

        /// The placeholders a message under `key` may use: `{label}` and the parameters of its rules;
        /// nil when nothing uses the key, or when a `custom` or `async` rule does, whose parameters the
        /// app's check gives (`CheckVerdict`).
        func placeholders(forKey key: String) -> Set<String>? {
            guard let rules = rulesByKey[key], rules.isDisjoint(with: ["custom", "async"]) else { return nil }
            return Set(rules.flatMap(CatalogLinter.placeholders(of:))).union(["label"])
        }
    }

    private static func checkMessage(
        _ key: String, _ entry: MessageCatalog.Entry, in catalog: MessageCatalog, usage: KeyUsage, source: MessageCatalog?
    ) -> [Diagnostic] {
        guard let format = entry.format else { return entry.faults }
        guard usage.rulesByKey[key] != nil else {
            return [.init(.warning, "unused message '\(key)': no rule or field of the schema uses it\(Suggestions.didYouMean(key, among: usage.rulesByKey.keys.sorted()))",
                          file: catalog.file, at: entry.keyPosition)]
        }
        var findings = entry.faults
        let used = format.argumentNames
        if let original = source?.messages[key]?.format {
            for name in original.argumentNames where !used.contains(name) {
                findings.append(.init(.warning, "placeholder {\(name)} of the source message is missing here",
                                      file: catalog.file, at: entry.valuePosition))
            }
        }
        findings += checkPlurals(format.parts, entry, in: catalog)
        return findings
    }

    /// The parameters a built-in rule's failure carries, read from its English message.
    static func placeholders(of rule: String) -> [String] {
        (MessageCatalogs.builtIn("en")?.messages[rule]?.format?.argumentNames ?? []) + (rule == "strength" ? ["score", "unmet"] : [])
    }

    private static func checkPlurals(_ parts: [MessageFormat.Part], _ entry: MessageCatalog.Entry, in catalog: MessageCatalog) -> [Diagnostic] {
        let rules = PluralRules(locale: catalog.locale)
        var findings: [Diagnostic] = []
        for part in parts {
            switch part {
            case .plural(let name, _, let cases):
                let selectors = cases.map(\.selector).filter { !$0.hasPrefix("=") }
                for selector in selectors where !rules.categories.contains(selector) {
                    findings.append(.init(.warning, "plural category '\(selector)' does not exist in \(catalog.locale) (it has \(rules.categories.joined(separator: ", "))), so its text is never shown",
                                          file: catalog.file, at: entry.position(ofPlaceholder: name)))
                }
                for category in rules.categories where category != "other" && !selectors.contains(category) {
                    let examples = rules.samples(of: category).prefix(3).joined(separator: ", ")
                    findings.append(.init(.warning, "plural for {\(name)} has no '\(category)' case; \(catalog.locale) numbers such as \(examples) will use 'other'",
                                          file: catalog.file, at: entry.position(ofPlaceholder: name)))
                }
                for item in cases { findings += checkPlurals(item.parts, entry, in: catalog) }
            case .select(_, let cases):
                for item in cases { findings += checkPlurals(item.parts, entry, in: catalog) }
            default:
                break
            }
        }
        return findings
    }

    /// The source catalog's keys that lookup finds in no catalog of this catalog's language (its own,
    /// its parents', the built-in ones), so its users would read them in the source language.
    private static func missingTranslations(in catalog: MessageCatalog, source: MessageCatalog, catalogs: MessageCatalogs) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let sourceName = source.file.split(separator: "/").last.map(String.init) ?? source.file
        let language = catalogs.catalogs(inLanguageOf: catalog.locale)
        for key in source.messages.keys.sorted() where !language.contains(where: { $0.messages[key]?.usableFormat != nil }) {
            findings.append(.init(.warning, "message '\(key)' of \(sourceName) has no translation here", file: catalog.file,
                                  at: catalog.sectionPositions["messages"] ?? SourcePosition(line: 1, column: 1)))
        }
        for key in source.labels.keys.sorted() where !language.contains(where: { $0.labels[key] != nil }) {
            findings.append(.init(.warning, "label '\(key)' of \(sourceName) has no translation here", file: catalog.file,
                                  at: catalog.sectionPositions["labels"] ?? SourcePosition(line: 1, column: 1)))
        }
        for (path, values) in source.choices.sorted(by: { $0.key < $1.key }) {
            for value in values.keys.sorted() where !language.contains(where: { $0.choices[path]?[value] != nil }) {
                findings.append(.init(.warning, "choice '\(path): \(value)' of \(sourceName) has no translation here", file: catalog.file,
                                      at: catalog.sectionPositions["choices"] ?? SourcePosition(line: 1, column: 1)))
            }
        }
        return findings
    }
}

extension PluralRules {
    /// CLDR's sample integers for a category of this locale, expanded from ranges.
    func samples(of category: String) -> [String] {
        guard let rule = ruleData.first(where: { $0.category == category }) else { return [] }
        return rule.integerSamples.split(separator: ",").flatMap { item -> [String] in
            let bounds = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "~")
            guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high else {
                return [item.trimmingCharacters(in: .whitespaces)]
            }
            return (low...min(high, low + 5)).map(String.init)
        }
    }
}

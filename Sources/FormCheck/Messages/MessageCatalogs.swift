/// Every catalog a schema can use: its own catalog files (one per locale) and the built-in ones,
/// searched along the locale fallback chain `pt-BR` → `pt` → the schema's source locale → English.
public struct MessageCatalogs: Sendable {
    /// The schema's catalogs, by normalized locale.
    let own: [String: MessageCatalog]
    /// The language of the schema's literal texts (labels and plain `message:` strings).
    public let sourceLocale: String
    /// The schema's catalog files that could not be read; their locales fall back along their chains.
    let failures: [CatalogLoader.Failure]

    /// Search orders and chains already worked out, by requested locale.
    private let memo = Memo()

    init(own: [MessageCatalog], sourceLocale: String, failures: [CatalogLoader.Failure] = []) {
        self.own = Dictionary(own.map { (LocaleIdentifier.normalized($0.locale), $0) }, uniquingKeysWith: { first, _ in first })
        self.sourceLocale = LocaleIdentifier.normalized(sourceLocale)
        self.failures = failures
    }

    /// Why each catalog file that could not be read was left out (`formcheck lint` reports these as errors).
    package var unreadableCatalogs: [Diagnostic] { failures.flatMap(\.diagnostics) }

    private final class Memo: @unchecked Sendable {
        private let lock = NSLockLike()
        private var chains: [String: [String]] = [:]
        private var orders: [String: [MessageCatalog]] = [:]

        func chain(_ locale: String, _ make: () -> [String]) -> [String] {
            if let chain = lock.withLock({ chains[locale] }) { return chain }
            let chain = make()
            lock.withLock { chains[locale] = chain }
            return chain
        }

        func order(_ locale: String, _ make: () -> [MessageCatalog]) -> [MessageCatalog] {
            if let order = lock.withLock({ orders[locale] }) { return order }
            let order = make()
            lock.withLock { orders[locale] = order }
            return order
        }
    }

    /// The locales of the schema's own catalogs.
    public var locales: [String] { own.keys.sorted() }

    /// The built-in catalog files, by locale: JSON, which the library reads without libyaml.
    private static let builtInFiles: [String: [UInt8]] = [
        "en": PackageResources.en_json, "fr": PackageResources.fr_json, "de": PackageResources.de_json,
        "es": PackageResources.es_json, "pt-BR": PackageResources.pt_BR_json, "ja": PackageResources.ja_json,
        "ru": PackageResources.ru_json, "ar": PackageResources.ar_json,
    ]

    /// The locales with built-in messages.
    public static var builtInLocales: [String] { builtInFiles.keys.sorted() }

    /// The built-in catalogs read so far: each is read when first needed, so a run in one language
    /// does not pay for the others.
    private static let loadedBuiltIns = LoadedCatalogs()

    private final class LoadedCatalogs: @unchecked Sendable {
        private let lock = NSLockLike()
        private var catalogs: [String: MessageCatalog] = [:]

        func catalog(_ locale: String) -> MessageCatalog? {
            lock.withLock {
                if let catalog = catalogs[locale] { return catalog }
                guard let bytes = MessageCatalogs.builtInFiles[locale],
                    let catalog = try? MessageCatalog(bytes: bytes, file: "<built-in \(locale).json>", locale: locale)
                else { return nil }
                catalogs[locale] = catalog
                return catalog
            }
        }
    }

    /// The order in which catalogs are searched for `locale`: it and its parents, the source locale and
    /// its parents, then English.
    func chain(for locale: String) -> [String] {
        memo.chain(locale) { makeChain(for: locale) }
    }

    private func makeChain(for locale: String) -> [String] {
        var chain: [String] = []
        for candidate in LocaleIdentifier.parents(of: locale) + LocaleIdentifier.parents(of: sourceLocale) + ["en"]
        where !chain.contains(candidate) {
            chain.append(candidate)
        }
        return chain
    }

    /// The catalogs in search order for `locale`: for the requested language (`pt-BR`, then `pt`) the
    /// schema's own catalogs and then the built-in ones, so a team's `pt.yaml` wins over the built-in
    /// Brazilian text; then the same for the source locale; then built-in English.
    func searchOrder(for locale: String) -> [MessageCatalog] {
        memo.order(locale) { makeSearchOrder(for: locale) }
    }

    private func makeSearchOrder(for locale: String) -> [MessageCatalog] {
        var order: [MessageCatalog] = []
        var seen: Set<String> = []
        func add(_ catalog: MessageCatalog?) {
            // A bundle holds several catalogs in one file.
            guard let catalog, seen.insert(catalog.file + "\u{0}" + catalog.locale).inserted else { return }
            order.append(catalog)
        }
        for language in [locale, sourceLocale, "en"] {
            catalogs(inLanguageOf: language).forEach(add)
        }
        return order
    }

    /// The catalogs written for `locale` and its parents (`pt-BR`, then `pt`): the schema's own, then the
    /// built-in ones. Lookup reaches other languages only when none of these has the message.
    func catalogs(inLanguageOf locale: String) -> [MessageCatalog] {
        let group = LocaleIdentifier.parents(of: locale)
        return group.compactMap { own[$0] } + group.compactMap { Self.builtIn($0) }
    }

    /// Whether a catalog serves `locale`'s language, as `catalogs(inLanguageOf:)` finds them, without
    /// reading the built-in ones (which start-up would otherwise pay for).
    func hasCatalog(inLanguageOf locale: String) -> Bool {
        LocaleIdentifier.parents(of: locale).contains { own[$0] != nil || Self.builtInName($0) != nil }
    }

    /// The built-in catalog of a locale, or of a regional variant of its language (`pt` → `pt-BR`).
    static func builtIn(_ locale: String) -> MessageCatalog? {
        builtInName(locale).flatMap(loadedBuiltIns.catalog)
    }

    /// The name of the built-in catalog that `builtIn(_:)` reads for `locale`.
    private static func builtInName(_ locale: String) -> String? {
        builtInFiles[locale] != nil ? locale : builtInLocales.first { $0.hasPrefix(locale + "-") }
    }

    /// The first message that can be shown for any of `keys` (in that order), each searched in `searchOrder`.
    func message(keys: [String], locale: String) -> (entry: MessageCatalog.Entry, catalog: MessageCatalog)? {
        let order = searchOrder(for: locale)
        for key in keys {
            for catalog in order {
                if let entry = catalog.messages[key], entry.usableFormat != nil { return (entry, catalog) }
            }
        }
        return nil
    }

    /// A translated label for a field path, searched along the chain up to the source locale (whose
    /// labels are the schema's own).
    func label(of path: String, locale: String) -> String? {
        for candidate in chain(for: locale) {
            if candidate == sourceLocale { break }
            if let entry = own[candidate]?.labels[path] { return entry.text }
        }
        return own[sourceLocale]?.labels[path]?.text
    }

    /// The display name of a choice value of a field, searched along the chain.
    func choice(_ value: String, of path: String, locale: String) -> String? {
        for candidate in chain(for: locale) {
            if let entry = own[candidate]?.choices[path]?[value] { return entry.text }
        }
        return nil
    }

    /// What makes messages in `locale` fall back, as warnings in file and position order: no catalog
    /// for its language at all, catalog files on its chain that could not be read, their structural
    /// problems, and their messages that cannot be shown.
    /// - Parameter schemaFile: the file a warning about the locale itself is reported against.
    func fallbackWarnings(for locale: String, schemaFile: String) -> [Diagnostic] {
        let chain = chain(for: locale)
        var warnings: [Diagnostic] = []
        func warn(_ diagnostic: Diagnostic, _ skipped: String?) {
            var warning = diagnostic
            warning.severity = .warning
            if let skipped { warning.message += " (\(skipped) skipped; the next catalog on \(locale)'s chain is used)" }
            warnings.append(warning)
        }
        for failure in failures where failure.locale.map(chain.contains) ?? true {
            failure.diagnostics.forEach { warn($0, "catalog") }
        }
        for catalog in chain.compactMap({ own[$0] }) {
            catalog.problems.forEach { warn($0, nil) }
            catalog.messages.values.flatMap(\.faults).forEach { warn($0, "message") }
        }
        warnings.sort { ($0.file, $0.position ?? .init(line: 0, column: 0)) < ($1.file, $1.position ?? .init(line: 0, column: 0)) }
        if !hasCatalog(inLanguageOf: locale), let used = chain.first(where: hasCatalog(inLanguageOf:)) {
            warnings.insert(Diagnostic(.warning, "no catalog for locale '\(locale)'; messages are shown in \(used)", file: schemaFile, at: nil), at: 0)
        }
        return warnings
    }
}

import Foundation

/// A compiled form schema: load it once, then validate any number of records with it.
///
/// ```swift
/// let schema = try FormSchema(contentsOfFile: "schemas/signup.yaml")
/// let report = schema.validate(["email": "ada@example.com"])
/// for error in report.errors { print(error.path, error.code, error.message) }
/// ```
public struct FormSchema: Sendable {
    /// The form's identifier (`form:`), or the file's base name when the schema omits it.
    public let name: String
    /// The form's title (`title:`), for an app to show; nil when the schema has none.
    public let title: String?
    /// The compiled graph: fields in order, rule chains, and cross-field dependencies.
    public let graph: ValidatorGraph
    /// The schema's message catalogs (from `messages:`) and the built-in ones.
    public let catalogs: MessageCatalogs
    /// When a live form shows errors (`validation:`), `onBlurThenLive` by default.
    public let visibility: VisibilityPolicy
    /// The language of the schema's own texts (`locale:`, English by default).
    public var sourceLocale: String { catalogs.sourceLocale }
    let validator: Validator
    /// The engine's plan for the schema's records; made when first used.
    var directPlan: DirectPlan { plannedDirectPath.value }
    let plannedDirectPath: OnceValue<DirectPlan>
    /// The catalog keys rules name with `message: { key: ... }`, for the catalog linter.
    let messageKeys: [(key: String, position: SourcePosition)]
    /// Every rule with its field, nested ones included, for the catalog linter.
    let ruleUsages: [RuleUsage]
    /// `custom:` rules that nothing registered, compiled as passing (see `assumeCustomRulesPass`).
    let unregisteredCustomRules: [(name: String, position: SourcePosition)]
    /// The schema text, for diagnostics.
    public let source: SourceText

    /// Loads and compiles the schema file at `path` (YAML or JSON) and its message catalogs.
    /// - Parameters:
    ///   - path: the schema file.
    ///   - messagesDirectory: a catalog folder to use instead of the schema's `messages:`.
    ///   - customRules: the rules this app defines in Swift, which the schema names with `custom: NAME`.
    ///   - assumeCustomRulesPass: treat `custom:` rules that nothing registers as passing (for tools
    ///     such as the command line, which cannot run an app's Swift code).
    ///   - maxFileSize: the largest schema file or message catalog read; a larger one is an error.
    /// - Throws: `SchemaError` with every problem found, each with its file, line and column. A catalog
    ///   file that cannot be read does not fail the schema: its locale falls back (`catalogWarnings(locale:)`).
    public init(
        contentsOfFile path: String, messagesDirectory: String? = nil, customRules: [CustomRule] = [],
        assumeCustomRulesPass: Bool = false, maxFileSize: SizeLimit = .schemas
    ) throws(SchemaError) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: maxFileSize)
        } catch {
            throw SchemaError(diagnostics: [error.diagnostic(reading: .schema, path, limit: maxFileSize)], source: nil)
        }
        try self.init(bytes: bytes, name: path, messagesDirectory: messagesDirectory, customRules: customRules,
                      assumeCustomRulesPass: assumeCustomRulesPass, maxFileSize: maxFileSize)
    }

    /// Compiles the schema file at a file URL, as `init(contentsOfFile:)` does: a relative `messages:`
    /// folder is found beside the file.
    /// - Throws: `SchemaError` with every problem found; a URL that is not a file's is one of them.
    public init(
        contentsOf url: URL, messagesDirectory: URL? = nil, customRules: [CustomRule] = [], assumeCustomRulesPass: Bool = false,
        maxFileSize: SizeLimit = .schemas
    ) throws(SchemaError) {
        guard messagesDirectory?.isFileURL ?? true else { throw Self.notAFileURL(messagesDirectory!) }
        try self.init(contentsOfFile: try Self.filePath(of: url), messagesDirectory: messagesDirectory?.path, customRules: customRules,
                      assumeCustomRulesPass: assumeCustomRulesPass, maxFileSize: maxFileSize)
    }

    /// The path of a file URL.
    /// - Throws: `SchemaError` when the URL is not a file's.
    static func filePath(of url: URL) throws(SchemaError) -> String {
        guard url.isFileURL else { throw notAFileURL(url) }
        return url.path
    }

    private static func notAFileURL(_ url: URL) -> SchemaError {
        SchemaError(diagnostics: [Diagnostic(.error, "a schema is read from a file URL; \(url.absoluteString) is not one", file: url.absoluteString,
                                             at: SourcePosition(line: 1, column: 1))], source: nil)
    }

    /// Compiles a schema shipped as a resource of `bundle` (an app's `.main`, or a package target's
    /// `.module`): `signup.yaml` is `FormSchema(resource: "signup", withExtension: "yaml")`. Its
    /// `messages:` folder is found beside it among the bundle's resources.
    /// - Throws: `SchemaError`: every problem found, or that the bundle has no such resource.
    public init(
        resource name: String, withExtension fileExtension: String = "yaml", in bundle: Bundle = .main, customRules: [CustomRule] = [],
        maxFileSize: SizeLimit = .schemas
    ) throws(SchemaError) {
        try self.init(contentsOf: Self.url(ofResource: name, withExtension: fileExtension, in: bundle), customRules: customRules,
                      maxFileSize: maxFileSize)
    }

    /// The URL of a resource of `bundle`.
    /// - Throws: `SchemaError` when the bundle has no such resource.
    static func url(ofResource name: String, withExtension fileExtension: String, in bundle: Bundle) throws(SchemaError) -> URL {
        guard let url = bundle.url(forResource: name, withExtension: fileExtension) else {
            throw SchemaError(diagnostics: [Diagnostic(.error, "the bundle \(bundle.bundlePath) has no resource \(name).\(fileExtension)",
                                                      file: "\(name).\(fileExtension)", at: SourcePosition(line: 1, column: 1))], source: nil)
        }
        return url
    }

    /// Compiles a schema from its text; `name` is the file name shown in diagnostics, and a relative
    /// `messages:` folder is found from the current directory.
    /// - Throws: `SchemaError` with every problem found, as `init(contentsOfFile:)` does.
    public init(
        text: String, name: String = "<string>", messagesDirectory: String? = nil, customRules: [CustomRule] = [],
        assumeCustomRulesPass: Bool = false
    ) throws(SchemaError) {
        try self.init(bytes: Array(text.utf8), name: name, messagesDirectory: messagesDirectory, customRules: customRules,
                      assumeCustomRulesPass: assumeCustomRulesPass)
    }

    /// Compiles a schema from UTF-8 (or UTF-16 with a byte order mark) YAML or JSON bytes; its message
    /// catalogs are read up to `maxFileSize` each.
    /// - Throws: `SchemaError` with every problem found, as `init(contentsOfFile:)` does.
    public init(
        bytes: [UInt8], name: String = "<data>", messagesDirectory: String? = nil, customRules: [CustomRule] = [],
        assumeCustomRulesPass: Bool = false, maxFileSize: SizeLimit = .schemas
    ) throws(SchemaError) {
        let source = SourceText(name: name, bytes: bytes)
        let documents = try source.documents()
        guard let document = documents.first else {
            throw SchemaError(diagnostics: [Diagnostic(.error, "the schema is empty; it needs at least 'formcheck: 1' and 'fields'", file: name,
                                                       at: SourcePosition(line: 1, column: 1))], source: source)
        }
        if documents.count > 1 {
            throw SchemaError(diagnostics: [Diagnostic(.error, "a schema file holds one YAML document; this one has \(documents.count)",
                                                       file: name, at: documents[1].position)], source: source)
        }
        try self.init(document: document, source: source, fileName: name, formName: Self.formName(ofFile: name), customRules: customRules,
                      assumeCustomRulesPass: assumeCustomRulesPass) { written throws(SchemaError) in
            var directory: (path: String, position: SourcePosition?)?
            if let messagesDirectory {
                directory = (messagesDirectory, nil)
            } else if let written {
                let base = name.contains("/") ? String(name[..<name.lastIndex(of: "/")!]) + "/" : ""
                directory = (written.path.hasPrefix("/") ? written.path : base + written.path, written.position)
            }
            return try directory.map { directory throws(SchemaError) in
                try CatalogLoader.load(directory: directory.path, schemaFile: name, position: directory.position, source: source,
                                       limit: maxFileSize)
            } ?? (catalogs: [], failures: [])
        }
    }

    /// The form's name when its schema has no `form:`: the base name of its file (`signup` for
    /// `schemas/signup.yaml`).
    static func formName(ofFile path: String) -> String {
        String((path.split(separator: "/").last ?? "form").split(separator: ".").first ?? "form")
    }

    /// Compiles a parsed schema document written in `source`, in the file `fileName` (which
    /// diagnostics name), as the form `defaultName` unless it has a `form:`, with the catalogs
    /// `loadCatalogs` gives for its `messages:` folder as written (nil without one).
    init(
        document: YAMLNode, source: SourceText, fileName name: String, formName defaultName: String, customRules: [CustomRule],
        assumeCustomRulesPass: Bool,
        catalogs loadCatalogs: (_ written: (path: String, position: SourcePosition)?) throws(SchemaError)
            -> (catalogs: [MessageCatalog], failures: [CatalogLoader.Failure])
    ) throws(SchemaError) {
        let compiler = SchemaCompiler(file: name, customRules: customRules, assumesCustomRulesPass: assumeCustomRulesPass)
        guard let output = compiler.compile(document, defaultName: defaultName) else {
            throw SchemaError(diagnostics: compiler.diagnostics, source: source)
        }
        let loaded = try loadCatalogs(output.messages)
        // Which keys the schema uses is worked out only when it has catalogs to check against it.
        let usage = loaded.catalogs.isEmpty ? nil : CatalogLinter.KeyUsage(graph: output.graph, ruleUsages: output.ruleUsages)
        let own = loaded.catalogs.map { catalog in
            var catalog = catalog
            catalog.rejectUnknownPlaceholders(usage!.placeholders(forKey:))
            return catalog
        }
        self.name = output.form
        self.title = output.title
        self.graph = output.graph
        self.catalogs = MessageCatalogs(own: own, sourceLocale: output.locale, failures: loaded.failures)
        self.validator = Validator(graph: output.graph, catalogs: catalogs)
        let graph = output.graph
        self.plannedDirectPath = OnceValue { DirectPlan(graph: graph) }
        self.messageKeys = output.messageKeys
        self.ruleUsages = output.ruleUsages
        self.visibility = output.visibility
        self.unregisteredCustomRules = output.unregisteredCustomRules
        self.source = source
    }

    /// The same report with every message rendered in `locale` (`fr`, `pt-BR`), following the catalogs'
    /// fallback chain. Safe to call from many threads, each with its own locale.
    public func localized(_ report: ValidationReport, locale: String) -> ValidationReport {
        validator.localized(report, locale: locale)
    }

    /// Why messages in `locale` fall back along its chain, as warnings with their catalog's file, line and
    /// column: a catalog file on the chain that cannot be read (it is skipped), a message in one that is
    /// invalid or uses a placeholder its rules do not provide (it is skipped), and a locale without any
    /// catalog of its language (the warning says which locale is used instead).
    public func catalogWarnings(locale: String) -> [Diagnostic] {
        catalogs.fallbackWarnings(for: LocaleIdentifier.normalized(locale), schemaFile: source.name)
    }

    /// The text of the schema's catalog files, for quoting their lines in diagnostics.
    public var catalogSources: [SourceText] {
        catalogs.locales.compactMap { catalogs.own[$0]?.source }
    }

    /// The label of a field (by schema path) in `locale`.
    public func label(of field: String, locale: String? = nil) -> String {
        validator.renderer.label(of: field, locale: locale.map(LocaleIdentifier.normalized) ?? sourceLocale)
    }

    /// Validates one record.
    public func validate(_ record: Value, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        // The engine reads the record's text, as it reads a JSON file's.
        let report = JSONWriter.withValueText(of: record) { directReport($0, of: record, isAbridged: $1, options: options) }
        assert(report != nil, "a value's text that the engine cannot read")
        // The text is well-formed JSON by construction; were it not, the record could not be read as an object.
        return report ?? validator.report(for: [.recordType(written: 0..<0)], of: directPlan, options: options)
    }

    /// Validates one record given as a JSON document.
    /// - Throws: `DataParseError` when the bytes are not well-formed JSON.
    public func validate(json: [UInt8], options: ValidationOptions = ValidationOptions()) throws(DataParseError) -> ValidationReport {
        // A byte order mark is not part of the JSON: the direct path reads what follows it.
        let start = JSONTextEncoding.byteOrderMarkLength(json)
        if let report = json.withUnsafeBufferPointer({ directReport(UnsafeBufferPointer(rebasing: $0[start...]), of: nil, options: options) }) {
            return report
        }
        // Not well-formed: the reader says what is wrong and where (were it to read the record all the
        // same, the record is checked as that value).
        return validate(try JSONReader.parse(json), options: options)
    }

    /// Whether each field (a node outside arrays' elements) counts in `record`: its own `when:` and those
    /// of the objects around it hold.
    func relevance(of nodes: [Int], in record: Value) -> [Bool] {
        JSONWriter.withValueText(of: record) { directPlan.relevance(of: nodes, in: $0, of: record, isAbridged: $1) }
            ?? Array(repeating: true, count: nodes.count)
    }

    /// The report of one record in its JSON (or the text of `value`, see `JSONWriter.withValueText`),
    /// its issues kept for later records (`Validator.issueCache`), or nil when the bytes are not
    /// well-formed JSON.
    private func directReport(
        _ json: UnsafeBufferPointer<UInt8>, of value: Value?, isAbridged: Bool = false, options: ValidationOptions
    ) -> ValidationReport? {
        let plan = directPlan
        guard let failures = plan.failures(in: json, of: value, isAbridged: isAbridged, collectAllErrors: options.collectAllErrors,
                                           today: options.today)
        else { return nil }
        return failures.isEmpty ? ValidationReport(issues: []) : validator.report(for: failures, of: plan, options: options)
    }

    /// The report of a JSON record, or nil when the bytes are not well-formed JSON. `cache` keeps the
    /// issues made, for the next records checked with the same options.
    func directReport(
        _ json: UnsafeBufferPointer<UInt8>, options: ValidationOptions, cache: inout IssueTable
    ) -> ValidationReport? {
        let plan = directPlan
        return plan.failures(in: json, of: nil, collectAllErrors: options.collectAllErrors, today: options.today).map { failures in
            failures.isEmpty ? ValidationReport(issues: []) : validator.report(for: failures, of: plan, options: options, cache: &cache)
        }
    }

    /// Validates any `Encodable` value by encoding it to JSON first.
    ///
    /// A `Date` property is written as the calendar date it falls on in `timeZone` (`YYYY-MM-DD`, the
    /// device's time zone by default), which is what a `date` field reads. Give an `encoder` of your own
    /// to write values otherwise (its date strategy then applies, and `timeZone` does not).
    public func validate(
        encoding value: some Encodable, encoder: JSONEncoder? = nil, timeZone: TimeZone = .current,
        options: ValidationOptions = ValidationOptions()
    ) throws -> ValidationReport {
        try validate(json: Array(try (encoder ?? Self.recordEncoder(timeZone: timeZone)).encode(value)), options: options)
    }

    /// The encoder of `validate(encoding:)`: dates as the calendar dates they fall on in `timeZone`.
    private static func recordEncoder(timeZone: TimeZone) -> JSONEncoder {
        let encoder = JSONEncoder()
        let calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar
        }()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            var container = encoder.singleValueContainer()
            let day = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
            try container.encode(day?.description ?? "\(parts.year!)-\(parts.month!)-\(parts.day!)")
        }
        return encoder
    }

    /// The paths of the values in `record` that belong to `sensitive` fields: what output must never show.
    public func sensitivePaths(in record: Value) -> [ValuePath] {
        graph.sensitiveValuePaths(in: record)
    }

    /// Whether any field is marked `sensitive: true` (so that no record has values to hide otherwise).
    public var hasSensitiveFields: Bool {
        // Every field lies under one of the record's own.
        !graph.fieldsHoldingSensitiveValues(in: nil).isEmpty
    }

    /// Validates a single field of a record, at a schema path such as `email` or `address.zip`: the
    /// issues that validating the whole record finds at the field or within it. A field the record
    /// does not reach (under a `when:` that does not hold, or inside a value that is not an object) has
    /// none.
    /// - Returns: nil when the schema has no such field (or the path is within an `items` template).
    public func validate(
        field path: String, in record: Value, options: ValidationOptions = ValidationOptions()
    ) -> ValidationReport? {
        validate(fields: [path], in: record, options: options)?[0]
    }

    /// `validate(field:in:)` for several fields, the record validated once.
    func validate(fields paths: [String], in record: Value, options: ValidationOptions) -> [ValidationReport]? {
        var places: [[ValuePath.Component]] = []
        for path in paths {
            guard let id = graph.node(atPath: path), !graph.nodes[id].isWithinArrayElements else { return nil }
            places.append(graph.keyPath(of: id).map { .key($0) })
        }
        let report = validate(record, options: options)
        return places.map { place in
            ValidationReport(issues: report.issues.filter { $0.path.components.starts(with: place) })
        }
    }
}

/// A compiled schema's bundle: one JSON document holding the schema, as parsed, and its message
/// catalogs, which any build of the library reads (JSON needs no libyaml), with a format version and a
/// hash of its content.
///
/// ```json
/// {
///   "formcheckBundle": 1,
///   "hash": "fnv1a64:5d0c6cbb3d1f9a42",
///   "content": {
///     "file": "signup.yaml",
///     "schema": { "formcheck": 1, "form": "signup", "fields": { ... } },
///     "catalogs": { "fr": { "messages": { ... } } }
///   }
/// }
/// ```
///
/// `content` is written by `NodeJSONWriter`, and the hash is FNV-1a (64 bits) of that text: reading
/// writes the content read back the same way and compares, so that the bundle's indentation may
/// change but not one value. `file` is the schema's file name, which names the form when it has no
/// `form:`; the catalogs are the schema's own, by locale (the built-in ones come with the library).
enum SchemaBundle {
    /// The format this library writes and reads.
    static let formatVersion = 1

    /// The bundle of `schema`: its text and its catalogs' texts parsed again and written as JSON; for
    /// a schema loaded from a bundle, that bundle.
    /// - Throws: `SchemaError` when a value cannot be written in JSON (an infinite number).
    static func bytes(of schema: FormSchema) throws(SchemaError) -> [UInt8] {
        let document = try schema.source.documents()[0]
        // No schema compiles with this key: its source is a bundle.
        if document.mapping?.contains(where: { $0.keyText == "formcheckBundle" }) == true { return schema.source.bytes }
        let start = SourcePosition(line: 1, column: 1)
        func text(_ string: String) -> YAMLNode { YAMLNode(kind: .scalar(string, isPlain: false), position: start, end: start) }
        func pair(_ key: String, _ value: YAMLNode) -> YAMLPair { YAMLPair(key: text(key), value: value) }
        /// The JSON text of `node`, parsed from `source`, whose file a value JSON cannot hold is reported in.
        func json(_ node: YAMLNode, from source: SourceText) throws(SchemaError) -> String {
            do {
                return try NodeJSONWriter.json(node, level: 1)
            } catch {
                throw SchemaError(diagnostics: [Diagnostic(.error, "cannot bundle: \(error.problem)", file: source.name, at: error.position)],
                                  source: source)
            }
        }
        var catalogs: [YAMLPair] = []
        for locale in schema.catalogs.locales {
            guard let catalog = schema.catalogs.own[locale] else { continue }
            let root = try catalog.source.documents().first ?? YAMLNode(kind: .mapping([]), position: start, end: start)
            _ = try json(root, from: catalog.source)
            catalogs.append(pair(locale, root))
        }
        let file = String(schema.source.name.split(separator: "/").last ?? "")
        let content = YAMLNode(kind: .mapping([
            pair("file", text(file)),
            pair("schema", document),
            pair("catalogs", YAMLNode(kind: .mapping(catalogs), position: start, end: start)),
        ]), position: start, end: start)
        let json = try json(content, from: schema.source)
        return Array("""
            {
              "formcheckBundle": \(formatVersion),
              "hash": "\(FNV1a64.label(json.utf8))",
              "content": \(json)
            }

            """.utf8)
    }

    /// The schema a bundle holds, compiled with `customRules`; `name` names the bundle in diagnostics.
    /// - Throws: `SchemaError` when the bytes are not a bundle, its format version is not
    ///   `formatVersion`, its content does not match its hash, or its schema does not compile.
    static func schema(from bytes: [UInt8], name: String, customRules: [CustomRule]) throws(SchemaError) -> FormSchema {
        let source = SourceText(name: name, bytes: bytes)
        func fail(_ message: String, at position: SourcePosition = SourcePosition(line: 1, column: 1)) -> SchemaError {
            SchemaError(diagnostics: [Diagnostic(.error, message, file: name, at: position)], source: source)
        }
        let root: YAMLNode
        do {
            root = try JSONNodeReader.parse(bytes)
        } catch {
            throw fail("not a formcheck bundle: invalid JSON: \(error.message)", at: error.position)
        }
        let members = firstMembers(of: root)
        guard let version = members["formcheckBundle"] else {
            throw fail("not a formcheck bundle: it has no 'formcheckBundle' format version")
        }
        guard case .integer(let number) = YAMLScalarResolver.value(of: version), number == formatVersion else {
            throw fail("unsupported bundle format version \(version.flowText); this FormCheck reads version \(formatVersion)",
                       at: version.position)
        }
        guard let hash = members["hash"]?.scalarText, let content = members["content"], content.mapping != nil else {
            throw fail("not a formcheck bundle: it needs a 'hash' and a 'content' mapping")
        }
        let actual = (try? NodeJSONWriter.json(content, level: 1)).map { FNV1a64.label($0.utf8) }
        guard actual == hash else {
            throw fail("the bundle's content does not match its hash \(hash) (it hashes to \(actual ?? "nothing")): it was changed after it was written",
                       at: content.position)
        }
        let parts = firstMembers(of: content)
        guard let schema = parts["schema"], let file = parts["file"]?.scalarText else {
            throw fail("not a formcheck bundle: its content needs 'file' and 'schema'", at: content.position)
        }
        let catalogs = (parts["catalogs"]?.mapping ?? []).compactMap { pair in
            pair.keyText.map { MessageCatalog(root: pair.value, file: name, locale: LocaleIdentifier.normalized($0), source: source) }
        }
        return try FormSchema(document: schema, source: source, fileName: name, formName: FormSchema.formName(ofFile: file),
                              customRules: customRules, assumeCustomRulesPass: false) { _ in (catalogs, []) }
    }

    /// The members of a mapping by key, the first of a repeated key; none for another node.
    private static func firstMembers(of node: YAMLNode) -> [String: YAMLNode] {
        Dictionary((node.mapping ?? []).map { ($0.keyText ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}

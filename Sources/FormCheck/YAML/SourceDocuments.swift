/// Reads the documents of a schema or a message catalog: a JSON document with formcheck's own JSON
/// reader (`JSONNodeReader`), anything else with libyaml. JSON is YAML, so both give the same nodes;
/// the JSON reader also reads what YAML 1.1 reads otherwise (a NEL in a string, surrogate pairs in
/// `\u` escapes), and needs no C library. Without the `YAML` trait, only JSON is read.
enum SourceDocuments {
    static func parse(_ bytes: [UInt8]) throws(YAMLParseError) -> [YAMLNode] {
        let escaped = JSONLineSeparators.escaped(bytes)
        #if YAML
        // YAML that is not JSON stops the JSON reader where it leaves JSON's grammar (mostly at its
        // first token); it, and malformed JSON, go to libyaml, whose diagnostics they have always had.
        if let document = try? JSONNodeReader.parse(escaped) { return [document] }
        return try LibYAMLParser.parseDocuments(escaped)
        #else
        do {
            return [try JSONNodeReader.parse(escaped)]
        } catch {
            // Text that starts as a JSON object or array does is malformed JSON; other text is YAML,
            // and blank text an empty stream, as libyaml reads it.
            switch firstToken(of: bytes) {
            case nil: return []
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                throw YAMLParseError(problem: error.message, position: error.position, kind: "invalid JSON")
            default: throw .needsYAMLTrait
            }
        }
        #endif
    }

    #if !YAML
    /// The first byte after a byte order mark and white space, or nil when there is none.
    private static func firstToken(of bytes: [UInt8]) -> UInt8? {
        let whiteSpace: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        return bytes.dropFirst(JSONTextEncoding.byteOrderMarkLength(bytes)).first { !whiteSpace.contains($0) }
    }
    #endif
}

extension SourceText {
    /// The documents of this schema or catalog text (see `SourceDocuments`).
    /// - Throws: `SchemaError` with the syntax error, placed in this text.
    func documents() throws(SchemaError) -> [YAMLNode] {
        do {
            return try SourceDocuments.parse(bytes)
        } catch {
            let notes = error.context.map { [Diagnostic.Note(message: $0, position: error.contextPosition)] } ?? []
            throw SchemaError(diagnostics: [Diagnostic(.error, error.message, file: name, at: error.position, notes: notes)], source: self)
        }
    }
}

/// Reads the documents of a schema or a message catalog: a JSON document with formcheck's own JSON
/// reader (`JSONNodeReader`), anything else with libyaml. JSON is YAML, so both give the same nodes;
/// the JSON reader also reads what YAML 1.1 reads otherwise (a NEL in a string, surrogate pairs in
/// `\u` escapes), and needs no C library.
enum SourceDocuments {
    static func parse(_ bytes: [UInt8]) throws(YAMLParseError) -> [YAMLNode] {
        let escaped = JSONLineSeparators.escaped(bytes)
        // YAML that is not JSON stops the JSON reader where it leaves JSON's grammar (mostly at its
        // first token); it, and malformed JSON, go to libyaml, whose diagnostics they have always had.
        if let document = try? JSONNodeReader.parse(escaped) { return [document] }
        return try LibYAMLParser.parseDocuments(escaped)
    }
}

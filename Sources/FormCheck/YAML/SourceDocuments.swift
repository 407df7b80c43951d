/// Reads the documents of a schema or a message catalog: a JSON document with formcheck's own JSON
/// reader (`JSONNodeReader`), anything else with libyaml. JSON is YAML, so both give the same nodes;
/// the JSON reader also reads what YAML 1.1 reads otherwise (a NEL in a string, surrogate pairs in
/// `\u` escapes), and needs no C library.
enum SourceDocuments {
    static func parse(_ bytes: [UInt8]) throws(YAMLParseError) -> [YAMLNode] {
        let escaped = JSONLineSeparators.escaped(bytes)
        // A mapping in braces may be JSON; YAML's flow mappings that are not JSON, and malformed JSON,
        // go to libyaml, whose diagnostics they have always had.
        if firstToken(of: escaped) == UInt8(ascii: "{"), let document = try? JSONNodeReader.parse(escaped) { return [document] }
        return try LibYAMLParser.parseDocuments(escaped)
    }

    /// The first byte after a byte order mark and white space.
    private static func firstToken(of bytes: [UInt8]) -> UInt8? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index < bytes.count ? bytes[index] : nil
    }
}

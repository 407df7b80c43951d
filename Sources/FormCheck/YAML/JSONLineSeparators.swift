/// libyaml reads U+2028 and U+2029 as line breaks, as YAML 1.1 does, even inside a double-quoted
/// string, where it folds them (and the spaces before them) away. In JSON they are ordinary characters
/// of a string, so a schema or catalog written in JSON gets them escaped (`\u2028`, `\u2029`) before
/// libyaml reads it. Columns after such a character on its line then count the escape's six characters.
enum JSONLineSeparators {
    /// `bytes` with every raw U+2028 and U+2029 escaped when `bytes` is a JSON document; otherwise
    /// `bytes` unchanged.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        guard containsSeparator(bytes), (try? JSONReader.parse(bytes)) != nil else { return bytes }
        // In a well-formed JSON document these characters can only stand inside strings.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if isSeparator(bytes, at: index) {
                out += Array("\\u202\(bytes[index + 2] == 0xA8 ? "8" : "9")".utf8)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// U+2028 is E2 80 A8 in UTF-8, U+2029 E2 80 A9.
    private static func isSeparator(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    private static func containsSeparator(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { isSeparator(bytes, at: $0) }
    }
}

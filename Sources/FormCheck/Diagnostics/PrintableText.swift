/// Text from data files made safe for a terminal or a CI log: every control character (C0, DEL, C1),
/// format character (Unicode category Cf: bidi overrides and isolates, zero-width characters, the byte
/// order mark...) and line or paragraph separator is written as `\u{HEX}` (`\u{1B}`, `\u{202E}`), so
/// nothing from the data can move the cursor, change colours, forge an output line or reorder text.
package enum PrintableText {
    /// `text` with every character that needs it escaped.
    package static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { append(scalar, to: &out.unicodeScalars) }
        return out
    }

    /// Whether `text` holds a character to escape.
    package static func needsEscaping(_ text: String) -> Bool {
        !text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && text.unicodeScalars.contains(where: needsEscaping)
    }

    /// Whether a character is written escaped.
    @inline(__always)
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        // Ranges that hold no control, format or separator character but the soft hyphen (U+00AD):
        // Latin, Greek, Cyrillic, Armenian, Hebrew (U+00A0-U+05FF), and from letterlike symbols to the
        // CJK compatibility forms (U+2100-U+FEFE), which holds the CJK ideographs and Hangul.
        if (0xA0..<0x600).contains(scalar.value) && scalar.value != 0xAD || (0x2100..<0xFEFF).contains(scalar.value) { return false }
        return hasEscapedCategory(scalar)
    }

    /// Whether the scalar's category is one written escaped: control, format, line and paragraph separators.
    private static func hasEscapedCategory(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Appends `scalar` to `out`, escaped when it needs it.
    static func append(_ scalar: Unicode.Scalar, to out: inout some RangeReplaceableCollection<Unicode.Scalar>) {
        guard needsEscaping(scalar) else {
            out.append(scalar)
            return
        }
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
    }
}

/// Locale identifiers as catalogs and the command line write them: `fr`, `pt-BR`, `pt_BR`, `zh-Hant-TW`.
package enum LocaleIdentifier {
    /// The canonical spelling: language lowercase, region uppercase, `-` between parts (`pt_br` → `pt-BR`).
    package static func normalized(_ identifier: String) -> String {
        let parts = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        return parts.enumerated().map { index, part in
            if index == 0 { return part.lowercased() }
            if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) { return part.uppercased() }
            if part.count == 4 { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            return part
        }.joined(separator: "-")
    }

    /// Whether the text looks like a locale identifier (letters and digits in parts of 1 to 8).
    package static func isValid(_ identifier: String) -> Bool {
        let parts = identifier.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        return !parts.isEmpty && parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && parts[0].allSatisfy(\.isLetter)
    }

    /// The identifier and its parents: `pt-BR` → `pt-BR`, `pt`.
    static func parents(of identifier: String) -> [String] {
        var parts = normalized(identifier).split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }
}

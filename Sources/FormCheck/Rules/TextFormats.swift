/// The fixed text formats checked by `email`, `url` and `uuid`, on UTF-8 bytes without regular expressions.
enum TextFormats {
    /// The formats decided on UTF-8 bytes alone, which the direct path can test on a value in place.
    enum ByteFormat: Sendable {
        case email, uuid, url

        func matches(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            switch self {
            case .email: return TextFormats.isEmail(utf8)
            case .uuid: return TextFormats.isUUID(utf8)
            case .url: return TextFormats.isWebURL(utf8)
            }
        }

        func matches(_ text: String) -> Bool {
            var text = text
            return text.withUTF8(matches)
        }
    }

    /// A valid e-mail address as the WHATWG HTML standard defines it for `<input type=email>`:
    /// `^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$`
    private static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Read once, not for each byte (a global is made at its first use, which each read checks).
        let symbols = emailLocalSymbols
        var at = lowercaseAlphanumericRun(in: bytes, from: 0)
        while at < bytes.count, isASCIIAlphanumeric(bytes[at]) || (bytes[at] < 0x80 && symbols & (1 << bytes[at]) != 0) { at += 1 }
        guard at > 0, at < bytes.count, bytes[at] == UInt8(ascii: "@") else { return false }
        return isHostname(UnsafeBufferPointer(rebasing: bytes[(at + 1)...]))
    }

    /// The symbols of an e-mail address's local part: bit b for byte b.
    private static let emailLocalSymbols = "_.!#$%&'*+/=?^`{|}~-".utf8.reduce(UInt128(0)) { $0 | 1 << $1 }

    /// Dot-separated labels of 1 to `maxLabelLength` letters, digits and inner hyphens (ASCII): each
    /// label read as a run of those bytes, then its ends checked.
    private static func isHostname(_ bytes: UnsafeBufferPointer<UInt8>, maxLabelLength: Int = 63) -> Bool {
        var index = 0
        while true {
            let start = index
            index = lowercaseAlphanumericRun(in: bytes, from: index)
            while index < bytes.count, isASCIIAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > start, index - start <= maxLabelLength, bytes[start] != UInt8(ascii: "-"), bytes[index - 1] != UInt8(ascii: "-")
            else { return false }
            if index == bytes.count { return true }
            guard bytes[index] == UInt8(ascii: ".") else { return false }
            index += 1
        }
    }

    /// Where the run of ASCII lowercase letters and digits from `start` ends, read eight bytes at a
    /// time while eight remain; the bytes after it are left to the caller's own test.
    @inline(__always)
    private static func lowercaseAlphanumericRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end + 8 <= bytes.count {
            let other = ByteWord.bytesOtherThanLowercaseAlphanumeric(in: ByteWord.load(bytes, at: end))
            guard other == 0 else { return end + other.trailingZeroBitCount / 8 }
            end += 8
        }
        return end
    }

    /// `isWebURL` on UTF-8 bytes. Text beyond ASCII is decided on its bytes when it comes after the
    /// authority and the character that ends the authority is that one byte alone, so that the
    /// characters the authority is read from are its bytes; other text is decided by its characters.
    private static func isWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var firstBeyondASCII = bytes.count
        for index in bytes.indices {
            let byte = bytes[index]
            // Printable ASCII other than the space (0x21-0x7E) passes at one test.
            guard byte &- 0x21 >= 0x5E else { continue }
            guard byte >= 0x80 else { return false }
            if firstBeyondASCII == bytes.count { firstBeyondASCII = index }
        }
        let schemeLength = hasASCIIPrefix(bytes, "https://") ? 8 : hasASCIIPrefix(bytes, "http://") ? 7 : 0
        guard schemeLength > 0 else { return false }
        // The authority runs to the first `/`, `?` or `#`; its host follows its last `@` and ends at a
        // `:` after it, which a port follows.
        var authorityEnd = schemeLength
        var hostStart = schemeLength
        var colon: Int?
        scan: while authorityEnd < bytes.count {
            switch bytes[authorityEnd] {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): break scan
            case UInt8(ascii: "@"): (hostStart, colon) = (authorityEnd + 1, nil)
            case UInt8(ascii: ":"): colon = authorityEnd
            default: break
            }
            authorityEnd += 1
        }
        if firstBeyondASCII < bytes.count {
            guard authorityEnd < firstBeyondASCII else { return isWebURL(String(decoding: bytes, as: UTF8.self)) }
            let tail = String(decoding: bytes[authorityEnd...], as: UTF8.self)
            guard tail.first?.unicodeScalars.count == 1 else { return isWebURL(String(decoding: bytes, as: UTF8.self)) }
            guard !tail.unicodeScalars.contains(where: { !$0.isASCII && WhiteSpace.contains($0) }) else { return false }
        }
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") { return isWebURL(String(decoding: bytes, as: UTF8.self)) }
        var hostEnd = authorityEnd
        if let colon {
            guard isPort(bytes[(colon + 1)..<authorityEnd]) else { return false }
            hostEnd = colon
        }
        // A label of a web address's host may be longer than a mail domain's.
        return isHostname(UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), maxLabelLength: .max)
    }

    /// Whether `bytes` start with `prefix`, a lowercase ASCII text, in either case.
    private static func hasASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        for index in 0..<prefix.utf8CodeUnitCount {
            let byte = bytes[index]
            guard (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == prefix.utf8Start[index] else { return false }
        }
        return true
    }

    /// An absolute `http` or `https` URL with a host: `https://example.com:8080/path?q#f`.
    /// The host is a name of letters (any script), digits, hyphens and dots, or a bracketed IPv6 address;
    /// the port, if any, is 1 to 65535; no white space or control characters anywhere.
    static func isWebURL(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0.isASCII ? $0.value <= 0x20 || $0.value == 0x7F : WhiteSpace.contains($0) })
        else { return false }
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard isIPv6Address(address) else { return false }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && isPort(after.dropFirst().utf8)) else { return false }
            return true
        }
        if let colon = authority.lastIndex(of: ":") {
            guard isPort(authority[authority.index(after: colon)...].utf8) else { return false }
            host = authority[..<colon]
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// An IPv6 address as RFC 3986's `IPv6address` writes it: eight groups of 1 to 4 hexadecimal digits,
    /// one `::` standing for one or more groups of zeros, and the last two groups optionally written as
    /// an IPv4 address (`::ffff:192.0.2.1`). Zone identifiers and `IPvFuture` are not web hosts.
    static func isIPv6Address(_ address: Substring) -> Bool {
        guard address.contains(":") else { return false }
        var pieces = address.split(separator: ":", omittingEmptySubsequences: false)
        // `::` splits into one empty piece between groups, and into two at either end.
        if address.hasPrefix(":") {
            guard address.hasPrefix("::") else { return false }
            pieces.removeFirst()
        }
        if address.hasSuffix(":") {
            guard address.hasSuffix("::") else { return false }
            pieces.removeLast()
        }
        let compressions = pieces.filter(\.isEmpty).count
        guard compressions <= 1 else { return false }
        var groups = 0
        for (index, piece) in pieces.enumerated() where !piece.isEmpty {
            if index == pieces.count - 1, piece.contains(".") {
                guard isIPv4Address(piece) else { return false }
                groups += 2
            } else {
                guard piece.count <= 4, piece.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return false }
                groups += 1
            }
        }
        return compressions == 1 ? groups <= 7 : groups == 8
    }

    /// Four decimal numbers 0 to 255 without leading zeros, separated by dots (RFC 3986's `IPv4address`).
    private static func isIPv4Address(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && (part.count == 1 || part.first != "0")
                && Int(part).map { $0 <= 255 } == true
        }
    }

    /// 1 to 5 ASCII digits, for a number from 1 to 65535, as UTF-8.
    private static func isPort(_ digits: some Collection<UInt8>) -> Bool {
        guard (1...5).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        return (1...65535).contains(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    }

    /// `8-4-4-4-12` hexadecimal digits, either case, any version.
    private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(isASCIIAlphanumeric(byte) && Character(Unicode.Scalar(byte)).isHexDigit) {
                return false
            }
        }
        return true
    }

    /// A letter of either case (which setting bit 5 makes lowercase) or a digit.
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }
}

/// A backslash escape in a JSON string (RFC 8259, section 7), decoded where it starts: the one place
/// that reads `\n`, `\u00E9` and surrogate pairs, for the full reader and the direct path alike.
enum JSONEscape {
    enum Failure: Error {
        /// The text ends within the escape.
        case unterminated
        /// A backslash followed by a character that starts no escape.
        case unknown
        /// `\u` not followed by four hexadecimal digits.
        case notHexadecimal
        /// A `\u` escape of a surrogate that is not half of a pair.
        case unpairedSurrogate

        /// The reader's message for the failure.
        var message: String {
            switch self {
            case .unterminated: return "unexpected end of data: unterminated string"
            case .unknown: return "invalid escape sequence in a string"
            case .notHexadecimal: return "invalid \\u escape: expected four hexadecimal digits"
            case .unpairedSurrogate: return "invalid \\u escape: unpaired surrogate"
            }
        }
    }

    /// The scalar that the escape whose backslash is at `offset` stands for, and the escape's length in bytes.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Result<(scalar: Unicode.Scalar, length: Int), Failure> {
        assert(bytes[offset] == UInt8(ascii: "\\"), "an escape starts with a backslash")
        guard offset + 1 < bytes.count else { return .failure(.unterminated) }
        let simple: UInt8
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = bytes[offset + 1]
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            var scalar: UInt32
            switch hex4(bytes, at: offset + 2) {
            case .success(let value): scalar = value
            case .failure(let failure): return .failure(failure)
            }
            var length = 6
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 7 < bytes.count, bytes[offset + 6] == UInt8(ascii: "\\"), bytes[offset + 7] == UInt8(ascii: "u") else {
                    return .failure(.unpairedSurrogate)
                }
                let low: UInt32
                switch hex4(bytes, at: offset + 8) {
                case .success(let value): low = value
                case .failure(let failure): return .failure(failure)
                }
                guard (0xDC00...0xDFFF).contains(low) else { return .failure(.unpairedSurrogate) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                length = 12
            } else if (0xDC00...0xDFFF).contains(scalar) {
                return .failure(.unpairedSurrogate)
            }
            return .success((Unicode.Scalar(scalar)!, length))
        default:
            return .failure(.unknown)
        }
        return .success((Unicode.Scalar(simple), 2))
    }

    /// Four hexadecimal digits from `offset`.
    @inline(__always)
    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Result<UInt32, Failure> {
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard index < bytes.count else { return .failure(.unterminated) }
            guard let digit = hexDigit(bytes[index]) else { return .failure(.notHexadecimal) }
            value = value << 4 | digit
        }
        return .success(value)
    }

    /// The value of a hexadecimal digit of either case: a digit, or a letter from `a` to `f` once
    /// setting bit 5 has made it lowercase.
    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return UInt32(digit) }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? UInt32(letter) + 10 : nil
    }
}

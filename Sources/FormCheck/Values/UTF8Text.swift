/// Well-formed UTF-8 (RFC 3629): checked where a reader meets bytes beyond ASCII, and read back as
/// scalars without building a `String`.
enum UTF8Text {
    /// The length of the well-formed sequence that starts at `offset` with a byte from 0x80 up, or nil
    /// when it is not well formed: a stray continuation byte, an overlong form, a surrogate, a scalar
    /// beyond U+10FFFF, or a sequence cut short.
    @inline(__always)
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        // The range the second byte must fall in excludes overlong forms, surrogates and too-large scalars.
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The number of scalars in well-formed UTF-8 `bytes`: one per byte that does not continue a sequence.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// Whether every byte of `bytes` is part of a well-formed sequence.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] < 0x80 {
                offset += 1
            } else {
                guard let length = sequenceLength(in: bytes, at: offset) else { return false }
                offset += length
            }
        }
        return true
    }

    /// The number of characters (extended grapheme clusters, as `String.count` counts them) in
    /// well-formed UTF-8 `bytes`. Text whose scalars all lie where no scalar joins its neighbour into one
    /// character (below U+0300, where combining marks begin, and the CJK unified ideographs) has one
    /// character per scalar and is counted on the bytes; other text is decoded and counted by `String`.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            // Scalars below U+0300 take one byte or two with a lead byte below 0xCC; CJK unified
            // ideographs (U+4E00-U+9FFF) three, with a lead byte from 0xE4 to 0xE9.
            if lead < 0x80 {
                // CR LF is the only pair of ASCII scalars that makes one character: text with a CR is decoded.
                guard lead != 0x0D else { return String(decoding: bytes, as: UTF8.self).count }
                offset += 1
            } else if lead < 0xCC {
                offset += 2
            } else if (0xE4...0xE9).contains(lead), lead > 0xE4 || bytes[offset + 1] >= 0xB8 {
                offset += 3
            } else {
                return String(decoding: bytes, as: UTF8.self).count
            }
            count += 1
        }
        return count
    }

    /// The scalars of well-formed UTF-8 bytes, decoded as they are read.
    struct Scalars: Sequence, IteratorProtocol {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var offset = 0

        /// - Precondition: `bytes` is well-formed UTF-8.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            assert(UTF8Text.isWellFormed(bytes), "bytes that are not well-formed UTF-8")
            self.bytes = bytes
        }

        @inline(__always)
        mutating func next() -> Unicode.Scalar? {
            guard offset < bytes.count else { return nil }
            let lead = UInt32(bytes[offset])
            if lead < 0x80 {
                offset += 1
                return Unicode.Scalar(UInt8(lead))
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = lead & (0x7F >> UInt32(length))
            for index in (offset + 1)..<(offset + length) { value = value << 6 | UInt32(bytes[index] & 0x3F) }
            offset += length
            return Unicode.Scalar(value).unsafelyUnwrapped
        }
    }
}

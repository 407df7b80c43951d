/// Unicode's `White_Space` property (`Unicode.Scalar.Properties.isWhitespace`) as its list of scalars,
/// for the tests that run on every value read: the property's lookup takes some hundred instructions.
/// A test holds the list to the property over every scalar.
enum WhiteSpace {
    @inline(__always)
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

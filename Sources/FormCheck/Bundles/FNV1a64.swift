/// The 64-bit FNV-1a hash, which names a bundle's content (`SchemaBundle`). It is not cryptographic:
/// it tells a bundle changed or cut short by accident, not one forged on purpose.
enum FNV1a64 {
    /// The hash of `bytes`.
    /// - Complexity: O(n) in the number of bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `fnv1a64:` and the hash of `bytes` as 16 lowercase hexadecimal digits, as a bundle writes it.
    static func label(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(hash(bytes), radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}

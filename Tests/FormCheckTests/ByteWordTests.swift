import Testing
@testable import FormCheck

/// `ByteWord`'s tests of eight bytes at once must find the first byte that a test of each byte alone finds.
@Suite struct ByteWordTests {
    /// Every byte value in every lane, after lanes of the class and before lanes of anything: the
    /// lowest byte marked is the first outside ASCII lowercase letters and digits, or none is marked.
    @Test func lowercaseAlphanumericRunsEndWhereEachByteSays() {
        func isInClass(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        var random = SeededRandom(seed: 0xB17E)
        let members = Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        var mismatches: [[UInt8]] = []
        for lane in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in random.pick(members) }
                    bytes[lane] = UInt8(value)
                    for later in (lane + 1)..<8 where random.chance(0.5) { bytes[later] = UInt8(random.int(0...255)) }
                    let word = bytes.withUnsafeBufferPointer { ByteWord.load($0, at: 0) }
                    let marked = ByteWord.bytesOtherThanLowercaseAlphanumeric(in: word)
                    let expected = bytes.firstIndex { !isInClass($0) }
                    if (marked == 0 ? nil : marked.trailingZeroBitCount / 8) != expected { mismatches.append(bytes) }
                }
            }
        }
        #expect(mismatches == [])
    }

    /// Every byte value in every lane, after whole scalars of the run (printable ASCII, two-byte
    /// sequences of U+00C0-U+05FF) and before bytes of any kind: the run ends where reading the
    /// scalars one at a time ends it, and counts the same scalars.
    @Test func shownTextRunsEndWhereTheScalarsSay() {
        func expectedRun(_ bytes: [UInt8]) -> (bytes: Int, scalars: Int) {
            var (offset, scalars) = (0, 0)
            while offset < 8 {
                let byte = bytes[offset]
                if byte >= 0x20, byte < 0x7F {
                    offset += 1
                } else if (0xC3...0xD7).contains(byte), offset + 1 < 8, bytes[offset + 1] & 0xC0 == 0x80 {
                    offset += 2
                } else {
                    break
                }
                scalars += 1
            }
            return (offset, scalars)
        }
        var random = SeededRandom(seed: 0x5EC7)
        let scalars: [[UInt8]] = ["a", "~", " ", "é", "ß", "Ω", "Ж", "ֆ", "א", "\u{5FF}", "\u{C0}"].map { Array($0.utf8) }
        var mismatches: [[UInt8]] = []
        for lane in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes: [UInt8] = []
                    while bytes.count < lane { bytes += random.pick(scalars) }
                    bytes = Array(bytes.prefix(lane)) + [UInt8(value)]
                    while bytes.count < 8 { bytes.append(random.chance(0.5) ? UInt8(random.int(0...255)) : random.pick(scalars)[0]) }
                    let word = bytes.withUnsafeBufferPointer { ByteWord.load($0, at: 0) }
                    let run = ByteWord.shownTextRun(in: word)
                    if run != expectedRun(bytes) { mismatches.append(bytes) }
                }
            }
        }
        #expect(mismatches == [])
    }
}

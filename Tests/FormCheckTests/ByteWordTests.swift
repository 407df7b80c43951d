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
}

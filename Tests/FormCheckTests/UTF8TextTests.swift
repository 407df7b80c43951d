import Testing
@testable import FormCheck

/// `UTF8Text` must agree with the standard library on which bytes are well-formed UTF-8 and on the
/// scalars they hold. (How many characters they make is checked where strings are read:
/// `DirectPathTests.lengthsCountCharactersAsStringCountsThem`.)
@Suite struct UTF8TextTests {
    /// Every sequence of one or two bytes, and every three- and four-byte sequence whose later bytes
    /// are continuation bytes at their edges (0x80, 0xBF) or just outside them: well-formed exactly
    /// when `String(validating:)` accepts them, and decoded to the same scalars.
    @Test func wellFormednessAndScalarsAreTheStandardLibrarys() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 {
            for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) }
        }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for lead in 0xE0...0xF7 {
            for second in edges {
                for third in edges {
                    sequences.append([UInt8(lead), second, third])
                    for fourth in edges { sequences.append([UInt8(lead), second, third, fourth]) }
                }
            }
        }
        var mismatches: [[UInt8]] = []
        for bytes in sequences {
            let expected = String(validating: bytes, as: UTF8.self)
            bytes.withUnsafeBufferPointer { buffer in
                let wellFormed = UTF8Text.isWellFormed(buffer)
                if wellFormed != (expected != nil) {
                    mismatches.append(bytes)
                } else if let expected, Array(UTF8Text.Scalars(buffer)) != Array(expected.unicodeScalars) {
                    mismatches.append(bytes)
                }
            }
        }
        #expect(mismatches == [])
    }
}

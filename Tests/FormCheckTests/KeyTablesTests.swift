import Testing
@testable import FormCheck

/// `KeyTables` finds a key by its hash: the hash read a word at a time from a record must be the one
/// the plan's tables were built with, and a key that is not plain printable ASCII is left to the scan.
@Suite struct KeyTablesTests {
    /// Keys of every length from 0 to 40, quoted and followed by what a record may hold, read in place:
    /// the same length and hash as the key alone; without eight bytes after the key's, nil.
    @Test func aKeyReadInPlaceHashesAsTheKeyAlone() {
        var random = SeededRandom(seed: 0x6B65)
        let printable = Array(UInt8(0x20)...UInt8(0x7E)).filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        for length in 0...40 {
            for _ in 0..<20 {
                let key = (0..<length).map { _ in random.pick(printable) }
                let record = [UInt8(ascii: "\"")] + key + Array(#"":"value","next":1}"#.utf8)
                let read = record.withUnsafeBufferPointer { KeyTables.plainKey(in: $0, at: 0) }
                #expect(read?.length == length, "\(key)")
                #expect(read?.hash == KeyTables.hash(key), "\(key)")
                // Fewer than eight bytes after the key's last word: left to the scan.
                let short = [UInt8(ascii: "\"")] + key + Array(#"":1}"#.utf8)
                let tail = short.withUnsafeBufferPointer { KeyTables.plainKey(in: $0, at: 0) }
                #expect(tail == nil || tail?.hash == KeyTables.hash(key), "\(key)")
            }
        }
        // An escape or a byte beyond ASCII: left to the scan.
        for key in [#"na\u006De"#, "naïve", "tab\there", "del\u{7F}"] {
            let record = Array("\"\(key)\":\"value\",\"next\":1}".utf8)
            #expect(record.withUnsafeBufferPointer { KeyTables.plainKey(in: $0, at: 0) } == nil, "\(key)")
        }
    }

    /// Keys that differ only in one byte, wherever it lies in its word, spread over a table as random
    /// places would (256 keys in 512 places: about 200 places taken), so that probes stay short.
    @Test func keysThatDifferInOneByteSpreadOverTheTable() {
        var builder = KeyTables.Builder()
        let keys = (0..<200).map { Array("field_\(1000 + $0)".utf8) } + (0..<56).map { Array("abcdefg\(Character(Unicode.Scalar(0x41 + $0)!))".utf8) }
        let table = builder.add(keys: keys, firstMember: 0)
        let tables = KeyTables(builder)
        defer { tables.deallocate() }
        #expect(table.mask == 511)
        let hashes = keys.map { KeyTables.hash($0) & Int(table.mask) }
        #expect(Set(hashes).count >= 195)
        for (index, key) in keys.enumerated() {
            #expect(tables.member(hash: KeyTables.hash(key), in: table) { keys[$0] == key } == index)
        }
        #expect(tables.member(hash: KeyTables.hash(Array("field_".utf8)), in: table) { keys[$0] == Array("field_".utf8) } == nil)
    }
}

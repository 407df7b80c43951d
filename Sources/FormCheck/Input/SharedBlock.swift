/// A block of JSON Lines and the name of its file, as the records that one thread makes from a part
/// of the block hold them.
///
/// Each checking thread makes its own for its part of a block, and its records reference that one:
/// were they to reference the block's bytes and the name directly, every thread would change the
/// same two reference counts for each record, and the cache line that holds each would move between
/// the cores at every change.
final class SharedBlock: @unchecked Sendable {
    let bytes: [UInt8]
    /// A copy of its own of the file's name, for the same reason.
    let name: String
    /// The document `reusedDocument` made last, changed by the thread that checks the block's lines
    /// alone.
    @exclusivity(unchecked) private var lastDocument: DataDocument?

    init(bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = String(decoding: Array(name.utf8), as: UTF8.self)
    }

    /// The line at `range` as a document of its own, its first line numbered `firstLine`; copied through
    /// the block's buffer, without a reference to the block.
    func document(ofLine range: Range<Int>, firstLine: Int) -> DataDocument {
        let line = bytes.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
        return DataDocument(name: name, bytes: line, firstLine: firstLine)
    }

    /// The line at `range` as `document(ofLine:firstLine:)` gives it, made in the document the last
    /// call gave where nothing else references that any more (its record is done with, and so is its
    /// output): most lines with issues then allocate nothing. Called only by the thread that checks the
    /// block's lines.
    func reusedDocument(ofLine range: Range<Int>, firstLine: Int) -> DataDocument {
        if isKnownUniquelyReferenced(&lastDocument), let document = lastDocument {
            bytes.withUnsafeBufferPointer { document.replaceLine(with: UnsafeBufferPointer(rebasing: $0[range]), firstLine: firstLine) }
            return document
        }
        let document = document(ofLine: range, firstLine: firstLine)
        lastDocument = document
        return document
    }
}

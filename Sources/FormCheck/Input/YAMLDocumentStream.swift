#if YAML
import Foundation

/// A YAML data file read a part at a time: libyaml reads the file through this reader, which keeps the
/// text of the documents not yet handed on, and the documents are handed on in batches, each with the
/// text of its lines (positions are those of the whole file, and line breaks are YAML's). Memory
/// follows the largest document and a batch, not the file. A file that starts as UTF-16 or UTF-32 is
/// read whole and turned into UTF-8 first (`UTF8Transcoding`).
enum YAMLDocumentStream {
    /// Records of consecutive documents, parsed into nodes and given their values (YAML's scalars
    /// resolved) one by one as they are asked for, on the thread that asks.
    struct Batch: Sendable {
        private let document: DataDocument?
        private let nodes: [YAMLNode]
        /// The number (from 1) of the first record.
        private let firstIndex: Int
        /// Records read whole instead (from text turned into UTF-8).
        private let made: [DataRecord]

        init(document: DataDocument, nodes: [YAMLNode], firstIndex: Int) {
            (self.document, self.nodes, self.firstIndex, made) = (document, nodes, firstIndex, [])
        }

        init(records: [DataRecord]) {
            (document, nodes, firstIndex, made) = (nil, [], 0, records)
        }

        var count: Int { document == nil ? made.count : nodes.count }

        /// The record at `index` (from 0) of the batch.
        func record(at index: Int) -> DataRecord {
            guard let document else { return made[index] }
            let node = nodes[index]
            return DataRecord(index: firstIndex + index, position: node.position, content: .success(YAMLScalarResolver.value(of: node)),
                              document: document, anchor: .yaml(node))
        }

        var records: [DataRecord] { (0..<count).map(record(at:)) }
    }

    /// Calls `body` with the records of the file's documents in order, at least `batchSize` records at
    /// a time (fewer for the last). A syntax error is thrown after the documents before it were handed
    /// on, placed among the sensitive values that `hiding` finds before it; a document larger than
    /// `limit` ends the reading after the documents before it.
    static func forEachBatch(
        inFile path: String, limit: SizeLimit, batchSize: Int = 2048, hiding: SensitiveValueFinder? = nil,
        _ body: (Batch) -> Void
    ) throws(DataFileError) {
        let descriptor = try DataReader.open(path)
        defer { close(descriptor) }
        let text = Text(descriptor: descriptor, limit: limit)
        text.readAhead(4)
        if JSONTextEncoding.nonUTF8Encoding(ofStart: text.bytes.prefix(4)) != nil {
            // Turned into UTF-8 whole; its lines are counted in the whole text.
            try DataReader.forEachRecord(in: text.readAll(), format: .yaml, name: path, hiding: hiding) { body(Batch(records: [$0])) }
            return
        }
        var batch: [(document: YAMLNode, firstLine: Int, start: Int)] = []
        var records = 0
        var documents = 0
        var index = 0
        /// Hands on the batch, with the text from its first line up to `endLine` (the end when nil).
        func handOn(upTo endLine: Int?) {
            guard let firstLine = batch.first?.firstLine, let start = batch.first?.start else { return }
            let end = endLine.map(text.offset(ofLine:)) ?? text.end
            let nodes = batch.flatMap { $0.document.sequence ?? [$0.document] }
            let document = DataDocument(name: path, bytes: Array(text.bytes[(start - text.base)..<(end - text.base)]),
                                        firstLine: firstLine, yamlRecords: nodes)
            body(Batch(document: document, nodes: nodes, firstIndex: index + 1))
            index += nodes.count
            batch.removeAll()
            records = 0
            text.keep(from: end)
        }
        do {
            try LibYAMLParser.forEachDocument(reading: text.read) { document, firstLine, nextLine throws(YAMLParseError) in
                guard !text.crossedLimit else { return }
                // Lines are found in order: each document's first, then where the next one starts.
                let start = text.offset(ofLine: firstLine)
                let end = nextLine.map(text.offset(ofLine:)) ?? text.end
                // libyaml may have read a document whole before it was known to start.
                guard end - start <= limit.bytes else { return text.stop() }
                documents += 1
                batch.append((document, firstLine, start))
                text.documentStart = end
                records += document.sequence?.count ?? 1
                if records >= batchSize || text.end - batch[0].start > 1 << 20 { handOn(upTo: nextLine) }
            }
        } catch {
            handOn(upTo: nil)
            // A document cut short at the limit reads as broken: the limit is what to tell.
            if text.crossedLimit { throw .tooLarge(SizeLimitExceeded(.document(documents + 1), limit: limit)) }
            throw .malformed(error.dataParseError(hiding: hiding?.inYAMLRecords))
        }
        if text.crossedLimit {
            handOn(upTo: nil)
            throw .tooLarge(SizeLimitExceeded(.document(documents + 1), limit: limit))
        }
        if let error = text.readError { throw .unreadable(FileBytes.reason(error)) }
        guard documents > 0 else {
            throw .malformed(DataParseError(message: "invalid YAML: the document is empty", position: SourcePosition(line: 1, column: 1)))
        }
        handOn(upTo: nil)
    }

    /// The text read so far that is still needed, and where lines start in it.
    private final class Text {
        let descriptor: Int32
        let limit: SizeLimit
        private(set) var bytes: [UInt8] = []
        /// The file offset of `bytes[0]`.
        private(set) var base = 0
        private(set) var readError: Int32?
        /// Whether the document being read grew beyond the limit (the reading then stopped).
        private(set) var crossedLimit = false
        /// Where the document being read starts.
        var documentStart = 0

        /// Stops the reading at a document over the limit.
        func stop() {
            crossedLimit = true
        }
        /// A line whose start is known, and where it starts.
        private var knownLine = (number: 1, offset: 0)

        init(descriptor: Int32, limit: SizeLimit) {
            self.descriptor = descriptor
            self.limit = limit
        }

        /// The file offset after the last byte read.
        var end: Int { base + bytes.count }

        /// Reads until at least `count` bytes are held or the file ends.
        func readAhead(_ count: Int) {
            var room = [UInt8](repeating: 0, count: count)
            let got = room.withUnsafeMutableBufferPointer { FileBytes.fill($0, from: descriptor) }
            bytes += room.prefix(got.count)
            readError = got.error
            pending = bytes.count
        }

        /// Bytes read ahead and not yet given to libyaml.
        private var pending = 0

        /// Gives libyaml up to `count` bytes at `buffer`: first those read ahead, then from the file; 0
        /// at the end, or once the document being read holds more than the limit.
        func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
            if pending > 0 {
                let given = min(pending, count)
                let from = bytes.count - pending
                bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + from, count: given) }
                pending -= given
                return given
            }
            guard !crossedLimit, readError == nil else { return 0 }
            guard end - documentStart <= limit.bytes else {
                crossedLimit = true
                return 0
            }
            let got = FileBytes.fill(UnsafeMutableBufferPointer(start: buffer, count: min(count, 1 << 16)), from: descriptor)
            if let error = got.error { readError = error }
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: got.count))
            return got.count
        }

        /// The file offset where line `number` (from 1) starts; lines are asked for in order, each
        /// once or more.
        func offset(ofLine number: Int) -> Int {
            while knownLine.number < number {
                var index = nextPossibleLineBreak(from: knownLine.offset - base)
                while index < bytes.count, DataDocument.yamlLineBreakLength(in: bytes, at: index) == 0 {
                    index = nextPossibleLineBreak(from: index + 1)
                }
                guard index < bytes.count else { return end }
                knownLine = (knownLine.number + 1, base + index + DataDocument.yamlLineBreakLength(in: bytes, at: index))
            }
            return knownLine.offset
        }

        /// The first index from `start` on of a byte that may start a line break (a control character,
        /// DEL or a byte beyond ASCII: NEL and the line and paragraph separators, which libyaml counts),
        /// or the end: printable ASCII is passed eight bytes at a time.
        private func nextPossibleLineBreak(from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { bytes in
                var index = start
                while index + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, at: index)
                    let candidates = ByteWord.bytes(below: 0x0E, in: word) | ByteWord.bytesFromDelete(in: word)
                    if candidates != 0 { return index + candidates.trailingZeroBitCount / 8 }
                    index += 8
                }
                while index < bytes.count, bytes[index] >= 0x0E, bytes[index] < 0x7F { index += 1 }
                return index
            }
        }

        /// Drops the text before `offset` once it is large enough to be worth moving the rest.
        func keep(from offset: Int) {
            guard offset - base > 1 << 20 else { return }
            bytes.removeFirst(offset - base)
            base = offset
        }

        /// The rest of the file, with what was read before.
        func readAll() throws(DataFileError) -> [UInt8] {
            while true {
                guard end - documentStart <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
                var room = [UInt8](repeating: 0, count: 1 << 20)
                let got = room.withUnsafeMutableBufferPointer { FileBytes.fill($0, from: descriptor) }
                bytes += room.prefix(got.count)
                if let error = got.error { throw .unreadable(FileBytes.reason(error)) }
                if got.ended { break }
            }
            guard end - documentStart <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
            return bytes
        }
    }
}
#endif

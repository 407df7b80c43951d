#if YAML
import Foundation

/// YAML data (a file, or standard input) read a part at a time: libyaml reads it through this reader,
/// which keeps the text of the documents not yet handed on, and the documents are handed on in
/// batches, each with the text of its lines (positions are those of the whole text, and line breaks
/// are YAML's); a document that is a list is handed on an item at a time (see
/// `LibYAMLParser.forEachDocument`). Memory follows the largest document that is not a list, the
/// largest item, and a batch (a few parts per thread, when parts are parsed on a pool), not the file.
/// Text that starts as UTF-16 or UTF-32 is read whole and turned into UTF-8 first (`UTF8Transcoding`).
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
    /// on (and in a list in block style, the items before the one it is in), placed among the sensitive
    /// values that `hiding` finds before it; a document (or what of a list is not handed on yet) larger
    /// than `limit` ends the reading after the records before it. With a `pool` of more than one thread,
    /// the file is cut at its document markers into parts of at least `partSize` bytes, parsed on the
    /// pool (see `YAMLDocumentSplitter`), each handed on as a batch; the records, their numbers and
    /// positions, and the errors are those of one parser.
    static func forEachBatch(
        inFile path: String, limit: SizeLimit, batchSize: Int = 2048, hiding: SensitiveValueFinder? = nil,
        parsingOn pool: WorkerPool? = nil, partSize: Int = YAMLDocumentSplitter.partSize, _ body: (Batch) -> Void
    ) throws(DataFileError) {
        let descriptor = try DataReader.open(path)
        defer { close(descriptor) }
        try forEachBatch(of: Text(descriptor: descriptor, limit: limit), name: path, batchSize: batchSize, hiding: hiding, parsingOn: pool,
                         partSize: partSize, body)
    }

    /// The same for standard input, read on from `stream` (with what it read ahead) by one parser.
    static func forEachBatch(
        inStandardInput stream: inout LineStream, limit: SizeLimit, batchSize: Int = 2048, hiding: SensitiveValueFinder? = nil,
        _ body: (Batch) -> Void
    ) throws(DataFileError) {
        // What reading ahead met comes first: nothing was handed on yet.
        try stream.checkRead()
        let (bytes, ended) = stream.takeBuffered()
        try forEachBatch(of: Text(descriptor: 0, limit: limit, bytes: bytes, ended: ended), name: DataReader.standardInputName,
                         batchSize: batchSize, hiding: hiding, parsingOn: nil, partSize: YAMLDocumentSplitter.partSize, body)
    }

    private static func forEachBatch(
        of text: Text, name: String, batchSize: Int, hiding: SensitiveValueFinder?, parsingOn pool: WorkerPool?, partSize: Int,
        _ body: (Batch) -> Void
    ) throws(DataFileError) {
        let (descriptor, limit) = (text.descriptor, text.limit)
        text.readAhead(4)
        if JSONTextEncoding.nonUTF8Encoding(ofStart: text.bytes.prefix(4)) != nil {
            // Turned into UTF-8 whole; its lines are counted in the whole text.
            try DataReader.forEachRecord(in: text.readAll(), format: .yaml, name: name, hiding: hiding) { body(Batch(records: [$0])) }
            return
        }
        let reading = Reading(name: name, limit: limit, batchSize: batchSize, hiding: hiding)
        // A file no larger than the limit holds no document over it, which only one parser tells.
        guard let pool, pool.threads > 1, text.readError == nil, let size = FileBytes.size(of: descriptor), size <= limit.bytes else {
            return try reading.forEachBatch(of: text, from: Progress(), body)
        }
        var splitter = YAMLDocumentSplitter(descriptor: descriptor, size: size, start: text.bytes, limit: limit, partSize: partSize)
        // Parts parsed ahead of the one handed on.
        var parsing: [(part: YAMLDocumentSplitter.Part, parsed: FormCheck.Batch<ParsedPart>?)] = []
        var progress = Progress()
        while true {
            while parsing.count <= pool.threads, parsing.last?.part.isRest != true, let part = splitter.next() {
                parsing.append((part, part.isRest ? nil : pool.submit(count: 1, chunkSize: 1) { _, result in
                    result.baseAddress!.initialize(to: reading.parse(part))
                    return 1
                }))
            }
            guard !parsing.isEmpty else { break }
            let (part, batch) = parsing.removeFirst()
            let parsed = batch.map { batch in
                pool.wait(for: batch)
                return batch.removeValues()[0]
            }
            guard let parsed, case .documents(let document, let nodes, let documents, let aliasNodes) = parsed,
                progress.aliasNodes + aliasNodes <= LibYAMLParser.maximumExpandedNodes
            else {
                // From here on, one parser reads the rest of the file, as it would have read it all.
                for (_, later) in parsing { if let later { pool.wait(for: later) } }
                let rest = Text(descriptor: descriptor, limit: limit, bytes: ([part] + parsing.map(\.part)).flatMap(\.bytes) + splitter.held,
                                base: part.offset, firstLine: part.firstLine, readError: splitter.readError)
                return try reading.forEachBatch(of: rest, from: progress, body)
            }
            progress.documents += documents
            progress.aliasNodes += aliasNodes
            if let document {
                body(Batch(document: document, nodes: nodes, firstIndex: progress.records + 1))
                progress.records += nodes.count
            }
        }
        // (A read error ends the cutting: one parser reads the rest, and tells it.)
        guard progress.documents > 0 else { throw .malformed(Reading.emptyDocument) }
    }

    /// What the documents read so far count, for reading on from a line that starts a document.
    private struct Progress {
        var documents = 0
        var records = 0
        var aliasNodes = 0
    }

    /// A part of a file parsed apart: its documents' records in a document of the part's text, how
    /// many documents it holds and what its aliases added; or a part that one parser of the whole
    /// file might read otherwise (a syntax error, a last document that is a block or quoted scalar,
    /// which a document marker after it might continue), or whose last record lies after its text (an
    /// empty document's null, placed where the next document starts), to be read on from by one parser.
    private enum ParsedPart: Sendable {
        case documents(DataDocument?, nodes: [YAMLNode], documents: Int, aliasNodes: Int)
        case readOnAlone
    }

    /// How a file's documents are read: its name, its limit, its batches' size, what places a syntax
    /// error among its hidden values.
    private struct Reading: Sendable {
        let name: String
        let limit: SizeLimit
        let batchSize: Int
        let hiding: SensitiveValueFinder?

        static let emptyDocument = DataParseError(message: "invalid YAML: the document is empty", position: SourcePosition(line: 1, column: 1))

        /// Whether a record lies after the text of its document, which ends before `nextLine`: an empty
        /// document's null is placed where the next document starts, so a batch that ends with it holds
        /// the next document too, whose first line its excerpt quotes (and whose hidden values it hides).
        static func liesAfterItsText(_ record: YAMLNode, textEndingBefore nextLine: Int) -> Bool {
            record.position.line >= nextLine
        }

        /// Parses a part of the file (on a thread of the pool).
        func parse(_ part: YAMLDocumentSplitter.Part) -> ParsedPart {
            var documents: [YAMLNode] = []
            guard let aliasNodes = try? LibYAMLParser.forEachDocument(in: part.bytes, firstLine: part.firstLine, { documents.append($0) })
            else { return .readOnAlone }
            if case .scalar(_, isPlain: false)? = documents.last?.kind { return .readOnAlone }
            let nodes = documents.flatMap { $0.sequence ?? [$0] }
            if let last = nodes.last, Self.liesAfterItsText(last, textEndingBefore: part.nextLine) { return .readOnAlone }
            let document = documents.isEmpty ? nil : DataDocument(name: name, bytes: part.bytes, firstLine: part.firstLine, yamlRecords: nodes)
            return .documents(document, nodes: nodes, documents: documents.count, aliasNodes: aliasNodes)
        }

        /// Parses `text` with one parser from where it starts, after the documents `progress` counts,
        /// and calls `body` with its batches.
        func forEachBatch(of text: Text, from progress: Progress, _ body: (Batch) -> Void) throws(DataFileError) {
            var batch: [(document: YAMLNode, firstLine: Int, start: Int)] = []
            var records = 0
            var documents = progress.documents
            var index = progress.records
            /// Hands on the batch, with the text from its first line up to `endLine` (the end when nil).
            func handOn(upTo endLine: Int?) {
                guard let firstLine = batch.first?.firstLine, let start = batch.first?.start else { return }
                let end = endLine.map(text.offset(ofLine:)) ?? text.end
                let nodes = batch.flatMap { $0.document.sequence ?? [$0.document] }
                let document = DataDocument(name: name, bytes: Array(text.bytes[(start - text.base)..<(end - text.base)]),
                                            firstLine: firstLine, yamlRecords: nodes)
                body(Batch(document: document, nodes: nodes, firstIndex: index + 1))
                index += nodes.count
                batch.removeAll()
                records = 0
                text.keep(from: end)
            }
            do {
                try LibYAMLParser.forEachDocument(reading: text.read, firstLine: text.firstLine, aliasNodes: progress.aliasNodes,
                                                  handsOnListItems: true) {
                    document, firstLine, nextLine, endsDocument throws(YAMLParseError) in
                    guard !text.crossedLimit else { return }
                    // Lines are found in order: each document's (or list item's) first, then where the
                    // next one starts.
                    let start = text.offset(ofLine: firstLine)
                    let end = nextLine.map(text.offset(ofLine:)) ?? text.end
                    // libyaml may have read a document whole before it was known to start.
                    guard end - start <= limit.bytes else { return text.stop() }
                    if endsDocument { documents += 1 }
                    batch.append((document, firstLine, start))
                    text.documentStart = end
                    records += document.sequence?.count ?? 1
                    // A batch ends where its records' text does (see `liesAfterItsText`).
                    if records >= batchSize || text.end - batch[0].start > 1 << 20,
                        let nextLine, !Self.liesAfterItsText((document.sequence ?? [document]).last ?? document, textEndingBefore: nextLine) {
                        handOn(upTo: nextLine)
                    }
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
            guard documents > 0 else { throw .malformed(Self.emptyDocument) }
            handOn(upTo: nil)
        }
    }

    /// The text read so far that is still needed, and where lines start in it.
    fileprivate final class Text {
        let descriptor: Int32
        let limit: SizeLimit
        private(set) var bytes: [UInt8] = []
        /// The file offset of `bytes[0]`.
        private(set) var base = 0
        private(set) var readError: Int32?
        /// Whether the document being read (or what of a list is not handed on yet) grew beyond the
        /// limit (the reading then stopped).
        private(set) var crossedLimit = false
        /// Where the document being read starts (or the list item after those handed on).
        var documentStart = 0

        /// Stops the reading at a document over the limit.
        func stop() {
            crossedLimit = true
        }
        /// A line whose start is known, and where it starts.
        private var knownLine = (number: 1, offset: 0)

        /// The line that the text starts.
        let firstLine: Int

        /// The text of `descriptor` from where it is read now, or from `base` with `bytes` read from
        /// there (starting line `firstLine`, a document's first when `base` is not 0) before the
        /// descriptor's position, the error that reading met, if any, and whether the input has ended.
        init(descriptor: Int32, limit: SizeLimit, bytes: [UInt8] = [], base: Int = 0, firstLine: Int = 1, readError: Int32? = nil,
             ended: Bool = false) {
            self.descriptor = descriptor
            self.limit = limit
            (self.bytes, self.base, self.firstLine, self.readError, self.ended) = (bytes, base, firstLine, readError, ended)
            (knownLine, documentStart, pending) = ((firstLine, base), base, bytes.count)
        }

        /// The file offset after the last byte read.
        var end: Int { base + bytes.count }

        /// Whether the input has ended (a terminal is not read again after that).
        private var ended: Bool

        /// Reads until at least `count` bytes are held or the file ends.
        func readAhead(_ count: Int) {
            guard bytes.count < count, !ended else { return }
            let got = bytes.appendRead(atMost: count - bytes.count, from: descriptor)
            readError = got.error
            ended = got.ended
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
            guard !crossedLimit, readError == nil, !ended else { return 0 }
            guard end - documentStart <= limit.bytes else {
                crossedLimit = true
                return 0
            }
            let got = FileBytes.fill(UnsafeMutableBufferPointer(start: buffer, count: min(count, 1 << 16)), from: descriptor)
            if let error = got.error { readError = error }
            ended = got.ended
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

        private func nextPossibleLineBreak(from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { DataDocument.nextPossibleYAMLLineBreak(in: $0, from: start) }
        }

        /// Drops the text before `offset` once it is large enough to be worth moving the rest.
        func keep(from offset: Int) {
            guard offset - base > 1 << 20 else { return }
            bytes.removeFirst(offset - base)
            base = offset
        }

        /// The rest of the file, with what was read before.
        func readAll() throws(DataFileError) -> [UInt8] {
            while !ended {
                guard end - documentStart <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
                let got = bytes.appendRead(atMost: 1 << 20, from: descriptor)
                if let error = got.error { throw .unreadable(FileBytes.reason(error)) }
                ended = got.ended
            }
            guard end - documentStart <= limit.bytes else { throw .tooLarge(SizeLimitExceeded(.input, limit: limit)) }
            return bytes
        }
    }
}
#endif

/// The formats that records are read from, chosen by file extension.
package enum DataFormat: String, Sendable, CaseIterable {
    /// `.json`: an object is one record, an array holds many.
    case json
    /// `.jsonl`, `.ndjson`: one record per line, streamed.
    case jsonLines = "jsonl"
    /// `.yaml`, `.yml`: a mapping is one record, a sequence holds many, and each `---` document counts.
    case yaml

    /// The format for a file name, or nil when its extension is not a data extension.
    package init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".json") { self = .json }
        else if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") { self = .jsonLines }
        else if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { self = .yaml }
        else { return nil }
    }
}

/// One record read from a data file, or the reason a part of the file could not be read.
package struct DataRecord: Sendable {
    /// Where a record's values can be found again, without having recorded them while parsing.
    enum Anchor: Sendable {
        /// The byte offset where the record's JSON starts in the document.
        case json(Int)
        case yaml(YAMLNode)
    }

    /// The record's number in its file, from 1.
    package let index: Int
    /// Where the record starts.
    package let position: SourcePosition
    /// The record, or the parse error that replaced it (a malformed JSON Lines line).
    package var content: Result<Value, DataParseError> {
        if let parsed { return parsed }
        // A record the direct path settled is parsed only if somebody asks for its value; it is well-formed.
        let range = unparsedRange!
        let text = storedDocument?.bytes ?? block!.bytes
        return .success(text.withUnsafeBufferPointer { JSONReader.parseValue(UnsafeBufferPointer(rebasing: $0[range]), depth: 0) } ?? .null)
    }
    /// The text the record was read from.
    package var document: DataDocument? {
        storedDocument ?? block.map { $0.document(ofLine: unparsedRange!, firstLine: position.line) }
    }
    /// Whether `document` holds this record alone (a JSON Lines line), so that nothing found in it
    /// serves another record.
    package let isAloneInDocument: Bool
    let anchor: Anchor?
    private let parsed: Result<Value, DataParseError>?
    private let storedDocument: DataDocument?
    /// For a record that has not been parsed, where its JSON lies: a range of `storedDocument`'s bytes,
    /// or else of `block`'s.
    private let unparsedRange: Range<Int>?
    /// The block of JSON Lines that an unparsed record without a document of its own was read in.
    private let block: SharedBlock?

    init(index: Int, position: SourcePosition, content: Result<Value, DataParseError>, document: DataDocument? = nil,
         anchor: Anchor? = nil, isAloneInDocument: Bool = false) {
        self.index = index
        self.isAloneInDocument = isAloneInDocument
        self.position = position
        self.parsed = content
        self.storedDocument = document
        self.anchor = anchor
        self.unparsedRange = nil
        self.block = nil
    }

    /// A well-formed JSON Lines record that has not been parsed: its line as a document of its own (made
    /// in the one the block made last where nothing holds that any more, `SharedBlock.reusedDocument`:
    /// made only on the thread that checks the block's lines), or (for a record with no issue, whose
    /// text is seldom needed) a range of the block it was read in.
    init(unparsedLine line: DataReader.JSONLine, in block: SharedBlock, withDocument: Bool) {
        self.index = line.index
        self.position = SourcePosition(line: line.number, column: 1)
        self.isAloneInDocument = true
        self.parsed = nil
        self.anchor = .json(0)
        if withDocument {
            let document = block.reusedDocument(ofLine: line.range, firstLine: line.number)
            self.storedDocument = document
            self.unparsedRange = 0..<document.byteCount
            self.block = nil
        } else {
            self.storedDocument = nil
            self.unparsedRange = line.range
            self.block = block
        }
    }

    /// A well-formed element of a top-level JSON array that has not been parsed.
    init(index: Int, unparsedElement element: JSONArrayStream.Element, of document: DataDocument) {
        self.index = index
        self.position = element.position
        self.isAloneInDocument = false
        self.parsed = nil
        self.anchor = .json(element.range.lowerBound)
        self.storedDocument = document
        self.unparsedRange = element.range
        self.block = nil
    }

    /// The record's member `key` as a record of its own, so positions are found inside it.
    package func member(_ key: String) -> DataRecord {
        let value = (try? content.get())?[key]
        var anchor = self.anchor
        var position = self.position
        switch self.anchor {
        case .json(let start)?:
            if let document {
                let range = JSONLocator.range(of: ValuePath([.key(key)]), in: document.bytes, from: start)
                anchor = .json(range.lowerBound)
                position = document.position(ofOffset: range.lowerBound)
            }
        case .yaml(let node)?:
            if let child = node.child(.key(key)) {
                anchor = .yaml(child)
                position = child.position
            }
        case nil:
            break
        }
        return DataRecord(index: index, position: position, content: .success(value ?? .null), document: document, anchor: anchor)
    }

    /// Where the value of `issue`, an issue of this record's report, is written: found when the record
    /// was read (`ValidationIssue.written`) where it could be, else by its path.
    package func span(of issue: ValidationIssue) -> SourceSpan {
        guard case .json(let start)? = anchor, let written = issue.written, let document else { return span(of: issue.path) }
        // Counted from the record's start, whose position is known.
        let span = document.span(ofBytes: (start + written.lowerBound)..<(start + written.upperBound), after: (start, position))
        assert(span == self.span(of: issue.path), "the direct path's position of \(issue.path) is not the locator's")
        return span
    }

    /// Where the value at `path` is written; for a missing member, the empty span at the start of its
    /// enclosing object.
    package func span(of path: ValuePath) -> SourceSpan {
        switch anchor {
        case .json(let start)?:
            guard let document else { break }
            return document.span(ofBytes: JSONLocator.range(of: path, in: document.bytes, from: start))
        case .yaml(let root)?:
            var node = root
            for component in path.components {
                guard let child = node.child(component) else { return SourceSpan(start: node.position, end: node.position) }
                node = child
            }
            return SourceSpan(start: node.position, end: node.end)
        case nil:
            break
        }
        return SourceSpan(start: position, end: position)
    }
}

extension YAMLNode {
    /// A member (the last one of a repeated key) or an element.
    func child(_ component: ValuePath.Component) -> YAMLNode? {
        switch (component, kind) {
        case (.key(let key), .mapping(let pairs)): return pairs.last { $0.keyText == key }?.value
        case (.index(let index), .sequence(let items)): return items.indices.contains(index) ? items[index] : nil
        default: return nil
        }
    }
}

#if YAML
internal import CLibYAML

/// The only file that touches libyaml: it turns the parser's events into `YAMLNode` trees.
///
/// Every libyaml resource is owned by Swift scope: the parser is deleted when `parse` returns and
/// each event right after it is consumed. Positions come from start marks, converted to 1-based.
enum LibYAMLParser {
    /// Aliases may not add more than this many nodes to a stream, all its documents counted (guards
    /// against "billion laughs"); nodes written out do not count.
    static let maximumExpandedNodes = 1_000_000

    /// Parses every document of a YAML stream.
    static func parseDocuments(_ bytes: [UInt8]) throws(YAMLParseError) -> [YAMLNode] {
        guard !bytes.isEmpty else { return [] }
        var documents: [YAMLNode] = []
        try forEachDocument(in: bytes) { documents.append($0) }
        return documents
    }

    /// Parses the documents of `bytes` held whole, a stream's text from its `firstLine` on (see
    /// `forEachDocument(reading:firstLine:aliasNodes:handsOnListItems:_:)`), and calls `body` with each; returns how
    /// many nodes its aliases added.
    @discardableResult
    static func forEachDocument(
        in bytes: [UInt8], firstLine: Int = 1, _ body: (_ document: YAMLNode) throws(YAMLParseError) -> Void
    ) throws(YAMLParseError) -> Int {
        var offset = 0
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLParseError) in
            try forEachDocument(reading: { target, count in
                let given = min(count, buffer.count - offset)
                if given > 0 { target.update(from: buffer.baseAddress! + offset, count: given) }
                offset += given
                return given
            }, firstLine: firstLine) { document, _, _, _ throws(YAMLParseError) in try body(document) }
        }
    }

    /// Parses the YAML that `read` supplies (as libyaml asks for it: at most `count` bytes into the
    /// buffer, 0 at the end) and calls `body` with each document as soon as the next one starts or the
    /// text ends, with the line (from 1) where its text starts and the line where the next one starts
    /// (nil for the last): so one document's tree is held at a time. The text is a stream's from its
    /// `firstLine` on (a line that starts a document, or the first), after documents whose aliases
    /// added `aliasNodes` nodes; returns how many they add with this text's.
    ///
    /// With `handsOnListItems`, a document that is a sequence in block style (`- ` items, each on lines
    /// of its own) is handed on a piece at a time: each item as soon as the next one starts, as a
    /// sequence of that item (`endsDocument` false), and the document, a sequence of the items not
    /// handed on yet, at its end; so a long list is held an item at a time, not whole. From its first
    /// anchor on, the rest of the document is held whole, so that the items that aliases may name are
    /// handed on with them. A sequence in flow style (`[...]`) is held whole.
    @discardableResult
    static func forEachDocument(
        reading read: (UnsafeMutablePointer<UInt8>, Int) -> Int, firstLine: Int = 1, aliasNodes: Int = 0, handsOnListItems: Bool = false,
        _ body: (_ document: YAMLNode, _ firstLine: Int, _ nextLine: Int?, _ endsDocument: Bool) throws(YAMLParseError) -> Void
    ) throws(YAMLParseError) -> Int {
        var builder = TreeBuilder(lineOffset: firstLine - 1, nodesFromAliases: aliasNodes, handsOnListItems: handsOnListItems)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLParseError(problem: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(&parser) }
        return try withoutActuallyEscaping(read) { read throws(YAMLParseError) in
            var reader = read
            return try withUnsafeMutablePointer(to: &reader) { context throws(YAMLParseError) in
                yaml_parser_set_input(&parser, { data, buffer, size, sizeRead in
                    let read = data!.assumingMemoryBound(to: ((UnsafeMutablePointer<UInt8>, Int) -> Int).self).pointee
                    sizeRead!.pointee = read(buffer!, size)
                    return 1
                }, context)
                var documentLine = firstLine
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        throw builder.withDocumentRead(error(of: parser, lineOffset: firstLine - 1))
                    }
                    defer { yaml_event_delete(&event) }
                    let line = Int(event.start_mark.line) + firstLine
                    /// Hands on the list items whose next item has started (with this event).
                    func handOnListItems() throws(YAMLParseError) {
                        guard let items = builder.takeListItems() else { return }
                        try body(YAMLNode(kind: .sequence(items), position: items[0].position, end: items[items.count - 1].end),
                                 documentLine, line, false)
                        documentLine = line
                    }
                    let isEnd: Bool
                    do throws(YAMLParseError) {
                        isEnd = try builder.consume(event)
                    } catch {
                        // An item read whole before the one that fails is handed on, as before any other error.
                        try handOnListItems()
                        throw builder.withDocumentRead(error)
                    }
                    try handOnListItems()
                    if event.type == YAML_DOCUMENT_START_EVENT || isEnd {
                        if let document = builder.takeDocument() { try body(document, documentLine, isEnd ? nil : line, true) }
                        documentLine = line
                    }
                    if isEnd { return builder.nodesFromAliases }
                }
            }
        }
    }

    private static func error(of parser: yaml_parser_t, lineOffset: Int) -> YAMLParseError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let context = parser.context.map { String(cString: $0) }
        return YAMLParseError(
            problem: problem,
            position: position(of: parser.problem_mark, lineOffset: lineOffset),
            context: context,
            contextPosition: context == nil ? nil : position(of: parser.context_mark, lineOffset: lineOffset)
        )
    }

    /// The 1-based position of a mark, in text that starts `lineOffset` lines into its stream.
    fileprivate static func position(of mark: yaml_mark_t, lineOffset: Int) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    fileprivate static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    fileprivate static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// Where a scalar's text (`text`, its UTF-8 as libyaml gives it) starts in the source if the scalar
    /// spells it verbatim on one line: untagged, plain or quoted, and exactly as long as its text (plus
    /// the quotes), which rules out every escape (each is longer than what it stands for).
    fileprivate static func verbatimTextStart(of text: UnsafeBufferPointer<UInt8>, style: yaml_scalar_style_t, hasTag: Bool,
                                              from start: SourcePosition, to end: SourcePosition) -> SourcePosition? {
        guard !hasTag, start.line == end.line else { return nil }
        let quotes: Int
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: quotes = 0
        case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: quotes = 2
        default: return nil
        }
        guard end.column - start.column == UTF8Text.scalarCount(text) + quotes else { return nil }
        return SourcePosition(line: start.line, column: start.column + quotes / 2)
    }
}

/// Assembles nodes from events with an explicit stack, so deep documents cannot overflow the call stack.
private struct TreeBuilder {
    /// A collection being read. It is changed in place on the stack, so adding to it never copies it.
    private struct Frame {
        let isMapping: Bool
        /// Whether it is a sequence in flow style (`[...]`), whose items may share lines.
        var isFlowSequence = false
        /// A sequence's items.
        var items: [YAMLNode] = []
        /// A mapping's pairs, and the key read whose value comes next.
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        let position: SourcePosition
        let anchor: String?
        /// The nodes it holds, aliases expanded, itself included.
        var size = 1

        init(isMapping: Bool, position: SourcePosition, anchor: String?) {
            self.isMapping = isMapping
            self.position = position
            self.anchor = anchor
        }

        /// Whether a node added now is a value (an item, or the value of the pending key), not a key.
        var awaitsValue: Bool { !isMapping || pendingKey != nil }

        /// Adds a node: an item, a key, or the value of the pending key.
        mutating func add(_ node: consuming YAMLNode) {
            if !isMapping {
                items.append(node)
            } else if let key = pendingKey.take() {
                pairs.append(YAMLPair(key: key, value: node))
            } else {
                pendingKey = node
            }
        }
    }

    private(set) var documents: [YAMLNode] = []
    private var stack: [Frame] = []
    /// The lines of the stream before the text read.
    private let lineOffset: Int
    /// Where the last event read ends.
    private var lastEnd: SourcePosition
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    /// Nodes that aliases have added so far, in the whole file: written nodes are bounded by the
    /// file's size, copies made by aliases are not.
    private(set) var nodesFromAliases: Int
    /// Whether the items of a document that is a sequence are taken from it as the next one starts
    /// (`takeListItems`).
    private let handsOnListItems: Bool
    /// The items of such a document read whole before the event consumed last started the next.
    private var listItems: [YAMLNode] = []

    init(lineOffset: Int, nodesFromAliases: Int, handsOnListItems: Bool = false) {
        (self.lineOffset, self.nodesFromAliases, self.handsOnListItems) = (lineOffset, nodesFromAliases, handsOnListItems)
        lastEnd = SourcePosition(line: lineOffset + 1, column: 1)
    }

    /// The items of the document's top-level sequence that were read whole before the event consumed
    /// last started the next one, once.
    mutating func takeListItems() -> [YAMLNode]? {
        guard !listItems.isEmpty else { return nil }
        defer { listItems = [] }
        return listItems
    }

    /// Consumes one event; returns true at the end of the stream.
    mutating func consume(_ event: yaml_event_t) throws(YAMLParseError) -> Bool {
        // Items are handed on only from a sequence in block style, each item on lines of its own (items
        // of a flow sequence may share a line, whose excerpts and hidden values they share), and only
        // while the document has no anchor: a value given through an alias is hidden where its anchor
        // is written too, when it is sensitive, so an item that holds an anchor stays with the items
        // after it, which may name it.
        if handsOnListItems, stack.count == 1, !stack[0].isMapping, !stack[0].isFlowSequence, !stack[0].items.isEmpty, anchors.isEmpty {
            switch event.type {
            case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                swap(&listItems, &stack[0].items)
            default:
                break
            }
        }
        let position = LibYAMLParser.position(of: event.start_mark, lineOffset: lineOffset)
        let end = LibYAMLParser.position(of: event.end_mark, lineOffset: lineOffset)
        defer { lastEnd = end }
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            anchors = [:]
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = LibYAMLParser.string(scalar.value, length: Int(scalar.length))
            let tag = LibYAMLParser.string(scalar.tag)
            let isPlain = scalar.plain_implicit == 1 && scalar.style == YAML_PLAIN_SCALAR_STYLE
                && tag != "tag:yaml.org,2002:str"
            var node = YAMLNode(kind: .scalar(text, isPlain: isPlain), position: position, end: end)
            node.verbatimTextStart = LibYAMLParser.verbatimTextStart(of: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)),
                                                                     style: scalar.style, hasTag: tag != nil, from: position, to: end)
            if let coreTag = tag.flatMap(YAMLScalarResolver.CoreTag.init(uri:)) {
                guard let value = YAMLScalarResolver.value(of: text, taggedAs: coreTag) else {
                    throw YAMLParseError(problem: "the value cannot be read as !!\(coreTag.rawValue)", position: position)
                }
                node.taggedValue = value
            }
            add(node, size: 1, anchor: LibYAMLParser.string(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = LibYAMLParser.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLParseError(problem: "unknown alias '*\(name)'",
                                     problemWithoutText: "unknown alias (a value starting with '*' must be quoted)", position: position)
            }
            var node = target.node
            node.original = SourceSpan(start: node.position, end: node.end)
            node.verbatimTextStart = nil
            node.position = position
            node.end = end
            nodesFromAliases += target.size
            guard nodesFromAliases <= LibYAMLParser.maximumExpandedNodes else {
                throw YAMLParseError(
                    problem: "the document expands to more than \(LibYAMLParser.maximumExpandedNodes) nodes through aliases",
                    position: position)
            }
            add(node, size: target.size, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            var frame = Frame(isMapping: false, position: position, anchor: LibYAMLParser.string(event.data.sequence_start.anchor))
            frame.isFlowSequence = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            try push(frame)
        case YAML_MAPPING_START_EVENT:
            try push(Frame(isMapping: true, position: position, anchor: LibYAMLParser.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { break }
            add(YAMLNode(kind: frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), position: frame.position, end: end),
                size: frame.size, anchor: frame.anchor)
        default:
            break
        }
        return false
    }

    /// The document read last, which no longer counts among `documents`.
    mutating func takeDocument() -> YAMLNode? {
        documents.popLast()
    }

    /// `error`, met while reading, with the document read so far (`YAMLParseError.documentRead`): the
    /// text from where the last event read ends up to the error (which could not be read) as a quoted
    /// scalar where a value was being read (the value of the key read last, or the next item of a
    /// sequence), and its open collections closed after it.
    mutating func withDocumentRead(_ error: YAMLParseError) -> YAMLParseError {
        var error = error
        let unread = error.position.flatMap { position in
            lastEnd < position ? YAMLNode(kind: .scalar("", isPlain: false), position: lastEnd,
                                          end: SourcePosition(line: position.line, column: position.column + 1)) : nil
        }
        guard stack.isEmpty else {
            // The collections end where what was read in them does: the text not read, if it stands in them.
            var end = lastEnd
            if let unread, stack[stack.count - 1].awaitsValue {
                end = unread.end
                stack[stack.count - 1].add(unread)
            }
            while let frame = stack.popLast() {
                let node = YAMLNode(kind: frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), position: frame.position, end: end)
                guard !stack.isEmpty else {
                    error.documentRead = node
                    return error
                }
                // A key that is a collection, still without its value, adds nothing.
                if stack[stack.count - 1].awaitsValue { stack[stack.count - 1].add(node) }
            }
            return error
        }
        // A document read whole, not handed on yet (the error came after it), else the document's text
        // up to the error, which could not be read.
        error.documentRead = documents.last ?? unread
        return error
    }

    private mutating func push(_ frame: Frame) throws(YAMLParseError) {
        guard stack.count < YAMLNode.maximumDepth else {
            throw YAMLParseError(
                problem: "nesting is deeper than \(YAMLNode.maximumDepth) levels", position: frame.position)
        }
        stack.append(frame)
    }

    private mutating func add(_ node: consuming YAMLNode, size: Int, anchor: String?) {
        if let anchor { anchors[anchor] = (copy node, size) }
        guard !stack.isEmpty else {
            documents.append(node)
            return
        }
        stack[stack.count - 1].size += size
        stack[stack.count - 1].add(node)
    }
}
#endif

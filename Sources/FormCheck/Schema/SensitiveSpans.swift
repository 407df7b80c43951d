extension ValidatorGraph {
    /// Where the values of sensitive fields (and everything inside them) are written in `document`:
    /// in every record it holds, and at every occurrence of a repeated key.
    ///
    /// In a window of an array that ended on a syntax error after its last element, the text after
    /// that element is hidden whole, unless `readingUnreadText`: then it is read as the value it starts
    /// (after a comma, if any) as far as it can be, as `JSONLocator` reads a malformed record.
    func sensitiveSpans(in document: DataDocument, readingUnreadText: Bool = false) -> [SourceSpan] {
        guard let records = document.yamlRecords else {
            guard let starts = document.jsonValueStarts else { return document.spans(ofBytes: JSONLocator.sensitiveRanges(in: document.bytes, graph: self)) }
            // A window of an array: its values, up to one that cannot be read (whose rest is hidden whole),
            // then the text after them that was not read, if any.
            var ranges: [Range<Int>] = []
            for start in starts {
                guard JSONLocator.appendSensitiveRanges(in: document.bytes, recordStart: start, graph: self, to: &ranges) else {
                    return document.spans(ofBytes: ranges)
                }
            }
            if let unread = document.jsonUnreadStart {
                if !readingUnreadText {
                    ranges.append(unread..<document.byteCount)
                } else if let value = JSONLocator.valueStart(after: unread, in: document.bytes) {
                    _ = JSONLocator.appendSensitiveRanges(in: document.bytes, recordStart: value, graph: self, to: &ranges)
                }
            }
            return document.spans(ofBytes: ranges)
        }
        return sensitiveSpans(inYAMLRecords: records)
    }

    /// Where the values of sensitive fields are written in YAML records.
    func sensitiveSpans(inYAMLRecords records: [YAMLNode]) -> [SourceSpan] {
        var spans: [SourceSpan] = []
        for record in records { collectSensitiveSpans(inRecord: record, into: &spans) }
        return spans
    }

    /// Where the values of sensitive fields are written in `record` alone (not in other records of its
    /// document).
    func sensitiveSpans(in record: DataRecord) -> [SourceSpan] {
        guard let document = record.document else { return [] }
        switch record.anchor {
        case .json(let start)?:
            return sensitiveSpans(ofJSONRecordAt: start, in: document)
        case .yaml(let node)?:
            var spans: [SourceSpan] = []
            collectSensitiveSpans(inRecord: node, into: &spans)
            return spans
        case nil:
            return []
        }
    }

    /// Where the values of sensitive fields are written in the one JSON record that starts at `start`
    /// in `document` (even when it is an array, which as a whole document is an array of records).
    func sensitiveSpans(ofJSONRecordAt start: Int, in document: DataDocument) -> [SourceSpan] {
        document.spans(ofBytes: JSONLocator.sensitiveRanges(in: document.bytes, recordStart: start, graph: self))
    }

    /// Whether the node is sensitive or encloses a sensitive field.
    func holdsSensitiveValues(_ id: Int) -> Bool {
        holdsSensitive[id]
    }

    /// The fields of the node `id` (of the record, when nil) that are or enclose sensitive fields.
    func fieldsHoldingSensitiveValues(in id: Int?) -> [Int] {
        fieldsHoldingSensitive[id ?? nodes.count]
    }

    /// The field among `fields` whose key is `key`.
    func field(_ key: String, among fields: [Int]) -> Int? {
        fields.first { nodes[$0].key == key }
    }

    /// A YAML record of a form with sensitive fields.
    private func collectSensitiveSpans(inRecord node: YAMLNode, into spans: inout [SourceSpan]) {
        guard case .mapping(let pairs) = node.kind else { return hideUnlessNull(node, in: &spans) }
        collectSensitiveSpans(in: pairs, fields: rootFields, into: &spans)
    }

    /// The members of a YAML mapping whose declared fields are `fields`.
    private func collectSensitiveSpans(in pairs: [YAMLPair], fields: [Int], into spans: inout [SourceSpan]) {
        for pair in pairs {
            guard let key = pair.keyText, let id = field(key, among: fields) else { continue }
            collectSensitiveSpans(of: id, in: pair.value, into: &spans)
        }
    }

    /// A YAML value of the field `id`.
    private func collectSensitiveSpans(of id: Int, in node: YAMLNode, into spans: inout [SourceSpan]) {
        guard holdsSensitive[id] else { return }
        if nodes[id].isSensitive { return hide(node, in: &spans) }
        switch (node.kind, nodes[id].items) {
        case (.mapping(let pairs), nil):
            collectSensitiveSpans(in: pairs, fields: nodes[id].children, into: &spans)
        case (.sequence(let items), let template?):
            for item in items { collectSensitiveSpans(of: template, in: item, into: &spans) }
        default:
            // A value of another shape than its field's (a sequence or a scalar where a mapping is
            // declared, a mapping where a sequence is) may hold what the field's sensitive members
            // would: hidden whole, unless it is null.
            hideUnlessNull(node, in: &spans)
        }
    }

    private func hideUnlessNull(_ node: YAMLNode, in spans: inout [SourceSpan]) {
        if case .scalar = node.kind, YAMLScalarResolver.value(of: node) == .null { return }
        hide(node, in: &spans)
    }

    private func hide(_ node: YAMLNode, in spans: inout [SourceSpan]) {
        // A value given through an alias is written where its anchor is, too.
        spans.append(SourceSpan(start: node.position, end: node.end))
        spans += node.originals
    }
}

extension FormSchema {
    /// Where the values of `sensitive` fields are written in `document` (every record of it), and the
    /// positions output may give on their lines.
    package func redaction(of document: DataDocument) -> Redaction {
        redaction(of: document) { graph.sensitiveSpans(in: document) }
    }

    /// The same for the document of a JSON Lines line, which holds one record even when it is an array
    /// (elsewhere an array of records).
    package func redaction(ofLine document: DataDocument) -> Redaction {
        redaction(of: document) { graph.sensitiveSpans(ofJSONRecordAt: 0, in: document) }
    }

    /// The redaction already known for `document`, or else of the `spans` found in it.
    private func redaction(of document: DataDocument, spans: () -> [SourceSpan]) -> Redaction {
        if let known = document.knownRedaction { return known }
        return hasSensitiveFields ? Redaction(spans: spans()) : Redaction()
    }

    /// The same for a document of one record, from where the check that read the record found its
    /// sensitive values (`DirectPlan.failuresAndSensitiveRanges`), without reading the document again.
    func redaction(ofValuesAt ranges: [Range<Int>], in document: DataDocument) -> Redaction {
        assert(hasSensitiveFields, "values hidden in a form without sensitive fields")
        return document.withSpans(ofBytes: ranges) { Redaction(spans: $0, in: document.takeSpareRedaction()) }
    }

    /// What finds the sensitive values in data that failed to parse, so that readers place its syntax
    /// error as output places positions; nil when the form has none.
    package var sensitiveValueFinder: SensitiveValueFinder? {
        guard hasSensitiveFields else { return nil }
        let schema = self
        return SensitiveValueFinder(ofJSONDocument: { schema.redaction(of: $0) }, ofJSONLine: { schema.redaction(ofLine: $0) },
                                    inYAMLRecords: { [graph] in graph.sensitiveSpans(inYAMLRecords: $0) })
    }

    /// The same for data whose records each hold a record of the form as their member `name` (the cases
    /// of a fixture suite and their `data`); nil when the form has no sensitive fields.
    package func sensitiveValueFinder(inMember name: String) -> SensitiveValueFinder? {
        guard hasSensitiveFields else { return nil }
        let graph = graph
        let ofJSON: @Sendable (DataDocument) -> Redaction = { document in
            Redaction(spans: document.spans(ofBytes: JSONLocator.sensitiveRanges(inMember: name, ofElementsIn: document.bytes, graph: graph)))
        }
        return SensitiveValueFinder(ofJSONDocument: ofJSON, ofJSONLine: ofJSON, inYAMLRecords: { records in
            graph.sensitiveSpans(inYAMLRecords: records.compactMap { $0.mapping?.first { $0.keyText == name }?.value })
        })
    }

    /// The same for `record` alone, for a record that is a part of a larger one (such as the `data`
    /// of a case in a fixture suite, which `DataRecord.member(_:)` gives).
    package func redaction(ofRecord record: DataRecord) -> Redaction {
        hasSensitiveFields ? Redaction(spans: graph.sensitiveSpans(in: record)) : Redaction()
    }
}

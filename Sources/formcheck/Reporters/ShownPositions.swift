import FormCheck

/// The positions every output format gives: on a line that holds sensitive values, columns are
/// counted as if each value were written `***` (see `Redaction`), so no position tells a value's length.
struct ShownPositions {
    let schema: FormSchema
    /// Whether records can hold values to hide; a document is read to find them only then.
    private let hidesValues: Bool
    /// The last document's redaction: the records of a JSON or YAML file share their document.
    private var last: (document: DataDocument, redaction: Redaction)?

    init(schema: FormSchema) {
        self.schema = schema
        hidesValues = schema.hasSensitiveFields
    }

    /// Where the sensitive values lie on the lines of `record`'s document.
    mutating func redaction(for record: DataRecord) -> Redaction {
        guard hidesValues, let document = record.document else { return Redaction() }
        if let last, last.document === document { return last.redaction }
        let redaction = schema.redaction(of: document)
        last = (document, redaction)
        return redaction
    }

    /// Where the value at `path` is written in `record`, as shown.
    mutating func span(of path: ValuePath, in record: DataRecord) -> SourceSpan {
        redaction(for: record).shown(record.span(of: path))
    }

    /// Where `record` starts, as shown.
    mutating func position(of record: DataRecord) -> SourcePosition {
        redaction(for: record).shown(record.position)
    }
}

/// Finds where the sensitive values of a form are written in data that failed to parse, so that the
/// readers place a syntax error as output places positions: each sensitive value written before it on
/// its line counts as `***`, and a position inside one (or inside text that could not be read, where
/// one may be) is its start (see `Redaction`). A form with sensitive fields makes one
/// (`FormSchema.sensitiveValueFinder`).
package struct SensitiveValueFinder: Sendable {
    /// The redaction of a JSON document, read as far as it can be.
    let ofJSONDocument: @Sendable (DataDocument) -> Redaction
    /// The redaction of a JSON Lines line's document: one record, even when it is an array.
    let ofJSONLine: @Sendable (DataDocument) -> Redaction
    /// Where the sensitive values of YAML records are written.
    let inYAMLRecords: @Sendable ([YAMLNode]) -> [SourceSpan]

    /// `error`, met in the JSON document `bytes` (a JSON Lines line when `isLine`), moved as output
    /// places positions.
    func placing(_ error: DataParseError, in bytes: [UInt8], name: String, firstLine: Int = 1, isLine: Bool) -> DataParseError {
        let document = DataDocument(name: name, bytes: bytes, firstLine: firstLine)
        return (isLine ? ofJSONLine(document) : ofJSONDocument(document)).shown(error)
    }
}

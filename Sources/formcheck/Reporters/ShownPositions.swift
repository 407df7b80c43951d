import FormCheck
import Synchronization

/// The positions every output format gives: on a line that holds sensitive values, columns are
/// counted as if each value were written `***` (see `Redaction`), so no position tells a value's length.
/// Shared by the checking threads.
final class ShownPositions: Sendable {
    let schema: FormSchema
    /// Whether records can hold values to hide; a document is read to find them only then.
    private let hidesValues: Bool
    /// The last document's redaction: the records of a JSON or YAML file share their document.
    private let last = Mutex<(document: DataDocument, redaction: Redaction)?>(nil)

    init(schema: FormSchema) {
        self.schema = schema
        hidesValues = schema.hasSensitiveFields
    }

    /// Where the sensitive values lie on the lines of `record`'s document.
    func redaction(for record: DataRecord) -> Redaction {
        guard hidesValues, let document = record.document else { return Redaction() }
        // A document of one record serves no other: it is looked through without the lock, which the
        // threads would otherwise take and write for every record.
        if record.isAloneInDocument { return schema.redaction(ofLine: document) }
        if let cached = last.withLock({ $0?.document === document ? $0?.redaction : nil }) { return cached }
        // A large document (of many records) is looked through once, by the first thread that asks
        // while the others wait; a small one by each thread that asks.
        guard document.byteCount > 1 << 16 else {
            let redaction = schema.redaction(of: document)
            last.withLock { $0 = (document, redaction) }
            return redaction
        }
        return last.withLock { last in
            if let last, last.document === document { return last.redaction }
            let redaction = schema.redaction(of: document)
            last = (document, redaction)
            return redaction
        }
    }
}

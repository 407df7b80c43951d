/// What a run over files makes of each record and its report, on the checking threads (see
/// `FormSchema.validateRecords(inFile:format:options:jobs:transform:_:)`), and what it needs to be given.
package struct RecordTransform<Result: Sendable>: Sendable {
    let make: @Sendable (DataRecord, ValidationReport?) -> Result
    /// What `make` gives for any record without issues, when that does not depend on the record: such
    /// records are then not made into `DataRecord`s at all.
    let makeWithoutIssues: (@Sendable () -> Result)?
    /// Whether `make` reads records' text (`DataRecord.document`). When not, a JSON Lines record with
    /// issues is handed on without a document of its own (`DataRecord.document` then makes one each
    /// time it is asked).
    let readsText: Bool

    package init(
        readsText: Bool = true, withoutIssues makeWithoutIssues: (@Sendable () -> Result)? = nil,
        _ make: @escaping @Sendable (DataRecord, ValidationReport?) -> Result
    ) {
        self.make = make
        self.makeWithoutIssues = makeWithoutIssues
        self.readsText = readsText
    }
}

/// What a run over files makes of each record and its report, on the checking threads (see
/// `FormSchema.validateRecords(inFile:format:options:jobs:transform:_:)`), and what it needs to be given.
package struct RecordTransform<Result: Sendable>: Sendable {
    /// Makes a checking thread's own `RecordMaker`, at the thread's first chunk of records of the run.
    let makeMaker: @Sendable () -> RecordMaker<Result>
    /// Whether makers read records' text (`DataRecord.document`). When not, a JSON Lines record with
    /// issues is handed on without a document of its own (`DataRecord.document` then makes one each
    /// time it is asked).
    let readsText: Bool

    /// A transform that every thread runs as it is.
    package init(readsText: Bool = true, _ make: @escaping @Sendable (DataRecord, ValidationReport?) -> Result) {
        self.init(readsText: readsText, perThread: { RecordMaker(make) })
    }

    /// A transform that each checking thread runs with a maker of its own, so that what a maker holds
    /// and changes (caches, the output it builds) is touched by one thread: objects that threads share
    /// have their cache lines moved between the cores at every change of their counts of references.
    package init(readsText: Bool = true, perThread makeMaker: @escaping @Sendable () -> RecordMaker<Result>) {
        self.makeMaker = makeMaker
        self.readsText = readsText
    }

    /// The result of a record checked on its own, as a chunk of one record.
    func makeAlone(_ record: DataRecord, _ report: ValidationReport?) -> Result {
        makeMaker().makeChunk(of: record, report)
    }
}

/// How one checking thread makes the results of its records: a chunk of consecutive records at a time,
/// in order, each by `make` (or a run of records without issues by `makeRunWithoutIssues`), then
/// `endChunk` on the chunk's first result, which can take what the chunk's results share (such as
/// their output, written into one buffer that the thread then starts afresh: one memory block handed
/// to the reading thread per chunk, not one per record).
///
/// `endChunk` is also given the chunk's number in its file's order where the run numbers its chunks:
/// JSON Lines are checked in chunks numbered 0, 1, 2... in input order, every chunk of the file (or of
/// standard input) numbered and every record of it in one, and each chunk's `endChunk` returns before
/// its records are handed on. Records read otherwise come in chunks without numbers (nil).
package struct RecordMaker<Result> {
    let make: (DataRecord, ValidationReport?) -> Result
    /// One result for a run of `count` consecutive records without issues, the first numbered `first`,
    /// when their numbers are all that is needed: such records are then not made into `DataRecord`s at
    /// all. Where every result of a batch is handed on (JSON Lines), a run is as long as the records
    /// without issues that follow each other in a chunk; elsewhere each such record is a run of one.
    let makeRunWithoutIssues: ((_ first: Int, _ count: Int) -> Result)?
    let endChunk: (_ first: inout Result, _ number: Int?) -> Void

    package init(
        runsWithoutIssues makeRunWithoutIssues: ((_ first: Int, _ count: Int) -> Result)? = nil,
        endingChunksWith endChunk: @escaping (_ first: inout Result, _ number: Int?) -> Void = { _, _ in },
        _ make: @escaping (DataRecord, ValidationReport?) -> Result
    ) {
        self.make = make
        self.makeRunWithoutIssues = makeRunWithoutIssues
        self.endChunk = endChunk
    }

    /// The result of a chunk of one record.
    func makeChunk(of record: DataRecord, _ report: ValidationReport?) -> Result {
        var result = make(record, report)
        endChunk(&result, nil)
        return result
    }
}

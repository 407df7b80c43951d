@testable import FuzzSupport
@testable import FormCheck

/// Bytes as JSON data: the reader never crashes and places every error inside the input; a top-level
/// array split apart reads as the whole-document reader reads it; and for a few schemas, the direct
/// (byte-level) path and the reference validator give the same report whenever the direct path answers.
enum FuzzJSON {
    static let schemas = ["schemas/signup.yaml", "bench/signup.yaml", "Fuzzing/Schemas/direct.yaml"].map(Fuzzing.schema)

    static func run(_ bytes: [UInt8]) {
        let document: Value?
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            checkPlace(of: error, in: bytes)
            document = nil
        }
        checkArraySplitting(bytes)
        for schema in schemas {
            for collectAll in [false, true] {
                compareDirectPath(schema, bytes, document, options: ValidationOptions(collectAllErrors: collectAll, today: Fuzzing.today))
            }
        }
    }

    /// A parse error's position is a place in the input: a line it has, a column up to one past that line's end.
    static func checkPlace(of error: DataParseError, in bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let position = error.position
        guard position.line >= 1, position.line <= lines.count, position.column >= 1,
            position.column <= lines[position.line - 1].count(where: { $0 & 0xC0 != 0x80 }) + 1
        else { Fuzzing.finding("'\(error.message)' at \(position), outside the input (\(lines.count) lines)") }
    }

    /// The elements `JSONArrayStream` hands out read as the records of the whole-document reader, at the
    /// same positions.
    static func checkArraySplitting(_ bytes: [UInt8]) {
        guard let records = try? JSONReader.parseRecords(bytes, splittingTopLevelArray: true) else { return }
        var stream = JSONArrayStream(bytes: bytes, name: "fuzz.json", limit: SizeLimit(bytes: bytes.count + 1))
        guard (try? stream.startsWithArray()) == true else { return }
        var elements: [(value: Value?, position: SourcePosition)] = []
        reading: while true {
            switch stream.next() {
            case .window(let window):
                window.bytes.withUnsafeBufferPointer { buffer in
                    for element in window.elements {
                        elements.append((JSONReader.parseValue(UnsafeBufferPointer(rebasing: buffer[element.range]), depth: 1), element.position))
                    }
                }
            case .end: break reading
            case .failed(let error): Fuzzing.finding("the array stream failed on an array the reader reads: \(error)")
            }
        }
        guard elements.count == records.count else { Fuzzing.finding("\(elements.count) elements handed out, \(records.count) records read") }
        for (element, record) in zip(elements, records) {
            guard element.value == record.value else {
                Fuzzing.finding("element at \(element.position) reads \(String(describing: element.value)), not \(record.value)")
            }
            let position = SourceText.position(ofOffset: record.offset, in: bytes)
            guard element.position == position else { Fuzzing.finding("element at \(element.position), record at \(position)") }
        }
    }

    /// The direct path's report, when it gives one, is the reference validator's; so is `validate(_:)`'s on
    /// the parsed document (written back as JSON for the direct path).
    static func compareDirectPath(_ schema: FormSchema, _ bytes: [UInt8], _ document: Value?, options: ValidationOptions) {
        if let document, schema.validate(document, options: options) != schema.referenceReport(document, options: options) {
            Fuzzing.finding("\(schema.name) (collect all: \(options.collectAllErrors)): validate(Value) differs from the reference validator")
        }
        var cache = IssueTable()
        guard let direct = bytes.withUnsafeBufferPointer({ schema.directReport($0, options: options, cache: &cache) }) else { return }
        guard let document else { Fuzzing.finding("the direct path of \(schema.name) settled bytes that are not JSON") }
        let full = schema.referenceReport(document, options: options)
        guard direct == full else {
            func describe(_ report: ValidationReport) -> String {
                report.issues.map { "\($0.path) \($0.code) \($0.message)" }.joined(separator: " | ")
            }
            Fuzzing.finding("\(schema.name) (collect all: \(options.collectAllErrors)): direct [\(describe(direct))], full [\(describe(full))]")
        }
        let again = bytes.withUnsafeBufferPointer { schema.directReport($0, options: options, cache: &cache) }
        guard again == direct else { Fuzzing.finding("\(schema.name): the direct path answers differently from its cache") }
        checkSensitiveRanges(schema, bytes, options: options)
    }

    /// Where the direct path says a record's sensitive values are, when it says (of any record, valid
    /// or not), is where `JSONLocator` finds them; and on one line, the columns they lose as `***` are
    /// those a redaction of the record counts.
    static func checkSensitiveRanges(_ schema: FormSchema, _ bytes: [UInt8], options: ValidationOptions) {
        var memory = SlotMemory()
        let checked = bytes.withUnsafeBufferPointer {
            schema.directPlan.failuresAndSensitiveRanges(in: $0, depth: 0, collectAllErrors: options.collectAllErrors, today: options.today,
                                                         finding: .ofEveryRecord, memory: &memory)
        }
        guard let sensitive = checked?.sensitive else { return }
        let located = JSONLocator.sensitiveRanges(in: bytes, graph: schema.graph)
        guard sensitive == located else { Fuzzing.finding("\(schema.name): sensitive values at \(sensitive), the locator's at \(located)") }
        guard !bytes.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return }
        let lost = bytes.withUnsafeBufferPointer { Redaction.lostColumns(ofValuesAt: sensitive, onOneLineOf: $0) }
        let counted = schema.redaction(ofLine: DataDocument(name: "fuzz.json", bytes: bytes)).lostColumns(onLine: 1, before: Int.max)
        guard lost == counted else { Fuzzing.finding("\(schema.name): values losing \(lost) columns, \(counted) by the redaction") }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzJSON.run(Fuzzing.bytes(data, size)); return 0 }

@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 { Fuzzing.main(argc, argv, fuzzJSON) }

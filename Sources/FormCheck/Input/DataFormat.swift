/// The formats that records are read from, chosen by file extension.
public enum DataFormat: String, Sendable, CaseIterable {
    /// `.json`: an object is one record, an array holds many.
    case json
    /// `.jsonl`, `.ndjson`: one record per line, streamed.
    case jsonLines = "jsonl"
    /// `.yaml`, `.yml`: a mapping is one record, a sequence holds many, and each `---` document counts.
    case yaml

    /// The format for a file name, or nil when its extension is not a data extension.
    public init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".json") { self = .json }
        else if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") { self = .jsonLines }
        else if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { self = .yaml }
        else { return nil }
    }
}

/// One record read from a data file, or the reason a part of the file could not be read.
public struct DataRecord: Sendable {
    /// The record's number in its file, from 1.
    public let index: Int
    /// Where the record starts.
    public let position: SourcePosition
    /// The record, or the parse error that replaced it (a malformed JSON Lines line).
    public let content: Result<Value, DataParseError>
}

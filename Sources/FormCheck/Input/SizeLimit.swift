/// The most bytes one record or one schema file may take in memory. Readers stop at the limit, so
/// endless input (`/dev/zero`) ends with an error instead of growing memory.
public struct SizeLimit: Sendable, Hashable, CustomStringConvertible {
    /// The limit in bytes, 1 or more.
    public let bytes: Int

    /// A limit of `bytes`; less than 1 is taken as 1, as a limit of no bytes would refuse every input.
    public init(bytes: Int) {
        self.bytes = max(bytes, 1)
    }

    /// 256M for one record: a JSON Lines line, or a whole JSON or YAML data file or standard input.
    public static let records = SizeLimit(bytes: 256 << 20)
    /// 16M for a schema file or a message catalog.
    public static let schemas = SizeLimit(bytes: 16 << 20)

    private static let suffixes: [(suffix: Character, shift: Int)] = [("G", 30), ("M", 20), ("K", 10)]

    /// A size written as bytes or with a K, M or G suffix (1024-based, either case): `4096`, `1K`,
    /// `256M`; nil for anything else, zero, or more than an `Int` holds.
    package init?(_ text: String) {
        var digits = Substring(text)
        var shift = 0
        if let last = digits.last, let suffix = Self.suffixes.first(where: { $0.suffix == Character(last.uppercased()) }) {
            digits = digits.dropLast()
            shift = suffix.shift
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let count = Int(digits), count > 0, count <= Int.max >> shift
        else { return nil }
        self.init(bytes: count << shift)
    }

    /// The limit as it is written: `1K`, `256M`, or `1000 bytes` when no suffix divides it.
    public var description: String {
        for (suffix, shift) in Self.suffixes where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return "\(bytes) bytes"
    }
}

/// Input that crossed a size limit: what crossed it and the limit; reading stopped there.
public struct SizeLimitExceeded: Sendable, Hashable {
    /// Which limit was crossed: the one on records (data) or the one on schema files and catalogs.
    public enum Kind: Sendable, Hashable {
        case record
        case schema
    }

    /// What crossed the limit.
    public enum Subject: Sendable, Hashable {
        /// A JSON Lines line, by its number.
        case line(Int)
        /// An element of a JSON file's top-level array (with the white space before it), by its number.
        case element(Int)
        /// A document of a YAML file, by its number.
        case document(Int)
        /// A whole data file or standard input.
        case input
        /// A schema file.
        case schema
        /// A message catalog file.
        case catalog
    }

    /// What was too large.
    public let subject: Subject
    /// The limit it crossed.
    public let limit: SizeLimit

    /// `subject` crossed `limit`.
    public init(_ subject: Subject, limit: SizeLimit) {
        self.subject = subject
        self.limit = limit
    }

    /// `.record` for a line or an input, `.schema` for a schema or a catalog.
    public var kind: Kind {
        switch subject {
        case .line, .element, .document, .input: return .record
        case .schema, .catalog: return .schema
        }
    }

    /// `line 3 is larger than the limit of 1K`, `the schema is larger than the limit of 16M`.
    public var message: String {
        let what: String
        switch subject {
        case .line(let number): what = "line \(number)"
        case .element(let number): what = "element \(number) of the array"
        case .document(let number): what = "document \(number) of the file"
        case .input: what = "the input"
        case .schema: what = "the schema"
        case .catalog: what = "the catalog"
        }
        return "\(what) is larger than the limit of \(limit)"
    }
}

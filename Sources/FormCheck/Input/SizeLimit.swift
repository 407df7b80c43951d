/// The most bytes one record or one schema file may take in memory. Readers stop at the limit, so
/// endless input (`/dev/zero`) ends with an error instead of growing memory.
public struct SizeLimit: Sendable, Hashable, CustomStringConvertible {
    /// The limit in bytes (1 or more).
    public var bytes: Int
    /// How a user raises the limit (`--max-record-size`), named in the error; nil to name nothing.
    public var option: String?

    public init(bytes: Int, option: String? = nil) {
        precondition(bytes > 0, "a size limit is at least one byte")
        self.bytes = bytes
        self.option = option
    }

    /// 256M for one record: a JSON Lines line, or a whole JSON or YAML data file or standard input.
    public static let records = SizeLimit(bytes: 256 << 20)
    /// 16M for a schema file or a message catalog.
    public static let schemas = SizeLimit(bytes: 16 << 20)

    private static let suffixes: [(suffix: Character, shift: Int)] = [("G", 30), ("M", 20), ("K", 10)]

    /// A size written as bytes or with a K, M or G suffix (1024-based, either case): `4096`, `1K`,
    /// `256M`; nil for anything else, zero, or more than an `Int` holds.
    public init?(_ text: String, option: String? = nil) {
        var digits = Substring(text)
        var shift = 0
        if let last = digits.last, let suffix = Self.suffixes.first(where: { $0.suffix == Character(last.uppercased()) }) {
            digits = digits.dropLast()
            shift = suffix.shift
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let count = Int(digits), count > 0, count <= Int.max >> shift
        else { return nil }
        self.init(bytes: count << shift, option: option)
    }

    /// The limit as it is written: `1K`, `256M`, or `1000 bytes` when no suffix divides it.
    public var description: String {
        for (suffix, shift) in Self.suffixes where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return "\(bytes) bytes"
    }

    /// `the schema is larger than the limit of 16M (--max-schema-size)`, for what `subject` names.
    func exceeded(by subject: String) -> String {
        "\(subject) is larger than the limit of \(self)" + (option.map { " (\($0))" } ?? "")
    }
}

/// Where a value sits inside a record: `address.zip`, `tags[1]`.
public struct ValuePath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One step into a value: an object's member by name, or an array's element by its 0-based index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the record to the value; none for the record itself.
    public var components: [Component]

    /// The path of `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The dotted form used in text output: `address.zip`, `tags[1]`; the empty path is the record itself.
    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .key(let key):
                if !out.isEmpty { out += "." }
                out += key
            case .index(let index):
                out += "[\(index)]"
            }
        }
        return out
    }

    /// The RFC 6901 JSON Pointer: `/address/zip`, `/tags/1`.
    public var jsonPointer: String {
        components.map { component in
            switch component {
            case .key(let key):
                // Most keys hold neither character, and are told so from their bytes.
                guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return "/" + key }
                return "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index):
                return "/\(index)"
            }
        }.joined()
    }

    public static func < (lhs: ValuePath, rhs: ValuePath) -> Bool {
        lhs.description < rhs.description
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

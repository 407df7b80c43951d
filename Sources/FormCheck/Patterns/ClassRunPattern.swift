/// A pattern that is one class repeated over the whole value (`^[\p{L} '-]+$`, `^\d{4,6}$`,
/// `\A[a-z]*\z`), answered by looking each scalar up in a table of the class's members below U+0800
/// (ASCII and the two-byte scalars: Latin, Greek, Cyrillic, Hebrew, Arabic...). A name beyond ASCII
/// then costs a bit test per scalar rather than the automaton's transitions.
///
/// It answers only where that answer is the engine's: when every scalar of the value is in the table
/// and in the class. A value with a scalar outside the class, or beyond the table, is left to the engine.
struct ClassRunPattern: Sendable {
    /// Scalars below this are in the table.
    static let tableEnd: UInt32 = 0x800
    /// Membership of the scalars below `tableEnd`, one bit each.
    private let members: [UInt64]
    private let minimum: Int
    private let maximum: Int

    /// The run `tree` is, or nil when it is not one: `^` or `\A`, one class repeated, then `\z`, or
    /// `$` or `\Z` when the class holds no line terminator (before one that ends the value, `$` would
    /// match too, and the run of the scalars before it could).
    init?(_ tree: PatternNode) {
        guard case .sequence(let parts) = tree, parts.count == 3, case .assertion(.startOfText) = parts[0],
              case .repetition(.scalar(let set), let minimum, let maximum, _) = parts[1], case .assertion(let end) = parts[2]
        else { return nil }
        switch end {
        case .endOfText: break
        case .endOfTextOrFinalLineTerminator:
            guard !PlaceContext.lineTerminators.contains(where: set.contains) else { return nil }
        default: return nil
        }
        var members = [UInt64](repeating: 0, count: Int(Self.tableEnd) / 64)
        for value in 0..<Self.tableEnd where set.contains(Unicode.Scalar(value)!) {
            members[Int(value / 64)] |= 1 << (value % 64)
        }
        self.members = members
        self.minimum = minimum
        self.maximum = maximum ?? .max
    }

    /// Whether the pattern matches the well-formed UTF-8 `text`, or nil when the engine must decide.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        assert(UTF8Text.isWellFormed(text), "bytes that are not well-formed UTF-8")
        var count = 0
        var offset = 0
        let inClass = members.withUnsafeBufferPointer { members in
            while offset < text.count {
                guard let (scalar, length) = UTF8Text.shortScalar(in: text, at: offset), members[Int(scalar / 64)] >> (scalar % 64) & 1 == 1
                else { return false }
                offset += length
                count += 1
            }
            return true
        }
        guard inClass else { return nil }
        return count >= minimum && count <= maximum
    }
}

/// The members of a JSON object in document order; a repeated key keeps its last value.
///
/// - Complexity: lookup is a linear scan for small objects and a hash lookup once an object has
///   more than `indexThreshold` members, so hostile inputs with huge objects stay linear overall.
public struct ObjectValue: Sendable, Hashable {
    /// The member names, in document order.
    public private(set) var keys: [String] = []
    /// The member values, in the order of `keys`.
    public private(set) var values: [Value] = []
    private var index: [String: Int]?

    static let indexThreshold = 16

    /// An object without members.
    public init() {}

    /// The number of members.
    public var count: Int { keys.count }

    /// The members in document order.
    public var members: Zip2Sequence<[String], [Value]> { zip(keys, values) }

    /// The value of the member `key`; setting nil removes the member, setting a new key adds it last.
    public subscript(key: String) -> Value? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue { values[position] = newValue } else { remove(at: position) }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    index = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
                }
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func remove(at position: Int) {
        keys.remove(at: position)
        values.remove(at: position)
        if index != nil {
            index = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
        }
    }

    public static func == (lhs: ObjectValue, rhs: ObjectValue) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.members where rhs[key] != value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        // Order-independent, so that equal objects hash alike whatever their member order.
        var combined = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(combined)
    }
}

import Foundation

/// Values encode as the JSON they stand for, so drafts and reports can be stored with any `Encoder`.
extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .integer(int)
        } else if let double = try? container.decode(Double.self) {
            self = .number(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([Value].self) {
            self = .array(array)
        } else {
            let members = try container.decode([String: Value].self)
            var object = ObjectValue()
            for key in members.keys.sorted() { object[key] = members[key] }
            self = .object(object)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .integer(let int): try container.encode(int)
        case .largeInteger(let large):
            // Exactly up to `Decimal`'s 38 digits; beyond, the nearest double.
            if large.digits.count <= 38, let decimal = Decimal(string: large.description) {
                try container.encode(decimal)
            } else {
                try container.encode(large.doubleValue)
            }
        case .number(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object):
            try container.encode(Dictionary(uniqueKeysWithValues: object.members.map { ($0, $1) }))
        }
    }
}

extension Value {
    /// The value at a dotted path of object keys (`address.zip`), or nil when any part is missing.
    func value(atPath path: String) -> Value? {
        if !path.utf8.contains(UInt8(ascii: ".")) { return self[path] }
        var current: Value? = self
        for key in path.split(separator: ".") { current = current?[String(key)] }
        return current
    }

    /// Sets (or, with nil, removes) the value at a dotted path, creating objects on the way.
    mutating func setValue(_ value: Value?, atPath path: String) {
        let keys = path.split(separator: ".").map(String.init)
        self = Self.setting(value, keys: keys[...], in: self)
    }

    private static func setting(_ value: Value?, keys: ArraySlice<String>, in container: Value?) -> Value {
        var object = container?.objectValue ?? ObjectValue()
        guard let key = keys.first else { return value ?? .null }
        if keys.count == 1 {
            object[key] = value
        } else {
            object[key] = setting(value, keys: keys.dropFirst(), in: object[key])
        }
        return .object(object)
    }
}

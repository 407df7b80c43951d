/// The kind of value a field holds, as written in the schema's `type:` key.
public enum FieldType: String, Sendable, Hashable, CaseIterable, Codable {
    case string, integer, number, boolean, date, object, array

    /// What a type reads of a value to tell whether it takes it: its kind, and a number's value.
    enum Shape {
        case null, boolean, integer, largeInteger, number(Double), string, object, array
    }

    /// Whether a present, non-empty value of `shape` has this type: the one statement of the types,
    /// for values in memory (`accepts(_:)`) and as the engine reads them. `integer` takes `2` and `2.0`
    /// but not `2.5`; `number` takes finite numbers only, as JSON writes them (not NaN or infinities
    /// from YAML or a `Value`); `date` takes a string written `YYYY-MM-DD` naming a real day
    /// (`isDate`, asked of strings only). Strings are never read as numbers.
    @inline(__always)
    func accepts(_ shape: Shape, isDate: () -> Bool) -> Bool {
        switch (self, shape) {
        case (.date, .string):
            return isDate()
        case (.string, .string), (.integer, .integer), (.number, .integer), (.integer, .largeInteger), (.number, .largeInteger),
            (.boolean, .boolean), (.object, .object), (.array, .array):
            return true
        case (.number, .number(let double)):
            return double.isFinite
        case (.integer, .number(let double)):
            return double.rounded(.towardZero) == double && double.isFinite
        default:
            return false
        }
    }

    /// Whether a present, non-empty value has this type (see `accepts(_:isDate:)`).
    func accepts(_ value: Value) -> Bool {
        let shape: Shape = switch value {
        case .null: .null
        case .bool: .boolean
        case .integer: .integer
        case .largeInteger: .largeInteger
        case .number(let double): .number(double)
        case .string: .string
        case .object: .object
        case .array: .array
        }
        return accepts(shape) {
            guard case .string(let text) = value else { return false }
            return LocalDate(iso8601: text) != nil
        }
    }

    var isNumeric: Bool { self == .integer || self == .number }

    /// The type's name after "a" or "an", for diagnostics: "an integer", "a string".
    var withArticle: String {
        switch self {
        case .integer, .object, .array: return "an \(rawValue)"
        case .string, .number, .boolean, .date: return "a \(rawValue)"
        }
    }
}

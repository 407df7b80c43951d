/// The kind of value a field holds, as written in the schema's `type:` key.
public enum FieldType: String, Sendable, Hashable, CaseIterable, Codable {
    case string, integer, number, boolean, date, object, array

    /// Whether a present, non-empty value has this type. `integer` takes `2` and `2.0` but not `2.5`;
    /// `number` takes finite numbers only, as JSON writes them (not NaN or infinities from YAML or a
    /// `Value`); `date` takes a string written `YYYY-MM-DD` naming a real day. Strings are never read as numbers.
    func accepts(_ value: Value) -> Bool {
        switch (self, value) {
        case (.string, .string), (.integer, .integer), (.number, .integer), (.integer, .largeInteger), (.number, .largeInteger),
            (.boolean, .bool), (.object, .object), (.array, .array):
            return true
        case (.number, .number(let double)):
            return double.isFinite
        case (.integer, .number(let double)):
            return double.rounded(.towardZero) == double && double.isFinite
        case (.date, .string(let text)):
            return LocalDate(iso8601: text) != nil
        default:
            return false
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

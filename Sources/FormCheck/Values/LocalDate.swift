import Foundation

/// A calendar date without time or time zone, as written in ISO 8601: `2024-02-29`.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, as written (four digits).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Creates a date, or nil when the day does not exist in the proleptic Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso8601 text: String) {
        var text = text
        guard let date = text.withUTF8({ LocalDate(iso8601: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes.
    init?(iso8601 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        // Each digit read without a branch; a byte that is not one is out of 0...9, and noted.
        var allDigits = true
        func digit(_ index: Int) -> Int {
            let value = Int(bytes[index]) &- Int(UInt8(ascii: "0"))
            allDigits = allDigits && UInt(bitPattern: value) <= 9
            return value
        }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        guard allDigits else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date in one integer, greater than zero, from which `init(packed:)` makes it again.
    var packed: Int { year << 9 | month << 5 | day }

    init(packed: Int) {
        (year, month, day) = (packed >> 9, packed >> 5 & 0xF, packed & 0x1F)
    }

    /// The current date in the machine's time zone.
    public static func today() -> LocalDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// Whole years from `self` (a birth date) to `date`; a 29 February birthday counts from 1 March in common years.
    public func age(on date: LocalDate) -> Int {
        var years = date.year - year
        if (date.month, date.day) < (month, day) { years -= 1 }
        return years
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A strict RFC 8259 JSON reader working directly on UTF-8 bytes.
///
/// It keeps the byte offset where each top-level record starts, so positions cost nothing until
/// an error needs one, and it refuses nesting deeper than `maximumDepth` instead of overflowing the stack.
struct JSONReader: ~Copyable {
    static let maximumDepth = 512
    private static let expectedValue = "expected a value (an object, array, string, number, true, false or null)"

    /// A failure at a byte offset; converted to a line and column by the caller that owns the bytes.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    /// Whether the bytes are a `Value`'s text (`JSONWriter.withValueText`), where a number that is not
    /// finite is written `NaN`, `Infinity` or `-Infinity`.
    private var readsValueText = false

    /// Reads `bytes`, which must outlive the reader (callers use it inside `withUnsafeBufferPointer`).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws(DataParseError) -> Value {
        try parseRecords(bytes, splittingTopLevelArray: false)[0].value
    }

    /// Parses one value read apart from its document, such as an element of a top-level array (see
    /// `JSONArrayStream`), nested `depth` levels down as it is there, or a part of a `Value`'s text when
    /// `isValueText`; nil when it is not well-formed.
    static func parseValue(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int, isValueText: Bool = false) -> Value? {
        var reader = JSONReader(bytes: bytes)
        reader.readsValueText = isValueText
        reader.skipWhitespace()
        guard let value = try? reader.readValue(depth: depth) else { return .none }
        reader.skipWhitespace()
        // `.none`, not `nil`: `Value` is itself expressible by `nil`.
        return reader.offset == bytes.count ? value : .none
    }

    /// Parses one JSON document; a top-level array yields one record per element, each with its
    /// starting byte offset, and anything else yields a single record.
    static func parseRecords(
        _ bytes: [UInt8], splittingTopLevelArray: Bool = true
    ) throws(DataParseError) -> [(value: Value, offset: Int)] {
        try reading(bytes) { buffer throws(Failure) in
            var reader = JSONReader(bytes: buffer)
            return try reader.readDocument(splittingTopLevelArray: splittingTopLevelArray)
        }
    }

    /// What `read` makes of `bytes`, its failure given the line and column of its offset.
    static func reading<Result>(_ bytes: [UInt8], _ read: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(DataParseError) -> Result {
        let result: Swift.Result<Result, Failure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(Failure) {
                return .success(try read(buffer))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure):
            throw DataParseError(message: failure.message, position: SourceText.position(ofOffset: failure.offset, in: bytes))
        }
    }

    /// The first syntax error in `bytes` read as the rest of a top-level array: from just after one of
    /// its elements, or from the document's start; it is the one `parseRecords` would report there.
    static func arrayFailure(_ bytes: UnsafeBufferPointer<UInt8>, afterElement: Bool) -> Failure {
        var reader = JSONReader(bytes: bytes)
        do throws(Failure) {
            guard afterElement else {
                _ = try reader.readDocument(splittingTopLevelArray: true)
                return Failure(message: "unexpected end of data", offset: bytes.count)
            }
            reader.skipWhitespace()
            if try !reader.expectSeparator(closing: UInt8(ascii: "]"), what: "an array element") {
                var elements: [(value: Value, offset: Int)] = []
                try reader.readElements(into: &elements)
            }
            try reader.expectEnd()
            return Failure(message: "unexpected end of data", offset: bytes.count)
        } catch {
            return error
        }
    }

    private mutating func readDocument(splittingTopLevelArray: Bool) throws(Failure) -> [(value: Value, offset: Int)] {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw Failure(message: "the document is empty", offset: offset) }
        var records: [(value: Value, offset: Int)] = []
        if splittingTopLevelArray, bytes[offset] == UInt8(ascii: "[") {
            offset += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                offset += 1
            } else {
                try readElements(into: &records)
            }
        } else {
            let start = offset
            records.append((try readValue(depth: 0), start))
        }
        try expectEnd()
        return records
    }

    /// Reads the elements of a top-level array from the current offset, at an element, to after its
    /// closing bracket.
    private mutating func readElements(into records: inout [(value: Value, offset: Int)]) throws(Failure) {
        while true {
            skipWhitespace()
            let start = offset
            records.append((try readValue(depth: 1), start))
            skipWhitespace()
            if try expectSeparator(closing: UInt8(ascii: "]"), what: "an array element") { break }
        }
    }

    /// Throws unless only white space is left.
    private mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard offset == bytes.count else {
            throw Failure(message: "unexpected content after the end of the JSON document", offset: offset)
        }
    }

    /// Whether `byte` ends a number or literal (`true`, `false`, `null`) read without being parsed:
    /// JSON white space, punctuation, a quote or a bracket, none of which such a value holds. The
    /// readers that skip values (`JSONArrayStream`'s splitter, `JSONLocator`) stop there alike.
    static func endsBareValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    /// The offset after the string whose opening quote is at `start`, eight bytes at a time between
    /// escapes (each skips the byte after it); nil when the bytes end first. The readers that skip
    /// strings without decoding them (`JSONArrayStream`'s splitter, `JSONLocator`) find their ends here.
    static func end(ofStringAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = start + 1
        while true {
            while offset + 8 <= bytes.count {
                let word = ByteWord.load(bytes, at: offset)
                let stop = ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word) | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
                if stop != 0 {
                    offset += stop.trailingZeroBitCount / 8
                    break
                }
                offset += 8
            }
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: "\"") { return offset + 1 }
            offset += 2
        }
    }

    func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// After an element: consumes `,` (returns false) or the closing bracket (returns true).
    mutating func expectSeparator(closing: UInt8, what: String) throws(Failure) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            offset += 1
            return false
        case closing:
            offset += 1
            return true
        case nil:
            throw Failure(message: "unexpected end of data: expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(what)", offset: offset)
        default:
            throw Failure(message: "expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(what)", offset: offset)
        }
    }

    mutating func readValue(depth: Int) throws(Failure) -> Value {
        guard let byte = peek() else {
            throw Failure(message: "unexpected end of data: expected a value", offset: offset)
        }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if readsValueText, let number = readNonFiniteNumber() { return number }
            return try readNumber()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            guard readsValueText, let number = readNonFiniteNumber() else { throw Failure(message: Self.expectedValue, offset: offset) }
            return number
        default:
            throw Failure(message: Self.expectedValue, offset: offset)
        }
    }

    /// `NaN`, `Infinity` or `-Infinity`, as a `Value`'s text writes a number that is not finite
    /// (`JSONWriter.nonFiniteNumbers`).
    private mutating func readNonFiniteNumber() -> Value? {
        for (literal, number) in JSONWriter.nonFiniteNumbers
        where bytes[offset...].starts(with: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) {
            offset += literal.utf8CodeUnitCount
            return .number(number)
        }
        return nil
    }

    private mutating func enter(_ depth: Int) throws(Failure) {
        guard depth <= JSONReader.maximumDepth else {
            throw Failure(message: "nesting is deeper than \(JSONReader.maximumDepth) levels", offset: offset)
        }
    }

    private mutating func readObject(depth: Int) throws(Failure) -> Value {
        try enter(depth)
        offset += 1
        var object = ObjectValue()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw Failure(message: peek() == nil ? "unexpected end of data: expected a member name" : "expected a member name in double quotes", offset: offset)
            }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw Failure(message: "expected ':' after a member name", offset: offset)
            }
            offset += 1
            skipWhitespace()
            object[key] = try readValue(depth: depth)
            skipWhitespace()
            if try expectSeparator(closing: UInt8(ascii: "}"), what: "an object member") { return .object(object) }
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> Value {
        try enter(depth)
        offset += 1
        var array: [Value] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            array.append(try readValue(depth: depth))
            skipWhitespace()
            if try expectSeparator(closing: UInt8(ascii: "]"), what: "an array element") { return .array(array) }
        }
    }

    mutating func readLiteral(_ literal: StaticString) throws(Failure) {
        let start = offset
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count, bytes[offset] == byte else {
                throw Failure(message: Self.expectedValue, offset: start)
            }
            offset += 1
        }
    }

    private mutating func readNumber() throws(Failure) -> Value {
        let (range, isInteger) = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if isInteger { return Int(text).map(Value.integer) ?? .largeInteger(LargeInteger(text)!) }
        guard let double = Double(text), double.isFinite else {
            throw Failure(message: "number out of range", offset: range.lowerBound)
        }
        return .number(double)
    }

    /// Reads a number as RFC 8259 writes it: where its text is, and whether it has neither a fraction
    /// nor an exponent.
    mutating func scanNumber() throws(Failure) -> (range: Range<Int>, isInteger: Bool) {
        let start = offset
        var isInteger = true
        func digit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else if digit(peek()) {
            while digit(peek()) { offset += 1 }
        } else {
            throw Failure(message: "invalid number: expected a digit", offset: offset)
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard digit(peek()) else { throw Failure(message: "invalid number: expected a digit after '.'", offset: offset) }
            while digit(peek()) { offset += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard digit(peek()) else { throw Failure(message: "invalid number: expected a digit in the exponent", offset: offset) }
            while digit(peek()) { offset += 1 }
        }
        return (start..<offset, isInteger)
    }

    mutating func readString() throws(Failure) -> String {
        offset += 1
        let start = offset
        var isASCII = true
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                return try decode(slice, isASCII: isASCII, at: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(message: "control character in a string; escape it", offset: offset) }
            if byte >= 0x80 { isASCII = false }
            offset += 1
        }
        guard offset < bytes.count else {
            throw Failure(message: "unexpected end of data: unterminated string", offset: start - 1)
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return try scratch.withUnsafeBufferPointer { buffer throws(Failure) in
                    try decode(buffer, isASCII: false, at: start)
                }
            case UInt8(ascii: "\\"):
                try readEscape(into: &scratch)
            case 0..<0x20:
                throw Failure(message: "control character in a string; escape it", offset: offset)
            default:
                scratch.append(byte)
                offset += 1
            }
        }
        throw Failure(message: "unexpected end of data: unterminated string", offset: start - 1)
    }

    private func decode(_ slice: UnsafeBufferPointer<UInt8>, isASCII: Bool, at start: Int) throws(Failure) -> String {
        if isASCII { return String(decoding: slice, as: UTF8.self) }
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw Failure(message: "a string is not valid UTF-8", offset: start)
        }
        return string
    }

    private mutating func readEscape(into scratch: inout [UInt8]) throws(Failure) {
        switch JSONEscape.decode(bytes, at: offset) {
        case .success(let (scalar, length)):
            UTF8.encode(scalar) { scratch.append($0) }
            offset += length
        case .failure(let failure):
            throw Failure(message: failure.message, offset: offset)
        }
    }
}

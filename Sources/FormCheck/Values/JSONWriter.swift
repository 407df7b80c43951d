/// Compact JSON text (UTF-8) for a `Value`: how a record given as a `Value` reaches the direct path,
/// which reads JSON bytes, and how the reporters quote text. Members keep their order; strings escape
/// `"`, `\` and control characters (`\n`, `\r`, `\t`, else `\u00XX`) and keep every other character
/// as it is; numbers read back as the same kind and value.
package enum JSONWriter {
    /// The JSON text of `value`, or nil when it holds a number JSON cannot write (infinite or NaN) or
    /// nests deeper than `JSONReader` reads (`JSONReader.maximumDepth`), which the writer's recursion
    /// never goes beyond.
    static func bytes(of value: Value) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        var abridged = false
        return append(value, to: &out, depth: 1, deepest: JSONReader.maximumDepth, abridged: &abridged) ? out : nil
    }

    /// Calls `body` with the text of `value` for the direct path, written into memory of the writer's
    /// own: its JSON text, but for a number that is not finite, written `NaN`, `Infinity` or `-Infinity`
    /// (which the direct path reads in a value's text only), and for an array or object nested deeper
    /// than `JSONReader.maximumDepth` levels, written `null`; `isAbridged` says whether it wrote any such
    /// `null`. No field is declared that deep: what reads such a value whole finds it in `value`
    /// (`value(in:writtenAt:)`).
    static func withValueText<Result>(of value: Value, _ body: (_ text: UnsafeBufferPointer<UInt8>, _ isAbridged: Bool) -> Result) -> Result {
        var out = ByteWriter(capacity: 256)
        var isAbridged = false
        append(value, to: &out, depth: 1, deepest: JSONReader.maximumDepth, writesValueText: true, abridged: &isAbridged)
        return out.withBytes { body($0, isAbridged) }
    }

    /// How a value's text (`withValueText`) writes the numbers JSON cannot, as the readers of such a
    /// text (`JSONReader`, `DirectScanner`) read them back.
    static let nonFiniteNumbers: [(literal: StaticString, number: Double)] = [("NaN", .nan), ("Infinity", .infinity), ("-Infinity", -.infinity)]

    /// The array or object of `value` whose text `withValueText` writes from `offset`, or nil when
    /// none starts there.
    static func value(in value: Value, writtenAt offset: Int) -> Value? {
        var position = 0
        return find(offset, in: value, at: &position, depth: 1)
    }

    /// The part of `value` (written from `position`, `depth` levels down) whose text starts at `offset`;
    /// `position` ends past the text of the part searched.
    private static func find(_ offset: Int, in value: Value, at position: inout Int, depth: Int) -> Value? {
        guard depth <= JSONReader.maximumDepth else { return nil }
        if position == offset, value.arrayValue != nil || value.objectValue != nil { return value }
        let parts: [(key: String?, value: Value)]
        switch value {
        case .array(let elements): parts = elements.map { (nil, $0) }
        case .object(let object): parts = object.keys.indices.map { (object.keys[$0], object.values[$0]) }
        default: return nil
        }
        position += 1
        for (index, part) in parts.enumerated() {
            if index > 0 { position += 1 }
            if let key = part.key {
                var quoted = ByteCount()
                appendQuoted(key, to: &quoted)
                position += quoted.count + 1
            }
            var length = ByteCount()
            var abridged = false
            append(part.value, to: &length, depth: depth + 1, deepest: JSONReader.maximumDepth, writesValueText: true, abridged: &abridged)
            if offset < position + length.count { return find(offset, in: part.value, at: &position, depth: depth + 1) }
            position += length.count
        }
        return nil
    }

    /// Counts the bytes written to it.
    private struct ByteCount: ByteSink {
        var count = 0
        mutating func append(_ byte: UInt8) { count += 1 }
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
    }

    /// Appends the JSON text of `value`, `depth` levels down (the record's own level is 1); false (with
    /// `out` partly written) beyond `deepest` levels, or at a number JSON cannot write, unless
    /// `writesValueText` (see `withValueText`), which sets `abridged` where it writes a `null` for an
    /// array or object beyond `deepest` levels.
    @discardableResult
    private static func append<Sink: ByteSink & ~Copyable>(
        _ value: Value, to out: inout Sink, depth: Int, deepest: Int, writesValueText: Bool = false, abridged: inout Bool
    ) -> Bool {
        switch value {
        case .null: appendLiteral("null", to: &out)
        case .bool(let bool): appendLiteral(bool ? "true" : "false", to: &out)
        case .integer(let int): out.append(decimal: int)
        case .largeInteger(let large): out.append(utf8: large.description)
        case .number(let double):
            // `description` is the shortest text that reads back as the same double ("1.0", "1e-07").
            guard double.isFinite else {
                guard writesValueText else { return false }
                appendLiteral(nonFiniteNumbers.first { $0.number == double || $0.number.isNaN && double.isNaN }!.literal, to: &out)
                return true
            }
            out.append(utf8: double.description)
        case .string(let text): appendQuoted(text, to: &out)
        case .array(let elements):
            guard depth <= deepest else { return appendNull(beyondDepthIf: writesValueText, to: &out, abridged: &abridged) }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard append(element, to: &out, depth: depth + 1, deepest: deepest, writesValueText: writesValueText, abridged: &abridged) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            guard depth <= deepest else { return appendNull(beyondDepthIf: writesValueText, to: &out, abridged: &abridged) }
            out.append(UInt8(ascii: "{"))
            for index in object.keys.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendQuoted(object.keys[index], to: &out)
                out.append(UInt8(ascii: ":"))
                guard append(object.values[index], to: &out, depth: depth + 1, deepest: deepest, writesValueText: writesValueText, abridged: &abridged) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// In a value's text, an array or object beyond the deepest level is written `null` (and `abridged`
    /// set); in JSON, it is not written (false).
    private static func appendNull<Sink: ByteSink & ~Copyable>(
        beyondDepthIf writesValueText: Bool, to out: inout Sink, abridged: inout Bool
    ) -> Bool {
        guard writesValueText else { return false }
        appendLiteral("null", to: &out)
        abridged = true
        return true
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendLiteral<Sink: ByteSink & ~Copyable>(_ literal: StaticString, to out: inout Sink) {
        out.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `text` as a JSON string.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string: runs of bytes that need no escape are copied whole.
    package static func appendQuoted<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time up to the first that needs an escape.
                if index + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, at: index)
                    let special = ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word) | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
                        | ByteWord.bytes(below: 0x20, in: word)
                    if special == 0 {
                        index += 8
                        continue
                    }
                    index += special.trailingZeroBitCount / 8
                }
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<(index - 1)]))
                runStart = index
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    appendLiteral("u00", to: &out)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                default: out.append(byte)
                }
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

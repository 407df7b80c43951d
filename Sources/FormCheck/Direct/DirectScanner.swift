/// Reads one JSON record in place for the direct path: members the schema declares land in their
/// node's slot as `RawValue`s, everything else is checked for well-formedness and skipped.
///
/// Strings are read as their text: bytes beyond ASCII are checked as well-formed UTF-8, and a string
/// written with escapes is decoded in place, in a copy of the record made at the first one, in the
/// thread's `CopySpace` (the text is shorter than its escaped form, so every offset stays where it was).
///
/// It reads what `JSONReader` reads as that reader does: a repeated member's last value counts, and
/// arrays and objects nest at most `JSONReader.maximumDepth` levels, counted from the record's
/// document. Anything malformed makes it give up, and the record goes to the full reader, which says
/// what is wrong and where.
struct DirectScanner: ~Copyable {

    /// A member that its object's layout does not declare, in an object whose layout rejects those.
    struct UnknownMember {
        /// Where its object starts (its `{`).
        let object: Int
        let key: String
        /// Its value as written, in the record as given.
        let value: Range<Int>
        /// The layout of its object.
        let layout: Int
    }

    /// The record as read: the bytes given, or once a string with escapes is met, `decodedCopy`.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// The copy of the record in which strings with escapes are decoded, in `copySpace`; its owner gives
    /// the space back when done with `bytes`.
    private var decodedCopy: UnsafeMutableBufferPointer<UInt8>?
    private let copySpace: UnsafeMutablePointer<CopySpace>
    var offset = 0
    /// Where the record's object starts (its `{`), once `scanRecord` has found it.
    private(set) var recordStart = 0
    /// The next free slot for the frames of arrays' elements, after the nodes' slots.
    private var nextElement: Int
    /// The record has more elements than the slots hold: it can be read again with more.
    private(set) var ranOutOfSlots = false
    /// A declared member was written more than once in one of the record's objects: its slot holds the
    /// last value only.
    private(set) var repeatsMember = false
    /// The levels of arrays and objects around the record in its document (1 for an element of a
    /// top-level array).
    private let depth: Int
    /// Whether the text is a `Value`'s (`JSONWriter.withValueText`), where a number that is not finite
    /// is written `NaN`, `Infinity` or `-Infinity`.
    private let isValueText: Bool
    /// The length in characters of the last string `scanRestBeyondASCII` read, where the bytes tell
    /// it (`UTF8Text.CharacterTally`), else -1: `RawValue.characters`.
    private var charactersOfLastString: Int32 = -1
    /// The undeclared members of objects that reject them, in the order their keys are first written.
    /// Made at the first: most records have none, and a record's scanner is made and dropped for each.
    private var unknowns: UnknownMembers?

    private struct UnknownMembers {
        var members: [UnknownMember] = []
        /// Their objects and keys, with their places in `members`, by which a repeated one is found.
        var places: [UnknownKey: Int] = [:]
    }

    private struct UnknownKey: Hashable {
        let object: Int
        let key: String
    }

    /// - Parameter firstElement: the first slot, after the nodes' slots, where array elements go.
    /// - Parameter copySpace: where the record is copied if a string has escapes, valid while the
    ///   scanner's `bytes` are read.
    init(bytes: UnsafeBufferPointer<UInt8>, firstElement: Int, depth: Int, isValueText: Bool, copySpace: UnsafeMutablePointer<CopySpace>) {
        self.bytes = bytes
        self.copySpace = copySpace
        self.nextElement = firstElement
        self.depth = depth
        self.isValueText = isValueText
    }

    /// Reads a whole record: one object laid out as the plan's last layout (the record's), then only
    /// white space.
    mutating func scanRecord(plan: DirectPlan, into values: UnsafeMutableBufferPointer<RawValue>) -> Bool {
        skipWhitespace()
        recordStart = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{"),
            scanObject(layout: plan.recordLayout, frame: 0, level: depth + 1, plan: plan, into: values)
        else { return false }
        skipWhitespace()
        return offset == bytes.count
    }

    /// Reads a whole record that is a well-formed value other than an object, then only white space;
    /// returns where the value is written.
    mutating func scanValueOtherThanObject() -> Range<Int>? {
        skipWhitespace()
        let start = offset
        guard offset < bytes.count, bytes[offset] != UInt8(ascii: "{"), skipValue(level: depth + 1) else { return nil }
        let end = offset
        skipWhitespace()
        return offset == bytes.count ? start..<end : nil
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        // Compact JSON has none: one test says so.
        guard offset < bytes.count, bytes[offset] <= 0x20 else { return }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// An object whose declared members go to their slots in the frame that starts at `frame`, `level`
    /// levels deep in its document. Starts at `{`.
    private mutating func scanObject(
        layout: Int, frame: Int, level: Int, plan: DirectPlan, into values: UnsafeMutableBufferPointer<RawValue>
    ) -> Bool {
        guard level <= JSONReader.maximumDepth else { return false }
        let objectStart = offset
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return true
        }
        var expected = plan.firstMember(of: layout)
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return false }
            let found: Int?
            var key = 0..<0
            if let length = plan.quotedKeyLength(of: expected, in: layout, at: offset, of: bytes) {
                // The member the schema's order expects: its key is compared in place, not scanned.
                offset += length
                found = expected
            } else if plan.triesKeysInTurn(layout), let (index, length) = plan.quotedKey(in: layout, at: offset, of: bytes, from: expected + 1) {
                // Another member of a small object, out of the schema's order: still compared in place.
                offset += length
                found = index
            } else if let (length, hash) = KeyTables.plainKey(in: bytes, at: offset) {
                // Another key of printable ASCII: found by its hash, whatever the layout's size.
                key = (offset + 1)..<(offset + 1 + length)
                found = plan.member(of: layout, plainKey: UnsafeBufferPointer(rebasing: bytes[key]), hash: hash)
                offset += length + 2
            } else {
                guard let (scanned, isPlain) = scanString() else { return false }
                found = plan.member(of: layout, forKey: UnsafeBufferPointer(rebasing: bytes[scanned]), isPlain: isPlain)
                key = scanned
            }
            guard skip(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            if let index = found {
                expected = index + 1
                let member = plan.member(at: index)
                let slot = frame + Int(member.slot)
                // A repeated member's last value replaces the ones before, nested values included.
                if values[slot].kind != .missing {
                    repeatsMember = true
                    values[slot] = .missing
                    clearMembers(of: member.childLayout, frame: frame, plan: plan, in: values)
                }
                guard scanSlot(&values[slot], layout: member.childLayout, frame: frame, elements: member.elements, level: level + 1, plan: plan,
                               into: values)
                else { return false }
                if member.isDate { values[slot].readDate(in: bytes) }
            } else if plan.rejectsUnknown(layout) {
                let start = offset
                // Keys compare as `String`s, as an `ObjectValue` keys its members; the full reader keeps
                // the last value of a repeated one, in the place of the first.
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)
                guard plan.settlesUnknownMembers(layout), skipValue(level: level + 1) else { return false }
                add(UnknownMember(object: objectStart, key: name, value: start..<offset, layout: layout))
            } else {
                guard skipValue(level: level + 1) else { return false }
            }
            guard let closed = endOfItem(closing: UInt8(ascii: "}")) else { return false }
            if closed { return true }
        }
    }

    /// Keeps an undeclared member; a repeated one replaces the one before, in its place. Kept out of
    /// line: most records have none.
    @inline(never)
    private mutating func add(_ member: UnknownMember) {
        if unknowns == nil { unknowns = UnknownMembers() }
        let key = UnknownKey(object: member.object, key: member.key)
        if let place = unknowns!.places[key] {
            unknowns!.members[place] = member
        } else {
            unknowns!.places[key] = unknowns!.members.count
            unknowns!.members.append(member)
        }
    }

    /// Whether the record has undeclared members in objects that reject them.
    var hasUnknownMembers: Bool { unknowns != nil }

    /// The undeclared members of objects that reject them, by object (as `object` orders them), each
    /// object's in the order their keys are first written.
    var unknownMembersByObject: [UnknownMember] {
        guard let members = unknowns?.members else { return [] }
        guard members.count > 1 else { return members }
        return members.indices.sorted { (members[$0].object, $0) < (members[$1].object, $1) }.map { members[$0] }
    }

    /// Marks the slots of the layout's members (if any) in `frame` missing again, and those of their own
    /// members: a repeated member's object is read afresh. Kept out of line: records seldom repeat a member.
    @inline(never)
    private func clearMembers(of layout: Int?, frame: Int, plan: DirectPlan, in values: UnsafeMutableBufferPointer<RawValue>) {
        guard let layout else { return }
        for index in plan.members(of: layout) {
            let member = plan.member(at: index)
            values[frame + Int(member.slot)] = .missing
            clearMembers(of: member.childLayout, frame: frame, plan: plan, in: values)
        }
    }

    /// A declared member's value, an object or array of which lies `level` levels deep; an object with a
    /// layout of its own is read into its members' slots in `frame`, and the array of an array field
    /// element by element (`elements` indexes the plan's element layouts; -1: none). The slot is
    /// `.missing` when it starts, so only the fields that the value's kind uses are written.
    private mutating func scanSlot(
        _ value: inout RawValue, layout: Int?, frame: Int, elements: Int32 = -1, level: Int, plan: DirectPlan,
        into values: UnsafeMutableBufferPointer<RawValue>
    ) -> Bool {
        guard offset < bytes.count else { return false }
        assert(value.kind == .missing && value.isPlain == false && value.elementCount == 0, "a value read into a slot that holds one")
        value.start = offset
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            guard let (range, isPlain) = scanString() else { return false }
            (value.kind, value.start, value.end, value.isPlain) = (.string, range.lowerBound, range.upperBound, isPlain)
            value.writtenEnd = offset
            if !isPlain { value.characters = charactersOfLastString }
            return true
        case UInt8(ascii: "{"):
            value.kind = .object
            if let layout {
                guard scanObject(layout: layout, frame: frame, level: level, plan: plan, into: values) else { return false }
            } else {
                guard skipValue(level: level) else { return false }
            }
        case UInt8(ascii: "["):
            value.kind = .array
            guard elements >= 0
                ? scanElements(of: &value, as: plan.elementLayout(elements), level: level, plan: plan, into: values) : skipValue(level: level)
            else { return false }
        case UInt8(ascii: "t"):
            guard skipLiteral("true") else { return false }
            value.kind = .true
        case UInt8(ascii: "f"):
            guard skipLiteral("false") else { return false }
            value.kind = .false
        case UInt8(ascii: "n"):
            guard skipLiteral("null") else { return false }
            value.kind = .null
        default:
            guard scanNumber(into: &value) else { return false }
        }
        value.end = offset
        return true
    }

    /// A declared array, `level` levels deep: its elements go to consecutive frames of free slots, each
    /// read as `element` says (objects and arrays it does not lay out are checked and skipped). Starts at
    /// `[`; false when the slots run out (`ranOutOfSlots`).
    private mutating func scanElements(
        of array: inout RawValue, as element: DirectPlan.ElementLayout, level: Int, plan: DirectPlan,
        into values: UnsafeMutableBufferPointer<RawValue>
    ) -> Bool {
        guard level <= JSONReader.maximumDepth else { return false }
        offset += 1
        array.firstElement = Int32(nextElement)
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return true
        }
        let frameSize = Int(element.frameSize)
        while true {
            guard offset < bytes.count else { return false }
            guard nextElement + frameSize <= values.count else {
                ranOutOfSlots = true
                return false
            }
            let frame = nextElement
            nextElement += frameSize
            UnsafeMutableBufferPointer(rebasing: values[frame..<(frame + frameSize)]).initialize(repeating: .missing)
            let readsWhole = switch bytes[offset] {
            case UInt8(ascii: "{"): element.layout < 0
            case UInt8(ascii: "["): element.elements < 0
            default: false
            }
            if readsWhole {
                let start = offset
                guard skipValue(level: level + 1) else { return false }
                values[frame] = RawValue(kind: bytes[start] == UInt8(ascii: "{") ? .object : .array, start: start, end: offset,
                                         integer: 0, number: 0, isPlain: false)
            } else {
                guard scanSlot(&values[frame], layout: element.layout >= 0 ? Int(element.layout) : nil, frame: frame, elements: element.elements,
                               level: level + 1, plan: plan, into: values)
                else { return false }
            }
            values[frame].nextFrame = Int32(nextElement)
            array.elementCount += 1
            guard let closed = endOfItem(closing: UInt8(ascii: "]")) else { return false }
            if closed { return true }
        }
    }

    /// A string of well-formed UTF-8, its escapes decoded (`scanRestBeyondASCII`); returns the range
    /// of its text and whether every byte is printable ASCII. Reads eight bytes at a time while they
    /// are all printable ASCII.
    @inline(__always)
    private mutating func scanString() -> (Range<Int>, isPlain: Bool)? {
        offset += 1
        let start = offset
        while offset + 8 <= bytes.count {
            let special = ByteWord.bytesEndingPrintableText(in: ByteWord.load(bytes, at: offset))
            if special == 0 {
                offset += 8
                continue
            }
            offset += special.trailingZeroBitCount / 8
            break
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return (start..<(offset - 1), true)
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else {
                return byte >= 0x20 ? scanRestBeyondASCII(of: start) : nil
            }
            offset += 1
        }
        return nil
    }

    /// The rest of a string that `scanString` found a byte beyond printable ASCII or an
    /// escape in, at `offset`; kept out of line so that the common case stays small. Escapes are decoded
    /// in place in the record's copy: the text is written from `start` on, and the range returned is
    /// the text's.
    @inline(never)
    private mutating func scanRestBeyondASCII(of start: Int) -> (Range<Int>, isPlain: Bool)? {
        var isPlain = true
        var tally = UTF8Text.CharacterTally()
        tally.addPrintableASCII(count: offset - start)
        // Where the next byte of the text goes: `offset` until the first escape, behind it after.
        var end = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            var length: Int
            if UTF8Text.isTwoByteSequence(in: bytes, at: offset) {
                length = 2
                isPlain = false
                tally.add(lead: byte, second: bytes[offset + 1])
            } else if Self.isPlainText(byte) {
                // Printable ASCII: each byte is a character of its own and plain.
                length = printableRun(at: offset)
                tally.addPrintableASCII(count: length)
            } else if byte == UInt8(ascii: "\"") {
                offset += 1
                charactersOfLastString = tally.characters.flatMap(Int32.init(exactly:)) ?? -1
                return (start..<end, isPlain)
            } else if byte == UInt8(ascii: "\\") {
                guard case .success(let (scalar, escapeLength)) = JSONEscape.decode(bytes, at: offset) else { return nil }
                let copy = decodedCopy ?? makeDecodedCopy()
                UTF8.encode(scalar) { byte in
                    copy[end] = byte
                    end += 1
                }
                isPlain = isPlain && scalar.value >= 0x20 && scalar.value < 0x7F
                tally.add(scalar)
                offset += escapeLength
                continue
            } else if byte < 0x80 {
                // A control character, which JSON writes only escaped, or DEL.
                guard byte == 0x7F else { return nil }
                length = 1
                isPlain = false
                tally.add(Unicode.Scalar(byte))
            } else {
                guard let sequence = UTF8Text.sequenceLength(in: bytes, at: offset) else { return nil }
                length = sequence
                isPlain = false
                tally.add(UTF8Text.scalar(in: bytes, at: offset).0)
            }
            if end != offset { moveText(count: length, to: end) }
            end += length
            offset += length
        }
        return nil
    }

    /// How many bytes from `offset` on are plain text (`isPlainText`): read eight at a time.
    @inline(__always)
    private func printableRun(at offset: Int) -> Int {
        var run = 0
        while offset + run + 8 <= bytes.count {
            let special = ByteWord.bytesEndingPrintableText(in: ByteWord.load(bytes, at: offset + run))
            if special != 0 { return run + special.trailingZeroBitCount / 8 }
            run += 8
        }
        while offset + run < bytes.count {
            let byte = bytes[offset + run]
            guard Self.isPlainText(byte) else { break }
            run += 1
        }
        return run
    }

    /// Whether a byte of a string is a character of its own, as written: printable ASCII other than `"`
    /// and `\` (what `ByteWord.bytesEndingPrintableText` does not mark).
    @inline(__always)
    private static func isPlainText(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Moves `count` bytes of text at `offset` back to `end` in the record's copy, behind the escapes
    /// decoded before them.
    @inline(__always)
    private func moveText(count: Int, to end: Int) {
        assert(decodedCopy != nil && end < offset && offset + count <= bytes.count, "text moved outside the record's copy")
        guard let copy = decodedCopy else { return }
        if count <= 8 {
            for index in 0..<count { copy[end + index] = bytes[offset + index] }
        } else {
            UnsafeMutableRawPointer(copy.baseAddress! + end).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
    }

    /// Copies the record, to decode strings in; `bytes` reads the copy from now on.
    private mutating func makeDecodedCopy() -> UnsafeMutableBufferPointer<UInt8> {
        let copy = copySpace.pointee.lend(count: bytes.count)
        _ = copy.initialize(from: bytes)
        decodedCopy = copy
        bytes = UnsafeBufferPointer(copy)
        return copy
    }

    /// After a member or an element: consumes `,` and the white space after it (false), or `closing`
    /// (true); nil for anything else.
    @inline(__always)
    private mutating func endOfItem(closing: UInt8) -> Bool? {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                return false
            case closing:
                offset += 1
                return true
            case 0x20, 0x0A, 0x0D, 0x09:
                // White space before it, which compact JSON has none of: tested after the bytes expected.
                offset += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// Consumes `byte`, after the white space before it, if any; false when another byte comes first.
    @inline(__always)
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard offset < bytes.count else { return false }
        if bytes[offset] != byte {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
        }
        offset += 1
        return true
    }

    private mutating func skipLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] { return false }
        offset += count
        return true
    }

    /// A number in JSON's grammar. Whole numbers become `.integer`, or `.largeInteger` beyond `Int`'s
    /// range; fractions and exponents become `.number` (when finite).
    ///
    /// A whole number of one to eighteen digits without a sign, the commonest in forms, is read here;
    /// any other goes to `scanAnyNumber`.
    @inline(__always)
    private mutating func scanNumber(into value: inout RawValue) -> Bool {
        var end = offset
        var integer = 0
        while end < bytes.count, end - offset < 18 {
            let digit = bytes[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            integer = integer &* 10 &+ Int(digit)
            end += 1
        }
        // Digits, not led by a zero unless it is the only one, and then nothing that continues a number.
        guard end > offset, end == offset + 1 || bytes[offset] != UInt8(ascii: "0"),
            end == bytes.count || !Self.continuesNumber(bytes[end])
        else { return scanAnyNumber(into: &value) }
        offset = end
        value.kind = .integer
        value.integer = integer
        return true
    }

    /// Whether a byte after a number's leading digits continues it: a digit, a fraction or an exponent.
    @inline(__always)
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }

    /// `scanNumber` for any number: signed, fractions, exponents, and whole numbers of any length.
    private mutating func scanAnyNumber(into value: inout RawValue) -> Bool {
        let start = offset
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else {
            offset = start
            return isValueText && scanNonFiniteNumber(into: &value)
        }
        var integer = 0
        var digits = 0
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            digits = 1
        } else {
            while offset < bytes.count, Self.isDigit(bytes[offset]) {
                integer = integer &* 10 &+ Int(bytes[offset] &- UInt8(ascii: "0"))
                digits += 1
                offset += 1
            }
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() else { return false }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() else { return false }
        }
        if isInteger {
            if digits <= 18 {
                value.kind = .integer
                value.integer = negative ? -integer : integer
            } else if let whole = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)) {
                value.kind = .integer
                value.integer = whole
            } else {
                value.kind = .largeInteger
            }
            return true
        }
        guard let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)),
            number.isFinite
        else { return false }
        value.kind = .number
        value.number = number
        return true
    }

    /// `NaN`, `Infinity` or `-Infinity`, as a `Value`'s text writes a number that is not finite.
    private mutating func scanNonFiniteNumber(into value: inout RawValue) -> Bool {
        for (literal, number) in JSONWriter.nonFiniteNumbers where skipLiteral(literal) {
            value.kind = .number
            value.number = number
            return true
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// One digit or more.
    private mutating func skipDigits() -> Bool {
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { return false }
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        return true
    }

    /// Any value, checked and skipped; an array or object lies `level` levels deep.
    private mutating func skipValue(level: Int) -> Bool {
        guard offset < bytes.count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return scanString() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard level <= JSONReader.maximumDepth else { return false }
            let closing = bytes[offset] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = closing == UInt8(ascii: "}")
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == closing {
                offset += 1
                return true
            }
            while true {
                if isObject {
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), scanString() != nil else { return false }
                    skipWhitespace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return false }
                    offset += 1
                    skipWhitespace()
                }
                guard skipValue(level: level + 1), let closed = endOfItem(closing: closing) else { return false }
                if closed { return true }
            }
        case UInt8(ascii: "t"): return skipLiteral("true")
        case UInt8(ascii: "f"): return skipLiteral("false")
        case UInt8(ascii: "n"): return skipLiteral("null")
        default:
            var scratch = RawValue.missing
            return scanNumber(into: &scratch)
        }
    }
}

/// A record's values as the direct path read them, found by node: its slots, its bytes, and while an
/// element of an array is checked, where the frame of each enclosing array's current element starts.
///
/// It reads memory that `DirectPlan.failures` owns for the length of one record; it is handed down the
/// walk by value, and the frames it points to change as the walk enters elements.
struct RecordSlots {
    let values: UnsafeBufferPointer<RawValue>
    /// The record as read: with its strings decoded, if any had escapes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The record as given: its JSON, for values parsed whole.
    let original: UnsafeBufferPointer<UInt8>
    /// The record as a `Value`, when its JSON is that value's text (`JSONWriter.withValueText`).
    let given: GivenRecord?
    /// Where the record's object starts in `original`.
    let start: Int
    /// By node id.
    let nodeSlots: FlatArray<DirectPlan.NodeSlot>
    /// The undeclared members of objects that reject them, by object (`DirectScanner.unknownMembersByObject`).
    let unknownMembers: UnsafeBufferPointer<DirectScanner.UnknownMember>
    /// By depth: the first slot of the frame of the current element (0 at depth 0, the record's).
    let frames: UnsafeMutablePointer<Int32>
    /// By depth: the index of the current element (from depth 1).
    let elements: UnsafeMutablePointer<Int32>
    /// The caches of the reading thread's pattern searches (`SlotMemory`'s).
    let patternCaches: UnsafeMutablePointer<PatternCaches>

    /// The value of a node: in the record's slots, or in the frame of the current element of the
    /// array around it.
    @inline(__always)
    subscript(node id: Int) -> RawValue {
        address(ofNode: id).pointee
    }

    /// Where the value of a node lies, for reads in place of the fields needed rather than a copy.
    @inline(__always)
    func address(ofNode id: Int) -> UnsafePointer<RawValue> {
        let place = nodeSlots[id]
        let slot = Int(frames[Int(place.depth)] + place.slot)
        assert(place.depth == 0 || frames[Int(place.depth)] > 0, "a node of an element read outside that element")
        assert(slot >= 0 && slot < values.count, "a node's slot outside the record's slots")
        return values.baseAddress! + slot
    }

    /// Makes `index` the current element of the arrays at `depth`; its frame starts at slot `frame`.
    func enter(element index: Int, frame: Int, depth: Int) {
        assert(depth > 0 && frame < values.count, "an element's frame outside the record's slots")
        frames[depth] = Int32(frame)
        elements[depth] = Int32(index)
    }

    /// A value as a `Value`: text decoded, an object or an array parsed from the record's JSON (or found
    /// in the value given, whose text may abridge it: see `JSONWriter.withValueText`).
    func value(of raw: RawValue) -> Value? {
        switch raw.kind {
        case .missing: return nil
        case .string: return .string(raw.decoded(in: bytes))
        case .object, .array:
            // A value's text abridges arrays and objects nested too deep: those of such a text are found in
            // the value given (the search writes the value again, so it is kept for these).
            if let given, given.isAbridged { return JSONWriter.value(in: given.value.pointee, writtenAt: raw.start) }
            return JSONReader.parseValue(UnsafeBufferPointer(rebasing: original[raw.start..<raw.end]), depth: 0, isValueText: given != nil)
        case .null, .true, .false, .integer, .number, .largeInteger: return raw.scalar(in: bytes)
        }
    }

    /// Whether any element of the array `array` is an object or an array.
    func holdsCollections(_ array: RawValue) -> Bool {
        var frame = Int(array.firstElement)
        for _ in 0..<Int(array.elementCount) {
            let element = values[frame]
            if element.kind == .object || element.kind == .array { return true }
            frame = Int(element.nextFrame)
        }
        return false
    }

    /// Whether two values are equal as `Value`s are: on the bytes where they settle it, else (objects and
    /// arrays) parsed.
    func equals(_ value: RawValue, _ other: RawValue) -> Bool {
        value.certainlyEquals(other, in: bytes) ?? (self.value(of: value) == self.value(of: other))
    }

    /// The whole record as a `Value`: the one given, else its JSON parsed (which the scanner has
    /// found well-formed).
    func parsedRecord() -> Value {
        if let given { return given.value.pointee }
        let parsed = JSONReader.parseValue(original, depth: 0)
        assert(parsed != nil, "a record the scanner read that the reader refuses")
        return parsed ?? .null
    }

    /// The index of the current element of each array around the node, outermost first.
    func elementPath(of node: Int) -> [Int] {
        let depth = Int(nodeSlots[node].depth)
        return depth == 0 ? [] : (1...depth).map { Int(elements[$0]) }
    }
}

/// A record given as a `Value`, whose text the engine reads (`JSONWriter.withValueText`).
struct GivenRecord {
    let value: UnsafePointer<Value>
    /// Whether its text writes arrays or objects nested too deep as `null`.
    let isAbridged: Bool
}

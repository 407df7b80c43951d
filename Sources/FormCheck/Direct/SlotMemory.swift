/// Memory for the slots of the records one thread checks in turn (`DirectPlan.failures`), kept from
/// one record to the next and grown when a record needs more. A record's slots take some kilobytes,
/// too many for the stack, so each record checked on its own asked the allocator for them. It also
/// keeps the thread's caches for the plan's pattern searches (`PatternCaches`), and the room in which
/// a record with escapes is decoded (`CopySpace`).
struct SlotMemory: ~Copyable {
    private var storage = UnsafeMutableBufferPointer<RawValue>(start: nil, count: 0)
    private var patternCaches = PatternCaches()
    private var copySpace = CopySpace()
    /// The lists of the last record checked, given back by the caller when done with them.
    private var keptLists = RecordLists()
    /// The issues of the last report made, given back when its record's output was made.
    private var keptIssues: [ValidationIssue] = []

    init() {}

    /// How many slots the memory holds without growing.
    var capacity: Int { storage.count }

    /// Calls `body` with `count` slots, none of them initialised (`RawValue` is a plain value), the
    /// thread's pattern caches and its copy space, all valid for the call.
    mutating func withSlots<Result>(
        count: Int,
        _ body: (UnsafeMutableBufferPointer<RawValue>, UnsafeMutablePointer<PatternCaches>, UnsafeMutablePointer<CopySpace>) -> Result
    ) -> Result {
        if count > storage.count {
            storage.baseAddress?.deallocate()
            storage = .allocate(capacity: count)
        }
        assert(_isPOD(RawValue.self), "slots are reused without being deinitialised")
        let slots = UnsafeMutableBufferPointer(rebasing: storage[0..<count])
        return withUnsafeMutablePointer(to: &patternCaches) { caches in
            withUnsafeMutablePointer(to: &copySpace) { body(slots, caches, $0) }
        }
    }

    /// Lists for a record's check: those of the record before, when they were given back (`keep(_:_:)`),
    /// so that records with failures fill storage that is there already.
    mutating func takeLists() -> RecordLists {
        var lists = RecordLists()
        swap(&lists, &keptLists)
        return lists
    }

    /// Keeps the storage of a record's lists, those given, for the next record's.
    mutating func keep(_ failures: consuming [DirectPlan.Failure]?, _ sensitive: consuming [Range<Int>]?) {
        if let failures { keptLists.failures = failures }
        if let sensitive { keptLists.sensitive = sensitive }
    }

    /// Storage for a report's issues: the last report's, when it was given back (`keep(issuesOf:)`),
    /// emptied.
    mutating func takeIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        swap(&issues, &keptIssues)
        issues.empty()
        return issues
    }

    /// Keeps the storage of the issues of `report` for the next report's (which starts storage of its
    /// own where something else still holds this).
    mutating func keep(issuesOf report: consuming ValidationReport) {
        keptIssues = report.issues
    }

    /// Makes the calling thread the holder of the pattern caches, for memory that a thread done with
    /// it leaves to another (see `PatternCaches.passToThisThread`).
    mutating func passToThisThread() {
        patternCaches.passToThisThread()
    }

    /// Hands back to the allocator what one long record grew past `keptBytes`, between chunks of a
    /// file: memory kept for the next records stays that of ordinary ones.
    mutating func trim() {
        storage.deallocate(ifLargerThan: Self.keptBytes)
        copySpace.trim(to: Self.keptBytes)
        keptLists.trim(to: Self.keptBytes)
        keptIssues.releaseStorage(ifLargerThan: Self.keptBytes)
    }

    /// The most memory kept, for the slots, the copy space and each list, by `trim()`.
    static let keptBytes = 1 << 20

    /// Calls `body` with the thread's copy space, valid for the call.
    mutating func withCopySpace<Result>(_ body: (UnsafeMutablePointer<CopySpace>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &copySpace, body)
    }

    deinit { storage.baseAddress?.deallocate() }
}

/// Room for a copy of one record's bytes, in which `DirectScanner` decodes the strings written with
/// escapes; kept from one record to the next, and grown when a record is longer, so that records with
/// escapes do not each ask the allocator for one.
struct CopySpace: ~Copyable {
    private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether a scanner holds the room (debug builds only): one record's copy at a time.
    private var isLent = false

    init() {}

    /// The room for a copy of `count` bytes, none of them initialised, valid until `giveBack()`.
    mutating func lend(count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        assert(!isLent, "a record's copy space lent twice")
        if count > storage.count {
            storage.baseAddress?.deallocate()
            storage = .allocate(capacity: Swift.max(count, 2 * storage.count))
        }
        #if DEBUG
        isLent = true
        #endif
        return UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }

    /// Ends the loan `lend(count:)` made: the room is free for the next record.
    mutating func giveBack() {
        #if DEBUG
        isLent = false
        #endif
    }

    /// Hands the room back to the allocator if it is larger than `bytes`.
    mutating func trim(to bytes: Int) {
        assert(!isLent, "a record's copy space trimmed while lent")
        storage.deallocate(ifLargerThan: bytes)
    }

    deinit { storage.baseAddress?.deallocate() }
}

/// The lists a record's check fills: its failures, in the order they are reported, and where the values
/// of its sensitive fields are written.
struct RecordLists {
    var failures: [DirectPlan.Failure] = []
    var sensitive: [Range<Int>] = []

    /// Hands back the storage of a list that takes more than `bytes`.
    mutating func trim(to bytes: Int) {
        failures.releaseStorage(ifLargerThan: bytes)
        sensitive.releaseStorage(ifLargerThan: bytes)
    }

    /// Empties both, keeping their storage.
    mutating func removeAll() {
        failures.empty()
        sensitive.empty()
    }
}

extension UnsafeMutableBufferPointer {
    /// Hands the memory back to the allocator, leaving an empty buffer, if it takes more than `bytes`.
    fileprivate mutating func deallocate(ifLargerThan bytes: Int) {
        guard count * MemoryLayout<Element>.stride > bytes else { return }
        baseAddress?.deallocate()
        self = UnsafeMutableBufferPointer(start: nil, count: 0)
    }
}

extension Array {
    /// Hands the storage back, leaving an empty array, if it takes more than `bytes`.
    fileprivate mutating func releaseStorage(ifLargerThan bytes: Int) {
        if capacity * MemoryLayout<Element>.stride > bytes { self = [] }
    }
}

/// Memory for the slots of the records one thread checks in turn (`DirectPlan.failures`), kept from
/// one record to the next and grown when a record needs more. A record's slots take some kilobytes,
/// too many for the stack, so each record checked on its own asked the allocator for them. It also
/// keeps the thread's caches for the plan's pattern searches (`PatternCaches`).
struct SlotMemory: ~Copyable {
    private var storage = UnsafeMutableBufferPointer<RawValue>(start: nil, count: 0)
    private var patternCaches = PatternCaches()

    init() {}

    /// How many slots the memory holds without growing.
    var capacity: Int { storage.count }

    /// Calls `body` with `count` slots, none of them initialised (`RawValue` is a plain value), and the
    /// thread's pattern caches, both valid for the call.
    mutating func withSlots<Result>(
        count: Int, _ body: (UnsafeMutableBufferPointer<RawValue>, UnsafeMutablePointer<PatternCaches>) -> Result
    ) -> Result {
        if count > storage.count {
            storage.baseAddress?.deallocate()
            storage = .allocate(capacity: count)
        }
        assert(_isPOD(RawValue.self), "slots are reused without being deinitialised")
        let slots = UnsafeMutableBufferPointer(rebasing: storage[0..<count])
        return withUnsafeMutablePointer(to: &patternCaches) { body(slots, $0) }
    }

    deinit { storage.baseAddress?.deallocate() }
}

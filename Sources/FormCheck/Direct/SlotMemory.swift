/// Memory for the slots of the records one thread checks in turn (`DirectPlan.failures`), kept from
/// one record to the next and grown when a record needs more. A record's slots take some kilobytes,
/// too many for the stack, so each record checked on its own asked the allocator for them. It also
/// keeps the thread's caches for the plan's pattern searches (`PatternCaches`), at one address for
/// its whole life.
struct SlotMemory: ~Copyable {
    private var storage = UnsafeMutableBufferPointer<RawValue>(start: nil, count: 0)
    private let patternCaches: UnsafeMutablePointer<PatternCaches>

    init() {
        patternCaches = .allocate(capacity: 1)
        patternCaches.initialize(to: PatternCaches())
    }

    /// How many slots the memory holds without growing.
    var capacity: Int { storage.count }

    /// Calls `body` with `count` slots, none of them initialised (`RawValue` is a plain value), and the
    /// thread's pattern caches.
    mutating func withSlots<Result>(
        count: Int, _ body: (UnsafeMutableBufferPointer<RawValue>, UnsafeMutablePointer<PatternCaches>) -> Result
    ) -> Result {
        if count > storage.count {
            storage.baseAddress?.deallocate()
            storage = .allocate(capacity: count)
        }
        assert(_isPOD(RawValue.self), "slots are reused without being deinitialised")
        return body(UnsafeMutableBufferPointer(rebasing: storage[0..<count]), patternCaches)
    }

    deinit {
        storage.baseAddress?.deallocate()
        patternCaches.deinitialize(count: 1)
        patternCaches.deallocate()
    }
}

/// An array laid out once in memory of its own, for `DirectPlan`: read by threads that share the plan
/// without touching a reference count. Reads are checked against its bounds in debug builds. Its owner
/// frees it (`deallocate`) when it frees the plan.
struct FlatArray<Element>: RandomAccessCollection, @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Element>

    /// A copy of `elements`.
    init(copying elements: [Element]) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        storage = UnsafeMutableBufferPointer(rebasing: buffer[0..<elements.count])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < storage.count, "a read outside the plan's \(Element.self) array")
        return storage[index]
    }

    /// Where the element at `index` lies (`index` may be the end), for reads in place: keys compared a
    /// word at a time, automata tables walked by pointer.
    @inline(__always)
    func address(of index: Int) -> UnsafePointer<Element> {
        assert(index >= 0 && index <= storage.count, "an address outside the plan's \(Element.self) array")
        return UnsafePointer(storage.baseAddress! + index)
    }

    func deallocate() {
        storage.deinitialize()
        storage.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
    }
}

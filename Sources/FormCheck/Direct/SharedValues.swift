/// Values that hold references (closures, compiled patterns), kept by `DirectPlan` for its whole life
/// and read by the threads that share the plan without touching a reference count.
///
/// Copying such a value out of an array retains what it holds, and two threads reading the same value
/// then wait on each other for its count. Here each value is boxed once, and a read borrows its box for
/// the length of the call instead (`Unmanaged._withUnsafeGuaranteedRef`). Its owner frees it
/// (`deallocate`) when it frees the plan.
struct SharedValues<Element>: @unchecked Sendable {
    private final class Box {
        let element: Element

        init(_ element: Element) {
            self.element = element
        }
    }

    private let boxes: FlatArray<Unmanaged<Box>>

    init(_ elements: [Element]) {
        boxes = FlatArray(copying: elements.map { Unmanaged.passRetained(Box($0)) })
    }

    /// Calls `body` with the value at `index`, borrowed for the call.
    @inline(__always)
    func withElement<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        boxes[index]._withUnsafeGuaranteedRef { body($0.element) }
    }

    func deallocate() {
        for box in boxes { box.release() }
        boxes.deallocate()
    }
}

/// Runs a `PatternProgram` over a value's scalars as a Pike VM: every thread of the NFA advances in
/// step, one scalar at a time, and threads at the same instruction merge. The work per scalar is
/// bounded by the program's size, so a search takes O(program size × value length) time whatever
/// the pattern and the value.
enum PatternMatcher {
    /// Whether `program` matches somewhere in `scalars`, the search having reached `place` with the
    /// threads `threads` waiting there (their closure not yet taken) and `\b` having seen `previousIsWord`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and *n* scalars from `place`.
    static func matches(
        _ program: PatternProgram, in scalars: [Unicode.Scalar], from place: Int = 0, threads: [Int] = [], previousIsWord: Bool = false
    ) -> Bool {
        let instructions = program.instructions
        var current = ThreadList(capacity: instructions.count)
        var next = ThreadList(capacity: instructions.count)
        var stack: [Int] = []
        var place = place
        var context = PlaceContext(scalars, at: place, previousIsWord: previousIsWord)
        for thread in threads where program.addThread(thread, at: context, into: &current, stack: &stack) { return true }
        while true {
            if place == 0 || !program.anchoredAtStart {
                if program.addThread(0, at: context, into: &current, stack: &stack) { return true }
            }
            if current.count == 0, program.anchoredAtStart { return false }
            guard let scalar = context.current else { return false }
            let following = context.advanced(remaining: scalars.count - place - 1, after: place + 2 < scalars.count ? scalars[place + 2] : nil)
            next.clear()
            for thread in 0..<current.count {
                let counter = current.dense[thread]
                if program.accepts(scalar, at: counter), program.addThread(counter + 1, at: following, into: &next, stack: &stack) {
                    return true
                }
            }
            swap(&current, &next)
            context = following
            place += 1
        }
    }
}

extension PatternProgram {
    /// Whether the instruction at `counter` consumes `scalar`.
    @inline(__always)
    func accepts(_ scalar: Unicode.Scalar, at counter: Int) -> Bool {
        switch instructions[counter] {
        case .scalar(let value): scalar.value == value
        case .set(let index): classes[index].contains(scalar)
        default: false
        }
    }

    /// Adds the thread at `counter` and every thread it reaches without consuming a scalar at the
    /// place `context` describes; true when one of them is a match.
    func addThread(_ counter: Int, at context: PlaceContext, into list: inout ThreadList, stack: inout [Int]) -> Bool {
        stack.append(counter)
        while let counter = stack.popLast() {
            guard list.insert(counter) else { continue }
            switch instructions[counter] {
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if context.holds(assertion) { stack.append(counter + 1) }
            case .match:
                stack.removeAll(keepingCapacity: true)
                return true
            case .scalar, .set:
                break
            }
        }
        return false
    }
}

/// A set of instruction numbers with constant-time insertion, clearing and iteration in insertion
/// order (a sparse set).
struct ThreadList {
    private(set) var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = [Int](repeating: 0, count: capacity)
        sparse = [Int](repeating: 0, count: capacity)
    }

    /// Inserts `value`; false when it was already in.
    mutating func insert(_ value: Int) -> Bool {
        let slot = sparse[value]
        if slot < count, dense[slot] == value { return false }
        sparse[value] = count
        dense[count] = value
        count += 1
        return true
    }

    mutating func clear() { count = 0 }
}

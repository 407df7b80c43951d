/// Runs a `PatternProgram` over a value's scalars as a Pike VM: every thread of the NFA advances in
/// step, one scalar at a time, and threads at the same instruction merge. The work per scalar is
/// bounded by the program's size, so a search takes O(program size × value length) time whatever
/// the pattern and the value.
struct PatternMatcher {
    private let program: PatternProgram
    private let scalars: [Unicode.Scalar]
    /// Whether the last scalar before the current place that is neither a combining mark
    /// (Grapheme_Extend) nor a format character (Cf) is a word character, as ICU's `\b` reads it.
    private var previousIsWord = false

    private init(_ program: PatternProgram, _ text: String) {
        self.program = program
        scalars = Array(text.unicodeScalars)
    }

    /// Whether `program` matches somewhere in `text`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and a text of *n* scalars.
    static func matches(_ program: PatternProgram, in text: String) -> Bool {
        var matcher = PatternMatcher(program, text)
        return matcher.run()
    }

    private mutating func run() -> Bool {
        let instructions = program.instructions
        var current = ThreadList(capacity: instructions.count)
        var next = ThreadList(capacity: instructions.count)
        var stack: [Int] = []
        var place = 0
        while true {
            if place == 0 || !program.anchoredAtStart {
                if addThread(0, at: place, into: &current, stack: &stack) { return true }
            }
            if current.count == 0, program.anchoredAtStart { return false }
            if place == scalars.count { return false }
            let scalar = scalars[place]
            // The threads added below are at the next place, after this scalar.
            if !Self.isSkippedByWordBoundaries(scalar) { previousIsWord = UnicodePropertyNames.word.contains(scalar) }
            next.clear()
            for thread in 0..<current.count {
                let counter = current.dense[thread]
                let accepts: Bool
                switch instructions[counter] {
                case .scalar(let value): accepts = scalar.value == value
                case .set(let index): accepts = program.classes[index].contains(scalar)
                default: accepts = false
                }
                if accepts, addThread(counter + 1, at: place + 1, into: &next, stack: &stack) { return true }
            }
            swap(&current, &next)
            place += 1
        }
    }

    /// Adds the thread at `counter` and every thread it reaches without consuming a scalar; true when
    /// one of them is a match.
    private func addThread(_ counter: Int, at place: Int, into list: inout ThreadList, stack: inout [Int]) -> Bool {
        stack.append(counter)
        while let counter = stack.popLast() {
            guard list.insert(counter) else { continue }
            switch program.instructions[counter] {
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if holds(assertion, at: place) { stack.append(counter + 1) }
            case .match:
                stack.removeAll(keepingCapacity: true)
                return true
            case .scalar, .set:
                break
            }
        }
        return false
    }

    private func holds(_ assertion: PatternAssertion, at place: Int) -> Bool {
        let count = scalars.count
        switch assertion {
        case .startOfText:
            return place == 0
        case .endOfText:
            return place == count
        case .endOfTextOrFinalLineTerminator:
            if place == count { return true }
            if place == count - 1 {
                return Self.isLineTerminator(scalars[place]) && !(scalars[place] == "\n" && place > 0 && scalars[place - 1] == "\r")
            }
            return place == count - 2 && scalars[place] == "\r" && scalars[place + 1] == "\n"
        case .startOfLine:
            if place == 0 { return true }
            return place < count && Self.isLineTerminator(scalars[place - 1]) && !(scalars[place - 1] == "\r" && scalars[place] == "\n")
        case .endOfLine:
            if place == count { return true }
            return Self.isLineTerminator(scalars[place]) && !(scalars[place] == "\n" && place > 0 && scalars[place - 1] == "\r")
        case .wordBoundary, .notWordBoundary:
            var isBoundary = false
            if place == count || !Self.isSkippedByWordBoundaries(scalars[place]) {
                let isWord = place < count && UnicodePropertyNames.word.contains(scalars[place])
                isBoundary = isWord != previousIsWord
            }
            return isBoundary == (assertion == .wordBoundary)
        case .notBeforeLineFeed:
            return place == count || scalars[place] != "\n"
        }
    }

    private static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        UnicodePropertyNames.lineTerminators.contains(scalar)
    }

    /// Combining marks and format characters, which `\b` looks through.
    private static func isSkippedByWordBoundaries(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }
}

/// A set of instruction numbers with constant-time insertion, clearing and iteration in insertion
/// order (a sparse set).
private struct ThreadList {
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

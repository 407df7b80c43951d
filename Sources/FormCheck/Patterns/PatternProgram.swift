/// A pattern compiled to a Thompson NFA: a list of instructions where each thread of a match steps
/// through one scalar at a time. Counted repetitions are spelled out, so the program's size bounds
/// the matcher's work per scalar.
struct PatternProgram: Sendable {
    enum Instruction: Sendable, Equatable {
        /// Consume this scalar.
        case scalar(UInt32)
        /// Consume a scalar of `classes[index]`.
        case set(Int)
        /// Continue at both targets.
        case split(Int, Int)
        case jump(Int)
        /// Continue only where the assertion holds.
        case assert(PatternAssertion)
        case match
    }

    /// At most this many instructions; a pattern that needs more is refused.
    static let instructionLimit = 10_000

    private(set) var instructions: [Instruction] = []
    private(set) var classes: [CompiledClass] = []
    /// Whether every match must start at the start of the value (`^`, `\A`), so no search is needed.
    private(set) var anchoredAtStart = false

    /// The program for `node`.
    init(_ node: PatternNode) throws(PatternSyntaxError) {
        anchoredAtStart = Self.startsAnchored(node)
        try emit(node)
        instructions.append(.match)
    }

    private static func startsAnchored(_ node: PatternNode) -> Bool {
        switch node {
        case .assertion(.startOfText): true
        case .sequence(let items): items.first.map(startsAnchored) ?? false
        case .alternation(let branches): branches.allSatisfy(startsAnchored)
        case .repetition(let inner, let min, _, _): min > 0 && startsAnchored(inner)
        default: false
        }
    }

    /// Whether the program of `node` is within `instructionLimit` whatever it holds, so that compiling
    /// it cannot fail: `size(of:)` counts at least the instructions that each part takes.
    static func alwaysFits(_ node: PatternNode) -> Bool {
        size(of: node) <= instructionLimit
    }

    /// How many instructions `node` takes (at most: an alternation's last branch takes two fewer), or more than the limit (without counting it all) when too many.
    private static func size(of node: PatternNode) -> Int {
        switch node {
        case .empty: return 0
        case .scalar, .assertion: return 1
        case .sequence(let items): return items.reduce(0) { min($0 + size(of: $1), instructionLimit + 1) }
        case .alternation(let branches): return branches.reduce(0) { min($0 + size(of: $1) + 2, instructionLimit + 1) }
        case .repetition(let inner, let low, let high, _):
            let body = size(of: inner)
            return min(body * low + (high.map { ($0 - low) * (body + 1) } ?? body + 2), instructionLimit + 1)
        }
    }

    private mutating func emit(_ node: PatternNode) throws(PatternSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let set):
            if case .scalar(let scalar) = set {
                try append(.scalar(scalar.value))
            } else if case .ranges(let ranges) = set, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound {
                try append(.scalar(ranges[0].lowerBound))
            } else {
                classes.append(CompiledClass(set))
                try append(.set(classes.count - 1))
            }
        case .assertion(let assertion):
            try append(.assert(assertion))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split L2, next2; ...; last branch; end:
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number < branches.count - 1 {
                    let split = instructions.count
                    try append(.split(split + 1, 0))
                    try emit(branch)
                    jumps.append(instructions.count)
                    try append(.jump(0))
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repetition(let inner, let low, let high, let offset):
            guard instructions.count + Self.size(of: node) <= Self.instructionLimit else {
                throw tooLarge(at: offset)
            }
            // The body is compiled once; its other copies repeat its instructions and share its classes.
            var body: Range<Int>?
            func emitBody() throws(PatternSyntaxError) {
                if let body {
                    appendCopy(of: body)
                } else {
                    let start = instructions.count
                    try emit(inner)
                    body = start..<instructions.count
                }
            }
            for _ in 0..<low { try emitBody() }
            if let high {
                // Each optional copy may be skipped, which skips the ones after it too.
                var splits: [Int] = []
                for _ in low..<high {
                    splits.append(instructions.count)
                    try append(.split(instructions.count + 1, 0))
                    try emitBody()
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                let loop = instructions.count
                try append(.split(loop + 1, 0))
                try emitBody()
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }

    /// Appends the instructions in `block` again, their targets moved with them (a block's targets
    /// lie within it or at its end). The caller has checked the size.
    private mutating func appendCopy(of block: Range<Int>) {
        let shift = instructions.count - block.lowerBound
        instructions.reserveCapacity(instructions.count + block.count)
        for index in block {
            switch instructions[index] {
            case .split(let first, let second): instructions.append(.split(first + shift, second + shift))
            case .jump(let target): instructions.append(.jump(target + shift))
            case let instruction: instructions.append(instruction)
            }
        }
    }

    private mutating func append(_ instruction: Instruction) throws(PatternSyntaxError) {
        guard instructions.count < Self.instructionLimit else { throw tooLarge(at: 0) }
        instructions.append(instruction)
    }

    private func tooLarge(at offset: Int) -> PatternSyntaxError {
        PatternSyntaxError(
            offset: offset,
            message: "the pattern is too large: it needs more than \(Self.instructionLimit) steps once its counts are spelled out; use smaller counts or * and +")
    }
}

/// A class ready to match: its ASCII members as bits, the others decided by the class itself.
struct CompiledClass: Sendable {
    let ascii: UInt128
    let set: ScalarClass

    init(_ set: ScalarClass) {
        self.set = set
        ascii = set.asciiMembers
    }

    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? ascii >> scalar.value & 1 != 0 : set.contains(scalar)
    }
}

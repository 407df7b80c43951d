/// A deterministic automaton built lazily from a `PatternProgram` as values need its states: a state
/// is the set of NFA threads waiting at a place, with what the assertions there need to know of the
/// scalar before it. Each scalar then costs one table lookup once its transition is known, and the
/// end of the value one more. States are cached up to `stateLimit`; a search that needs more, or that
/// meets a line terminator in a pattern with `$` (which then looks ahead to the end), goes on in the
/// Pike VM from the same threads, so answers never differ.
final class PatternDFA: @unchecked Sendable {
    /// At most this many states per cache; a search that needs more goes on in the Pike VM.
    static let stateLimit = 1_000

    /// The program with whether it has `$` or `\Z`, whose answer before a line terminator depends on
    /// what follows it; nil until the first search when made lazily.
    private var compiled: (program: PatternProgram, looksAheadAtLineTerminators: Bool)?
    /// The pattern to compile at the first search, when made lazily.
    private var tree: PatternNode?
    /// Caches not in use; a search takes one (or makes one) and puts it back, so threads never share one.
    private var spare: [DFACache] = []
    private let lock = NSLockLike()

    init(_ program: PatternProgram) {
        compiled = Self.compiled(program)
    }

    /// The automaton of `tree`, whose program is compiled at the first search (or the first read of
    /// `program`), so that a pattern that never runs costs only its parse. `tree` must fit within
    /// `PatternProgram.instructionLimit` (`PatternProgram.alwaysFits`), so that compiling it cannot fail.
    init(compilingLazily tree: PatternNode) {
        self.tree = tree
    }

    private static func compiled(_ program: PatternProgram) -> (program: PatternProgram, looksAheadAtLineTerminators: Bool) {
        (program, program.instructions.contains(.assert(.endOfTextOrFinalLineTerminator)))
    }

    /// The program, compiled now if it was not yet; the caller holds `lock`.
    private func compiledProgram() -> (program: PatternProgram, looksAheadAtLineTerminators: Bool) {
        if let compiled { return compiled }
        // `alwaysFits` held for the tree: the program is within the limit, so this cannot throw.
        let made = Self.compiled(try! PatternProgram(tree!))
        compiled = made
        tree = nil
        return made
    }

    /// The program the automaton runs.
    var program: PatternProgram { lock.withLock { compiledProgram().program } }

    /// Whether the program has been compiled.
    var hasProgram: Bool { lock.withLock { compiled != nil } }

    /// Whether the program matches somewhere in `text`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and *n* scalars, and O(*n*) once
    ///   the states a value needs are cached.
    func matches(_ text: String) -> Bool {
        matches(scalars: text.unicodeScalars)
    }

    /// Whether the program matches somewhere in the well-formed UTF-8 `text`, read without building a `String`.
    ///
    /// - Complexity: as `matches(_:)`.
    func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(scalars: UTF8Text.Scalars(text))
    }

    private func matches(scalars: some Sequence<Unicode.Scalar>) -> Bool {
        let (compiled, spareCache) = lock.withLock { (compiledProgram(), spare.popLast()) }
        let (program, looksAheadAtLineTerminators) = compiled
        var cache = spareCache ?? DFACache(program)
        defer { lock.withLock { spare.append(cache) } }
        var state: Int32 = 0
        var place = 0
        for scalar in scalars {
            if looksAheadAtLineTerminators, PlaceContext.isLineTerminator(scalar) {
                return cache.continueInPikeVM(from: state, in: Array(scalars), at: place, program)
            }
            let target = cache.transition(from: state, on: scalar, program)
            switch target {
            case DFACache.matched: return true
            case DFACache.dead: return false
            case DFACache.full:
                let answer = cache.continueInPikeVM(from: state, in: Array(scalars), at: place, program)
                cache = DFACache(program)
                return answer
            default:
                state = target
                place += 1
            }
        }
        return cache.matchesAtEnd(state, program)
    }
}

/// One thread's table of DFA states and their transitions: a class, so that taking one from the spare
/// list and putting it back moves one reference. Only the thread that took a cache from the spare list
/// touches it, so its hot tables skip the run-time exclusivity checks.
private final class DFACache {
    struct Flags: OptionSet, Hashable {
        let rawValue: UInt8
        static let isStart = Flags(rawValue: 1)
        static let previousIsWord = Flags(rawValue: 2)
        static let previousIsLineTerminator = Flags(rawValue: 4)
        static let previousIsCarriageReturn = Flags(rawValue: 8)
    }

    struct State: Hashable {
        /// The threads waiting at the place, before their closure is taken, sorted.
        let threads: [Int]
        let flags: Flags
    }

    /// Transition targets that are not states.
    static let unknown: Int32 = -1
    static let matched: Int32 = -2
    static let dead: Int32 = -3
    static let full: Int32 = -4
    /// Transitions on scalars beyond ASCII are kept in a table of this many entries, each holding the
    /// last transition whose state and scalar hash to it.
    static let beyondASCIISlots = 1_024

    private(set) var states: [State] = []
    private var numbers: [State: Int32] = [:]
    /// `ascii[state << 7 | scalar]` for ASCII scalars; others in `beyondASCII`.
    @exclusivity(unchecked) private var ascii: [Int32] = []
    /// Whether each state matches at the end of the value: 0 not known yet, 1 yes, 2 no.
    @exclusivity(unchecked) private var ends: [UInt8] = []
    /// Transitions on scalars beyond ASCII, each at a slot its state and scalar hash to: the key
    /// `state << 21 | scalar` (`UInt64.max` when empty) and the target. A transition displaced by
    /// another is found again when needed, so memory stays bounded whatever scalars values hold.
    /// Allocated at the first scalar beyond ASCII.
    @exclusivity(unchecked) private var beyondASCII: [(key: UInt64, target: Int32)] = []
    private var list: ThreadList
    private var stack: [Int] = []
    /// Which flags the program's assertions read; the others are left unset so that fewer states differ.
    private let tracked: Flags

    init(_ program: PatternProgram) {
        list = ThreadList(capacity: program.instructions.count)
        var tracked: Flags = []
        for case .assert(let assertion) in program.instructions {
            switch assertion {
            case .wordBoundary, .notWordBoundary: tracked.insert(.previousIsWord)
            case .startOfLine, .endOfLine, .endOfTextOrFinalLineTerminator:
                tracked.formUnion([.previousIsLineTerminator, .previousIsCarriageReturn])
            case .startOfText, .endOfText, .notBeforeLineFeed: break
            }
        }
        self.tracked = tracked
        _ = number(of: State(threads: [], flags: .isStart))
    }

    /// The answer of the Pike VM going on from `state` at `place`.
    func continueInPikeVM(from state: Int32, in scalars: [Unicode.Scalar], at place: Int, _ program: PatternProgram) -> Bool {
        let waiting = states[Int(state)]
        if waiting.flags.contains(.isStart) { return PatternMatcher.matches(program, in: scalars) }
        return PatternMatcher.matches(
            program, in: scalars, from: place, threads: waiting.threads, previousIsWord: waiting.flags.contains(.previousIsWord))
    }

    /// Whether a match ends at the end of the value, the search having reached `state` there.
    func matchesAtEnd(_ state: Int32, _ program: PatternProgram) -> Bool {
        if ends[Int(state)] == 0 {
            let context = self.context(for: states[Int(state)].flags, current: nil)
            ends[Int(state)] = closure(of: states[Int(state)], at: context, program) ? 1 : 2
        }
        return ends[Int(state)] == 1
    }

    /// The context at a place whose previous scalars left `flags`, whose scalar is `current` (taken
    /// as if at least 3 scalars were left) or which is the end (nil).
    private func context(for flags: Flags, current: Unicode.Scalar?) -> PlaceContext {
        var context = PlaceContext(start: current == nil ? 0 : 3, current: current, next: nil)
        context.isStart = flags.contains(.isStart)
        context.previousIsWord = flags.contains(.previousIsWord)
        context.previousIsLineTerminator = flags.contains(.previousIsLineTerminator)
        context.previousIsCarriageReturn = flags.contains(.previousIsCarriageReturn)
        return context
    }

    /// Takes the closure of the state's threads (and of a new search's start) into `list`; true when
    /// it reaches a match.
    private func closure(of state: State, at context: PlaceContext, _ program: PatternProgram) -> Bool {
        list.clear()
        for thread in state.threads where program.addThread(thread, at: context, into: &list, stack: &stack) { return true }
        return (context.isStart || !program.anchoredAtStart) && program.addThread(0, at: context, into: &list, stack: &stack)
    }

    /// The state after `scalar` from `state`, or `matched`, `dead` or `full`. The transition is taken
    /// as if at least 3 scalars were left, which is exact unless `$` or `\Z` meets a line terminator.
    func transition(from state: Int32, on scalar: Unicode.Scalar, _ program: PatternProgram) -> Int32 {
        let value = scalar.value
        if value < 128 {
            let known = ascii[Int(state) << 7 | Int(value)]
            if known != Self.unknown { return known }
            let target = computeTransition(from: states[Int(state)], on: scalar, program)
            ascii[Int(state) << 7 | Int(value)] = target
            return target
        }
        if beyondASCII.isEmpty { beyondASCII = Array(repeating: (.max, 0), count: Self.beyondASCIISlots) }
        let key = UInt64(state) << 21 | UInt64(value)
        // Fibonacci hashing: the high bits of the product spread nearby scalars over the table.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) & (Self.beyondASCIISlots - 1)
        if beyondASCII[slot].key == key { return beyondASCII[slot].target }
        let target = computeTransition(from: states[Int(state)], on: scalar, program)
        beyondASCII[slot] = (key, target)
        return target
    }

    private func computeTransition(from state: State, on scalar: Unicode.Scalar, _ program: PatternProgram) -> Int32 {
        let context = self.context(for: state.flags, current: scalar)
        if closure(of: state, at: context, program) { return Self.matched }
        var threads: [Int] = []
        for index in 0..<list.count where program.accepts(scalar, at: list.dense[index]) { threads.append(list.dense[index] + 1) }
        if threads.isEmpty, program.anchoredAtStart { return Self.dead }
        threads.sort()
        let after = context.advanced(remaining: 3, after: nil)
        var nextFlags: Flags = []
        if after.previousIsWord { nextFlags.insert(.previousIsWord) }
        if after.previousIsLineTerminator { nextFlags.insert(.previousIsLineTerminator) }
        if after.previousIsCarriageReturn { nextFlags.insert(.previousIsCarriageReturn) }
        return number(of: State(threads: threads, flags: nextFlags.intersection(tracked)))
    }

    /// The state's number, adding it when new; `full` when the cache holds `stateLimit` states.
    private func number(of state: State) -> Int32 {
        if let number = numbers[state] { return number }
        guard states.count < PatternDFA.stateLimit else { return Self.full }
        let number = Int32(states.count)
        states.append(state)
        numbers[state] = number
        ascii.append(contentsOf: repeatElement(Self.unknown, count: 128))
        ends.append(0)
        return number
    }
}

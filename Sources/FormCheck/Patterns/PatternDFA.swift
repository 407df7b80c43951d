import Foundation
import Synchronization

/// A deterministic automaton built lazily from a `PatternProgram` as values need its states: a state
/// is the set of NFA threads waiting at a place, with what the assertions there need to know of the
/// scalar before it. Searches read UTF-8 bytes: once its transition is known, an ASCII byte costs
/// one table lookup, a scalar beyond ASCII its decoding and a lookup in a hashed table, and the end
/// of the value one more. States are cached up to `stateLimit`; a search that needs more, or that
/// meets a line terminator in a pattern with `$` (which then looks ahead to the end), goes on in the
/// Pike VM from the same threads, so answers never differ.
final class PatternDFA: @unchecked Sendable {
    /// At most this many states per cache; a search that needs more goes on in the Pike VM.
    static let stateLimit = 1_000

    /// The program, nil until the first search when made lazily.
    private var compiled: PatternProgram?
    /// The pattern to compile at the first search, when made lazily.
    private var tree: PatternNode?
    /// A cache not in use, taken and given back without the lock: with one thread searching, its
    /// searches never wait.
    private let idleCache = Atomic<Unmanaged<DFACache>?>(nil)
    /// Other caches not in use. A search takes a cache (or makes one) and gives it back, so threads
    /// never share one.
    private var spare: [DFACache] = []
    private let lock = NSLockLike()

    init(_ program: PatternProgram) {
        compiled = program
    }

    /// The automaton of `tree`, whose program is compiled at the first search (or the first read of
    /// `program`), so that a pattern that never runs costs only its parse. `tree` must fit within
    /// `PatternProgram.instructionLimit` (`PatternProgram.alwaysFits`), so that compiling it cannot fail.
    init(compilingLazily tree: PatternNode) {
        self.tree = tree
    }

    /// The program, compiled now if it was not yet; the caller holds `lock`.
    private func compiledProgram() -> PatternProgram {
        if let compiled { return compiled }
        // `alwaysFits` held for the tree: the program is within the limit, so this cannot throw.
        let made = try! PatternProgram(tree!)
        compiled = made
        tree = nil
        return made
    }

    /// The program the automaton runs.
    var program: PatternProgram { lock.withLock { compiledProgram() } }

    /// Whether the program has been compiled.
    var hasProgram: Bool { lock.withLock { compiled != nil } }

    /// Whether the program matches somewhere in `text`.
    ///
    /// - Complexity: O(*p* × *n*) for a program of *p* instructions and *n* scalars, and O(*n*) once
    ///   the states a value needs are cached.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the program matches somewhere in the well-formed UTF-8 `text`, read without building a
    /// `String`: an ASCII byte costs one table lookup, a scalar beyond ASCII its decoding and a lookup
    /// in a hashed table.
    ///
    /// - Complexity: as `matches(_:)`.
    func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        let cache = takeCache()
        defer { putBack(cache) }
        return matches(utf8: text, using: cache)
    }

    /// The search of `matches(utf8:)`, with a cache the caller took from this automaton.
    fileprivate func matches(utf8 text: UnsafeBufferPointer<UInt8>, using cache: DFACache) -> Bool {
        assert(UTF8Text.isWellFormed(text), "bytes that are not well-formed UTF-8")
        assert(cache.isHeldByThisThread, "a search with a cache that this thread did not take")
        var state: Int32 = 0
        var offset = 0
        while offset < text.count {
            let byte = text[offset]
            let target: Int32
            var next = offset + 1
            if byte < 0x80 {
                if cache.looksAheadAtLineTerminators, PlaceContext.isLineTerminator(Unicode.Scalar(byte)) {
                    return cache.continueInPikeVM(from: state, in: text, at: offset)
                }
                target = cache.transition(from: state, onASCII: byte)
            } else {
                let (scalar, length) = UTF8Text.scalar(in: text, at: offset)
                if cache.looksAheadAtLineTerminators, PlaceContext.isLineTerminator(scalar) {
                    return cache.continueInPikeVM(from: state, in: text, at: offset)
                }
                target = cache.transition(from: state, on: scalar)
                next = offset + length
            }
            switch target {
            case DFACache.matched: return true
            case DFACache.dead: return false
            case DFACache.full:
                // The Pike VM goes on from the scalar whose transition did not fit.
                let answer = cache.continueInPikeVM(from: state, in: text, at: offset)
                cache.removeStates()
                return answer
            default:
                state = target
                offset = next
            }
        }
        return cache.matchesAtEnd(state)
    }

    /// A cache for this thread's search: the idle one if no other thread holds it, else a spare one
    /// or a new one.
    @inline(__always)
    fileprivate func takeCache() -> DFACache {
        let cache: DFACache
        if let idle = idleCache.exchange(nil, ordering: .acquiring) {
            cache = idle.takeRetainedValue()
        } else {
            cache = lock.withLock { spare.popLast() ?? DFACache(compiledProgram()) }
        }
        cache.noteTaken()
        return cache
    }

    /// Gives a cache back: as the idle one if that place is free, else to the spare list.
    @inline(__always)
    fileprivate func putBack(_ cache: DFACache) {
        assert(cache.isHeldByThisThread, "a cache given back by a thread that did not take it")
        cache.noteGivenBack()
        let reference = Unmanaged.passRetained(cache)
        guard !idleCache.compareExchange(expected: nil, desired: reference, ordering: .releasing).exchanged else { return }
        reference.release()
        lock.withLock { spare.append(cache) }
    }

    deinit {
        idleCache.load(ordering: .relaxed)?.release()
    }
}

/// The caches of the automata one thread searches with, each taken from its automaton at the first
/// search and given back when the thread is done (at the end of its life), so that the thread's searches
/// write nothing another thread reads: neither an automaton's idle cache nor a reference count. The
/// caller numbers the automata it searches (`index`), densely from 0, and keeps them alive while it
/// keeps this.
struct PatternCaches: ~Copyable {
    private struct Taken {
        let automaton: Unmanaged<PatternDFA>
        let cache: Unmanaged<DFACache>

        /// Gives the cache back to its automaton.
        func giveBack() {
            automaton._withUnsafeGuaranteedRef { $0.putBack(cache.takeRetainedValue()) }
        }
    }

    private var taken: [Taken?] = []

    init() {}

    /// Whether `automaton`, the caller's automaton number `index`, matches in the well-formed UTF-8 `text`.
    mutating func matches(_ automaton: PatternDFA, numbered index: Int, utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        if index >= taken.count { taken.append(contentsOf: repeatElement(nil, count: index + 1 - taken.count)) }
        // A number given to another automaton before (by a caller that numbered two sets of automata
        // alike) gets a cache from this one, never the other's.
        if taken[index]?.automaton.toOpaque() != Unmanaged.passUnretained(automaton).toOpaque() {
            taken[index]?.giveBack()
            taken[index] = Taken(automaton: .passUnretained(automaton), cache: .passRetained(automaton.takeCache()))
        }
        return taken[index].unsafelyUnwrapped.cache._withUnsafeGuaranteedRef { automaton.matches(utf8: text, using: $0) }
    }

    /// Makes the calling thread the holder of the caches, for a thread that is done with them: they are
    /// given back from here (debug builds check who gives a cache back).
    mutating func passToThisThread() {
        for case let taken? in taken { taken.cache._withUnsafeGuaranteedRef { $0.noteTaken() } }
    }

    deinit {
        for case let taken? in taken { taken.giveBack() }
    }
}

/// One thread's table of DFA states and their transitions, with the program they come from: a class,
/// so that taking one and giving it back moves one reference. Only the thread that took a cache
/// touches it (debug builds assert it), and no access to its tables overlaps another, so they skip
/// the run-time exclusivity checks.
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

    /// The program the states are sets of threads of.
    let program: PatternProgram
    /// Whether the program has `$` or `\Z`, whose answer before a line terminator depends on what
    /// follows it: a search that meets a line terminator goes on in the Pike VM.
    let looksAheadAtLineTerminators: Bool
    @exclusivity(unchecked) private(set) var states: [State] = []
    @exclusivity(unchecked) private var numbers: [State: Int32] = [:]
    /// `ascii[state << 7 | scalar]` for ASCII scalars; others in `beyondASCII`.
    @exclusivity(unchecked) private var ascii: [Int32] = []
    /// Whether each state matches at the end of the value: 0 not known yet, 1 yes, 2 no.
    @exclusivity(unchecked) private var ends: [UInt8] = []
    /// Transitions on scalars beyond ASCII, each at a slot its state and scalar hash to: the key
    /// `state << 21 | scalar` (`UInt64.max` when empty) and the target. A transition displaced by
    /// another is found again when needed, so memory stays bounded whatever scalars values hold.
    /// Allocated at the first scalar beyond ASCII.
    @exclusivity(unchecked) private var beyondASCII: [(key: UInt64, target: Int32)] = []
    @exclusivity(unchecked) private var list: ThreadList
    @exclusivity(unchecked) private var stack: [Int] = []
    /// Which flags the program's assertions read; the others are left unset so that fewer states differ.
    private let tracked: Flags
    #if DEBUG
    /// The thread that took the cache from its automaton, in debug builds (searches assert it).
    @exclusivity(unchecked) private var holder: Thread?
    #endif

    /// Notes, in debug builds, that this thread took the cache.
    @inline(__always)
    func noteTaken() {
        #if DEBUG
        holder = Thread.current
        #endif
    }

    /// Notes, in debug builds, that the cache was given back.
    @inline(__always)
    func noteGivenBack() {
        #if DEBUG
        holder = nil
        #endif
    }

    /// Whether this thread took the cache (always true in release builds, which do not note it).
    var isHeldByThisThread: Bool {
        #if DEBUG
        return holder === Thread.current
        #else
        return true
        #endif
    }

    init(_ program: PatternProgram) {
        self.program = program
        looksAheadAtLineTerminators = program.instructions.contains(.assert(.endOfTextOrFinalLineTerminator))
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

    /// Forgets every state but the start, when the cache is full.
    func removeStates() {
        states.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        ascii.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        beyondASCII = []
        _ = number(of: State(threads: [], flags: .isStart))
    }

    /// The answer of the Pike VM going on from `state` at byte `offset` of `text`.
    func continueInPikeVM(from state: Int32, in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let scalars = Array(UTF8Text.Scalars(text))
        let waiting = states[Int(state)]
        if waiting.flags.contains(.isStart) { return PatternMatcher.matches(program, in: scalars) }
        return PatternMatcher.matches(
            program, in: scalars, from: UTF8Text.scalarCount(UnsafeBufferPointer(rebasing: text[..<offset])), threads: waiting.threads,
            previousIsWord: waiting.flags.contains(.previousIsWord))
    }

    /// Whether a match ends at the end of the value, the search having reached `state` there.
    func matchesAtEnd(_ state: Int32) -> Bool {
        if ends[Int(state)] == 0 {
            let context = self.context(for: states[Int(state)].flags, current: nil)
            ends[Int(state)] = closure(of: states[Int(state)], at: context) ? 1 : 2
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
    private func closure(of state: State, at context: PlaceContext) -> Bool {
        list.clear()
        for thread in state.threads where program.addThread(thread, at: context, into: &list, stack: &stack) { return true }
        return (context.isStart || !program.anchoredAtStart) && program.addThread(0, at: context, into: &list, stack: &stack)
    }

    /// The state after the ASCII `byte` from `state`, or `matched`, `dead` or `full`; see
    /// `transition(from:on:)`.
    @inline(__always)
    func transition(from state: Int32, onASCII byte: UInt8) -> Int32 {
        let known = ascii[Int(state) << 7 | Int(byte)]
        return known != Self.unknown ? known : computeASCIITransition(from: state, on: byte)
    }

    @inline(never)
    private func computeASCIITransition(from state: Int32, on byte: UInt8) -> Int32 {
        let target = computeTransition(from: states[Int(state)], on: Unicode.Scalar(byte))
        ascii[Int(state) << 7 | Int(byte)] = target
        return target
    }

    /// The state after `scalar` (beyond ASCII) from `state`, or `matched`, `dead` or `full`. The
    /// transition is taken as if at least 3 scalars were left, which is exact unless `$` or `\Z` meets
    /// a line terminator.
    func transition(from state: Int32, on scalar: Unicode.Scalar) -> Int32 {
        assert(!scalar.isASCII, "an ASCII scalar's transition is in the ASCII table")
        if beyondASCII.isEmpty { beyondASCII = Array(repeating: (.max, 0), count: Self.beyondASCIISlots) }
        let key = UInt64(state) << 21 | UInt64(scalar.value)
        // Fibonacci hashing: the high bits of the product spread nearby scalars over the table.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) & (Self.beyondASCIISlots - 1)
        if beyondASCII[slot].key == key { return beyondASCII[slot].target }
        let target = computeTransition(from: states[Int(state)], on: scalar)
        beyondASCII[slot] = (key, target)
        return target
    }

    private func computeTransition(from state: State, on scalar: Unicode.Scalar) -> Int32 {
        let context = self.context(for: state.flags, current: scalar)
        if closure(of: state, at: context) { return Self.matched }
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

extension DirectPlan {
    /// A scalar node's whole rule chain folded into one test that a value passes only when the chain
    /// finds nothing: a filled value of the node's kind, a length range, automata that must match (on
    /// text beyond printable ASCII, the text tests they stand for), an integer range, and at most one
    /// field it must equal; an object node's, when its own chain asks only for a value and each of
    /// its members' folds: an object whose members all pass theirs; or a date field's, when its rules
    /// compare it only as a date: a date that passes them. Most values are accepted by this
    /// test alone; the others (and nodes whose chain cannot be folded) run the chain, which reports
    /// what fails.
    struct QuickCheck {
        enum Kind {
            case string
            /// Whole numbers written as such; any other number runs the chain.
            case integer
            case boolean(requiresTrue: Bool)
            /// An object whose members (a span of the plan's `nodeLists`) each pass their own fold.
            case object(members: Span)
            /// A date that passes the date tests of `dateTests`.
            case date
        }

        var kind: Kind
        var lengths = 0...Int.max
        var integers = Int.min...Int.max
        /// Spans the plan's `quickAutomata`.
        var automata = Span(0..<0)
        /// Spans the plan's `quickTextTests`: the text tests that the automata answer for printable ASCII.
        var textTests = Span(0..<0)
        /// Whether text beyond printable ASCII can be checked here: no choice of strings, whose automaton
        /// reads printable ASCII only, is folded in.
        var readsTextBeyondASCII = true
        /// Spans the plan's `quickFormats`.
        var formats = Span(0..<0)
        /// Spans the plan's `quickDateTests`.
        var dateTests = Span(0..<0)
        /// The node whose value this one must equal (`sameAs`).
        var equalTo: Int?

        /// The fold of a node's operations, or nil when one of them does not fold. The automata and
        /// formats it needs are appended to the plan's lists; `patternAutomata` are the plan's. An
        /// object's `members` are given when each has a fold.
        init?(
            type: FieldType, operations: some Sequence<Operation>, members: Span? = nil, patternAutomata: [StoredAutomaton],
            automata: inout [StoredAutomaton], textTests: inout [Int32], formats: inout [TextFormats.ByteFormat], dateTests: inout [Int32]
        ) {
            switch type {
            case .string: kind = .string
            case .integer, .number: kind = .integer
            case .boolean: kind = .boolean(requiresTrue: false)
            case .object, .date:
                // Only presence asks anything of an object itself (any object is filled), and a date's
                // text is read only as a date here: a rule that reads either otherwise does not fold.
                var ownDateTests: [Int32] = []
                for operation in operations {
                    switch operation {
                    case .present, .requiredWhen: continue
                    case .date(let test) where type == .date: ownDateTests.append(test)
                    default: return nil
                    }
                }
                if type == .object {
                    guard let members else { return nil }
                    kind = .object(members: members)
                } else {
                    kind = .date
                    self.dateTests = Span(dateTests.count..<(dateTests.count + ownDateTests.count))
                    dateTests += ownDateTests
                }
                return
            case .array: return nil
            }
            var (ownAutomata, ownTextTests, ownFormats): ([StoredAutomaton], [Int32], [TextFormats.ByteFormat]) = ([], [], [])
            let isString = type == .string
            for operation in operations {
                switch operation {
                case .present, .requiredWhen, .itemCount, .uniqueItems:
                    // A filled scalar passes these.
                    continue
                case .isTrue:
                    guard type == .boolean else { return nil }
                    kind = .boolean(requiresTrue: true)
                case .length(let min, let max):
                    guard isString else { continue }
                    guard let range = Self.intersection(lengths, min...max) else { return nil }
                    lengths = range
                case .text(let test, let automaton, let mustMatch):
                    guard isString else { continue }
                    // Plain text that only the expression reads runs the chain.
                    guard mustMatch, automaton >= 0 else { return nil }
                    ownAutomata.append(patternAutomata[Int(automaton)])
                    ownTextTests.append(test)
                case .textChoice(let automaton, _, _, let mustBeIn):
                    // Any scalar but a string is in none of the choices.
                    guard isString else { if mustBeIn { return nil } else { continue } }
                    guard mustBeIn else { return nil }
                    ownAutomata.append(automaton)
                    readsTextBeyondASCII = false
                case .format(let format):
                    guard isString else { continue }
                    ownFormats.append(format)
                case .order(let limit, let allowed):
                    // Strings and booleans have no order and pass; integers against a whole bound fold.
                    guard case .integer = kind else { continue }
                    guard case .integer(let bound) = limit, let range = Self.integers(allowed: allowed, bound: bound),
                        let folded = Self.intersection(integers, range)
                    else { return nil }
                    integers = folded
                case .equality(let node, let mustEqual):
                    guard mustEqual, equalTo == nil else { return nil }
                    equalTo = node
                case .oneOf, .noneOf, .date, .scalar:
                    return nil
                }
            }
            self.automata = Span(automata.count..<(automata.count + ownAutomata.count))
            self.textTests = Span(textTests.count..<(textTests.count + ownTextTests.count))
            self.formats = Span(formats.count..<(formats.count + ownFormats.count))
            automata += ownAutomata
            textTests += ownTextTests
            formats += ownFormats
        }

        private static func intersection(_ left: ClosedRange<Int>, _ right: ClosedRange<Int>) -> ClosedRange<Int>? {
            let (lower, upper) = (Swift.max(left.lowerBound, right.lowerBound), Swift.min(left.upperBound, right.upperBound))
            return lower <= upper ? lower...upper : nil
        }

        /// The integers whose order against `bound` is allowed (bit 0 below, 1 equal, 2 above), when they
        /// form one range.
        private static func integers(allowed: UInt8, bound: Int) -> ClosedRange<Int>? {
            switch allowed & 0b111 {
            case 0b001: return bound == .min ? nil : Int.min...(bound - 1)
            case 0b011: return Int.min...bound
            case 0b010: return bound...bound
            case 0b110: return bound...Int.max
            case 0b100: return bound == .max ? nil : (bound + 1)...Int.max
            case 0b111: return Int.min...Int.max
            default: return nil
            }
        }
    }
}

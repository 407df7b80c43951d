import Foundation

/// The engine: checks a JSON record straight from its bytes, without building `Value`s, and finds its
/// failures in the order they are reported. Every kind of input reaches it as JSON bytes (a `Value` as
/// its text: see `JSONWriter.withValueText`). Every schema has a plan, made from its rules' tests
/// (`DirectRule`) and its fields' `when:` conditions; a record that is not well-formed JSON goes to
/// `JSONReader`, which says what is wrong and where.
///
/// Each node's value has a slot. The record's own fields (and the fields of objects within it) have
/// the slot of their node's id. The elements of an array are read into frames after those slots, one
/// frame per element: the element's slot first, then the slots of its members, and of theirs, down
/// to the next array. A node's `NodeSlot` says which frame it lies in (by how many arrays enclose it)
/// and where; while an element is checked, `RecordSlots` knows where the frame of each enclosing
/// array's current element starts.
///
/// The plan lays its layouts, nodes and lowered checks out flat, in memory of its own, as plain
/// values: reading a record of printable-ASCII text touches no reference counts, which threads
/// sharing one plan would otherwise contend for; only the tests that need decoded text, dates or
/// `Value`s call the closures the plan keeps in arrays.
final class DirectPlan: @unchecked Sendable {
    /// A declared member of an object: its key (in `text`), its slot in its frame, and its own layout
    /// if it is an object read into slots.
    struct Member {
        let key: Range<Int>
        let slot: Int32
        let childLayout: Int?
        /// For an array field, how its elements are read (an index of `elementLayouts`), else -1.
        let elements: Int32
        /// A date field: the date its value writes is read once, with the value (`RawValue.date(in:)`).
        let isDate: Bool
        /// The first eight bytes of the key as written after its opening quote (its closing quote
        /// included when it is shorter), and the mask of the bytes that count: one test of a word
        /// read from a record rules most other keys out (`quotedKey(in:at:of:)`).
        let quotedKeyStart: (word: UInt64, mask: UInt64)

        init(key: Range<Int>, of utf8: some Collection<UInt8>, slot: Int32, childLayout: Int?, elements: Int32, isDate: Bool) {
            (self.key, self.slot, self.childLayout, self.elements, self.isDate) = (key, slot, childLayout, elements, isDate)
            let written = Array((Array(utf8) + [UInt8(ascii: "\"")]).prefix(8))
            quotedKeyStart = written.enumerated().reduce((word: 0, mask: 0)) { start, byte in
                (start.word | UInt64(byte.element) << (8 * byte.offset), start.mask | 0xFF << (8 * byte.offset))
            }
        }
    }

    /// How the elements of an array field are read: each into a frame of `frameSize` slots, an object
    /// into the members of `layout` (-1: read as a whole), an array by `elements` (-1: read as a whole).
    struct ElementLayout {
        let frameSize: Int32
        let layout: Int32
        let elements: Int32
    }

    /// Where a node's value lies: `slot` within the frame of the current element of the `depth`-th
    /// array around it, or for a node outside arrays (depth 0), the slot of its id.
    struct NodeSlot {
        let depth: Int32
        let slot: Int32
    }

    struct Layout {
        let members: Range<Int>
        let rejectsUnknown: Bool
        /// The object is a sensitive field's value: its undeclared members are not named in reports.
        let isSensitive: Bool
        /// A sensitive object that declares a member `*`, which reports would place its undeclared
        /// members at: those are left to the full reader.
        let declaresUnnamedMember: Bool
        /// A member's key is beyond ASCII: keys are then compared as text.
        let hasKeysBeyondASCII: Bool
        /// Its members by key, for keys of printable ASCII (`KeyTables`).
        let keys: KeyTables.Table
    }

    struct Node {
        let type: FieldType
        /// The field-level `when:` condition (an index of `conditions`) or -1: the field counts only when it holds.
        let relevance: Int32
        let collectsAllErrors: Bool
        let rules: Range<Int>
        let children: Range<Int>
        /// The `items` template that each element of the array is checked against.
        let items: Int?
    }

    struct Rule {
        enum Kind {
            /// A rule of the catalogue: it fails when any of its operations fails.
            case checks(operations: Span)
            /// `allOf`: a nested chain (a span of `rules`) whose failures are reported as they are.
            case chain(Span)
            /// `when`: the chain `then` when the condition (an index of `conditions`) holds, else `otherwise`.
            case when(condition: Int32, then: Span, otherwise: Span)
            /// `anyOf`: fails when none of the rules in the span passes.
            case anyOf(Span)
            /// `not`: fails when the rule at that index passes.
            case not(Int32)
            /// The rule's own check (an index of `ownChecks`), on the value as a `Value`.
            case own(check: Int32, readsRecord: Bool)
        }

        let kind: Kind
        let runsOnEmpty: Bool
        let isError: Bool
        /// The rule a failure reports: an index of `reportedRules`.
        let reported: Int32
    }

    enum NumericLiteral {
        case integer(Int)
        case number(Double)

        var doubleValue: Double {
            switch self {
            case .integer(let int): return Double(int)
            case .number(let double): return double
            }
        }

        var value: Value {
            switch self {
            case .integer(let int): return .integer(int)
            case .number(let double): return .number(double)
            }
        }
    }

    /// A range of one of the plan's buffers, in half the space of a `Range<Int>`.
    struct Span {
        let start: Int32
        let end: Int32

        init(_ range: Range<Int>) {
            (start, end) = (Int32(range.lowerBound), Int32(range.upperBound))
        }

        var range: Range<Int> { Int(start)..<Int(end) }
    }

    /// A pattern's or a choice's automaton, its table stored in `automata` from `table` on.
    struct StoredAutomaton {
        let table: Int32
        let start: UInt8
        let acceptingFrom: UInt8
        let dead: UInt8
        let anchoredEnd: Bool
    }

    /// A `DirectCheck` lowered to plain values, each case within 16 bytes so that an operation is read
    /// in few loads.
    enum Operation {
        case present
        case isTrue
        case length(min: Int, max: Int)
        /// A test on text: `test` indexes `textTests`; `automaton` indexes `patternAutomata` (-1: none,
        /// the test reads all text), which answers for printable ASCII text.
        case text(test: Int32, automaton: Int32, mustMatch: Bool)
        case format(TextFormats.ByteFormat)
        case order(limit: NumericLiteral, allowed: UInt8)
        /// Indexes `dateTests`.
        case date(Int32)
        /// `test` indexes `scalarTests`; `reference` is the node whose value the test also reads, or -1.
        case scalar(test: Int32, reference: Int32)
        /// A choice among strings only, read by an automaton; the strings are also the `count` of
        /// `choiceStrings` from `strings` on, for text beyond printable ASCII.
        case textChoice(StoredAutomaton, strings: Int32, count: UInt16, mustBeIn: Bool)
        /// `strings` spans `choiceStrings`, `numbers` spans `choiceNumbers`.
        case oneOf(strings: Span, numbers: Span)
        case noneOf(strings: Span, numbers: Span)
        case equality(node: Int, mustEqual: Bool)
        case itemCount(min: Int, max: Int)
        case uniqueItems
        /// Indexes `conditions`.
        case requiredWhen(condition: Int)
    }

    /// A `DirectCondition` lowered: `nodes` spans `nodeLists`; for `isIn`, the literals span
    /// `choiceStrings` and `choiceNumbers`, and the booleans are flags.
    struct Condition {
        enum Test { case isIn, isFilled, isEmpty }

        let nodes: Span
        let test: Test
        let negated: Bool
        let strings: Span
        let numbers: Span
        let matchesTrue: Bool
        let matchesFalse: Bool
        /// A literal string is beyond ASCII, so string values are compared as `String`s compare (one may
        /// equal an ASCII value canonically), not by bytes.
        let comparesStringsAsText: Bool
    }

    /// One failure found: a node's type check (`rule` nil) or a rule (an index of `reportedRules`: a rule
    /// of the node's chain or one nested in it), and for a node within `items` templates, the index of
    /// the element of each enclosing array, outermost first.
    struct Failure: Sendable, Hashable {
        let node: Int
        let rule: Int?
        var elements: [Int] = []
        /// What a rule run as it is (`DirectRule.Form.own`: `strength`, `custom`) said about the value,
        /// when it said more than that it fails (parameters, a code or a message); else nil, and the
        /// rule's fixed parameters apply.
        var verdict: CheckVerdict? = nil
        /// Where the value is written in the record's bytes, as `JSONLocator` finds it: for a missing
        /// value, the empty range at the start of the nearest enclosing value that is present. Where is
        /// not what: it is left out of equality, so that failures that tell the same share one issue.
        var written: Range<Int> = 0..<0
        /// For a member that its object does not declare and rejects (`unknownField`): its key. The
        /// object is `node`, or the record when `node` is -1.
        var unknownKey: String? = nil

        /// Whether the failure is the record's own: it is not an object (`recordType`).
        var isRecordType: Bool { node < 0 && unknownKey == nil }

        /// The failure of a record that is not an object, written at `written`.
        static func recordType(written: Range<Int>) -> Failure { Failure(node: -1, rule: nil, written: written) }

        static func == (left: Failure, right: Failure) -> Bool {
            left.node == right.node && left.rule == right.rule && left.elements == right.elements && left.verdict == right.verdict
                && left.unknownKey == right.unknownKey
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(node)
            hasher.combine(rule)
            hasher.combine(elements)
            hasher.combine(verdict)
            hasher.combine(unknownKey)
        }
    }

    /// Keys and choice strings, as UTF-8.
    private let text: FlatArray<UInt8>
    private let members: FlatArray<Member>
    private let layouts: FlatArray<Layout>
    private let keyTables: KeyTables
    private let elementLayouts: FlatArray<ElementLayout>
    /// By node id.
    private let nodeSlots: FlatArray<NodeSlot>
    /// By node id: the node's parent, or -1 for a field of the record.
    private let parents: FlatArray<Int32>
    /// The most arrays that enclose a node.
    private let deepestFrame: Int
    /// By node id; nil for nodes outside the plan.
    private let nodes: FlatArray<Node?>
    /// Children of object nodes, and the record's fields at `rootFields`.
    private let nodeLists: FlatArray<Int>
    private let rules: FlatArray<Rule>
    /// The compiled rules that failures name, read when a report is written.
    private let reportedRules: [CompiledRule]
    private let operations: FlatArray<Operation>
    /// The tables of the patterns' automata, one after another.
    private let automata: FlatArray<UInt8>
    /// The automata of patterns, for printable ASCII text.
    private let patternAutomata: FlatArray<StoredAutomaton>
    /// A test on a string's text: a pattern, read on the UTF-8 bytes, or a rule's test on the decoded
    /// text, which passes at once where a character of `passingAlone` stands alone
    /// (`CharacterClasses.holdsAlone`).
    enum TextTest {
        case pattern(RegularExpression)
        case decoded(@Sendable (String) -> Bool, passingAlone: CharacterClasses.Class?)
    }

    private let textTests: SharedValues<TextTest>
    /// The checks of rules run as they are on `Value`s.
    private let ownChecks: SharedValues<OwnTest>
    /// Rules' own tests on scalar values.
    private let scalarTests: SharedValues<ScalarTest>
    /// The date rules' comparands and tests.
    private let dateTests: SharedValues<DateTest>

    // The closures below are kept in structs of their own: stored in a generic value (`SharedValues`)
    // as they are, each call would go through a thunk made for it.

    /// A rule's check run as it is (`DirectRule.Form.own`).
    struct OwnTest {
        let check: OwnCheck
    }

    /// A rule's test on a scalar value, and on the value of the node it refers to.
    struct ScalarTest {
        let passes: @Sendable (Value, Value?) -> Bool
    }

    /// A date rule's comparand and its test of a date against it.
    struct DateTest {
        let comparand: DateComparand
        let passes: @Sendable (LocalDate, LocalDate) -> Bool
    }
    private let choiceStrings: FlatArray<Range<Int>>
    private let choiceNumbers: FlatArray<NumericLiteral>
    /// The same numbers as the schema writes them, for a value beyond `Int`'s range.
    private let exactChoiceNumbers: [Value]
    private let conditions: FlatArray<Condition>
    private let quickChecks: FlatArray<QuickCheck>
    /// By node id: the node's chain folded into one test (an index of `quickChecks`), or -1.
    private let quickCheckOfNode: FlatArray<Int32>
    private let quickAutomata: FlatArray<StoredAutomaton>
    /// Indexes of `textTests`.
    private let quickTextTests: FlatArray<Int32>
    private let quickFormats: FlatArray<TextFormats.ByteFormat>
    /// The date tests (indexes of `dateTests`) that folds of date fields span.
    private let quickDateTests: FlatArray<Int32>
    private let rootFields: Range<Int>
    /// The sensitive fields whose values a redaction hides, those within no other sensitive field; nil
    /// when there are none, or one lies within an array's elements (see `sensitiveRanges(in:repeatsMember:)`).
    private let sensitiveNodes: FlatArray<Int32>?
    /// The objects that enclose `sensitiveNodes` (none when that is nil): a value of another shape
    /// there is hidden whole, which the slots do not tell.
    private let sensitiveHolders: FlatArray<Int32>
    let nodeCount: Int
    /// Slots for the frames of array elements, after the nodes' slots (none when no field is an array).
    /// A record whose elements need more is read again with room for them.
    private let elementSlots: Int
    static let elementCapacity = 256

    init(graph: ValidatorGraph) {
        var builder = Builder(graph: graph)
        var recordFrame = Builder.Frame(owner: -1, depth: 0)
        builder.layout(of: graph.rootFields, rejectsUnknown: graph.rejectsUnknownRootFields, in: &recordFrame)
        assert(builder.referencesStayInPlan(), "a reference to a field outside the frames around its reader")
        text = FlatArray(copying: builder.text)
        members = FlatArray(copying: builder.members)
        layouts = FlatArray(copying: builder.layouts)
        keyTables = KeyTables(builder.keyTables)
        elementLayouts = FlatArray(copying: builder.elementLayouts)
        nodeSlots = FlatArray(copying: builder.nodeSlots)
        parents = FlatArray(copying: graph.nodes.map { Int32($0.parent ?? -1) })
        deepestFrame = builder.deepestFrame
        nodes = FlatArray(copying: builder.nodes)
        rootFields = builder.nodeLists.count..<(builder.nodeLists.count + graph.rootFields.count)
        nodeLists = FlatArray(copying: builder.nodeLists + graph.rootFields)
        rules = FlatArray(copying: builder.rules)
        reportedRules = builder.reportedRules
        operations = FlatArray(copying: builder.operations)
        automata = FlatArray(copying: builder.automata)
        patternAutomata = FlatArray(copying: builder.patternAutomata)
        textTests = SharedValues(builder.textTests)
        ownChecks = SharedValues(builder.ownChecks)
        dateTests = SharedValues(builder.dateTests)
        scalarTests = SharedValues(builder.scalarTests)
        choiceStrings = FlatArray(copying: builder.choiceStrings)
        choiceNumbers = FlatArray(copying: builder.choiceNumbers)
        exactChoiceNumbers = builder.exactChoiceNumbers
        conditions = FlatArray(copying: builder.conditions)
        quickChecks = FlatArray(copying: builder.quickChecks)
        quickCheckOfNode = FlatArray(copying: builder.quickCheckOfNode)
        quickAutomata = FlatArray(copying: builder.quickAutomata)
        quickTextTests = FlatArray(copying: builder.quickTextTests)
        quickFormats = FlatArray(copying: builder.quickFormats)
        quickDateTests = FlatArray(copying: builder.quickDateTests)
        nodeCount = graph.nodes.count
        elementSlots = builder.elementLayouts.isEmpty ? 0 : Self.elementCapacity
        func isWithinSensitive(_ id: Int) -> Bool {
            guard let parent = graph.nodes[id].parent else { return false }
            return graph.nodes[parent].isSensitive || isWithinSensitive(parent)
        }
        let sensitive = graph.nodes.indices.filter { graph.nodes[$0].isSensitive && !isWithinSensitive($0) }
        // A schema without sensitive fields has no values to find: nil too, which its records skip at once.
        sensitiveNodes = !sensitive.isEmpty && sensitive.allSatisfy { builder.nodeSlots[$0].depth == 0 }
            ? FlatArray(copying: sensitive.map { Int32($0) }) : nil
        // The objects around them: the nodes that hold sensitive values without being or lying within one.
        let holders = graph.nodes.indices.filter { graph.holdsSensitiveValues($0) && !graph.nodes[$0].isSensitive && !isWithinSensitive($0) }
        sensitiveHolders = FlatArray(copying: sensitiveNodes == nil ? [] : holders.map { Int32($0) })
    }

    deinit {
        text.deallocate()
        members.deallocate()
        layouts.deallocate()
        keyTables.deallocate()
        elementLayouts.deallocate()
        nodeSlots.deallocate()
        parents.deallocate()
        nodes.deallocate()
        nodeLists.deallocate()
        rules.deallocate()
        operations.deallocate()
        automata.deallocate()
        patternAutomata.deallocate()
        choiceStrings.deallocate()
        choiceNumbers.deallocate()
        conditions.deallocate()
        quickChecks.deallocate()
        quickCheckOfNode.deallocate()
        quickAutomata.deallocate()
        quickTextTests.deallocate()
        quickFormats.deallocate()
        quickDateTests.deallocate()
        sensitiveNodes?.deallocate()
        sensitiveHolders.deallocate()
        textTests.deallocate()
        ownChecks.deallocate()
        dateTests.deallocate()
        scalarTests.deallocate()
    }

    /// The failures of the JSON record in `bytes` (a document of its own, or the text of `value`, abridged
    /// or not: see `JSONWriter.withValueText`), in the order they are reported, or nil when the bytes
    /// are not a well-formed JSON value.
    func failures(
        in bytes: UnsafeBufferPointer<UInt8>, of value: Value?, isAbridged: Bool = false, collectAllErrors: Bool, today: LocalDate
    ) -> [Failure]? {
        var memory = SlotMemory()
        guard let value else { return failures(in: bytes, depth: 0, collectAllErrors: collectAllErrors, today: today, memory: &memory) }
        return withUnsafePointer(to: value) { pointer in
            failures(in: bytes, depth: 0, given: GivenRecord(value: pointer, isAbridged: isAbridged), collectAllErrors: collectAllErrors,
                     today: today, memory: &memory)
        }
    }

    /// The failures of the record in `bytes`, nested `depth` levels down in its document (or the text of
    /// the value `given`), as `failures(in:of:collectAllErrors:today:)` gives them, with its slots in
    /// `memory`, which the records checked before it on this thread used.
    func failures(
        in bytes: UnsafeBufferPointer<UInt8>, depth: Int, given: GivenRecord? = nil, collectAllErrors: Bool, today: LocalDate,
        memory: inout SlotMemory
    ) -> [Failure]? {
        check(bytes, depth: depth, given: given, collectAllErrors: collectAllErrors, today: today, finding: .none, memory: &memory)?.failures
    }

    /// Which records' sensitive values a check finds, where the slots tell them.
    enum SensitiveSearch {
        case none
        case ofRecordsWithFailures
        case ofEveryRecord
    }

    /// The failures of the record in `bytes` as `failures(in:depth:given:collectAllErrors:today:memory:)`
    /// gives them and, for a record that `search` asks about, where the values of its sensitive fields
    /// are written in `bytes`, as `JSONLocator.sensitiveRanges` finds them, when the slots tell it (see
    /// `sensitiveRanges(in:repeatsMember:)`; nil otherwise).
    func failuresAndSensitiveRanges(
        in bytes: UnsafeBufferPointer<UInt8>, depth: Int, collectAllErrors: Bool, today: LocalDate,
        finding search: SensitiveSearch = .ofRecordsWithFailures, memory: inout SlotMemory
    ) -> (failures: [Failure], sensitive: [Range<Int>]?)? {
        check(bytes, depth: depth, given: nil, collectAllErrors: collectAllErrors, today: today, finding: search, memory: &memory)
    }

    private func check(
        _ bytes: UnsafeBufferPointer<UInt8>, depth: Int, given: GivenRecord?, collectAllErrors: Bool, today: LocalDate,
        finding search: SensitiveSearch, memory: inout SlotMemory
    ) -> (failures: [Failure], sensitive: [Range<Int>]?)? {
        let question = Question.failures(collectAllErrors: collectAllErrors, today: today, finding: search)
        var lists = memory.takeLists()
        if case .failures(let hasSensitive) = read(bytes, depth: depth, given: given, for: question, into: &lists, memory: &memory) {
            // The caller gives back what it is handed (`SlotMemory.keep`); the rest is kept here.
            guard hasSensitive else {
                memory.keep(nil, lists.sensitive)
                return (lists.failures, nil)
            }
            return (lists.failures, lists.sensitive)
        }
        // Any other well-formed value is a record of the wrong kind.
        let written = memory.withCopySpace { copySpace in
            defer { copySpace.pointee.giveBack() }
            var other = DirectScanner(bytes: bytes, firstElement: nodeCount, depth: depth, isValueText: given != nil, copySpace: copySpace)
            return other.scanValueOtherThanObject()
        }
        return written.map { ([.recordType(written: $0)], nil) }
    }

    /// Whether each node (outside arrays' elements) counts in the record `value`, whose text is `bytes`
    /// (abridged or not): its own `when:` and those of the objects around it hold. Nil when the record
    /// is not an object.
    func relevance(of ids: [Int], in bytes: UnsafeBufferPointer<UInt8>, of value: Value, isAbridged: Bool) -> [Bool]? {
        var memory = SlotMemory()
        return withUnsafePointer(to: value) { pointer in
            let given = GivenRecord(value: pointer, isAbridged: isAbridged)
            var lists = RecordLists()
            if case .relevance(let relevance) = read(bytes, depth: 0, given: given, for: .relevance(ids), into: &lists, memory: &memory) {
                return relevance
            }
            return nil
        }
    }

    /// What a record is read for.
    private enum Question {
        /// The record's failures, and where its sensitive values are written when the search asks
        /// about it.
        case failures(collectAllErrors: Bool, today: LocalDate, finding: SensitiveSearch)
        case relevance([Int])
    }

    private enum Answer {
        /// The record's failures are in its lists, and where its sensitive values are written too when
        /// `hasSensitive`.
        case failures(hasSensitive: Bool)
        case relevance([Bool])
        /// The bytes are not an object (well-formed or not).
        case notAnObject
        /// The record has more array elements than the slots given hold.
        case needsMoreSlots
    }

    /// Reads the record in `bytes` into slots and answers `question` on them, in `lists` where the
    /// answer is a list.
    private func read(
        _ bytes: UnsafeBufferPointer<UInt8>, depth: Int, given: GivenRecord?, for question: Question, into lists: inout RecordLists,
        memory: inout SlotMemory
    ) -> Answer {
        // A record with more elements than the plan's first guess grew the memory: start from its size.
        var elementSlots = Swift.max(self.elementSlots, memory.capacity - nodeCount)
        while true {
            let answer = read(bytes, depth: depth, given: given, elementSlots: elementSlots, for: question, into: &lists, memory: &memory)
            guard case .needsMoreSlots = answer else { return answer }
            // Every element takes a byte of the record at least, so the room needed is bounded by its size.
            guard elementSlots < bytes.count * Int(elementLayouts.map(\.frameSize).max() ?? 1) else {
                assertionFailure("a record with more elements than bytes")
                return .notAnObject
            }
            elementSlots *= 4
        }
    }

    private func read(
        _ bytes: UnsafeBufferPointer<UInt8>, depth: Int, given: GivenRecord?, elementSlots: Int, for question: Question,
        into lists: inout RecordLists, memory: inout SlotMemory
    ) -> Answer {
        memory.withSlots(count: nodeCount + elementSlots) { values, patternCaches, copySpace in
            // Element slots are initialised as elements are read, and only those are read back.
            UnsafeMutableBufferPointer(rebasing: values[0..<nodeCount]).initialize(repeating: .missing)
            // The record's copy, if its strings needed one, is read until the answer is made.
            defer { copySpace.pointee.giveBack() }
            var scanner = DirectScanner(bytes: bytes, firstElement: nodeCount, depth: depth, isValueText: given != nil, copySpace: copySpace)
            let scanned = scanner.scanRecord(plan: self, into: values)
            guard scanned else { return scanner.ranOutOfSlots ? .needsMoreSlots : .notAnObject }
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (deepestFrame + 1)) { frames in
                frames.initialize(repeating: 0)
                // Values are read from the record as scanned: with its strings decoded, if any had escapes.
                // Most records have no undeclared member to report: their list is the empty one.
                return (scanner.hasUnknownMembers ? scanner.unknownMembersByObject : []).withUnsafeBufferPointer { unknownMembers in
                    let record = RecordSlots(values: UnsafeBufferPointer(values), bytes: scanner.bytes, original: bytes, given: given,
                                             start: scanner.recordStart, nodeSlots: nodeSlots, unknownMembers: unknownMembers,
                                             frames: frames.baseAddress!, elements: frames.baseAddress! + deepestFrame + 1,
                                             patternCaches: patternCaches)
                    switch question {
                    case .failures(let collectAllErrors, let today, let search):
                        lists.removeAll()
                        for index in rootFields {
                            check(nodeLists[index], record: record, today: today, collectAllErrors: collectAllErrors, into: &lists.failures)
                        }
                        appendUnknownMembers(ofObjectAt: record.start, node: -1, record: record, into: &lists.failures)
                        switch search {
                        case .none: return .failures(hasSensitive: false)
                        case .ofRecordsWithFailures: if lists.failures.isEmpty { return .failures(hasSensitive: false) }
                        case .ofEveryRecord: break
                        }
                        return .failures(hasSensitive: sensitiveRanges(in: record, repeatsMember: scanner.repeatsMember, into: &lists.sensitive))
                    case .relevance(let ids):
                        return .relevance(ids.map { isRelevant($0, record: record) })
                    }
                }
            }
        }
    }

    /// Puts in `ranges` (empty) where the values of the sensitive fields of `record` are written, in
    /// document order, as `JSONLocator.sensitiveRanges` finds them in its bytes, when the slots tell it:
    /// when no sensitive field lies within an array's elements (`sensitiveNodes`), no member of an
    /// object was written twice (`repeatsMember`: the reader finds every occurrence, a slot holds the
    /// last one), and each object enclosing one is an object or null where it is written. Returns
    /// whether they did. Kept out of line: `read` asks it only of the records a `SensitiveSearch` asks
    /// about.
    @inline(never)
    private func sensitiveRanges(in record: RecordSlots, repeatsMember: Bool, into ranges: inout [Range<Int>]) -> Bool {
        guard let sensitiveNodes, !repeatsMember else { return false }
        for node in sensitiveHolders {
            switch record[node: Int(node)].kind {
            case .object, .null, .missing: continue
            default: return false
            }
        }
        for node in sensitiveNodes {
            let value = record[node: Int(node)]
            if value.kind != .missing { ranges.append(value.writtenRange) }
        }
        if zip(ranges, ranges.dropFirst()).contains(where: { $0.lowerBound > $1.lowerBound }) { ranges.sort { $0.lowerBound < $1.lowerBound } }
        return true
    }

    /// Whether the node (outside arrays' elements) counts: its own `when:` and those of the objects
    /// around it hold.
    private func isRelevant(_ id: Int, record: RecordSlots) -> Bool {
        var node = id
        while node >= 0 {
            assert(nodeSlots[node].depth == 0, "the relevance of a node of an array's elements")
            let relevance = nodes[node]!.relevance
            if relevance >= 0, !holds(conditions[Int(relevance)], record: record) { return false }
            node = Int(parents[node])
        }
        return true
    }

    // MARK: Reading

    /// The index of the layout's member whose key is `key` (well-formed UTF-8, `isPlain` when printable
    /// ASCII), if any. Keys are compared by bytes when both are ASCII, else as `String`s compare, so
    /// that canonically equivalent keys name the same member, as in an `ObjectValue`.
    func member(of layout: Int, forKey key: UnsafeBufferPointer<UInt8>, isPlain: Bool) -> Int? {
        if isPlain, !layouts[layout].hasKeysBeyondASCII { return member(of: layout, plainKey: key, hash: KeyTables.hash(key)) }
        let decoded = String(decoding: key, as: UTF8.self)
        return layouts[layout].members.first { String(decoding: text[members[$0].key], as: UTF8.self) == decoded }
    }

    /// The index of the layout's member whose key is `key`, printable ASCII of hash `hash` (see
    /// `KeyTables`), if any.
    @inline(__always)
    func member(of layout: Int, plainKey key: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        guard !layouts[layout].hasKeysBeyondASCII else { return member(of: layout, forKey: key, isPlain: true) }
        return keyTables.member(hash: hash, in: layouts[layout].keys) { text(members[$0].key, equals: key) }
    }

    /// Whether a key out of the schema's order is first compared with each member of the layout in turn
    /// (`quotedKey(in:at:of:from:)`), which costs less than its hash where the members are few.
    @inline(__always)
    func triesKeysInTurn(_ layout: Int) -> Bool { layouts[layout].members.count <= Self.membersTriedInTurn }

    /// The most members of a layout that `triesKeysInTurn`.
    static let membersTriedInTurn = 12

    /// The length of the quoted key at `offset` of `bytes` (which holds a `"`) when it is the key of the
    /// layout's member at `index`, else nil. Records mostly list their members in the schema's order, so
    /// the reader tries the next member this way before scanning the key.
    @inline(__always)
    func quotedKeyLength(of index: Int, in layout: Int, at offset: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index < layouts[layout].members.upperBound else { return nil }
        let key = members[index].key
        let closing = offset + 1 + key.count
        guard closing < bytes.count, bytes[closing] == UInt8(ascii: "\"") else { return nil }
        if closing >= 8 {
            // Eight bytes readable before each end: the key's (after `text`'s spare bytes) and the record's.
            assert(key.upperBound >= 8 && key.upperBound <= text.count, "a key read before the plan's text")
            guard Self.bytes(before: UnsafeRawPointer(text.address(of: key.upperBound)), equalTo: UnsafeRawPointer(bytes.baseAddress! + closing),
                             count: key.count)
            else { return nil }
        } else {
            assert(key.upperBound <= text.count && offset + 1 + key.count <= bytes.count, "a key compared past its text")
            guard RawValue.bytesEqual(text.address(of: key.lowerBound), bytes.baseAddress! + offset + 1, count: key.count) else { return nil }
        }
        return key.count + 2
    }

    /// The index of the layout's member whose quoted key is written at `offset` of `bytes` as the
    /// schema writes it, and the quoted key's length; nil when none is (a key with escapes, or one the
    /// layout does not declare, is then scanned and looked up by `member(of:forKey:isPlain:)`).
    /// Members are tried from `first` on, then from the layout's first: a member out of the schema's
    /// order mostly comes later than the one expected.
    func quotedKey(in layout: Int, at offset: Int, of bytes: UnsafeBufferPointer<UInt8>, from first: Int) -> (index: Int, length: Int)? {
        // A key closer than eight bytes to the record's end is left to the scan.
        guard offset + 9 <= bytes.count else { return nil }
        let written = ByteWord.load(bytes, at: offset + 1)
        let all = layouts[layout].members
        let split = Swift.min(Swift.max(first, all.lowerBound), all.upperBound)
        for index in split..<all.upperBound {
            if let length = quotedKeyLength(of: index, in: layout, startingWith: written, at: offset, of: bytes) { return (index, length) }
        }
        for index in all.lowerBound..<split {
            if let length = quotedKeyLength(of: index, in: layout, startingWith: written, at: offset, of: bytes) { return (index, length) }
        }
        return nil
    }

    /// `quotedKeyLength(of:in:at:of:)` after a test of the word `written` after the quote at `offset`.
    @inline(__always)
    private func quotedKeyLength(
        of index: Int, in layout: Int, startingWith written: UInt64, at offset: Int, of bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let start = members[index].quotedKeyStart
        guard written & start.mask == start.word else { return nil }
        return quotedKeyLength(of: index, in: layout, at: offset, of: bytes)
    }

    func member(at index: Int) -> Member { members[index] }

    func elementLayout(_ index: Int32) -> ElementLayout { elementLayouts[Int(index)] }

    /// Whether the `count` bytes before `left` and before `right` are equal, with at least eight bytes
    /// readable before each (`text` begins with eight spare bytes): a word at a time, the last word
    /// ending at the end and masked when the bytes are fewer than eight.
    @inline(__always)
    private static func bytes(before left: UnsafeRawPointer, equalTo right: UnsafeRawPointer, count: Int) -> Bool {
        var remaining = count
        while remaining > 8 {
            guard left.loadUnaligned(fromByteOffset: -remaining, as: UInt64.self) == right.loadUnaligned(fromByteOffset: -remaining, as: UInt64.self)
            else { return false }
            remaining -= 8
        }
        guard remaining > 0 else { return true }
        let difference = left.loadUnaligned(fromByteOffset: -8, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: -8, as: UInt64.self)
        // Little-endian: the last `remaining` bytes are the word's high bytes.
        return difference &>> UInt64((8 - remaining) * 8) == 0
    }

    /// The rule a failure names.
    func reportedRule(_ index: Int) -> CompiledRule { reportedRules[index] }

    /// How many nodes' chains are folded into one test.
    var foldedNodeCount: Int { quickChecks.count }

    /// The layout's first member, where a record's reading starts its guesses.
    func firstMember(of layout: Int) -> Int { layouts[layout].members.lowerBound }

    func members(of layout: Int) -> Range<Int> { layouts[layout].members }

    @inline(__always)
    private func text(_ range: Range<Int>, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        range.count == bytes.count && RawValue.bytesEqual(text.address(of: range.lowerBound), bytes.baseAddress, count: bytes.count)
    }

    func rejectsUnknown(_ layout: Int) -> Bool { layouts[layout].rejectsUnknown }

    /// Whether the layout's undeclared members are reported from the bytes (see `Layout.declaresUnnamedMember`).
    func settlesUnknownMembers(_ layout: Int) -> Bool { !layouts[layout].declaresUnnamedMember }

    /// The record's own layout: added last, after those of the objects within it.
    var recordLayout: Int { layouts.count - 1 }

    // MARK: Evaluation

    /// `evaluate`, unless the node's folded chain accepts the value at once.
    @inline(__always)
    private func check(_ id: Int, record: RecordSlots, today: LocalDate, collectAllErrors: Bool, into failures: inout [Failure]) {
        let quick = Int(quickCheckOfNode[id])
        if quick >= 0, accepts(quickChecks.address(of: quick), record.address(ofNode: id), record: record, today: today) { return }
        evaluate(id, record: record, today: today, collectAllErrors: collectAllErrors, into: &failures)
    }

    /// Where the node's value is written (see `Failure.written`).
    private func writtenRange(of id: Int, in record: RecordSlots) -> Range<Int> {
        var id = id
        var value = record[node: id]
        while value.kind == .missing {
            let parent = Int(parents[id])
            guard parent >= 0 else { return record.start..<record.start }
            id = parent
            value = record[node: id]
            if value.kind != .missing { return value.writtenRange.lowerBound..<value.writtenRange.lowerBound }
        }
        return value.writtenRange
    }

    /// Appends the node's failures: its type's, its chain's, then those of its members or elements.
    private func evaluate(_ id: Int, record: RecordSlots, today: LocalDate, collectAllErrors: Bool, into failures: inout [Failure]) {
        // Every node of the graph is laid out.
        let node = nodes[id]!
        if node.relevance >= 0 {
            if !holds(conditions[Int(node.relevance)], record: record) { return }
        }
        let value = record[node: id]
        let isEmpty = value.isEmptyFormValue(in: record.bytes)
        if !isEmpty, !value.hasType(node.type, in: record.bytes) {
            Self.append(Failure(node: id, rule: nil, elements: record.elementPath(of: id), written: writtenRange(of: id, in: record)), to: &failures)
            return
        }
        let stopsAtFirst = !(node.collectsAllErrors || collectAllErrors)
        runChain(node.rules, of: id, on: value, isEmpty: isEmpty, stopsAtFirst: stopsAtFirst, record: record, today: today, into: &failures)
        guard !isEmpty else { return }
        if value.kind == .object {
            for index in node.children {
                check(nodeLists[index], record: record, today: today, collectAllErrors: collectAllErrors, into: &failures)
            }
            appendUnknownMembers(ofObjectAt: value.start, node: id, record: record, into: &failures)
        } else if value.kind == .array, let items = node.items {
            let depth = Int(nodeSlots[items].depth)
            var frame = Int(value.firstElement)
            for index in 0..<Int(value.elementCount) {
                record.enter(element: index, frame: frame, depth: depth)
                check(items, record: record, today: today, collectAllErrors: collectAllErrors, into: &failures)
                frame = Int(record.values[frame].nextFrame)
            }
        }
    }

    /// Appends a failure, making room for several at the first: a record that fails once mostly fails
    /// more, and a failure is too large to copy each time the array grows.
    @inline(__always)
    private static func append(_ failure: Failure, to failures: inout [Failure]) {
        if failures.capacity == 0 { failures.reserveCapacity(8) }
        failures.append(failure)
    }

    /// Appends an `unknownField` failure for each undeclared member of the object at `object` (of field
    /// `node`, or the record when -1) that its layout rejects; they come after the object's declared
    /// members' failures. A sensitive object's member is placed where `JSONLocator` finds the path that
    /// names it `*`: at the member `*`, else at the object's start.
    private func appendUnknownMembers(ofObjectAt object: Int, node: Int, record: RecordSlots, into failures: inout [Failure]) {
        guard !record.unknownMembers.isEmpty else { return }
        let elements = node >= 0 ? record.elementPath(of: node) : []
        let members = record.unknownMembers[record.unknownMembers.partitioningIndex { $0.object >= object }...].prefix { $0.object == object }
        let unnamed = members.first { layouts[$0.layout].isSensitive && $0.key == "*" }?.value ?? object..<object
        for member in members {
            let written = layouts[member.layout].isSensitive ? unnamed : member.value
            Self.append(Failure(node: node, rule: nil, elements: elements, written: written, unknownKey: member.key), to: &failures)
        }
    }

    @inline(__always)
    private func matches(_ text: UnsafeBufferPointer<UInt8>, _ automaton: StoredAutomaton) -> Bool {
        PatternAutomaton.matches(text, table: automata.address(of: Int(automaton.table)), start: automaton.start,
                                 acceptingFrom: automaton.acceptingFrom, dead: automaton.dead, anchoredEnd: automaton.anchoredEnd)
    }

    /// Whether `date` passes the date test at `index` of `dateTests`; a comparand that is another
    /// field's value without a date passes.
    private func passes(dateTest index: Int, _ date: LocalDate, record: RecordSlots, today: LocalDate) -> Bool {
        dateTests.withElement(at: index) { test in
            let limit: LocalDate
            switch test.comparand {
            case .literal(let date): limit = date
            case .today: limit = today
            case .node(let other):
                let limitValue = record[node: other]
                guard limitValue.kind == .string else { return true }
                guard let date = limitValue.date(in: record.bytes) else { return true }
                limit = date
            }
            return test.passes(date, limit)
        }
    }

    /// Whether the value passes the folded chain, so that the chain would find nothing. The check and
    /// the value are read in place, field by field, rather than copied whole.
    @inline(__always)
    private func accepts(
        _ check: UnsafePointer<QuickCheck>, _ value: UnsafePointer<RawValue>, record: RecordSlots, today: LocalDate
    ) -> Bool {
        switch check.pointee.kind {
        case .string:
            guard value.pointee.kind == .string else { return false }
            let text = value.pointee.bytes(in: record.bytes)
            if value.pointee.isPlain {
                // Filled (`isEmptyFormValue` false), tested after the cheaper length: calling it costs 2% more.
                guard check.pointee.lengths.contains(text.count), text.contains(where: { $0 != 0x20 }) else { return false }
                // By index: a slice of the plan's array is not always inlined away.
                for index in check.pointee.automata.range where !matches(text, quickAutomata[index]) { return false }
            } else {
                guard acceptsTextBeyondASCII(check, value, record: record) else { return false }
            }
            for index in check.pointee.formats.range where !quickFormats[index].matches(text) { return false }
        case .integer:
            guard value.pointee.kind == .integer, check.pointee.integers.contains(value.pointee.integer) else { return false }
        case .boolean(let requiresTrue):
            guard value.pointee.kind == .true || (!requiresTrue && value.pointee.kind == .false) else { return false }
        case .object(let members):
            return value.pointee.kind == .object && acceptsMembers(members, record: record, today: today)
        case .date:
            guard acceptsDate(check.pointee.dateTests, value, record: record, today: today) else { return false }
        }
        if let other = check.pointee.equalTo {
            return value.pointee.certainlyEquals(record[node: other], in: record.bytes) == true
        }
        return true
    }

    /// Whether the value is a date that passes the date tests that `tests` spans (`QuickCheck.Kind.date`);
    /// a date is written with no space, so it is filled.
    @inline(never)
    private func acceptsDate(_ tests: Span, _ value: UnsafePointer<RawValue>, record: RecordSlots, today: LocalDate) -> Bool {
        guard value.pointee.kind == .string, let date = value.pointee.date(in: record.bytes) else { return false }
        return quickDateTests[tests.range].allSatisfy { passes(dateTest: Int($0), date, record: record, today: today) }
    }

    /// Whether each member of an object passes its fold (`QuickCheck.Kind.object`), and the record
    /// has no undeclared member to report.
    @inline(never)
    private func acceptsMembers(_ members: Span, record: RecordSlots, today: LocalDate) -> Bool {
        guard record.unknownMembers.isEmpty else { return false }
        for index in members.range {
            let member = nodeLists[index]
            guard accepts(quickChecks.address(of: Int(quickCheckOfNode[member])), record.address(ofNode: member), record: record, today: today)
            else { return false }
        }
        return true
    }

    /// The length, filled and text parts of `accepts` for a string beyond printable ASCII, where the
    /// automata give way to the text tests they stand for.
    @inline(never)
    private func acceptsTextBeyondASCII(_ check: UnsafePointer<QuickCheck>, _ value: UnsafePointer<RawValue>, record: RecordSlots) -> Bool {
        let bytes = record.bytes
        guard check.pointee.readsTextBeyondASCII, check.pointee.lengths.contains(value.pointee.characterCount(in: bytes)),
            !value.pointee.isEmptyFormValue(in: bytes)
        else { return false }
        let text = value.pointee.bytes(in: bytes)
        for index in check.pointee.textTests.range where !passes(textTest: Int(quickTextTests[index]), text, record: record) { return false }
        return true
    }

    /// The most elements of an array whose uniqueness is checked pair by pair on the bytes.
    static let elementsComparedPairwise = 16

    /// Whether the well-formed UTF-8 `text` passes the text test at `index` of `textTests`; a pattern
    /// searches with the caches of the thread reading `record`.
    private func passes(textTest index: Int, _ text: UnsafeBufferPointer<UInt8>, record: RecordSlots) -> Bool {
        textTests.withElement(at: index) { test in
            switch test {
            case .pattern(let expression): return expression.matches(utf8: text, caches: &record.patternCaches.pointee, numbered: index)
            case .decoded(let passes, let passingAlone):
                if let passingAlone, CharacterClasses.holdsAlone(passingAlone, in: text) { return true }
                return passes(String(decoding: text, as: UTF8.self))
            }
        }
    }

    /// Runs a chain of rules (a node's, or one nested in a composition) on its value, appending a
    /// failure for each rule that fails; on an empty value only the rules that run on empty values (the
    /// presence rules) are tried. With `stopsAtFirst`, stops after the first failing error. Returns
    /// whether one of them is an error.
    @discardableResult
    private func runChain(
        _ chain: Range<Int>, of id: Int, on value: RawValue, isEmpty: Bool, stopsAtFirst: Bool, record: RecordSlots, today: LocalDate, into failures: inout [Failure],
    ) -> Bool {
        var failedWithError = false
        for index in chain {
            let rule = rules[index]
            guard rule.runsOnEmpty || !isEmpty else { continue }
            let nested: Span
            switch rule.kind {
            case .chain(let chain):
                nested = chain
            case .when(let condition, let then, let otherwise):
                nested = holds(conditions[Int(condition)], record: record) ? then : otherwise
            case .checks, .anyOf, .not, .own:
                var verdict: CheckVerdict?
                if passes(rule, of: id, on: value, isEmpty: isEmpty, record: record, today: today, verdict: &verdict) { continue }
                Self.append(Failure(node: id, rule: Int(rule.reported), elements: record.elementPath(of: id), verdict: verdict,
                                        written: writtenRange(of: id, in: record)), to: &failures)
                failedWithError = failedWithError || rule.isError
                if stopsAtFirst, rule.isError { return true }
                continue
            }
            // The failures of a nested chain are reported as they are, and stop the chain as their own would.
            let nestedError = runChain(nested.range, of: id, on: value, isEmpty: isEmpty, stopsAtFirst: stopsAtFirst, record: record, today: today,
                                       into: &failures)
            failedWithError = failedWithError || nestedError
            if stopsAtFirst, nestedError { return true }
        }
        return failedWithError
    }

    /// Whether a rule that fails as a whole (not a nested chain) passes. A rule that is its own check
    /// gives the parameters of its failure.
    @inline(__always)
    private func passes(
        _ rule: Rule, of id: Int, on value: RawValue, isEmpty: Bool, record: RecordSlots, today: LocalDate,
        verdict: inout CheckVerdict?
    ) -> Bool {
        switch rule.kind {
        case .checks(let lowered):
            for operation in lowered.range where !run(operations[operation], on: value, isEmpty: isEmpty, record: record, today: today) {
                return false
            }
            return true
        case .anyOf(let choices):
            return choices.range.contains { passes($0, of: id, on: value, isEmpty: isEmpty, record: record, today: today) }
        case .not(let negated):
            return !passes(Int(negated), of: id, on: value, isEmpty: isEmpty, record: record, today: today)
        case .own(let check, let readsRecord):
            let said = ownChecks.withElement(at: Int(check)) { $0.check(record.value(of: value), readsRecord ? record.parsedRecord() : .null) }
            switch said {
            case .pass: return true
            case .fail(let failing):
                verdict = .invalid(parameters: failing)
                return false
            case .failsWith(let said):
                verdict = said
                return false
            }
        case .chain, .when:
            preconditionFailure("a nested chain reports its own rules' failures")
        }
    }

    /// Whether the rule at `index` passes (its warnings count as passing).
    private func passes(
        _ index: Int, of id: Int, on value: RawValue, isEmpty: Bool, record: RecordSlots, today: LocalDate
    ) -> Bool {
        var ignored: [Failure] = []
        return !runChain(index..<(index + 1), of: id, on: value, isEmpty: isEmpty, stopsAtFirst: true, record: record, today: today,
                         into: &ignored)
    }

    /// Whether `value` (empty in the form sense when `isEmpty`) passes the operation.
    @inline(__always)
    private func run(
        _ operation: Operation, on value: RawValue, isEmpty: Bool, record: RecordSlots, today: LocalDate
    ) -> Bool {
        switch operation {
        case .present:
            return !isEmpty
        case .isTrue:
            return value.kind == .true
        case .length(let min, let max):
            guard value.kind == .string else { return true }
            let length = value.characterCount(in: record.bytes)
            return length >= min && length <= max
        case .text(let test, let automaton, let mustMatch):
            guard value.kind == .string else { return true }
            if value.isPlain, automaton >= 0 { return matches(value.bytes(in: record.bytes), patternAutomata[Int(automaton)]) == mustMatch }
            return passes(textTest: Int(test), value.bytes(in: record.bytes), record: record) == mustMatch
        case .format(let format):
            guard value.kind == .string else { return true }
            return format.matches(value.bytes(in: record.bytes))
        case .date(let index):
            guard value.kind == .string else { return true }
            guard let date = value.date(in: record.bytes) else { return true }
            return passes(dateTest: Int(index), date, record: record, today: today)
        case .scalar(let test, let reference):
            // Past the type check, the rules that use this meet numbers only; any other value is given
            // as a `Value` all the same. Not run on a missing value, which is empty.
            guard let own = record.value(of: value) else { return true }
            var other: Value?
            if reference >= 0 {
                let referenced = record[node: Int(reference)]
                switch referenced.kind {
                case .missing: other = nil
                // The tests compare numbers only: a collection is given empty rather than read.
                case .object: other = .object(ObjectValue())
                case .array: other = .array([])
                case .string:
                    other = .string(referenced.decoded(in: record.bytes))
                case .null, .true, .false, .integer, .number, .largeInteger: other = referenced.scalar(in: record.bytes)
                }
            }
            return scalarTests.withElement(at: Int(test)) { $0.passes(own, other) }
        case .order(let limit, let allowed):
            // As `NumericOrder.compare`: whole numbers compared as such, any other pair as doubles.
            let order: Int
            if value.kind == .integer, case .integer(let bound) = limit {
                order = value.integer < bound ? -1 : (value.integer == bound ? 0 : 1)
            } else if value.kind == .largeInteger {
                guard let own = value.scalar(in: record.bytes), let compared = NumericOrder.compare(own, limit.value) else { return true }
                order = compared
            } else {
                guard let number = value.doubleValue else { return true }
                let bound = limit.doubleValue
                order = number < bound ? -1 : (number == bound ? 0 : 1)
            }
            return allowed & (1 << UInt8(order + 1)) != 0
        case .textChoice(let automaton, let first, let count, let mustBeIn):
            switch value.kind {
            case .string:
                guard value.isPlain else {
                    return isAmongChoices(value, Int(first)..<(Int(first) + Int(count)), bytes: record.bytes) == mustBeIn
                }
                return matches(value.bytes(in: record.bytes), automaton) == mustBeIn
            case .missing:
                // As the rule's own test: a missing value passes.
                return true
            case .object, .array, .null, .true, .false, .integer, .number, .largeInteger:
                // None of these is a string choice.
                return !mustBeIn
            }
        case .oneOf(let strings, let numbers):
            return value.kind == .missing || isChoice(value, strings: strings.range, numbers: numbers.range, bytes: record.bytes)
        case .noneOf(let strings, let numbers):
            return !isChoice(value, strings: strings.range, numbers: numbers.range, bytes: record.bytes)
        case .equality(let node, let mustEqual):
            return record.equals(value, record[node: node]) == mustEqual
        case .itemCount(let min, let max):
            guard value.kind == .array else { return true }
            return Int(value.elementCount) >= min && Int(value.elementCount) <= max
        case .uniqueItems:
            guard value.kind == .array else { return true }
            let count = Int(value.elementCount)
            if count > Self.elementsComparedPairwise || record.holdsCollections(value) {
                // Read whole once and hashed: many elements make many pairs, and a pair of objects or
                // arrays would each be read again for every comparison.
                guard case .array(let elements)? = record.value(of: value) else { return true }
                return Set(elements).count == elements.count
            }
            var frame = Int(value.firstElement)
            for index in 0..<count {
                let element = record.values[frame]
                frame = Int(element.nextFrame)
                var other = frame
                for _ in (index + 1)..<count {
                    if record.equals(element, record.values[other]) { return false }
                    other = Int(record.values[other].nextFrame)
                }
            }
            return true
        case .requiredWhen(let index):
            guard isEmpty else { return true }
            return !holds(conditions[index], record: record)
        }
    }

    /// Whether the condition holds.
    private func holds(_ condition: Condition, record: RecordSlots) -> Bool {
        var anyPasses = false
        for position in condition.nodes.range {
            let other = record[node: nodeLists[position]]
            let passes: Bool
            switch condition.test {
            case .isFilled: passes = !other.isEmptyFormValue(in: record.bytes)
            case .isEmpty: passes = other.isEmptyFormValue(in: record.bytes)
            case .isIn:
                // As `Value`'s equality with a scalar literal: a missing value, null or a collection equals none.
                switch other.kind {
                case .true: passes = condition.matchesTrue
                case .false: passes = condition.matchesFalse
                case .missing, .null, .object, .array: passes = false
                case .string, .integer, .number, .largeInteger:
                    passes = isChoice(other, strings: condition.strings.range, numbers: condition.numbers.range,
                                      comparesStringsAsText: condition.comparesStringsAsText, bytes: record.bytes)
                }
            }
            anyPasses = anyPasses || passes
        }
        return anyPasses != condition.negated
    }

    /// Whether `value` is one of the choices, as `Value`'s equality tells (a missing value or a
    /// collection equals none). Printable ASCII text is compared by bytes with choices that are all
    /// ASCII; other text, or any text when `comparesStringsAsText` (a choice beyond ASCII), as `String`s
    /// compare.
    @inline(__always)
    private func isChoice(
        _ value: RawValue, strings: Range<Int>, numbers: Range<Int>, comparesStringsAsText: Bool = false, bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch value.kind {
        case .string:
            guard value.isPlain, !comparesStringsAsText else { return isAmongChoices(value, strings, bytes: bytes) }
            let candidate = value.bytes(in: bytes)
            return strings.contains { text(choiceStrings[$0], equals: candidate) }
        case .missing, .object, .array, .null, .true, .false:
            return false
        case .integer, .number:
            return numbers.contains { value.scalar(in: bytes) == choiceNumbers[$0].value }
        case .largeInteger:
            // Compared with the literals as written (`choiceNumbers` holds a large one as the double nearest it).
            let own = value.scalar(in: bytes)
            return numbers.contains { own == exactChoiceNumbers[$0] }
        }
    }

    /// Whether a string is one of the choices at `strings` of `choiceStrings`, compared as `String`s
    /// compare (canonically equivalent text is equal), as `Value`'s equality does.
    private func isAmongChoices(_ value: RawValue, _ strings: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let decoded = value.decoded(in: bytes)
        return strings.contains { String(decoding: text[choiceStrings[$0]], as: UTF8.self) == decoded }
    }

    /// Collects the plan in Swift arrays before it is copied out flat.
    private struct Builder {
        let graph: ValidatorGraph
        /// Eight spare bytes first, so that any key can be read a word at a time back from its end.
        var text = [UInt8](repeating: 0, count: 8)
        var members: [Member] = []
        var layouts: [Layout] = []
        var keyTables = KeyTables.Builder()
        var nodes: [Node?]
        var nodeLists: [Int] = []
        var rules: [Rule] = []
        var reportedRules: [CompiledRule] = []
        var operations: [Operation] = []
        var automata: [UInt8] = []
        var patternAutomata: [StoredAutomaton] = []
        var textTests: [TextTest] = []
        var ownChecks: [OwnTest] = []
        var dateTests: [DateTest] = []
        var scalarTests: [ScalarTest] = []
        var choiceStrings: [Range<Int>] = []
        var choiceNumbers: [NumericLiteral] = []
        var exactChoiceNumbers: [Value] = []
        var conditions: [Condition] = []
        var quickChecks: [QuickCheck] = []
        var quickCheckOfNode: [Int32]
        var quickAutomata: [StoredAutomaton] = []
        var quickTextTests: [Int32] = []
        var quickFormats: [TextFormats.ByteFormat] = []
        var quickDateTests: [Int32] = []
        var elementLayouts: [ElementLayout] = []
        var nodeSlots: [NodeSlot]
        var deepestFrame = 0
        /// By node id: the `items` template whose frame holds the node's value, or -1 for the record's.
        var frameOwner: [Int]
        /// By `items` template: the frame that holds its array's value (an owner, as in `frameOwner`).
        var enclosingFrame: [Int: Int] = [:]
        /// The node whose rules are being lowered.
        var lowering = -1
        /// The nodes that rules and conditions read, with the node reading them.
        var references: [(from: Int, to: Int)] = []

        init(graph: ValidatorGraph) {
            self.graph = graph
            self.nodes = Array(repeating: nil, count: graph.nodes.count)
            self.quickCheckOfNode = Array(repeating: -1, count: graph.nodes.count)
            self.nodeSlots = (0..<graph.nodes.count).map { NodeSlot(depth: 0, slot: Int32($0)) }
            self.frameOwner = Array(repeating: -1, count: graph.nodes.count)
        }

        /// The slots of one frame as they are handed out: the record's (whose nodes keep the slot of
        /// their id), or that of the elements of an array, owned by its `items` template.
        struct Frame {
            let owner: Int
            let depth: Int
            private(set) var size = 0

            init(owner: Int, depth: Int) {
                self.owner = owner
                self.depth = depth
            }

            /// Gives the node its slot in this frame.
            mutating func place(_ node: Int, in builder: inout Builder) -> Int32 {
                builder.frameOwner[node] = owner
                guard depth > 0 else { return Int32(node) }
                builder.nodeSlots[node] = NodeSlot(depth: Int32(depth), slot: Int32(size))
                size += 1
                return Int32(size - 1)
            }
        }

        /// Adds a layout for the fields of one object (and, first, those of objects within it), their
        /// values in slots of `frame`.
        @discardableResult
        mutating func layout(of fields: [Int], rejectsUnknown: Bool, isSensitive: Bool = false, in frame: inout Frame) -> Int {
            var declared: [Member] = []
            for id in fields {
                let field = graph.nodes[id]
                // A key is compared with the record's in place, which JSON writes without escapes: field
                // names hold letters, digits, `_` and `-` (and `*` in a sensitive object).
                assert(field.key.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\\" && $0 != "\"" }, "a key JSON writes with escapes")
                let slot = frame.place(id, in: &self)
                var childLayout: Int?
                if field.type == .object, !field.children.isEmpty {
                    childLayout = layout(of: field.children, rejectsUnknown: field.rejectsUnknownFields, isSensitive: field.isSensitive, in: &frame)
                }
                var elements: Int32 = -1
                if field.type == .array {
                    elements = elementLayout(of: field, around: frame)
                }
                addNode(field, children: field.type == .object ? field.children : [])
                declared.append(Member(key: store(field.key), of: field.key.utf8, slot: slot, childLayout: childLayout, elements: elements,
                                       isDate: field.type == .date))
            }
            let keys = keyTables.add(keys: fields.map { Array(graph.nodes[$0].key.utf8) }, firstMember: members.count)
            layouts.append(Layout(members: members.count..<(members.count + declared.count), rejectsUnknown: rejectsUnknown,
                                  isSensitive: isSensitive, declaresUnnamedMember: isSensitive && fields.contains { graph.nodes[$0].key == "*" },
                                  hasKeysBeyondASCII: fields.contains { !graph.nodes[$0].key.utf8.allSatisfy { $0 < 0x80 } }, keys: keys))
            members += declared
            return layouts.count - 1
        }

        /// Adds how the elements of an array field are read: each in a frame of its own, inside `enclosing`,
        /// holding the `items` template's value and those of its members.
        private mutating func elementLayout(of array: FieldNode, around enclosing: Frame) -> Int32 {
            var frame = Frame(owner: array.items ?? -1, depth: enclosing.depth + 1)
            var layout: Int32 = -1
            var elements: Int32 = -1
            if let items = array.items {
                let template = graph.nodes[items]
                enclosingFrame[items] = enclosing.owner
                _ = frame.place(items, in: &self)
                if template.type == .object, !template.children.isEmpty {
                    layout = Int32(self.layout(of: template.children, rejectsUnknown: template.rejectsUnknownFields,
                                               isSensitive: template.isSensitive, in: &frame))
                }
                if template.type == .array {
                    elements = elementLayout(of: template, around: frame)
                }
                addNode(template, children: template.type == .object ? template.children : [])
            }
            deepestFrame = max(deepestFrame, frame.depth)
            elementLayouts.append(ElementLayout(frameSize: Int32(max(frame.size, 1)), layout: layout, elements: elements))
            return Int32(elementLayouts.count - 1)
        }

        /// Adds a node with its rules lowered.
        private mutating func addNode(_ field: FieldNode, children: [Int]) {
            let childList = nodeLists.count..<(nodeLists.count + children.count)
            nodeLists += children
            let nodeOperations = operations.count
            lowering = field.id
            let chain = lowerChain(field.rules)
            // Only a chain of plain rules folds: a composition's rules do not all apply to every value.
            let isFlat = rules[chain].allSatisfy { if case .checks = $0.kind { true } else { false } }
            // An object folds when each of its members does (they are added before it).
            let members = children.allSatisfy { quickCheckOfNode[$0] >= 0 } ? Span(childList) : nil
            if field.items == nil, isFlat,
                let check = QuickCheck(type: field.type, operations: operations[nodeOperations...], members: members,
                                       patternAutomata: patternAutomata, automata: &quickAutomata, textTests: &quickTextTests,
                                       formats: &quickFormats, dateTests: &quickDateTests) {
                quickCheckOfNode[field.id] = Int32(quickChecks.count)
                quickChecks.append(check)
            }
            let relevance = field.relevance.map { Int32(lower($0.direct())) } ?? -1
            nodes[field.id] = Node(type: field.type, relevance: relevance, collectsAllErrors: field.collectsAllErrors, rules: chain,
                                   children: childList, items: field.items)
        }

        /// Lowers a chain of rules, the rules nested in compositions first, then the chain's own, side by
        /// side.
        private mutating func lowerChain(_ chain: [CompiledRule]) -> Range<Int> {
            var lowered: [Rule] = []
            for rule in chain {
                let kind: Rule.Kind
                switch rule.direct.form {
                case .checks(let checks):
                    let first = operations.count
                    for check in checks { operations.append(lower(check)) }
                    kind = .checks(operations: Span(first..<operations.count))
                case .allOf(let nested):
                    kind = .chain(Span(lowerChain(nested)))
                case .anyOf(let choices):
                    kind = .anyOf(Span(lowerChain(choices)))
                case .not(let negated):
                    kind = .not(Int32(lowerChain([negated]).lowerBound))
                case .when(let condition, let then, let otherwise):
                    let then = lowerChain(then), otherwise = lowerChain(otherwise)
                    kind = .when(condition: Int32(lower(condition)), then: Span(then), otherwise: Span(otherwise))
                case .own(let readsRecord, let check):
                    ownChecks.append(OwnTest(check: check))
                    kind = .own(check: Int32(ownChecks.count - 1), readsRecord: readsRecord)
                }
                reportedRules.append(rule)
                lowered.append(Rule(kind: kind, runsOnEmpty: rule.runsOnEmpty, isError: rule.severity == .error,
                                    reported: Int32(reportedRules.count - 1)))
            }
            defer { rules += lowered }
            return rules.count..<(rules.count + lowered.count)
        }

        /// Whether every field that `sameAs`-like checks and conditions read is in the plan, in the frame of
        /// the node reading it or one around it (as references are: to siblings and from the root).
        func referencesStayInPlan() -> Bool {
            references.allSatisfy { reference in
                guard nodes[reference.to] != nil else { return false }
                var frame = frameOwner[reference.from]
                while frame != frameOwner[reference.to] {
                    guard frame >= 0, let enclosing = enclosingFrame[frame] else { return false }
                    frame = enclosing
                }
                return true
            }
        }

        private mutating func store(_ string: String) -> Range<Int> {
            let start = text.count
            text += string.utf8
            return start..<text.count
        }

        private mutating func lower(_ check: DirectCheck) -> Operation {
            switch check {
            case .present: return .present
            case .isTrue: return .isTrue
            case .length(let min, let max): return .length(min: min, max: max)
            case .pattern(let expression, let mustMatch):
                textTests.append(.pattern(expression))
                let automaton = expression.fastPath.map { storePatternAutomaton($0) } ?? -1
                return .text(test: Int32(textTests.count - 1), automaton: automaton, mustMatch: mustMatch)
            case .text(let passes, let ascii, let mustMatch):
                textTests.append(.decoded(passes, passingAlone: ascii?.classPassingAlone))
                let automaton = ascii.map { storePatternAutomaton($0) } ?? -1
                return .text(test: Int32(textTests.count - 1), automaton: automaton, mustMatch: mustMatch)
            case .format(let format): return .format(format)
            case .scalar(let reference, let passes):
                if let reference { references.append((lowering, reference)) }
                scalarTests.append(ScalarTest(passes: passes))
                return .scalar(test: Int32(scalarTests.count - 1), reference: Int32(reference ?? -1))
            case .date(let comparand, let passes):
                if case .node(let other) = comparand { references.append((lowering, other)) }
                dateTests.append(DateTest(comparand: comparand, passes: passes))
                return .date(Int32(dateTests.count - 1))
            case .order(let limit, let allowed):
                guard case .largeInteger = limit else { return .order(limit: Self.literal(limit), allowed: allowed) }
                // A limit beyond `Int`'s range is compared exactly, by the order of `Value`s.
                scalarTests.append(ScalarTest { value, _ in
                    NumericOrder.compare(value, limit).map { allowed & (1 << UInt8($0 + 1)) != 0 } ?? true
                })
                return .scalar(test: Int32(scalarTests.count - 1), reference: -1)
            case .choices(let strings, let numbers, let mustBeIn):
                if numbers.isEmpty, strings.count <= UInt16.max, let automaton = PatternAutomaton(exactly: strings.map { Array($0.utf8) }) {
                    let stored = storeChoices(strings: strings, numbers: []).strings
                    return .textChoice(store(automaton), strings: stored.start, count: UInt16(stored.range.count), mustBeIn: mustBeIn)
                }
                let (strings, numbers) = storeChoices(strings: strings, numbers: numbers)
                return mustBeIn ? .oneOf(strings: strings, numbers: numbers) : .noneOf(strings: strings, numbers: numbers)
            case .equality(let node, let mustEqual):
                references.append((lowering, node))
                return .equality(node: node, mustEqual: mustEqual)
            case .itemCount(let min, let max): return .itemCount(min: min, max: max)
            case .uniqueItems: return .uniqueItems
            case .requiredWhen(let condition):
                return .requiredWhen(condition: lower(condition))
            }
        }

        /// Stores the condition in `conditions`; returns its index there.
        private mutating func lower(_ condition: DirectCondition) -> Int {
            references += condition.nodes.map { (lowering, $0) }
            let nodes = Span(nodeLists.count..<(nodeLists.count + condition.nodes.count))
            nodeLists += condition.nodes
            var literals: [Value] = []
            let test: Condition.Test
            switch condition.test {
            case .isIn(let values):
                literals = values
                test = .isIn
            case .isFilled: test = .isFilled
            case .isEmpty: test = .isEmpty
            }
            let (strings, numbers) = storeChoices(strings: literals.compactMap(\.stringValue),
                                                  numbers: literals.filter { $0.doubleValue != nil })
            conditions.append(Condition(nodes: nodes, test: test, negated: condition.negated, strings: strings, numbers: numbers,
                                        matchesTrue: literals.contains(.bool(true)), matchesFalse: literals.contains(.bool(false)),
                                        comparesStringsAsText: !literals.allSatisfy(\.comparesByBytes)))
            return conditions.count - 1
        }

        /// Stores the pattern's automaton in `patternAutomata`; returns its index there.
        private mutating func storePatternAutomaton(_ pattern: ASCIIPattern) -> Int32 {
            patternAutomata.append(store(pattern.automaton))
            return Int32(patternAutomata.count - 1)
        }

        /// Appends the automaton's table to `automata`.
        private mutating func store(_ automaton: PatternAutomaton) -> StoredAutomaton {
            defer { automata += automaton.table }
            return StoredAutomaton(table: Int32(automata.count), start: automaton.start, acceptingFrom: automaton.acceptingFrom,
                                   dead: automaton.dead, anchoredEnd: automaton.anchoredEnd)
        }

        /// Stores choice literals: the strings in `choiceStrings`, the numbers in `choiceNumbers` and
        /// `exactChoiceNumbers`.
        private mutating func storeChoices(strings: [String], numbers: [Value]) -> (strings: Span, numbers: Span) {
            let firstString = choiceStrings.count
            for string in strings { choiceStrings.append(store(string)) }
            let firstNumber = choiceNumbers.count
            choiceNumbers += numbers.map(Self.literal)
            exactChoiceNumbers += numbers
            return (Span(firstString..<choiceStrings.count), Span(firstNumber..<choiceNumbers.count))
        }

        /// A number as the plan stores it. A whole number beyond `Int`'s range that no double holds equals
        /// no `Int` or double: NaN (a value beyond `Int`'s range is compared with `exactChoiceNumbers`).
        private static func literal(_ value: Value) -> NumericLiteral {
            if case .integer(let int) = value { return .integer(int) }
            if case .largeInteger(let large) = value {
                return .number(LargeInteger(exactly: large.doubleValue) == large ? large.doubleValue : .nan)
            }
            return .number(value.doubleValue ?? .nan)
        }
    }
}

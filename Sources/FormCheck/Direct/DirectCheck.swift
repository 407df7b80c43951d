/// A rule's test, as the engine (`DirectPlan`) lowers it and runs it on values read in place, and the
/// fixed parameters its failure carries: each rule of the catalogue states its test once, as this.
struct DirectRule: Sendable {
    indirect enum Form: Sendable {
        /// A rule of the catalogue: it fails when any check fails.
        case checks([DirectCheck])
        /// `allOf`: the rules as a chain, their failures reported as they are.
        case allOf([CompiledRule])
        /// `anyOf`: fails when none of the rules passes.
        case anyOf([CompiledRule])
        /// `not`: fails when the rule passes.
        case not(CompiledRule)
        /// `when`: the chain `then` when the condition holds, else `otherwise`.
        case when(DirectCondition, then: [CompiledRule], otherwise: [CompiledRule])
        /// The rule's own check, run on the value made a `Value` (text decoded, objects and arrays
        /// parsed from their bytes), with the record as a `Value` when `readsRecord` (else `null`): for
        /// a rule whose failure tells about the value (`strength`), or that an app defines (`custom`).
        case own(readsRecord: Bool, OwnCheck)
    }

    let form: Form
    let parameters: MessageParameters

    init(_ checks: [DirectCheck], failing parameters: MessageParameters = [:]) {
        self.init(.checks(checks), failing: parameters)
    }

    init(_ form: Form, failing parameters: MessageParameters = [:]) {
        self.form = form
        self.parameters = parameters
    }
}

/// One test of a rule, on values read in place (`RawValue`); `DirectPlan` lowers it into flat memory
/// and runs it. Text is decoded where a test needs it, and objects and arrays parsed where a test
/// compares them whole.
enum DirectCheck: Sendable {
    /// `required`: present and not empty.
    case present
    /// `accepted`: exactly `true`.
    case isTrue
    /// A length in characters within `min...max`; other kinds pass.
    case length(min: Int, max: Int)
    /// The pattern matches (or, with `mustMatch` false, does not); other kinds pass.
    case pattern(RegularExpression, mustMatch: Bool)
    /// The rule's own test on the text, decoded from the bytes, with an automaton that gives the same
    /// answers on printable ASCII text where there is one, holds (or, with `mustMatch` false, does not);
    /// other kinds pass.
    case text(@Sendable (String) -> Bool, ascii: ASCIIPattern?, mustMatch: Bool = true)
    /// The text is in the format (tested on its UTF-8 bytes); other kinds pass.
    case format(TextFormats.ByteFormat)
    /// A date rule's test of the value's date against its limit; values that are not dates pass, and so
    /// does a limit read from a field that holds no date.
    case date(DateComparand, @Sendable (LocalDate, LocalDate) -> Bool)
    /// The rule's own test on a scalar value (a number, the only kind the rules that use it meet past
    /// the type check) and, with `reference`, on the value of that node: nil when missing, and an object
    /// or array given empty (the tests compare numbers only).
    case scalar(reference: Int?, @Sendable (Value, Value?) -> Bool)
    /// The value's numeric order against `limit` is allowed: bit 0 for below, 1 for equal, 2 for above.
    case order(limit: Value, allowed: UInt8)
    /// The value is (or is not) one of the listed strings, all ASCII, or of the listed numbers.
    case choices(strings: [String], numbers: [Value], mustBeIn: Bool)
    /// The value equals (or differs from) the value of another node.
    case equality(node: Int, mustEqual: Bool)
    /// An array's number of elements within `min...max`; other kinds pass.
    case itemCount(min: Int, max: Int)
    /// No two elements of an array are equal; other kinds pass.
    case uniqueItems
    /// `requiredIf` and the like: present and not empty when the condition on other nodes holds.
    case requiredWhen(DirectCondition)

    /// The `allowed` bits of `.order` for a comparison's test of an order (-1, 0, 1).
    static func allowedOrders(_ test: (Int) -> Bool) -> UInt8 {
        (test(-1) ? 1 : 0) | (test(0) ? 2 : 0) | (test(1) ? 4 : 0)
    }
}

/// A condition on other nodes, as the direct forms of `requiredIf`, `requiredUnless`, `requiredWith`
/// and `requiredWithout` read it: it holds when any of `nodes` passes `test`, or, when `negated`,
/// when none does.
struct DirectCondition: Sendable {
    enum Test: Sendable {
        /// The value is one of these scalars.
        case isIn([Value])
        case isFilled
        case isEmpty
    }

    let nodes: [Int]
    let test: Test
    let negated: Bool
}

extension Value {
    /// Whether the direct path can compare a value with this literal by bytes: it is not text, or it is
    /// ASCII text (a non-ASCII literal may equal an ASCII value canonically, which only strings decide).
    var comparesByBytes: Bool {
        stringValue?.utf8.allSatisfy { $0 < 0x80 } ?? true
    }
}

/// What a date rule's value is compared with, as the direct path reads it.
enum DateComparand: Sendable {
    case literal(LocalDate)
    case today
    /// The date in another node's value.
    case node(Int)
}

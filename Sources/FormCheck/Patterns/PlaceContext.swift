/// What the assertions see at one place of a value: whether it is the start, how many scalars are
/// left, the scalars around it. Both matchers decide every assertion through `holds`.
struct PlaceContext {
    var isStart: Bool
    /// Scalars left from this place, counted up to 3 (3 meaning 3 or more).
    var remaining: Int
    /// Whether the last scalar before this place that is neither a combining mark (Grapheme_Extend)
    /// nor a format character (Cf) is a word character, as ICU's `\b` reads it.
    var previousIsWord: Bool
    var previousIsLineTerminator: Bool
    var previousIsCarriageReturn: Bool
    /// The scalar at this place and the one after it, when there are.
    var current: Unicode.Scalar?
    var next: Unicode.Scalar?

    /// The context at the start of a value whose first scalars are `current` and `next`.
    init(start remaining: Int, current: Unicode.Scalar?, next: Unicode.Scalar?) {
        isStart = true
        self.remaining = min(remaining, 3)
        previousIsWord = false
        previousIsLineTerminator = false
        previousIsCarriageReturn = false
        self.current = current
        self.next = next
    }

    /// The context at `place` of `scalars`, given what `\b` saw before it.
    init(_ scalars: [Unicode.Scalar], at place: Int, previousIsWord: Bool) {
        isStart = place == 0
        remaining = min(scalars.count - place, 3)
        self.previousIsWord = previousIsWord
        let previous = place > 0 ? scalars[place - 1] : nil
        previousIsLineTerminator = previous.map(Self.isLineTerminator) ?? false
        previousIsCarriageReturn = previous == "\r"
        current = place < scalars.count ? scalars[place] : nil
        next = place + 1 < scalars.count ? scalars[place + 1] : nil
    }

    /// The context one scalar further on, whose own next scalar is `after` (with `remaining` as counted before).
    func advanced(remaining: Int, after: Unicode.Scalar?) -> PlaceContext {
        var context = self
        context.isStart = false
        context.remaining = min(remaining, 3)
        if let current {
            if !Self.isSkippedByWordBoundaries(current) { context.previousIsWord = UnicodePropertyNames.word.contains(current) }
            context.previousIsLineTerminator = Self.isLineTerminator(current)
            context.previousIsCarriageReturn = current == "\r"
        }
        context.current = next
        context.next = after
        return context
    }

    func holds(_ assertion: PatternAssertion) -> Bool {
        switch assertion {
        case .startOfText:
            return isStart
        case .endOfText:
            return remaining == 0
        case .endOfTextOrFinalLineTerminator:
            return remaining == 0 || remaining == 1 && endsLine || remaining == 2 && current == "\r" && next == "\n"
        case .startOfLine:
            return isStart || remaining > 0 && previousIsLineTerminator && !(previousIsCarriageReturn && current == "\n")
        case .endOfLine:
            return remaining == 0 || endsLine
        case .wordBoundary, .notWordBoundary:
            var isBoundary = false
            if current.map(Self.isSkippedByWordBoundaries) != true {
                isBoundary = (current.map(UnicodePropertyNames.word.contains) ?? false) != previousIsWord
            }
            return isBoundary == (assertion == .wordBoundary)
        case .notBeforeLineFeed:
            return current != "\n"
        }
    }

    /// Whether the current scalar is a line terminator that ends a line here (not the LF of a CR LF).
    private var endsLine: Bool {
        guard let current else { return false }
        return Self.isLineTerminator(current) && !(current == "\n" && previousIsCarriageReturn)
    }

    /// ICU's line terminators: LF, VT, FF, CR, NEL, LS and PS (`\v`), those `isLineTerminator` holds for.
    static let lineTerminators: [Unicode.Scalar] = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    /// Whether `scalar` is one of `lineTerminators`, told by its value.
    @inline(__always)
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Combining marks and format characters, which `\b` looks through.
    static func isSkippedByWordBoundaries(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }
}

/// Reads a pattern in ICU's syntax into a `PatternNode`, or fails with the first construct the
/// engine does not accept: a syntax error, a construct that needs backtracking (backreferences,
/// lookaround, atomic groups, possessive quantifiers, recursion, conditionals), or one another
/// dialect would read differently.
struct PatternParser {
    /// Groups and classes nest at most this deep.
    static let depthLimit = 100

    private struct Flags {
        var caseInsensitive: Bool
        var dotAll = false
        var multiline = false
    }

    /// What an escape stands for.
    private enum Escape {
        case scalar(Unicode.Scalar)
        case set(ScalarClass)
        case assertion(PatternAssertion)
        case node(PatternNode)
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var flags: Flags
    private var depth = 0
    /// The names of the named groups read so far: a name names one group.
    private var groupNames: Set<String> = []
    /// The last character read as a class member in the current outermost class, nested classes
    /// included (not a range's end, nor a single '&' or '-'): ICU starts a range after a single '&'
    /// there ([a&-z] is '&' and a-z).
    private var lastClassLiteral: Unicode.Scalar?

    private init(_ pattern: String, caseInsensitive: Bool) {
        scalars = Array(pattern.unicodeScalars)
        flags = Flags(caseInsensitive: caseInsensitive)
    }

    /// The syntax tree of `pattern`; `caseInsensitive` starts it as `(?i)` does.
    static func parse(_ pattern: String, caseInsensitive: Bool = false) throws(PatternSyntaxError) -> PatternNode {
        var parser = PatternParser(pattern, caseInsensitive: caseInsensitive)
        let node = try parser.parseAlternation()
        if parser.index < parser.scalars.count {
            throw PatternSyntaxError(offset: parser.index, message: "unmatched ')'; write \\) for the character")
        }
        return node
    }

    // MARK: - Alternations, sequences, quantifiers

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ ahead: Int) -> Unicode.Scalar? { index + ahead < scalars.count ? scalars[index + ahead] : nil }

    private func fail(_ message: String, at offset: Int? = nil) -> PatternSyntaxError {
        PatternSyntaxError(offset: offset ?? index, message: message)
    }

    private mutating func parseAlternation() throws(PatternSyntaxError) -> PatternNode {
        var branches = [try parseSequence()]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(PatternSyntaxError) -> PatternNode {
        var items: [PatternNode] = []
        items.reserveCapacity(min(scalars.count - index, 16))
        while let next = peek, next != "|", next != ")" {
            if next == "\\", peek(1) == "Q" {
                // \Q...\E quotes its characters; a quantifier after it repeats the last one.
                index += 2
                let quoted = scalars[skipQuoted()]
                guard let last = quoted.last else { continue }
                items += quoted.dropLast().map(literal)
                items.append(try parseQuantifiers(literal(last)))
                continue
            }
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifiers(atom))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    /// Consumes the text that a `\Q` just read quotes, through its `\E` (or to the end of the pattern),
    /// and gives where the quoted scalars lie.
    private mutating func skipQuoted() -> Range<Int> {
        let start = index
        while peek != nil, !(peek == "\\" && peek(1) == "E") { index += 1 }
        let end = index
        if peek != nil { index += 2 }
        return start..<end
    }

    /// The quantifiers after an atom: `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`, each possibly lazy (`?`).
    private mutating func parseQuantifiers(_ atom: PatternNode) throws(PatternSyntaxError) -> PatternNode {
        let start = index
        let bounds: (min: Int, max: Int?)
        switch peek {
        case "?": bounds = (0, 1)
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "{": bounds = try parseCount()
        default: return atom
        }
        if index == start { index += 1 }
        if case .assertion = atom, scalars[start - 1] != ")" {
            throw fail("an anchor or boundary cannot be repeated", at: start)
        }
        if peek == "?" {
            index += 1  // lazy: the same answer as greedy
        } else if peek == "+" {
            throw fail(
                "a possessive quantifier needs backtracking control and is not supported; use the greedy form "
                    + "(\(String(String.UnicodeScalarView(scalars[start..<index])))) instead", at: start)
        }
        if let next = peek, "?*+{".unicodeScalars.contains(next) {
            throw fail("a quantifier cannot follow another one; group the repeated part with (?:...)")
        }
        return .repetition(atom, min: bounds.min, max: bounds.max, offset: start)
    }

    /// A count `{n}`, `{n,}` or `{n,m}`, leaving `index` after its `}`.
    private mutating func parseCount() throws(PatternSyntaxError) -> (min: Int, max: Int?) {
        let start = index
        index += 1
        var malformed: PatternSyntaxError {
            fail("a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character", at: start)
        }
        guard let low = parseNumber() else { throw malformed }
        var high: Int? = low
        if peek == "," {
            index += 1
            high = parseNumber()
        }
        guard peek == "}" else { throw malformed }
        index += 1
        if let high, high < low {
            throw fail("the count {\(low),\(high)} has its minimum above its maximum", at: start)
        }
        return (low, high)
    }

    /// Decimal digits as a number, capped far beyond any program the engine accepts.
    private mutating func parseNumber() -> Int? {
        var value: Int?
        while let digit = peek, ("0"..."9").contains(digit) {
            value = min((value ?? 0) * 10 + Int(digit.value - 0x30), 1_000_000)
            index += 1
        }
        return value
    }

    // MARK: - Atoms

    private func literal(_ scalar: Unicode.Scalar) -> PatternNode {
        .scalar(flags.caseInsensitive && CaseFolding.equivalents(of: scalar).count > 1 ? .caseClosure(.scalar(scalar)) : .scalar(scalar))
    }

    /// One atom, or nil for a construct that matches nothing itself (a flag setting, a comment).
    private mutating func parseAtom() throws(PatternSyntaxError) -> PatternNode? {
        let start = index
        let next = peek!
        switch next {
        case "(":
            return try parseGroup()
        case "[":
            lastClassLiteral = nil
            return .scalar(try parseClass())
        case ".":
            index += 1
            return .scalar(flags.dotAll ? .property(.any) : .complement(UnicodePropertyNames.lineTerminators))
        case "^":
            index += 1
            return .assertion(flags.multiline ? .startOfLine : .startOfText)
        case "$":
            index += 1
            return .assertion(flags.multiline ? .endOfLine : .endOfTextOrFinalLineTerminator)
        case "\\":
            switch try parseEscape(inClass: false) {
            case .scalar(let scalar): return literal(scalar)
            case .set(let set): return .scalar(set)
            case .assertion(let assertion): return .assertion(assertion)
            case .node(let node): return node
            }
        case "*", "+", "?":
            throw fail("'\(next)' has nothing to repeat; write \\\(next) for the character", at: start)
        case "{":
            throw fail("'{' has nothing to repeat; write \\{ for the character", at: start)
        case "}":
            throw fail("unmatched '}'; write \\} for the character", at: start)
        default:
            index += 1
            return literal(next)
        }
    }

    private mutating func parseGroup() throws(PatternSyntaxError) -> PatternNode? {
        let start = index
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw fail("groups and classes nest more than \(Self.depthLimit) levels deep") }
        index += 1
        let saved = flags
        if peek == "?" {
            index += 1
            guard let kind = peek else { throw fail("'(' is never closed", at: start) }
            switch kind {
            case ":":
                index += 1
            case "<" where peek(1) == "=" || peek(1) == "!":
                throw fail(
                    "lookbehind needs backtracking and is not supported; match the preceding text itself, "
                        + "or check it with a second rule (pattern or notPattern)", at: start)
            case "<":
                index += 1
                guard let first = peek, first.properties.isAlphabetic, first.isASCII else {
                    throw fail("a group name starts with an ASCII letter: (?<name>...)", at: index)
                }
                let nameStart = index
                while let scalar = peek, scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { index += 1 }
                guard peek == ">" else { throw fail("a group name is letters and digits, closed by '>': (?<name>...)", at: index) }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
                guard groupNames.insert(name).inserted else {
                    throw fail("the group name '\(name)' is given twice; each named group needs its own name", at: nameStart)
                }
                index += 1
            case "=", "!":
                throw fail(
                    "lookahead needs backtracking and is not supported; match the text itself, "
                        + "or check each condition with its own rule (pattern or notPattern)", at: start)
            case ">":
                throw fail(
                    "an atomic group needs backtracking control and is not supported; use a plain group (?:...), "
                        + "which never takes more than linear time here", at: start)
            case "#":
                while let scalar = peek, scalar != ")" {
                    index += 1
                    if scalar == "\\" { try skipEscapeInComment(at: index - 1) }
                }
                guard peek == ")" else { throw fail("the comment (?#...) is never closed", at: start) }
                index += 1
                return nil
            case "(":
                throw fail("conditionals are not supported; use an alternation (a|b)", at: start)
            case "R", "&", "+", "0"..."9":
                throw fail("recursion is not supported; spell out the nesting to a fixed depth", at: start)
            case "P":
                if peek(1) == ">" || peek(1) == "=" {
                    throw fail("recursion is not supported; spell out the nesting to a fixed depth", at: start)
                }
                throw fail("named groups are written (?<name>...)", at: start)
            default:
                if let scoped = try parseFlags(start: start) {
                    if !scoped { return nil }
                } else {
                    throw fail("unknown group syntax; groups are (...), (?:...) and (?<name>...)", at: start)
                }
            }
        }
        let inner = try parseAlternation()
        guard peek == ")" else { throw fail("'(' is never closed", at: start) }
        index += 1
        flags = saved
        return inner
    }

    /// Flags `(?ims-ims)` (for the rest of the enclosing group: false) or `(?ims-ims:` (for a group:
    /// true), or nil when the text is not a flag setting.
    private mutating func parseFlags(start: Int) throws(PatternSyntaxError) -> Bool? {
        var on = true
        while let scalar = peek {
            switch scalar {
            case "i": flags.caseInsensitive = on
            case "s": flags.dotAll = on
            case "m": flags.multiline = on
            case "-" where on: on = false
            case "x", "w", "d", "u":
                throw fail("the flag '\(scalar)' is not supported; the flags are i (case-insensitive), s (. matches line ends) and m (^ and $ at lines)")
            case ")", ":":
                guard index > start + 2 else { return nil }
                index += 1
                return scalar == ":"
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    // MARK: - Escapes

    /// An escape at `index` (a backslash), leaving `index` after it.
    private mutating func parseEscape(inClass: Bool) throws(PatternSyntaxError) -> Escape {
        let start = index
        index += 1
        guard let letter = peek else { throw fail("a pattern cannot end with a single backslash; write \\\\ for the character", at: start) }
        index += 1
        func negated(_ set: ScalarClass) -> ScalarClass { .complement(flags.caseInsensitive ? .caseClosure(set) : set) }
        switch letter {
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{07}")
        case "v": return .set(UnicodePropertyNames.lineTerminators)
        case "V": return .set(.complement(UnicodePropertyNames.lineTerminators))
        case "d": return .set(UnicodePropertyNames.digit)
        case "D": return .set(negated(UnicodePropertyNames.digit))
        case "w": return .set(flags.caseInsensitive ? .caseClosure(UnicodePropertyNames.word) : UnicodePropertyNames.word)
        case "W": return .set(negated(UnicodePropertyNames.word))
        case "s": return .set(UnicodePropertyNames.space)
        case "S": return .set(.complement(UnicodePropertyNames.space))
        case "h": return .set(UnicodePropertyNames.horizontalSpace)
        case "H": return .set(.complement(UnicodePropertyNames.horizontalSpace))
        case "p", "P":
            guard peek == "{", let close = scalars[index...].firstIndex(of: "}") else {
                throw fail("a property is written \\\(letter){name}, such as \\\(letter){L} or \\\(letter){Latin}", at: start)
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
            guard var set = UnicodePropertyNames.scalarClass(named: name) else {
                throw fail("unknown property \\\(letter){\(name)}; use a general category (L, Lu, Nd...), a script (Latin, Greek...) or a binary property (Alphabetic, White_Space...)", at: start)
            }
            if flags.caseInsensitive { set = .caseClosure(set) }
            return .set(letter == "P" ? .complement(set) : set)
        case "0":
            guard let value = readOctal() else { throw fail("\\0 takes 1 to 3 octal digits (\\0101 is A); write \\x00 for NUL", at: start) }
            return .scalar(Unicode.Scalar(value)!)
        case "x", "u", "U":
            let form = hexEscapeForm(letter, naming: "a Unicode scalar")
            guard let scalar = readHexEscape(letter).flatMap(Unicode.Scalar.init) else { throw fail(form, at: start) }
            return .scalar(scalar)
        case "c":
            // As in ICU, the low five bits of the character after it: `\cA` (or `\ca`) is U+0001.
            guard let control = peek else { throw fail("\\c takes a character after it: \\cA to \\cZ name U+0001 to U+001A", at: start) }
            index += 1
            return .scalar(Unicode.Scalar(control.value & 0x1F)!)
        case "b" where !inClass: return .assertion(.wordBoundary)
        case "B" where !inClass: return .assertion(.notWordBoundary)
        case "A" where !inClass, "G" where !inClass: return .assertion(.startOfText)
        case "z" where !inClass: return .assertion(.endOfText)
        case "Z" where !inClass: return .assertion(.endOfTextOrFinalLineTerminator)
        case "R" where !inClass:
            // A line break: CR LF, or one line terminator (a CR only when no LF follows, as ICU never splits CR LF).
            return .node(.alternation([
                .sequence([.scalar(.scalar("\r")), .scalar(.scalar("\n"))]),
                .sequence([.scalar(.scalar("\r")), .assertion(.notBeforeLineFeed)]),
                .scalar(.subtraction(UnicodePropertyNames.lineTerminators, .scalar("\r"))),
            ]))
        case "1"..."9", "k":
            throw fail("backreferences need backtracking and are not supported; repeat the group's pattern instead", at: start)
        case "X":
            throw fail("\\X (a grapheme cluster) is not supported; match a character and its marks with \\P{M}\\p{M}*", at: start)
        case "N":
            throw fail("\\N{name} is not supported; write the character itself or \\x{...}", at: start)
        case "Q", "E":
            throw fail(inClass ? "\\Q...\\E is not supported in a class; escape each character" : "\\E without \\Q", at: start)
        default:
            if letter.isASCII, letter.properties.isAlphabetic || ("0"..."9").contains(letter) {
                throw fail(inClass && letter == "b"
                    ? "\\b has no meaning in a class; write \\x08 for a backspace"
                    : "unknown escape \\\(letter); write the character without a backslash", at: start)
            }
            return .scalar(letter)
        }
    }

    /// The code point (a surrogate too) that the hexadecimal digits of a `\x`, `\u` or `\U` escape at
    /// `index` (after its letter) name, leaving `index` after them: `\x` takes 1 or 2 digits, or 1 to 7
    /// in braces (as in ICU); `\u` exactly 4 and `\U` exactly 8. Nil when they are not written so, or
    /// name no code point.
    private mutating func readHexEscape(_ letter: Unicode.Scalar) -> UInt32? {
        let digits: Range<Int>
        let count: ClosedRange<Int>
        let after: Int
        switch letter {
        case "x" where peek == "{":
            guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
            (digits, count, after) = (index + 1..<close, 1...7, close + 1)
        case "x":
            var end = index
            while end < index + 2, end < scalars.count, scalars[end].properties.isASCIIHexDigit { end += 1 }
            (digits, count, after) = (index..<end, 1...2, end)
        default:
            let length = letter == "u" ? 4 : 8
            (digits, count, after) = (index..<min(index + length, scalars.count), length...length, index + length)
        }
        guard count.contains(digits.count), scalars[digits].allSatisfy(\.properties.isASCIIHexDigit),
              let value = UInt32(String(String.UnicodeScalarView(scalars[digits])), radix: 16), value <= 0x10FFFF
        else { return nil }
        index = after
        return value
    }

    /// How the `\x`, `\u` or `\U` escape at `index` (after its letter) is written, for its diagnostic:
    /// `readHexEscape`'s forms, their digits `naming` what they name.
    private func hexEscapeForm(_ letter: Unicode.Scalar, naming: String) -> String {
        switch letter {
        case "x" where peek == "{": "\\x{...} takes 1 to 7 hexadecimal digits naming \(naming)"
        case "x": "\\x takes 1 or 2 hexadecimal digits, or \\x{...}"
        default: "\\\(letter) takes exactly \(letter == "u" ? 4 : 8) hexadecimal digits naming \(naming)"
        }
    }

    /// The value of the 1 to 3 octal digits at `index` (as many as keep it at most 0o377), leaving
    /// `index` after them; nil when there is none.
    private mutating func readOctal() -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while digits < 3, let digit = peek, ("0"..."7").contains(digit), value * 8 + digit.value - 0x30 <= 0o377 {
            value = value * 8 + digit.value - 0x30
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// The rest of an escape in a comment `(?#...)`, after its backslash at `start`, read as ICU reads
    /// it: `\Q...\E` quotes (a `)` quoted does not end the comment); `\x`, `\u`, `\U` and `\0` must be
    /// well formed, as ICU decodes them as it reads (a surrogate is taken there); `\c` takes the
    /// character after it, even a `)`; after any other backslash, the character is skipped, unless it
    /// is a `)`, which still ends the comment.
    private mutating func skipEscapeInComment(at start: Int) throws(PatternSyntaxError) {
        guard let letter = peek, letter != ")" else { return }
        index += 1
        switch letter {
        case "Q":
            _ = skipQuoted()
        case "c":
            if peek != nil { index += 1 }
        case "0":
            guard readOctal() != nil else { throw fail("in a comment too, \\0 takes 1 to 3 octal digits, as ICU reads it", at: start) }
        case "x", "u", "U":
            let form = hexEscapeForm(letter, naming: "a code point")
            guard readHexEscape(letter) != nil else { throw fail("in a comment too, \(form), as ICU reads it", at: start) }
        default:
            break
        }
    }

    // MARK: - Classes

    /// A class `[...]` at `index`, with ranges, escapes, properties, POSIX classes `[:name:]`, nested
    /// classes (their union) and the operators `&&` (intersection) and `--` (difference), which apply
    /// left to right to everything between them. A single `&` or `-` after a nested class or a property
    /// applies to the nested class after it, and only `]` or another operator may follow that class:
    /// ICU adds a property or `\d` there to the class the operator applies (`[\p{L}-[a]\p{Lu}]` has no
    /// `A`) but a character or a nested class to the result (`[\p{L}-[aou]b]` has `b`).
    private mutating func parseClass() throws(PatternSyntaxError) -> ScalarClass {
        let start = index
        if let posix = try parsePOSIXClass() { return posix }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw fail("groups and classes nest more than \(Self.depthLimit) levels deep") }
        index += 1
        let negated = peek == "^"
        if negated { index += 1 }
        var result: ScalarClass?
        var pending: (ScalarClass, ScalarClass) -> ScalarClass = { _, right in right }
        var operand: [ScalarClass] = []
        /// The characters and ranges of the operand, kept apart so that they make one sorted set.
        var operandRanges: [ClosedRange<UInt32>] = []
        var isFirst = true
        /// Whether the last member read is a nested class or a property (`\p{...}`), after which a single
        /// `&` or `-` before a nested class is an operator, as in ICU (`[\p{L}&[aou]]`, `[[a-z]-[aeiou]]`;
        /// not after `\d`, nor before `\p{...}`).
        var followsSet = false
        /// Whether the last member read was the nested class that a single `&` or `-` applies to.
        var closesSingleOperation = false
        func combine() -> ScalarClass {
            if !operandRanges.isEmpty { operand.append(ScalarClass(ranges: operandRanges)) }
            let union = operand.count == 1 ? operand[0] : .union(operand)
            return result.map { pending($0, union) } ?? union
        }
        while true {
            guard let next = peek else { throw fail("'[' is never closed", at: start) }
            defer { isFirst = false }
            if next == "]", !isFirst {
                index += 1
                break
            }
            if closesSingleOperation, !((next == "&" || next == "-") && (peek(1) == "[" || peek(1) == next)) {
                throw fail(
                    "ICU reads a member after the class that a single '-' or '&' applies to in two ways (a property joins that class, "
                        + "a character or a class the result); end the class there, or bracket the operation on its own, as in [[\\p{L}-[aou]]x]")
            }
            closesSingleOperation = false
            if next == "[" {
                operand.append(try parseClass())
                followsSet = true
                continue
            }
            if next == "&" || next == "-", followsSet, peek(1) == "[" {
                index += 1
                result = combine()
                (operand, operandRanges) = ([try parseClass()], [])
                pending = next == "&" ? { .intersection($0, $1) } : { .subtraction($0, $1) }
                closesSingleOperation = true
                continue
            }
            followsSet = false
            if next == "&" || next == "-", peek(1) == next {
                let operatorStart = index
                guard !operand.isEmpty || !operandRanges.isEmpty else {
                    throw fail("'\(next)\(next)' needs a set on each side", at: operatorStart)
                }
                index += 2
                guard let after = peek, after != "]", after != next else {
                    throw fail("'\(next)\(next)' needs a set on each side; write \\\(next) for the character", at: operatorStart)
                }
                result = combine()
                (operand, operandRanges) = ([], [])
                pending = next == "&" ? { .intersection($0, $1) } : { .subtraction($0, $1) }
                continue
            }
            let itemStart = index
            let item = try parseClassItem()
            guard case .scalar(var low) = item else {
                if case .set(let set) = item {
                    operand.append(set)
                    followsSet = scalars[itemStart + 1] == "p" || scalars[itemStart + 1] == "P"
                }
                continue
            }
            let isSingleAmpersand = scalars[itemStart] == "&"
            if !isSingleAmpersand, scalars[itemStart] != "-" { lastClassLiteral = low }
            if peek == "-", let end = peek(1), end != "]", end != "-" {
                if isSingleAmpersand {
                    // ICU keeps the '&' and starts the range at the last character read before it.
                    guard let start = lastClassLiteral else {
                        throw fail(
                            "a range after '&' starts at the last character before the '&' ([a&-z] is '&' and a-z), "
                                + "and there is none in this class; write \\& for the character", at: itemStart)
                    }
                    operandRanges.append(low.value...low.value)
                    low = start
                }
                index += 1
                if end == "[" { throw fail("a range cannot end with a class", at: index) }
                let endStart = index
                guard case .scalar(let high) = try parseClassItem() else { throw fail("a range cannot end with a class", at: endStart) }
                guard low.value <= high.value else {
                    throw fail("the range \(String(low))-\(String(high)) is out of order", at: itemStart)
                }
                operandRanges.append(low.value...high.value)
            } else {
                operandRanges.append(low.value...low.value)
            }
        }
        var set = combine()
        if flags.caseInsensitive { set = .caseClosure(set) }
        return negated ? .complement(set) : set
    }

    /// One member of a class: a character, an escaped character, or a set escape.
    private mutating func parseClassItem() throws(PatternSyntaxError) -> Escape {
        guard peek == "\\" else {
            index += 1
            return .scalar(scalars[index - 1])
        }
        let start = index
        let escape = try parseEscape(inClass: true)
        if case .assertion = escape { throw fail("an anchor has no meaning in a class", at: start) }
        return escape
    }

    /// A POSIX class `[:name:]` or `[:^name:]` at `index`, naming any property as `\p{name}` does;
    /// nil (and `index` unchanged) when the text there is not one. As in ICU, it runs to the first
    /// `:]` after it, wherever that is (`[[:lwr]:]` names the class `lwr]`, which does not exist).
    private mutating func parsePOSIXClass() throws(PatternSyntaxError) -> ScalarClass? {
        guard peek(1) == ":" else { return nil }
        var end = index + 2
        while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
        guard end + 1 < scalars.count else { return nil }
        let negated = scalars[index + 2] == "^"
        let name = String(String.UnicodeScalarView(scalars[(index + (negated ? 3 : 2))..<end]))
        if name.contains("]") {
            throw fail("'[:' starts a POSIX class, which runs to the next ':]', and '\(name)' names no class; write \\[ for the character")
        }
        guard var set = UnicodePropertyNames.scalarClass(named: name) else {
            throw fail("unknown POSIX class [:\(name):]; the classes are alpha, digit, alnum, upper, lower, punct, space, blank, cntrl, graph, print, xdigit and word")
        }
        index = end + 2
        if flags.caseInsensitive { set = .caseClosure(set) }
        return negated ? .complement(set) : set
    }
}

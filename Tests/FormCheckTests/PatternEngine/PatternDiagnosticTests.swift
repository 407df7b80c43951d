import Testing
@testable import FormCheck

/// Patterns the engine refuses: the offset (in Unicode scalars, from 0) and the exact message.
@Suite struct PatternDiagnosticTests {
    static let cases: [(pattern: String, offset: Int, message: String)] = [
        // Constructs that need backtracking, with a linear alternative.
        (#"(a)\1"#, 3, "backreferences need backtracking and are not supported; repeat the group's pattern instead"),
        (#"(?<n>a)\k<n>"#, 7, "backreferences need backtracking and are not supported; repeat the group's pattern instead"),
        ("a(?=b)", 1, "lookahead needs backtracking and is not supported; match the text itself, or check each condition with its own rule (pattern or notPattern)"),
        ("a(?!b)", 1, "lookahead needs backtracking and is not supported; match the text itself, or check each condition with its own rule (pattern or notPattern)"),
        ("(?<=a)b", 0, "lookbehind needs backtracking and is not supported; match the preceding text itself, or check it with a second rule (pattern or notPattern)"),
        ("(?<!a)b", 0, "lookbehind needs backtracking and is not supported; match the preceding text itself, or check it with a second rule (pattern or notPattern)"),
        ("x(?>a+)", 1, "an atomic group needs backtracking control and is not supported; use a plain group (?:...), which never takes more than linear time here"),
        ("ab++", 2, "a possessive quantifier needs backtracking control and is not supported; use the greedy form (+) instead"),
        ("a{2,3}+", 1, "a possessive quantifier needs backtracking control and is not supported; use the greedy form ({2,3}) instead"),
        ("(?R)", 0, "recursion is not supported; spell out the nesting to a fixed depth"),
        ("(a)(?1)", 3, "recursion is not supported; spell out the nesting to a fixed depth"),
        ("(?(1)a|b)", 0, "conditionals are not supported; use an alternation (a|b)"),
        // Malformed counts.
        ("x{-1}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{+2}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{-1,}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{,3}", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("x{3,2}", 1, "the count {3,2} has its minimum above its maximum"),
        ("x{2", 1, "a count is written {n}, {n,} or {n,m} with whole numbers n ≤ m; write \\{ for the character"),
        ("{2}", 0, "'{' has nothing to repeat; write \\{ for the character"),
        ("a}", 1, "unmatched '}'; write \\} for the character"),
        ("*a", 0, "'*' has nothing to repeat; write \\* for the character"),
        ("a|+", 2, "'+' has nothing to repeat; write \\+ for the character"),
        ("a**", 2, "a quantifier cannot follow another one; group the repeated part with (?:...)"),
        ("a{2}{3}", 4, "a quantifier cannot follow another one; group the repeated part with (?:...)"),
        (#"\b+"#, 2, "an anchor or boundary cannot be repeated"),
        // Groups and classes.
        ("(ab", 0, "'(' is never closed"),
        ("ab)", 2, "unmatched ')'; write \\) for the character"),
        ("[ab", 0, "'[' is never closed"),
        ("a(?#b", 1, "the comment (?#...) is never closed"),
        // A `)` quoted by \Q...\E does not end a comment, as in ICU.
        (#"a(?#\Q)b"#, 1, "the comment (?#...) is never closed"),
        // ICU reads a comment's escapes: the ones it decodes must be well formed, and \c takes a `)`.
        (#"a(?#\x)b"#, 4, "in a comment too, \\x takes 1 or 2 hexadecimal digits, or \\x{...}, as ICU reads it"),
        (#"(?#\x{})"#, 3, "in a comment too, \\x{...} takes 1 to 7 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#\x{00000041})"#, 3, "in a comment too, \\x{...} takes 1 to 7 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#\x{110000})"#, 3, "in a comment too, \\x{...} takes 1 to 7 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#ab\u12)"#, 5, "in a comment too, \\u takes exactly 4 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#\U0041)"#, 3, "in a comment too, \\U takes exactly 8 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#\U00110000)"#, 3, "in a comment too, \\U takes exactly 8 hexadecimal digits naming a code point, as ICU reads it"),
        (#"(?#\08)"#, 3, "in a comment too, \\0 takes 1 to 3 octal digits, as ICU reads it"),
        (#"a(?#\c)b"#, 1, "the comment (?#...) is never closed"),
        ("[]", 0, "'[' is never closed"),
        ("[z-a]", 1, "the range z-a is out of order"),
        (#"[a-\p{L}]"#, 3, "a range cannot end with a class"),
        ("[&-z]", 1, "a range after '&' starts at the last character before the '&' ([a&-z] is '&' and a-z), and there is none in this class; write \\& for the character"),
        ("[^&-z]", 2, "a range after '&' starts at the last character before the '&' ([a&-z] is '&' and a-z), and there is none in this class; write \\& for the character"),
        (#"[\d&-z]"#, 3, "a range after '&' starts at the last character before the '&' ([a&-z] is '&' and a-z), and there is none in this class; write \\& for the character"),
        ("[a][&-z]", 4, "a range after '&' starts at the last character before the '&' ([a&-z] is '&' and a-z), and there is none in this class; write \\& for the character"),
        ("[a-&]", 1, "the range a-& is out of order"),
        ("(?<n>a)(?<n>b)", 10, "the group name 'n' is given twice; each named group needs its own name"),
        ("(?<n>a)|(?<n>b)", 11, "the group name 'n' is given twice; each named group needs its own name"),
        ("[&&a]", 1, "'&&' needs a set on each side"),
        // After the class a single - or & applies to, ICU adds a property to that class and a character or a
        // nested class to the result.
        (#"[\p{L}-[aou][aou]]"#, 12, "ICU reads a member after the class that a single '-' or '&' applies to in two ways (a property joins that class, a character or a class the result); end the class there, or bracket the operation on its own, as in [[\\p{L}-[aou]]x]"),
        (#"[\p{L}-[a]\p{Lu}]"#, 10, "ICU reads a member after the class that a single '-' or '&' applies to in two ways (a property joins that class, a character or a class the result); end the class there, or bracket the operation on its own, as in [[\\p{L}-[aou]]x]"),
        ("[[a-z]&[abc]x]", 12, "ICU reads a member after the class that a single '-' or '&' applies to in two ways (a property joins that class, a character or a class the result); end the class there, or bracket the operation on its own, as in [[\\p{L}-[aou]]x]"),
        ("[[a-z]-[b]-]", 10, "ICU reads a member after the class that a single '-' or '&' applies to in two ways (a property joins that class, a character or a class the result); end the class there, or bracket the operation on its own, as in [[\\p{L}-[aou]]x]"),
        ("[a&&]", 2, "'&&' needs a set on each side; write \\& for the character"),
        ("[a--]", 2, "'--' needs a set on each side; write \\- for the character"),
        ("[a&&&b]", 2, "'&&' needs a set on each side; write \\& for the character"),
        ("[[:lwr]:]", 1, "'[:' starts a POSIX class, which runs to the next ':]', and 'lwr]' names no class; write \\[ for the character"),
        ("[:lwr]:]", 0, "'[:' starts a POSIX class, which runs to the next ':]', and 'lwr]' names no class; write \\[ for the character"),
        ("[a[:^up]x:]]", 2, "'[:' starts a POSIX class, which runs to the next ':]', and 'up]x' names no class; write \\[ for the character"),
        ("[[:foo:]]", 1, "unknown POSIX class [:foo:]; the classes are alpha, digit, alnum, upper, lower, punct, space, blank, cntrl, graph, print, xdigit and word"),
        (#"[\b]"#, 1, "\\b has no meaning in a class; write \\x08 for a backspace"),
        ("(?<1a>x)", 3, "a group name starts with an ASCII letter: (?<name>...)"),
        ("(?P<n>x)", 0, "named groups are written (?<name>...)"),
        ("(?x)a b", 2, "the flag 'x' is not supported; the flags are i (case-insensitive), s (. matches line ends) and m (^ and $ at lines)"),
        ("(?|a)", 0, "unknown group syntax; groups are (...), (?:...) and (?<name>...)"),
        // Escapes.
        (#"\p{Foo}"#, 0, "unknown property \\p{Foo}; use a general category (L, Lu, Nd...), a script (Latin, Greek...) or a binary property (Alphabetic, White_Space...)"),
        (#"a\pL"#, 1, "a property is written \\p{name}, such as \\p{L} or \\p{Latin}"),
        // ICU takes Java's `Is` prefix only as written so.
        (#"\p{isL}"#, 0, "unknown property \\p{isL}; use a general category (L, Lu, Nd...), a script (Latin, Greek...) or a binary property (Alphabetic, White_Space...)"),
        (#"\p{ISLatin}"#, 0, "unknown property \\p{ISLatin}; use a general category (L, Lu, Nd...), a script (Latin, Greek...) or a binary property (Alphabetic, White_Space...)"),
        (#"\y"#, 0, "unknown escape \\y; write the character without a backslash"),
        (#"\0"#, 0, "\\0 takes 1 to 3 octal digits (\\0101 is A); write \\x00 for NUL"),
        (#"\x{110000}"#, 0, "\\x{...} takes 1 to 7 hexadecimal digits naming a Unicode scalar"),
        (#"\x{00000041}"#, 0, "\\x{...} takes 1 to 7 hexadecimal digits naming a Unicode scalar"),
        (#"a\c"#, 1, "\\c takes a character after it: \\cA to \\cZ name U+0001 to U+001A"),
        (#"\u12"#, 0, "\\u takes exactly 4 hexadecimal digits naming a Unicode scalar"),
        (#"\X"#, 0, "\\X (a grapheme cluster) is not supported; match a character and its marks with \\P{M}\\p{M}*"),
        (#"\N{LATIN SMALL LETTER A}"#, 0, "\\N{name} is not supported; write the character itself or \\x{...}"),
        ("ab\\", 2, "a pattern cannot end with a single backslash; write \\\\ for the character"),
        // Offsets count Unicode scalars.
        ("é😀(?=x)", 2, "lookahead needs backtracking and is not supported; match the text itself, or check each condition with its own rule (pattern or notPattern)"),
        // Bounded size.
        ("(a{100}){101}", 8, "the pattern is too large: it needs more than 10000 steps once its counts are spelled out; use smaller counts or * and +"),
        ("a{10001}", 1, "the pattern is too large: it needs more than 10000 steps once its counts are spelled out; use smaller counts or * and +"),
    ]

    @Test(arguments: cases.indices)
    func refuses(_ index: Int) {
        let (pattern, offset, message) = Self.cases[index]
        #expect(throws: PatternSyntaxError(offset: offset, message: message), "\(pattern)") { try LinearPattern(pattern) }
    }

    @Test func groupsNestAtMost100Deep() throws {
        _ = try LinearPattern(String(repeating: "(", count: 100) + String(repeating: ")", count: 100))
        #expect(throws: PatternSyntaxError(offset: 100, message: "groups and classes nest more than 100 levels deep")) {
            try LinearPattern(String(repeating: "(", count: 101) + String(repeating: ")", count: 101))
        }
    }
}

/// A 1-based line and column in a source file; columns count Unicode scalars.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// The position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

extension Array {
    /// Empties the array and keeps its storage for what fills it next. An array that is empty already
    /// is left as it is: `removeAll(keepingCapacity:)` would take its generic path for nothing, once per
    /// record where most records have nothing to remove.
    @inline(__always)
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

extension RandomAccessCollection {
    /// The first index where `isPast` holds, in a collection ordered so that it holds from there to the
    /// end (a binary search).
    func partitioningIndex(where isPast: (Element) -> Bool) -> Index {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
            if isPast(self[middle]) { high = middle } else { low = index(after: middle) }
        }
        return low
    }
}

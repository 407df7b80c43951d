import Foundation

/// The search for line feeds in raw bytes, with `memchr`: the one place that turns part of a buffer
/// into a pointer and a count for it, its bounds asserted in debug builds.
enum LineFeeds {
    /// The offset in `bytes` of the first line feed within `range`, if any.
    @inline(__always)
    static func first(in bytes: UnsafeBufferPointer<UInt8>, within range: Range<Int>) -> Int? {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a search outside its buffer")
        guard !range.isEmpty, let base = bytes.baseAddress, let found = memchr(base + range.lowerBound, 0x0A, range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `bytes` hold a line feed within `range`.
    @inline(__always)
    static func occur(in bytes: [UInt8], within range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { first(in: $0, within: range) != nil }
    }
}

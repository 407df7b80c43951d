/// Where bytes are written one run after another: an array of bytes, or a `ByteWriter`. The JSON
/// writer and the reporters write through it.
package protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink where Self: ~Copyable {
    /// The UTF-8 of `text`, copied whole (a small string's from the stack), not a byte at a time.
    package mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A whole number in decimal.
    package mutating func append(decimal number: Int) {
        let count = DecimalText.count(of: number)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { digits in
            DecimalText.write(number, to: digits.baseAddress!, count: count)
            append(UnsafeBufferPointer(digits))
        }
    }
}

/// The decimal text of whole numbers, written straight into memory.
package enum DecimalText {
    /// How many bytes `number` takes in decimal, its sign included (at most 20).
    package static func count(of number: Int) -> Int {
        var count = number < 0 ? 2 : 1
        var magnitude = number.magnitude
        while magnitude >= 10_000 {
            magnitude /= 10_000
            count += 4
        }
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }

    /// Writes `number` into the `count` bytes from `start`, where `count` is `count(of: number)`: two
    /// digits at a time.
    package static func write(_ number: Int, to start: UnsafeMutablePointer<UInt8>, count: Int) {
        assert(count == self.count(of: number), "the room for a number is not its length")
        if number < 0 { start.pointee = UInt8(ascii: "-") }
        var magnitude = number.magnitude
        var index = count
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            index -= 2
            start[index] = pairs.utf8Start[pair]
            start[index + 1] = pairs.utf8Start[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(magnitude) * 2
            start[index - 2] = pairs.utf8Start[pair]
            start[index - 1] = pairs.utf8Start[pair + 1]
        } else {
            start[index - 1] = UInt8(ascii: "0") + UInt8(magnitude)
        }
    }

    /// The two digits of each number from 0 to 99.
    private static var pairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }
}

/// Bytes written one after another into memory of its own, which grows as they come: the JSON text
/// of a record given as a `Value`, which the direct path then reads in place. An array's `append`
/// checks that its storage is not shared at every byte; this has no storage to share.
package struct ByteWriter: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    package init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func grow(toHold minimum: Int) {
        let grown = Swift.max(2 * capacity, minimum)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, grown)
    }

    /// Calls `body` with the bytes written.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        assert(count <= capacity)
        return body(UnsafeBufferPointer(start: base, count: count))
    }
}

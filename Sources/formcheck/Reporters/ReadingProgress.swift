import Foundation

/// How far this process has read a data file, as a fraction of its size: the position of the
/// descriptor it reads the file through, which the kernel reports in `/proc/self/fdinfo` (Linux; nil
/// elsewhere, and for input that is not a regular file). A report whose head counts what follows it
/// (JUnit's) predicts from it the counts the head will end with (see `PlacedSpill`).
final class ReadingProgress {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int
    /// The descriptor found reading the file, looked for at the first call.
    private var descriptor: Int32?
    private var lookedFor = false

    init?(path: String) {
        #if os(Linux)
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        (device, inode, size) = (UInt64(status.st_dev), UInt64(status.st_ino), Int(status.st_size))
        #else
        return nil
        #endif
    }

    /// The values (counts, seconds) that tallies growing with the records read will have once the
    /// whole file is read, extrapolated from their values now; nil when that cannot be told. The
    /// reading runs a little ahead of the records tallied, by about the same number of bytes all the
    /// way: the values are extrapolated along their growth since the first call, when the file has been
    /// read far enough since then, which that lead does not skew.
    func extrapolated(_ values: [Double]) -> [Double]? {
        guard let fraction = fraction(), fraction > 0 else { return nil }
        guard let (firstValues, firstFraction) = first else {
            first = (values, fraction)
            return values.map { $0 / fraction }
        }
        let read = fraction - firstFraction
        guard read >= 0.05 else { return values.map { $0 / fraction } }
        return zip(values, firstValues).map { value, firstValue in value + (1 - fraction) * (value - firstValue) / read }
    }

    /// The values at the first call to `extrapolated`, and the part of the file read then.
    private var first: (values: [Double], fraction: Double)?

    /// The part of the file read so far, from 0 to 1; nil when no descriptor of this process reads it.
    private func fraction() -> Double? {
        if !lookedFor {
            lookedFor = true
            descriptor = findDescriptor()
        }
        guard let descriptor, reads(descriptor), let position = Self.position(of: descriptor) else { return nil }
        return min(1, Double(position) / Double(size))
    }

    /// Whether `descriptor` is open on the file (a descriptor closed once the file is read may be
    /// given to another).
    private func reads(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// The first descriptor above standard error open on the file.
    private func findDescriptor() -> Int32? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return names.compactMap(Int32.init).sorted().first { $0 > 2 && reads($0) }
    }

    /// The `pos:` line of the descriptor's entry in `/proc/self/fdinfo`.
    private static func position(of descriptor: Int32) -> Int? {
        guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8) else { return nil }
        for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
            return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

import Foundation

/// Memory settings for long runs over large files, on Linux's C library.
enum MallocTuning {
    /// Keeps glibc from hoarding freed megabyte buffers: buffers of 512 KiB and more (the blocks JSON
    /// Lines are read in) are always mapped and unmapped on their own. By default glibc raises this
    /// threshold, and with it the amount of free memory each thread's heap keeps, as such buffers are
    /// freed; blocks then come from heaps that fragment as they move between threads, and peak memory
    /// can drift up over a file of many gigabytes (once 245 MB on a 4 GB file, against 26 MB with this).
    /// Smaller buffers (a JSON array's windows, about 250 KB) come from the heaps, which reuse them,
    /// rather than from fresh mappings whose every page faults in.
    ///
    /// Setting the threshold also fixes the heaps' trim threshold at glibc's 128 KiB, which would hand
    /// memory back to the system, and fault it in again, each time a few hundred kilobytes at the top of
    /// a heap are freed (about once per block of a file with many errors); heaps keep up to 4 MiB free
    /// instead.
    static func keepLargeBuffersMapped() {
        #if os(Linux)
        // `mallopt` is not in the Glibc module; `M_TRIM_THRESHOLD` is -1 and `M_MMAP_THRESHOLD` -3
        // in <malloc.h>.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 512 * 1024)
        _ = mallopt(-1, 4 * 1024 * 1024)
        #endif
    }
}

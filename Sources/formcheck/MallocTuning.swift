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
    static func keepLargeBuffersMapped() {
        #if os(Linux)
        // `mallopt` is not in the Glibc module; `M_MMAP_THRESHOLD` is -3 in <malloc.h>.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 512 * 1024)
        #endif
    }
}

import Foundation

/// Output that must wait for a head written before it (SARIF's rules, a JUnit suite's counts): held in
/// memory up to a few megabytes, and beyond that written straight into standard output, where that is
/// a file, at the place it will have behind the head (`PlacedSpill`), or else in an unnamed temporary
/// file, so that the reports of a large run do not grow memory; written out in order, after its head.
///
/// Its bytes are placed in standard output only when its appends say how long the head will be, by
/// which its owner promises that nothing else is written to standard output before that head.
final class SpooledOutput {
    // Changed by the writing thread alone, for every record written: not checked for exclusive access
    // at run time.
    @exclusivity(unchecked) private var memory = OutputBuffer()
    /// The part spilled into standard output, when there is one.
    @exclusivity(unchecked) private var placed: PlacedSpill?
    /// Whether placing the spilled part in standard output was tried (at the first spill).
    @exclusivity(unchecked) private var triedPlacing = false
    /// The part spilled into a temporary file, after the placed part, if any.
    @exclusivity(unchecked) private var file: UnsafeMutablePointer<FILE>?
    /// The bytes written to the file, and the room set aside there for them (see `FileSpace`).
    @exclusivity(unchecked) private var (spilled, reserved) = (0, 0)
    var isEmpty: Bool { memory.isEmpty && file == nil && placed == nil }
    /// The most bytes held in memory before they go to the file.
    static let memoryLimit = 4 << 20
    /// How much room is set aside in the file at a time.
    static let fileRoomStep = 32 << 20
    /// How much of the file is copied out before its pages are handed back.
    static let copyStep = 8 << 20

    deinit {
        if let file { fclose(file) }
    }

    // Each append takes the length of the head that will be written before the output, which it
    // reads only when it spills; nil when the output must not be placed in standard output.

    func append(_ buffer: OutputBuffer, headLength: @autoclosure () -> Int? = nil) {
        buffer.withBytes { append($0, headLength: headLength()) }
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>, headLength: @autoclosure () -> Int? = nil) {
        memory.append(bytes)
        spillIfFull(headLength: headLength)
    }

    func append(_ text: String) {
        memory.append(text: text)
        spillIfFull(headLength: { nil })
    }

    /// What `write` appends to a buffer.
    func append(headLength: @autoclosure () -> Int? = nil, _ write: (inout OutputBuffer) -> Void) {
        write(&memory)
        spillIfFull(headLength: headLength)
    }

    private func spillIfFull(headLength: () -> Int?) {
        guard memory.count > Self.memoryLimit else { return }
        // Placed in standard output while that can go on (at the first spill, or after pieces placed,
        // and none gone to the temporary file, which the rest then follows): only then is the head's
        // length made, which for SARIF and JUnit means making the head.
        let isFirstSpill = !triedPlacing
        triedPlacing = true
        if file == nil, isFirstSpill || placed != nil, let length = headLength() {
            if isFirstSpill { placed = PlacedSpill.begin() }
            if let placed, memory.withBytes({ placed.write($0, headLength: length) }) {
                memory.removeAll()
                return
            }
        }
        // Without a temporary file, everything stays in memory.
        if file == nil { file = tmpfile() }
        guard let file else { return }
        if spilled + memory.count > reserved {
            FileSpace.reserve(in: fileno(file), at: reserved, count: Self.fileRoomStep)
            reserved += Self.fileRoomStep
        }
        memory.withBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        spilled += memory.count
        // Its room is kept: a fresh one would be mapped, and its pages faulted in, at every spill.
        memory.removeAll()
    }

    /// Writes `head`, then everything appended, to standard output, in order, and empties it. A part
    /// placed in standard output is moved behind the head where the head's length was not the one
    /// predicted; a part in the temporary file is copied from it by the kernel (`sendfile`, on Linux),
    /// into room set aside for it where standard output is a file; or where it cannot be, through a
    /// buffer.
    func write(after head: String = "") {
        if let placed {
            if !placed.finish(head: head) { Output.error("error: the report could not be written whole to standard output\n") }
            self.placed = nil
        } else {
            Output.out(head)
        }
        triedPlacing = false
        if let file {
            fflush(file)
            Output.flush()
            let length = Int(ftell(file))
            var offset = off_t(0)
            #if os(Linux)
            // Into a file, in room set aside, a step at a time, each step's pages of the temporary file
            // handed back once copied: the copy's pages are then mostly those, and the run holds one copy
            // of the report, not two. Not into a pipe, which holds the pages themselves until they are read.
            let intoFile = FileSpace.isRegularFile(1)
            if intoFile { FileSpace.reserve(in: 1, at: Int(lseek(1, 0, SEEK_CUR)), count: length) }
            while Int(offset) < length {
                let stepStart = Int(offset)
                let stepEnd = intoFile ? min(stepStart + Self.copyStep, length) : length
                while Int(offset) < stepEnd, sendfile(1, fileno(file), &offset, stepEnd - Int(offset)) > 0 {}
                guard Int(offset) == stepEnd else { break }
                if intoFile { FileSpace.release(in: fileno(file), at: stepStart, count: stepEnd - stepStart) }
            }
            #endif
            fseek(file, Int(offset), SEEK_SET)
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
                guard count > 0 else { break }
                chunk.withUnsafeBufferPointer { Output.write(bytes: UnsafeBufferPointer(rebasing: $0[..<count])) }
            }
            fclose(file)
            self.file = nil
            (spilled, reserved) = (0, 0)
        }
        Output.write(memory)
        memory = OutputBuffer()
    }
}

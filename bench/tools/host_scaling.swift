// What this machine gives two threads that share nothing: some work done by one thread, then twice as
// much by two at once, each taking the next piece while any is left (as formcheck's threads share its
// chunks). The work is a scanner's: it reads a buffer of JSON Lines of its own (which stays in its
// core's cache) a byte at a time, looks each byte's class up in a table and branches on it, as a parser
// does, so that it needs a core's whole width as formcheck does (a chain of multiplications would not:
// it leaves most of a core to whatever else the host runs on it). Two threads that took as long as one
// would be 2x; a host that gives its CPUs less when both are busy gives less, and no program can scale
// further on it then. Built and run by bench/run.py beside formcheck's pairs; prints the two times in
// seconds. Optional arguments: the passes one thread makes, and the buffer's size in KiB.
import Foundation
import Synchronization

let bufferBytes = (Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 256) * 1024
let passes = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 250

/// Each byte's class: 0 other, 1 quote, 2 backslash, 3 digit, 4 letter, 5 structure, 6 line feed.
let classes: [UInt8] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "\""): 1
    case UInt8(ascii: "\\"): 2
    case UInt8(ascii: "0")...UInt8(ascii: "9"): 3
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): 4
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","): 5
    case UInt8(ascii: "\n"): 6
    default: 0
    }
}

/// The line the buffer repeats (with its digits varied), and how many times.
let sampleLine = Array(#"{"email":"ada.1234@example.com","password":"Secret123","age":36,"tags":["a","b\\"c"]}"#.utf8) + [10]
let linesPerPass = bufferBytes / sampleLine.count

/// A scanner's tally over JSON Lines: the buffer's bytes, a pass at a time.
struct Scanner {
    var buffer: [UInt8]
    var tally: (strings: UInt64, numbers: UInt64, words: UInt64, structure: UInt64, lines: UInt64, escapes: UInt64) = (0, 0, 0, 0, 0, 0)
    var value: UInt64 = 0
    var inString = false

    init() {
        buffer = (0..<linesPerPass).flatMap { index in
            sampleLine.map { $0 == UInt8(ascii: "4") ? UInt8(ascii: "0") + UInt8(index % 10) : $0 }
        }
    }

    mutating func pass() {
        for byte in buffer {
            switch classes[Int(byte)] {
            case 1: inString.toggle(); tally.strings &+= 1
            case 2: tally.escapes &+= 1
            case 3: value = value &* 10 &+ UInt64(byte &- UInt8(ascii: "0")); tally.numbers &+= 1
            case 4: tally.words &+= inString ? 1 : 2
            case 5: tally.structure &+= 1; value = 0
            case 6: tally.lines &+= 1
            default: break
            }
        }
    }
}

/// Seconds that `threads` threads take to make `passes` passes in all, each taking the next pass
/// while any is left (so that a thread the host slows does fewer, as formcheck's chunks are shared).
func timed(threads: Int, passes: Int) -> Double {
    let next = Atomic<Int>(0)
    // The lines the threads scanned in all, which checks that every pass was made, and a sum of the rest of
    // their tallies, which keeps the compiler from dropping the work that makes them.
    let lines = Atomic<UInt64>(0)
    let rest = Atomic<UInt64>(0)
    let done = DispatchGroup()
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<threads {
        done.enter()
        Thread.detachNewThread {
            var scanner = Scanner()
            while next.add(1, ordering: .relaxed).oldValue < passes { scanner.pass() }
            lines.add(scanner.tally.lines, ordering: .relaxed)
            let tally = scanner.tally
            rest.add(tally.strings &+ tally.numbers &+ tally.words &+ tally.structure &+ tally.escapes &+ scanner.value, ordering: .relaxed)
            done.leave()
        }
    }
    done.wait()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    precondition(lines.load(ordering: .relaxed) == UInt64(passes * linesPerPass),
                 "a pass was lost")
    precondition(rest.load(ordering: .relaxed) > 0 || passes == 0, "nothing was tallied")
    return seconds
}

let one = timed(threads: 1, passes: passes)
let two = timed(threads: 2, passes: 2 * passes)
print(String(format: "%.4f %.4f", one, two))

// How long one core takes to hand a cache line to another and get it back: two threads take turns
// incrementing one shared counter, each waiting (spinning) for the other's turn. On a virtual machine
// this shows where the host runs the two virtual CPUs: near each other (a shared cache, about 100 ns
// here) or far apart (another die or socket, about 400 ns), which slows work that two threads share.
// Built and run by bench/run.py; prints the median of 5 timed stretches, in nanoseconds, after one
// untimed (the second thread may start on the first one's CPU before it is moved to the other).
import Foundation
import Synchronization

let turnsPerStretch = 100_000
let stretches = 6
let counter = Atomic<Int>(0)

/// Takes every other turn from `first` on, until `last`.
func take(from first: Int, to last: Int) {
    var turn = first
    while turn < last {
        while counter.load(ordering: .acquiring) != turn {}
        counter.store(turn + 1, ordering: .releasing)
        turn += 2
    }
}

let other = Thread { take(from: 1, to: 2 * turnsPerStretch * stretches) }
other.start()
var nanoseconds: [Double] = []
for stretch in 0..<stretches {
    let start = DispatchTime.now().uptimeNanoseconds
    take(from: 2 * turnsPerStretch * stretch, to: 2 * turnsPerStretch * (stretch + 1))
    if stretch > 0 { nanoseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(turnsPerStretch)) }
}
print(Int(nanoseconds.sorted()[nanoseconds.count / 2]))

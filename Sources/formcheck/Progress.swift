import Foundation

/// A one-line progress display on standard error, shown only when standard error is a terminal:
/// records checked, records per second, and files done. It redraws at most five times a second and
/// erases itself before anything else is written.
final class Progress {
    private let isEnabled: Bool
    private let totalFiles: Int
    private var filesDone = 0
    private var records = 0
    /// The count of records at which the time is looked at next.
    private var nextCheck = 256
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var shown = false

    init(totalFiles: Int, isEnabled: Bool = isatty(2) == 1) {
        self.totalFiles = totalFiles
        self.isEnabled = isEnabled
    }

    /// Counts `count` records checked.
    func record(_ count: Int = 1) {
        guard isEnabled else { return }
        records += count
        guard records >= nextCheck else { return }
        nextCheck = records + 256
        drawIfDue()
    }

    func fileDone() {
        filesDone += 1
        guard isEnabled, filesDone < totalFiles else { return }
        drawIfDue()
    }

    /// Erases the line, so the next output starts clean.
    func clear() {
        guard isEnabled, shown else { return }
        Output.flush()
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }

    private func drawIfDue() {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.2 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(started), 0.001)
        let rate = Int(Double(records) / elapsed)
        Output.flush()
        FileHandle.standardError.write(Data("\r\u{1B}[K\(records) records (\(rate)/s), \(filesDone)/\(totalFiles) files".utf8))
        shown = true
    }
}

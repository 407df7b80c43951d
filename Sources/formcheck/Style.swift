import Foundation

/// ANSI styling for terminal output; every method returns its text unchanged when color is off.
struct Style {
    enum Choice: String, CaseIterable {
        case auto, always, never
    }

    let isEnabled: Bool

    /// No color, whatever the terminal.
    static let plain = Style(.never)

    /// `auto` colors a terminal unless `NO_COLOR` is set to something; `always` and `never` decide alone.
    init(_ choice: Choice, descriptor: Int32 = 1) {
        switch choice {
        case .always: isEnabled = true
        case .never: isEnabled = false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            isEnabled = !noColor && isatty(descriptor) == 1
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func green(_ text: String) -> String { wrap(text, "1;32") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    func severity(_ severity: String) -> String {
        severity == "warning" ? yellow(severity) : red(severity)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

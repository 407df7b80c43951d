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

    /// The attributes the output uses, as SGR parameters.
    enum Attribute: String {
        case bold = "1", red = "1;31", yellow = "1;33", green = "1;32", dim = "2"
    }

    func bold(_ text: String) -> String { wrap(text, .bold) }
    func red(_ text: String) -> String { wrap(text, .red) }
    func yellow(_ text: String) -> String { wrap(text, .yellow) }
    func green(_ text: String) -> String { wrap(text, .green) }
    func dim(_ text: String) -> String { wrap(text, .dim) }

    func severity(_ severity: String) -> String {
        wrap(severity, Self.attribute(ofSeverity: severity))
    }

    static func attribute(ofSeverity severity: String) -> Attribute {
        severity == "warning" ? .yellow : .red
    }

    /// The escape that turns `attribute` on, or nothing when color is off; `end` turns it off.
    func start(_ attribute: Attribute) -> String {
        isEnabled ? "\u{1B}[\(attribute.rawValue)m" : ""
    }

    var end: String { isEnabled ? "\u{1B}[0m" : "" }

    private func wrap(_ text: String, _ attribute: Attribute) -> String {
        start(attribute) + text + end
    }
}

import Foundation
import Testing

/// Color appears on a terminal or with `--color always`, never in a pipe or under `NO_COLOR`.
@Suite(.needsYAML) struct ColorTests {
    static let escape = "\u{1B}["

    /// Whether the text holds an SGR color sequence (progress may still erase its line with ESC [ K).
    static func hasColor(_ text: String) -> Bool {
        text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil
    }

    func scratch() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  n: { type: integer, label: N, rules: [{ max: 1 }] }\n")
        try scratch.write("d.json", #"{"n": 5}"#)
        return scratch
    }

    @Test func alwaysColorsEvenInAPipe() throws {
        let dir = try scratch()
        let result = try Formcheck.run(["s.yaml", "d.json", "--color", "always"], directory: dir.url)
        #expect(result.stdout == """
            \(Self.escape)1md.json:1:7:\(Self.escape)0m \(Self.escape)1;31merror\(Self.escape)0m: record 1, n: N must be at most 1. \(Self.escape)2m[max]\(Self.escape)0m
            {"n": 5}
            \(Self.escape)1;32m      ^\(Self.escape)0m
            \(Self.escape)1m1 file, 1 record: 0 valid, 1 invalid; 1 error, 0 warnings\(Self.escape)0m

            """)
    }

    @Test func aPipeGetsNoColor() throws {
        let dir = try scratch()
        let result = try Formcheck.run(["s.yaml", "d.json"], directory: dir.url, environment: [:])
        #expect(!result.stdout.contains(Self.escape))
        #expect(result.stdout.hasPrefix("d.json:1:7: error: record 1, n: N must be at most 1. [max]\n"))
    }

    @Test func aTerminalGetsColorUnlessNoColorIsSet() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let dir = try scratch()
        let terminal = try Formcheck.run(["s.yaml", "d.json"], directory: dir.url, environment: [:],
                                         through: ["/usr/bin/script", "-qec"])
        #expect(terminal.stdout.contains("\(Self.escape)1;31merror\(Self.escape)0m"))
        let noColor = try Formcheck.run(["s.yaml", "d.json"], directory: dir.url, environment: ["NO_COLOR": "1"],
                                        through: ["/usr/bin/script", "-qec"])
        #expect(noColor.stdout.contains("error: record 1"))
        #expect(!Self.hasColor(noColor.stdout))
        let never = try Formcheck.run(["s.yaml", "d.json", "--color", "never"], directory: dir.url, environment: [:],
                                      through: ["/usr/bin/script", "-qec"])
        #expect(!Self.hasColor(never.stdout))
    }
}

/// Progress appears on a terminal's standard error and never in a pipe.
@Suite(.needsYAML) struct ProgressTests {
    func scratch() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  n: { type: integer, label: N, rules: [{ max: 1000 }] }\n")
        try scratch.write("d.jsonl", (0..<600).map { #"{"n": \#($0)}"# }.joined(separator: "\n") + "\n")
        return scratch
    }

    @Test func aTerminalShowsProgressAndErasesIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let dir = try scratch()
        let result = try Formcheck.run(["s.yaml", "d.jsonl"], directory: dir.url, environment: [:], through: ["/usr/bin/script", "-qec"])
        // Records without issues are counted a run at a time: these 600, one chunk, at once.
        #expect(result.stdout.contains("\r\u{1B}[K600 records ("))
        #expect(result.stdout.contains("/s), 0/1 files"))
        #expect(result.stdout.contains("\r\u{1B}[K\u{1B}[1m1 file, 600 records: 600 valid, 0 invalid"))
    }

    @Test func aPipeShowsNoProgress() throws {
        let dir = try scratch()
        let result = try Formcheck.run(["s.yaml", "d.jsonl"], directory: dir.url, environment: [:])
        #expect(result.stderr == "")
        #expect(result.stdout == "1 file, 600 records: 600 valid, 0 invalid; 0 errors, 0 warnings\n")
    }
}

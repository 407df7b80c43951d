import Foundation
import Testing

/// Color appears on a terminal or with `--color always`, never in a pipe or under `NO_COLOR`.
@Suite struct ColorTests {
    static let escape = "\u{1B}["

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
        #expect(!noColor.stdout.contains(Self.escape))
        let never = try Formcheck.run(["s.yaml", "d.json", "--color", "never"], directory: dir.url, environment: [:],
                                      through: ["/usr/bin/script", "-qec"])
        #expect(!never.stdout.contains(Self.escape))
    }
}

import Foundation
import Testing

/// Output never depends on what a sensitive value is, nor on its length: records written with one
/// secret and with another, longer one give the same output, byte for byte, in every format, well
/// formed or cut short anywhere and ended with a stray token (a syntax error after the values
/// before it, in JSON Lines, JSON arrays on one line and pretty-printed, and YAML block and flow).
///
/// 24 cuts of each template are tried, each with one of the endings, in text and JSON output;
/// `FORMCHECK_REDACTION_STRIDE=N` tries every Nth cut with every ending (1: every byte), in the
/// summary too.
struct RedactionInvarianceTests {
    static let secrets = ["Zq9x" + String(repeating: "a", count: 18) + "Q", "Zq9x" + String(repeating: "b", count: 29) + "Q"]
    /// Where a secret goes in a template.
    static let placeholder: Character = "\u{0}"
    static let templates: [(name: String, text: String)] = [
        ("a.jsonl", """
            {"name": "Al", "password": "\0", "account": {"pin": "\0"}, "creds": {"key": "\0", "inner": {"token": "\0"}}}
            {"password": "\0", "name": "Anna"}

            """),
        ("b.json", #"[{"name": "Al", "password": "\#0"}, {"account": {"pin": "\#0"}, "name": 1}, {"creds": {"key": "\#0"}, "password": "\#0"}]"#),
        ("c.json", "[\n  {\"password\": \"\0\", \"name\": \"Al\"},\n  {\"account\": {\"pin\": \"\0\", \"q\": 1},\n   \"password\": \"\0\"}\n]\n"),
        ("d.yaml", "name: Al\npassword: \0\naccount:\n  pin: \"\0\"\n---\npassword: '\0'\nname: Anna\n"),
        ("e.yaml", "- {password: \0, name: Al, account: {pin: \0}}\n- {creds: {key: \0}, password: \"\0\"}\n"),
    ]
    /// What follows a cut: nothing, or a token that cannot come there.
    static let endings = ["", ";", "}", "01"]

    @Test func outputDoesNotDependOnSensitiveValues() throws {
        let dense = Int(ProcessInfo.processInfo.environment["FORMCHECK_REDACTION_STRIDE"] ?? "")
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", SensitiveValueTests.namedSchema)
        var files = 0
        for (name, template) in Self.templates {
            let characters = Array(template)
            let (base, ext) = (name.split(separator: ".")[0], name.split(separator: ".")[1])
            let stride = dense ?? max(1, characters.count / 24)
            for cut in Swift.stride(from: 0, through: characters.count, by: stride) where cut == characters.count || characters[cut] != Self.placeholder {
                for (ending, token) in Self.endings.enumerated()
                where (cut < characters.count || ending == 0) && (dense != nil || ending == cut / stride % Self.endings.count) {
                    for (index, secret) in Self.secrets.enumerated() {
                        let text = String(characters[..<cut]).replacingOccurrences(of: String(Self.placeholder), with: secret) + token
                        try scratch.write("\(index)/\(base)-\(cut)-\(ending).\(ext)", text)
                    }
                    files += 1
                }
            }
        }
        for format in dense == nil ? ["text", "json"] : ["text", "json", "summary"] {
            let runs = try (0..<2).map { try Formcheck.run(["s.yaml", "\($0)", "--all-errors", "--format", format], directory: scratch.url) }
            for run in runs {
                for secret in Self.secrets { #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(format)") }
                // Files cut short cannot be read.
                #expect(run.status == 2, "\(format)")
            }
            // The same, once the folders are named alike.
            func named(_ text: String, _ index: Int) -> String {
                text.replacingOccurrences(of: "(^|\n|\")\(index)/", with: "$1D/", options: .regularExpression)
            }
            #expect(named(runs[0].stdout, 0) == named(runs[1].stdout, 1), "\(format): stdout")
            #expect(named(runs[0].stderr, 0) == named(runs[1].stderr, 1), "\(format): stderr")
        }
        #expect(files >= 5 * 24)
    }
}

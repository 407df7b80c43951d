import Foundation
import Testing

/// The Swift snippets of the README and of the DocC articles compile as written: each is copied into
/// `DocumentationSnippets.swift` as the body of a function of this test target (on the main actor, where
/// an app's forms live), so the tests do not build when one stops compiling, and this test fails when the copies differ from the documents.
/// After changing a snippet, write the file anew: `FORMCHECK_WRITE_SNIPPETS=1 swift test --filter
/// DocumentationSnippetTests`.
///
/// Two kinds of snippet are not copied: fragments of a `Package.swift` (their first line of code
/// starts with `.`; `Tests/Packages/BundleApp` builds a manifest of that form), and SwiftUI and UIKit
/// code, which Linux cannot compile.
@Suite struct DocumentationSnippetTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DocumentationSnippets.swift")

    /// A snippet: where it is (the heading it stands under, which rows added to a table above it do not
    /// move), and its text.
    struct Snippet: Equatable {
        let document: String
        let heading: String
        let text: String
    }

    /// The README, then the DocC articles by name.
    static func documents() throws -> [String] {
        let articles = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/FormCheck/FormCheck.docc").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Sources/FormCheck/FormCheck.docc/\($0)" }
        return ["README.md"] + articles
    }

    /// The ```swift blocks of a document that compile on Linux outside a manifest.
    static func snippets(in document: String) throws -> [Snippet] {
        let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8).components(separatedBy: "\n")
        var snippets: [Snippet] = []
        var heading = "its start"
        // Within a block of other code, a line starting with `#` is a comment, not a heading.
        var isInOtherBlock = false
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed == "```swift", !isInOtherBlock else {
                if trimmed.hasPrefix("```") {
                    isInOtherBlock.toggle()
                } else if !isInOtherBlock, lines[index].hasPrefix("#") {
                    heading = lines[index]
                }
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            // A snippet's imports go to the top of the file (which imports FormCheck and Foundation).
            let body = lines[start..<end].filter { !$0.hasPrefix("import ") }
            index = end + 1
            let firstCode = body.first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") } ?? ""
            let isManifest = firstCode.trimmingCharacters(in: .whitespaces).hasPrefix(".")
            let needsAppleFrameworks = body.contains { $0.contains(": View") || $0.contains("UITableViewCell") || $0.contains("SwiftUI") }
            if isManifest || needsAppleFrameworks { continue }
            snippets.append(Snippet(document: document, heading: heading, text: body.joined(separator: "\n")))
        }
        return snippets
    }

    /// The file of functions the snippets are copied into.
    static func file(of snippets: [Snippet]) -> String {
        var file = """
            // Written by DocumentationSnippetTests from the README and the DocC articles: their Swift snippets,
            // each the body of a function, so that they compile with the tests. Edit the documents, then write
            // this file anew (FORMCHECK_WRITE_SNIPPETS=1 swift test --filter DocumentationSnippetTests).
            import FormCheck
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            extension DocumentationSnippetContext {
            """
        for (number, snippet) in snippets.enumerated() {
            file += "\n    // \(snippet.document), under \(snippet.heading)\n"
            file += "    @MainActor static func snippet\(number + 1)() async throws {\n\(snippet.text)\n    }\n"
        }
        return file + "}\n"
    }

    @Test func snippetsAreCompiledAsWritten() throws {
        let snippets = try Self.documents().flatMap(Self.snippets(in:))
        let expected = Self.file(of: snippets)
        if ProcessInfo.processInfo.environment["FORMCHECK_WRITE_SNIPPETS"] == "1" {
            try expected.write(to: Self.generated, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: Self.generated, encoding: .utf8)
        #expect(written == expected, "DocumentationSnippets.swift is not the documents' snippets; write it anew (FORMCHECK_WRITE_SNIPPETS=1)")
        // Every document with code has snippets that compile here.
        #expect(Set(snippets.map(\.document)).count >= 5)
    }
}

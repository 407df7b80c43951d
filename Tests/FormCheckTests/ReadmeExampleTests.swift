import Foundation
import Testing
@testable import FormCheck

/// Every complete schema in the README compiles, so the manual cannot drift from the language.
@Suite(.needsYAML) struct ReadmeExampleTests {
    static let schemas: [String] = {
        let readme = (try? String(contentsOfFile: "\(packageRoot)/README.md", encoding: .utf8)) ?? ""
        return readme.components(separatedBy: "```yaml\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.hasPrefix("formcheck: 1") }
    }()

    @Test func theReadmeHasSchemaExamples() {
        #expect(Self.schemas.count >= 3)
    }

    @Test(arguments: schemas) func readmeSchemaCompiles(_ text: String) throws {
        // Examples that name a catalog folder get the shipped one.
        do {
            _ = try FormSchema(text: text, name: "README.md", messagesDirectory: "\(packageRoot)/schemas/messages")
        } catch {
            Issue.record("README schema did not compile:\n\(error.description)")
        }
    }

    @Test func theReadmeSignupSchemaIsTheShippedOne() throws {
        let file = try String(contentsOfFile: "\(packageRoot)/schemas/signup.yaml", encoding: .utf8)
        #expect(Self.schemas[0] == file)
    }
}

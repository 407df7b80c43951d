import Foundation
@testable import FormCheck

/// A scratch folder for test files, removed with the value.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("formcheck-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A folder holding `messages/en.yaml` with these messages, by key.
    convenience init(englishMessages messages: KeyValuePairs<String, String>) throws {
        try self.init()
        try write("messages/en.yaml", "messages:\n" + messages.map { "  \($0.key): \(JSONWriter.quoted($0.value))\n" }.joined())
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

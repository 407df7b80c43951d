import Synchronization

/// The messages a renderer has made, by everything that decides their text, shared by the threads
/// that use one schema. It holds at most `capacity` messages and starts afresh when full, so a long
/// run over varied values (a `maxLength` failure quotes no value, but a `strength` failure lists
/// what is unmet) does not grow it without bound.
final class RenderedMessages: Sendable {
    struct Key: Hashable, Sendable {
        let rule: String
        let code: String
        let field: String
        let labelOverride: String?
        let source: MessageSource
        let parameters: MessageParameters
        let locale: String
    }

    static let capacity = 4_096
    private let messages = Mutex<[Key: String]>([:])

    /// The message for `key`, made by `render` the first time.
    func message(for key: Key, render: () -> String) -> String {
        if let message = messages.withLock({ $0[key] }) { return message }
        let message = render()
        messages.withLock { messages in
            if messages.count >= Self.capacity { messages.removeAll(keepingCapacity: true) }
            messages[key] = message
        }
        return message
    }
}

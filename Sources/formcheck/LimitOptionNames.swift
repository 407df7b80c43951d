import FormCheck

/// Messages about a size limit name the option that raises it, written here only:
/// `line 3 is larger than the limit of 1K (--max-record-size)`.
extension SizeLimitExceeded {
    /// The option that raises the limit crossed.
    var option: String {
        switch kind {
        case .record: return "--max-record-size"
        case .schema: return "--max-schema-size"
        }
    }

    /// The message with the option named after it.
    var messageNamingOption: String {
        "\(message) (\(option))"
    }
}

extension DataFileError {
    /// The message, naming the option when a limit was crossed.
    var messageNamingOption: String {
        guard case .tooLarge(let exceeded) = self else { return message }
        return exceeded.messageNamingOption
    }
}

extension Diagnostic {
    /// The diagnostic with the option named after the limit it reports crossed, if any; what its
    /// message adds after the limit's (a skipped catalog's fallback) is kept.
    var namingLimitOption: Diagnostic {
        guard let exceeded = exceededLimit, message.hasPrefix(exceeded.message) else { return self }
        var named = self
        named.message = exceeded.messageNamingOption + message.dropFirst(exceeded.message.count)
        return named
    }
}

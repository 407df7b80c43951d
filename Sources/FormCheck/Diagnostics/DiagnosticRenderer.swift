/// Renders diagnostics the way compilers print them: `file:line:col: error: message`,
/// then the source line and a caret under the column.
package struct DiagnosticRenderer: Sendable {
    private let sources: [String: SourceText]
    /// The one source quoted whatever file a diagnostic names, when the renderer was made for one.
    private let onlySource: SourceText?

    package init(source: SourceText?) {
        self.sources = source.map { [$0.name: $0] } ?? [:]
        self.onlySource = source
    }

    /// A renderer that quotes lines from several files, each found by its name; a diagnostic about any
    /// other file is shown without a quoted line.
    package init(sources: [SourceText]) {
        self.sources = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.onlySource = nil
    }

    /// Renders every diagnostic, each followed by its quoted line and notes.
    package func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// Renders one diagnostic; the result ends with a newline.
    package func render(_ diagnostic: Diagnostic) -> String {
        let source = sources[diagnostic.file] ?? onlySource
        var out = header(diagnostic.file, diagnostic.position, diagnostic.severity.rawValue, diagnostic.message)
        out += excerpt(at: diagnostic.position, in: source)
        for note in diagnostic.notes {
            out += header(diagnostic.file, note.position, "note", note.message)
            out += excerpt(at: note.position, in: source)
        }
        return out
    }

    private func header(_ file: String, _ position: SourcePosition?, _ kind: String, _ message: String) -> String {
        if let position {
            return "\(file):\(position.line):\(position.column): \(kind): \(message)\n"
        }
        return "\(file): \(kind): \(message)\n"
    }

    private func excerpt(at position: SourcePosition?, in source: SourceText?) -> String {
        guard let position, let line = source?.line(position.line), !line.isEmpty else { return "" }
        let excerpt = SourceExcerpt(line: line, column: position.column, width: .max)
        return "\(excerpt.text)\n\(excerpt.marker)\n"
    }
}

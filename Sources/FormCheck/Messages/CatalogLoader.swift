import Foundation

/// Reads a schema's catalog folder: every `LOCALE.yaml`, `LOCALE.yml` or `LOCALE.json` in it.
enum CatalogLoader {
    /// A catalog file that could not be read: its locale (nil when the name is not one) and why.
    struct Failure: Sendable {
        let locale: String?
        let diagnostics: [Diagnostic]
    }

    /// The catalogs read, and the files that could not be: one broken file leaves the others usable.
    /// - Throws: `SchemaError` when the folder does not exist.
    static func load(
        directory: String, schemaFile: String, position: SourcePosition?, source: SourceText, limit: SizeLimit
    ) throws(SchemaError) -> (catalogs: [MessageCatalog], failures: [Failure]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SchemaError(diagnostics: [Diagnostic(.error, "no message catalog folder at '\(directory)'", file: position == nil ? directory : schemaFile,
                                                       at: position)], source: source)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var catalogs: [MessageCatalog] = []
        var failures: [Failure] = []
        for name in names where !name.hasPrefix(".") {
            guard let dot = name.lastIndex(of: "."), [".yaml", ".yml", ".json"].contains(String(name[dot...])) else { continue }
            let locale = String(name[..<dot])
            let path = directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
            guard LocaleIdentifier.isValid(locale) else {
                failures.append(Failure(locale: nil, diagnostics: [
                    Diagnostic(.error, "a catalog is named after its locale, such as fr.yaml or pt-BR.yaml", file: path, at: nil),
                ]))
                continue
            }
            let normalized = LocaleIdentifier.normalized(locale)
            do {
                let bytes = try FileBytes.read(path, limit: limit)
                catalogs.append(try MessageCatalog(bytes: bytes, file: path, locale: normalized))
            } catch let error as SchemaError {
                failures.append(Failure(locale: normalized, diagnostics: error.diagnostics))
            } catch let error as FileBytes.Failure {
                failures.append(Failure(locale: normalized, diagnostics: [error.diagnostic(reading: .catalog, path, limit: limit)]))
            } catch {
                failures.append(Failure(locale: normalized, diagnostics: [Diagnostic(.error, "cannot read the catalog", file: path, at: nil)]))
            }
        }
        return (catalogs, failures)
    }
}

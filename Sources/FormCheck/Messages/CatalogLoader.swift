import Foundation

/// Reads a schema's catalog folder: every `LOCALE.yaml`, `LOCALE.yml` or `LOCALE.json` in it.
enum CatalogLoader {
    static func load(
        directory: String, schemaFile: String, position: SourcePosition?, source: SourceText, limit: SizeLimit
    ) throws(SchemaError) -> [MessageCatalog] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SchemaError(diagnostics: [Diagnostic(.error, "no message catalog folder at '\(directory)'", file: position == nil ? directory : schemaFile,
                                                       at: position)], source: source)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var catalogs: [MessageCatalog] = []
        var diagnostics: [Diagnostic] = []
        for name in names where !name.hasPrefix(".") {
            guard let dot = name.lastIndex(of: "."), [".yaml", ".yml", ".json"].contains(String(name[dot...])) else { continue }
            let locale = String(name[..<dot])
            let path = directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
            guard LocaleIdentifier.isValid(locale) else {
                diagnostics.append(Diagnostic(.error, "a catalog is named after its locale, such as fr.yaml or pt-BR.yaml", file: path, at: nil))
                continue
            }
            do {
                let bytes = try FileBytes.read(path, limit: limit)
                catalogs.append(try MessageCatalog(bytes: bytes, file: path, locale: LocaleIdentifier.normalized(locale)))
            } catch let error as SchemaError {
                diagnostics += error.diagnostics
            } catch let error as FileBytes.Failure {
                diagnostics.append(Diagnostic(.error, error.describing("the catalog", limit: limit), file: path, at: nil))
            } catch {
                diagnostics.append(Diagnostic(.error, "cannot read the catalog", file: path, at: nil))
            }
        }
        guard diagnostics.isEmpty else { throw SchemaError(diagnostics: diagnostics, source: nil) }
        return catalogs
    }
}

import Foundation
import PackagePlugin

/// Bundles a target's form schemas at build time: each `NAME.form.yaml`, `NAME.form.yml` or
/// `NAME.form.json` among the target's files becomes the resource `NAME.formbundle`, written by
/// `formcheck bundle`, which `FormSchema(bundleResource: "NAME", in: .module)` loads. A mistake in a
/// schema fails the build with its file, line and column.
@main
struct FormCheckBundlePlugin: BuildToolPlugin {
    static let schemaSuffixes = [".form.yaml", ".form.yml", ".form.json"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let formcheck = try context.tool(named: "formcheck")
        let files = target.sourceFiles.map(\.url)
        // A schema's catalogs are among the target's YAML and JSON files: a change to any of them bundles again.
        let catalogs = files.filter { ["yaml", "yml", "json"].contains($0.pathExtension) && Self.formName(of: $0) == nil }
        return files.compactMap { schema in
            guard let name = Self.formName(of: schema) else { return nil }
            let bundle = context.pluginWorkDirectoryURL.appending(path: "\(name).formbundle")
            return .buildCommand(
                displayName: "Bundling form \(schema.lastPathComponent)",
                executable: formcheck.url,
                arguments: ["bundle", schema.path, "--output", bundle.path],
                inputFiles: [schema] + catalogs,
                outputFiles: [bundle])
        }
    }

    /// `NAME` for a schema file `NAME.form.yaml` (`.form.yml`, `.form.json`), nil for any other file.
    static func formName(of file: URL) -> String? {
        let fileName = file.lastPathComponent
        guard let suffix = schemaSuffixes.first(where: fileName.hasSuffix) else { return nil }
        return String(fileName.dropLast(suffix.count))
    }
}

import Foundation

/// Schema bundles: a schema compiled by `formcheck bundle` (or the `FormCheckBundlePlugin` build
/// plugin) into one JSON file with its message catalogs (see the README's "Schema bundles"). Every
/// build of the library reads them, with or without the `YAML` trait.
extension FormSchema {
    /// Loads a schema bundle held in memory, such as one downloaded at run time.
    /// - Parameters:
    ///   - data: the bundle's bytes.
    ///   - name: the name diagnostics give the bundle.
    ///   - customRules: the rules this app defines in Swift, which the schema names with `custom: NAME`.
    /// - Throws: `SchemaError` when the data is not a bundle, its format version is not one this
    ///   library reads, its content does not match its hash (it was changed or cut short), or its
    ///   schema does not compile (a `custom:` rule that `customRules` lacks).
    public init(bundle data: Data, name: String = "<bundle>", customRules: [CustomRule] = []) throws(SchemaError) {
        self = try SchemaBundle.schema(from: Array(data), name: name, customRules: customRules)
    }

    /// Loads the schema bundle at a file URL.
    /// - Throws: `SchemaError` when the file cannot be read or is larger than `maxFileSize`, and as
    ///   `init(bundle:name:customRules:)` does.
    public init(bundle url: URL, customRules: [CustomRule] = [], maxFileSize: SizeLimit = .schemas) throws(SchemaError) {
        let path = try Self.filePath(of: url)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: maxFileSize)
        } catch {
            throw SchemaError(diagnostics: [error.diagnostic(reading: .schema, path, limit: maxFileSize)], source: nil)
        }
        self = try SchemaBundle.schema(from: bytes, name: path, customRules: customRules)
    }

    /// Loads a schema bundle shipped as a resource of `bundle` (an app's `.main`, or a package
    /// target's `.module`, where the build plugin puts `signup.formbundle` for `signup.form.yaml`).
    /// - Throws: `SchemaError`: the bundle has no such resource, or as `init(bundle:customRules:maxFileSize:)` does.
    public init(
        bundleResource name: String, withExtension fileExtension: String = "formbundle", in bundle: Bundle = .main,
        customRules: [CustomRule] = [], maxFileSize: SizeLimit = .schemas
    ) throws(SchemaError) {
        try self.init(bundle: Self.url(ofResource: name, withExtension: fileExtension, in: bundle), customRules: customRules,
                      maxFileSize: maxFileSize)
    }

    /// This schema and its own catalogs as a bundle (a JSON document) that `init(bundle:)` loads.
    /// - Throws: `SchemaError` when a value cannot be written in JSON (an infinite number).
    package func bundled() throws(SchemaError) -> [UInt8] {
        try SchemaBundle.bytes(of: self)
    }
}

// swift-tools-version:6.1
import PackageDescription

// An app that ships a form as a bundle: FormCheckBundlePlugin turns Sources/BundleApp/Forms/signup.form.yaml
// (and its catalogs) into the resource signup.formbundle at build time. scripts/test-app-builds builds and runs
// BundleApp, and builds BrokenForm, whose schema has a mistake, to see the build fail at its position.
let package = Package(
    name: "BundleApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "formcheck", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "BundleApp",
            dependencies: [.product(name: "FormCheck", package: "formcheck")],
            plugins: [.plugin(name: "FormCheckBundlePlugin", package: "formcheck")]
        ),
        .target(
            name: "BrokenForm",
            plugins: [.plugin(name: "FormCheckBundlePlugin", package: "formcheck")]
        ),
    ]
)

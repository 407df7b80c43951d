// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "formcheck",
    // The library uses UInt128 and Synchronization's Mutex, which came with these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FormCheck", targets: ["FormCheck"]),
        .executable(name: "formcheck", targets: ["formcheck"]),
        // Bundles a target's `NAME.form.yaml` schemas into `NAME.formbundle` resources at build time.
        .plugin(name: "FormCheckBundlePlugin", targets: ["FormCheckBundlePlugin"]),
    ],
    traits: [
        .trait(
            name: "YAML",
            description: "Read YAML schemas, catalogs and data files through the C library libyaml. Without it, JSON only."
        ),
        .default(enabledTraits: ["YAML"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` builds the library's DocC documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "FormCheck",
            dependencies: [.target(name: "CLibYAML", condition: .when(traits: ["YAML"]))],
            resources: [.embedInCode("Resources/messages")]
        ),
        .executableTarget(
            name: "formcheck",
            dependencies: [
                "FormCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "FormCheckBundlePlugin",
            capability: .buildTool(),
            dependencies: ["formcheck"]
        ),
        .testTarget(
            name: "FormCheckTests",
            dependencies: ["FormCheck"],
            exclude: ["PatternEngine/Data"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["formcheck"],
            exclude: ["Schemas"]
        ),
    ]
)


// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, kept out of the main package's build and tests. Build and run them with
// scripts/fuzz.sh TARGET [SECONDS] (see "Fuzzing" in the README).
let package = Package(
    name: "formcheck-fuzz",
    dependencies: [.package(name: "formcheck", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "FormCheck", package: "formcheck")]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "FormCheck", package: "formcheck")]),
        .executableTarget(name: "FuzzSchema", dependencies: ["FuzzSupport", .product(name: "FormCheck", package: "formcheck")]),
        .executableTarget(name: "FuzzCatalog", dependencies: ["FuzzSupport", .product(name: "FormCheck", package: "formcheck")]),
        .executableTarget(name: "FuzzPattern", dependencies: ["FuzzSupport", .product(name: "FormCheck", package: "formcheck")]),
    ]
)

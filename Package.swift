// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "formcheck",
    products: [
        .library(name: "FormCheck", targets: ["FormCheck"]),
        .executable(name: "formcheck", targets: ["formcheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "FormCheck",
            dependencies: ["CLibYAML"],
            resources: [.embedInCode("Resources/messages")]
        ),
        .executableTarget(
            name: "formcheck",
            dependencies: [
                "FormCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
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

// Micro-benchmarks of the reader, the compiler and the rule engine, kept out of the normal build:
// FORMCHECK_BENCHMARKS=1 swift run -c release FormCheckBenchmarks
if ProcessInfo.processInfo.environment["FORMCHECK_BENCHMARKS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"))
    package.targets.append(.executableTarget(
        name: "FormCheckBenchmarks",
        dependencies: ["FormCheck", .product(name: "Benchmark", package: "swift-benchmark")],
        path: "Benchmarks/FormCheckBenchmarks"
    ))
}

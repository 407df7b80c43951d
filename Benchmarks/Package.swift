// swift-tools-version:6.0
import PackageDescription

// Micro-benchmarks of the compiler, the reader, the rule engine and the form session, in a package
// of their own so that the library's build and `swift test` never fetch or build them:
// cd Benchmarks && swift run -c release FormCheckBenchmarks
let package = Package(
    name: "FormCheckBenchmarks",
    dependencies: [
        .package(name: "formcheck", path: ".."),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .executableTarget(
            name: "FormCheckBenchmarks",
            dependencies: [
                .product(name: "FormCheck", package: "formcheck"),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ],
            path: "FormCheckBenchmarks"
        ),
    ]
)

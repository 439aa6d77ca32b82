// swift-tools-version: 6.1
// transitiond's in-process benchmarks (ordo-one/benchmark). A package of its own so that the main
// build and its unit tests never compile the benchmark dependencies.
//
//   cd Benchmarks && swift package benchmark            # every suite
//   cd Benchmarks && swift package benchmark --target EngineBenchmarks
//
// See docs/performance.md for what each suite measures and today's figures.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let benchmarkTarget: (String, [Target.Dependency]) -> Target = { name, deps in
    .executableTarget(
        name: name,
        dependencies: deps + ["BenchmarkFixtures", .product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/\(name)",
        swiftSettings: strict,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
}

let package = Package(
    name: "transitiond-benchmarks",
    dependencies: [
        .package(name: "transitiond", path: ".."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Engines, configurations and event sinks shared by the suites.
        .target(name: "BenchmarkFixtures",
                dependencies: [.product(name: "TransitionCore", package: "transitiond"),
                               .product(name: "TransitionServer", package: "transitiond"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Sources/BenchmarkFixtures",
                swiftSettings: strict),
        benchmarkTarget("EngineBenchmarks", [.product(name: "TransitionCore", package: "transitiond")]),
        benchmarkTarget("ProtocolBenchmarks", [.product(name: "TransitionCore", package: "transitiond"),
                                               .product(name: "TransitionProtocol", package: "transitiond")]),
        benchmarkTarget("ServerBenchmarks", [.product(name: "TransitionCore", package: "transitiond"),
                                             .product(name: "TransitionServer", package: "transitiond")]),
    ],
    swiftLanguageModes: [.v6]
)

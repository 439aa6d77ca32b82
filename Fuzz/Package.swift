// swift-tools-version: 6.1
// libFuzzer entry points for transitiond's untrusted-input parsers. A package of its own: a fuzzer
// links only with -sanitize=fuzzer, which would break the main package's normal builds.
//
//   Fuzz/run [SECONDS]      # builds every fuzzer and runs each over its corpus (scripts/test runs it)
//
// By hand:
//   cd Fuzz && swift build --sanitize=fuzzer --sanitize=address --product FuzzRequestDecoder \
//       --scratch-path .build-fuzz
//   SWIFT_BACKTRACE=enable=no .build-fuzz/debug/FuzzRequestDecoder -max_total_time=60 Corpus/RequestDecoder
import PackageDescription

let package = Package(
    name: "transitiond-fuzz",
    dependencies: [
        .package(name: "transitiond", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzRequestDecoder",
            dependencies: [.product(name: "TransitionProtocol", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)

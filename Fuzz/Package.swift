// swift-tools-version: 6.1
// libFuzzer entry points for transitiond's untrusted-input parsers. A package of its own: a fuzzer
// links only with -sanitize=fuzzer, which would break the main package's normal builds.
//
//   Fuzz/run [SECONDS]      # builds every fuzzer and runs each over its corpus (scripts/test runs it)
//
// By hand:
//   cd Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address --product FuzzRequestDecoder \
//       --scratch-path .build-fuzz -Xswiftc -use-ld=lld
//   SWIFT_BACKTRACE=enable=no .build-fuzz/release/FuzzRequestDecoder -max_total_time=60 Corpus/RequestDecoder
// (release: about 5x the executions per second of a debug build; -O keeps Swift's runtime checks.
// lld: ld.gold warns about every ASan helper symbol.)
import PackageDescription

let package = Package(
    name: "transitiond-fuzz",
    dependencies: [
        .package(name: "transitiond", path: ".."),
    ],
    targets: [
        // The keysym names the importer fuzzers pass in (xkbcommon's would link the desktop's libraries).
        .target(name: "KeysymTable", dependencies: [.product(name: "TransitionActions", package: "transitiond")]),
        .executableTarget(
            name: "FuzzRequestDecoder",
            dependencies: [.product(name: "TransitionProtocol", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzConfigParser",
            dependencies: [.product(name: "TransitionConfig", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // Touchégg's D-Bus endpoint: the SASL exchange and the messages after it.
        .executableTarget(
            name: "FuzzDBusAuthentication",
            dependencies: [.product(name: "TransitionTouchegg", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzDBusMessage",
            dependencies: [.product(name: "TransitionTouchegg", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The configurations `transitionctl import` reads, written by people.
        .executableTarget(
            name: "FuzzLibinputGesturesImport",
            dependencies: ["KeysymTable", .product(name: "TransitionImport", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzFusumaImport",
            dependencies: ["KeysymTable", .product(name: "TransitionImport", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzToucheggImport",
            dependencies: ["KeysymTable", .product(name: "TransitionImport", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The uinput key service's line protocol: requests from its peers, replies to its client.
        .executableTarget(
            name: "FuzzKeyServiceRequest",
            dependencies: [.product(name: "TransitionKeys", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // GNOME Shell's version as org.gnome.Shell gives it on the session bus.
        .executableTarget(
            name: "FuzzGnomeShellVersion",
            dependencies: [.product(name: "TransitionActions", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The actions file `transitionctl run` reads.
        .executableTarget(
            name: "FuzzActionsDecoder",
            dependencies: ["KeysymTable", .product(name: "TransitionActions", package: "transitiond"),
                           .product(name: "TransitionConfig", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The trace `transitiond --replay` reads (a file someone may have been sent).
        .executableTarget(
            name: "FuzzTraceReader",
            dependencies: [.product(name: "TransitionInput", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // Hyprland's configuration, which `transitionctl doctor` and `run` read for its gestures.
        .executableTarget(
            name: "FuzzHyprlandConfig",
            dependencies: [.product(name: "TransitionActions", package: "transitiond"),
                           .product(name: "TransitionProtocol", package: "transitiond")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)

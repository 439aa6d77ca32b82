// swift-tools-version: 6.3;(experimentalCGen)
// transitiond: touchpad and touchscreen pans as interactive transitions, streamed over a Unix socket.
//
// The module layout follows the data flow:
//   C libraries (CLibInput, CEvdev, CUdev, CSystemd, CLinux)
//     -> TransitionInput  (udev + libevdev + libinput edges, recognisers)   -> GestureInput
//     -> TransitionCore   (pure: progress, velocity, decision, animation)  -> TransitionEvent
//     -> TransitionProtocol (pure: JSON lines v1)                          -> bytes
//     -> TransitionTouchegg (pure: Touchégg's protocol: mapping, gesture model, D-Bus marshaller,
//                            SASL, object, and the bridge that runs the `@touchegg` engine) -> signals
//     -> TransitionServer (Unix socket, clients of both protocols, systemd), on TransitionIO
//                         (event loop, clock, writes, signals)
//   TransitionConfig (pure TOML -> engine configuration), TransitionDaemon (wiring),
//   TransitionClient (Swift client library), executables transitiond / transitionctl.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "transitiond",
    products: [
        .executable(name: "transitiond", targets: ["transitiond"]),
        .executable(name: "transitionctl", targets: ["transitionctl"]),
        .executable(name: "transition-vdev", targets: ["transition-vdev"]),
        .library(name: "TransitionCore", targets: ["TransitionCore"]),
        .library(name: "TransitionProtocol", targets: ["TransitionProtocol"]),
        .library(name: "TransitionTouchegg", targets: ["TransitionTouchegg"]),
        // For the separate Benchmarks/ and Fuzz/ packages.
        .library(name: "TransitionConfig", targets: ["TransitionConfig"]),
        .library(name: "TransitionServer", targets: ["TransitionServer"]),
        .library(name: "TransitionClient", targets: ["TransitionClient"]),
        .library(name: "TransitionActions", targets: ["TransitionActions"]),
        .library(name: "TransitionImport", targets: ["TransitionImport"]),
        .library(name: "TransitionInput", targets: ["TransitionInput"]),   // Fuzz/: the trace reader
        .library(name: "TransitionKeys", targets: ["TransitionKeys"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // C libraries, through pkg-config (Debian: libinput-dev, libevdev-dev, libudev-dev, libsystemd-dev).
        .systemLibrary(name: "CLibInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // Keysym names and keymaps, for `keys` actions (Debian: libxkbcommon-dev).
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // The Wayland client library (Debian: libwayland-dev), for the wlroots back ends.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // The interface tables of the Wayland protocols in protocols/, which wayland-scanner
        // (Debian: libwayland-bin) generates at build time: the tools version's
        // `(experimentalCGen)` lets a build-tool plugin add C sources to a C target.
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"], plugins: ["WaylandScanner"]),
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        // X11's focus (EWMH) and keys (XTEST) with the server's own keymap (Debian: libxcb1-dev,
        // libxcb-xtest0-dev, libxkbcommon-x11-dev, libxcb-xkb-dev).
        .systemLibrary(name: "CXCB", pkgConfig: "xkbcommon-x11",
                       providers: [.apt(["libxcb1-dev", "libxcb-xtest0-dev", "libxkbcommon-x11-dev", "libxcb-xkb-dev"])]),
        // Linux APIs Glibc's module lacks (epoll, timerfd, signalfd, eventfd, SO_PEERCRED).
        .systemLibrary(name: "CLinux"),

        // The pure core: no file descriptors, no clock of its own.
        .target(name: "TransitionCore", swiftSettings: strict),
        .target(name: "TransitionConfig", dependencies: ["TransitionCore", "TransitionFiles", "TransitionLog"], swiftSettings: strict),
        .target(name: "TransitionProtocol", dependencies: ["TransitionCore"], swiftSettings: strict),
        // Touchégg's protocol, whole: how gestures map onto its signals, its gesture model, the
        // D-Bus marshaller and SASL handshake, the object its clients call, and the bridge that
        // runs the `@touchegg` engine. Pure: no file descriptors (the server carries the bytes).
        .target(name: "TransitionTouchegg", dependencies: ["TransitionCore"], swiftSettings: strict),
        // The pure core of `transitionctl run`: the actions file, matching, steps, thresholds, the planner.
        // Pure: the names of `keys` are resolved by a `KeysymLookup` it is handed (xkbcommon's, by
        // the runner), so that it and the importer link no desktop library.
        .target(name: "TransitionActions", dependencies: ["TransitionCore", "TransitionConfig", "TransitionProtocol", "TransitionLog"],
                swiftSettings: strict),
        // The pure core of `transitionctl import`: readers (YAML, XML, shell words) and translators
        // of libinput-gestures', fusuma's and Touchégg's configurations into an actions file.
        .target(name: "TransitionImport", dependencies: ["TransitionCore", "TransitionActions", "TransitionConfig", "TransitionLog"], swiftSettings: strict),

        // What the processes log, pure: the one escaper of text that comes from another process
        // (`PrintableText`) and the rate limit of refusal lines (`RefusalLog`).
        .target(name: "TransitionLog", swiftSettings: strict),

        // The pure core of the uinput key service: its line protocol and its rate limit,
        // shared by the service (TransitionDaemon) and its client (TransitionDesktop).
        .target(name: "TransitionKeys", swiftSettings: strict),

        // The edges.
        // The IO layer under every process here: event loop, monotonic clock, write-all, signalfd,
        // Unix socket addresses, line splitting, reconnection backoff.
        .target(name: "TransitionIO", dependencies: ["CLinux"], swiftSettings: strict),
        // Whole-file reads, shared by the trace reader, the configuration loader and transitionctl.
        .target(name: "TransitionFiles", swiftSettings: strict),
        .target(
            name: "TransitionInput",
            dependencies: ["TransitionCore", "TransitionFiles", "TransitionIO", "TransitionProtocol", "CLibInput", "CEvdev", "CUdev", "CLinux",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .target(
            name: "TransitionServer",
            dependencies: ["TransitionCore", "TransitionProtocol", "TransitionTouchegg", "TransitionIO", "TransitionLog", "TransitionFiles", "TransitionSystemd", "CLinux",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // systemd, for the daemon and the desktop side alike: socket activation and sd_notify,
        // logind's sessions, locks and sleep, and sd-bus (the daemon's system bus, the runner's
        // session bus, one way to add a match).
        .target(
            name: "TransitionSystemd",
            dependencies: ["TransitionIO", "TransitionProtocol", "CSystemd", "CLinux", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .target(name: "TransitionClient", dependencies: ["TransitionProtocol", "TransitionCore", "TransitionIO", "CLinux"], swiftSettings: strict),
        // The uinput key service (`transitiond-keys`), a program of its own: its connections over the
        // server's socket core, who may press keys, the virtual keyboard (libevdev). Its command
        // line is the multi-call binary's (TransitionDaemon).
        .target(
            name: "TransitionKeyService",
            dependencies: ["TransitionServer", "TransitionSystemd", "TransitionIO", "TransitionKeys", "TransitionLog", "TransitionProtocol",
                           "CEvdev", "CSystemd", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .target(
            name: "TransitionDaemon",
            dependencies: ["TransitionCore", "TransitionConfig", "TransitionProtocol", "TransitionTouchegg", "TransitionInput",
                           "TransitionServer", "TransitionSystemd", "TransitionIO", "TransitionKeys", "TransitionKeyService", "TransitionLog", "CEvdev", "CSystemd",
                           .product(name: "Logging", package: "swift-log"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        // The runner's edges to the desktop: who has focus (Wayland, X11, KDE) and a way to press
        // keys (XTEST, the virtual-keyboard protocol, the uinput key service), over one keymap lookup.
        .target(name: "TransitionDesktop", dependencies: ["TransitionActions", "TransitionSystemd", "CXKBCommon", "CXCB", "CWayland", "CWaylandProtocols", "CSystemd", "TransitionIO", "TransitionKeys", "CLinux"],
                swiftSettings: strict),
        // `transitionctl run`, the runner: the actions on the daemon's own event loop, with the
        // commands, the actions file's watch, and the desktop's focus and keys (TransitionDesktop).
        .target(name: "TransitionRunner",
                dependencies: ["TransitionActions", "TransitionClient", "TransitionProtocol", "TransitionCore", "TransitionConfig",
                               "TransitionDesktop", "TransitionIO", "TransitionLog", "CLinux"],
                swiftSettings: strict),
        // transitionctl's commands, a library so that the transitiond binary can carry them too.
        .target(
            name: "TransitionCtl",
            dependencies: ["TransitionClient", "TransitionProtocol", "TransitionCore", "TransitionConfig", "TransitionActions", "TransitionImport",
                           "TransitionDesktop", "TransitionRunner", "TransitionSystemd", "TransitionFiles", "TransitionIO", "CLinux", "CSystemd",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),

        // Executables. `transitiond` is a multi-call binary: started as `transitionctl` it is the
        // client (the package ships one binary and a link, so the Swift runtime is there once).
        .executableTarget(
            name: "transitiond",
            dependencies: ["TransitionDaemon", "TransitionCtl", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        .executableTarget(
            name: "transitionctl",
            dependencies: ["TransitionCtl", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        .executableTarget(
            name: "transition-vdev",
            dependencies: ["CEvdev", "CLinux", "TransitionCore", "TransitionInput", "TransitionIO", .product(name: "Logging", package: "swift-log"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),

        // The update paths that must not allocate, driven by their tests and, under the malloc
        // counter in the release build CI packages, by transition-allocation-probe
        // (tests/allocations/run).
        .target(name: "HotPathProbes", dependencies: ["TransitionCore", "TransitionTouchegg"],
                path: "Tests/HotPathProbes", swiftSettings: strict),
        .executableTarget(name: "transition-allocation-probe", dependencies: ["HotPathProbes"],
                          path: "tests/allocations/probe", swiftSettings: strict),

        // Tests mirror the sources; TransitionTestSupport holds helpers several of them share.
        .target(name: "TransitionTestSupport", dependencies: ["TransitionCore", "TransitionProtocol",
                .product(name: "PropertyBased", package: "swift-property-based")],
                path: "Tests/TransitionTestSupport", swiftSettings: strict),
        .testTarget(name: "TransitionCoreTests", dependencies: ["TransitionCore", "TransitionTestSupport", "HotPathProbes",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionConfigTests", dependencies: ["TransitionConfig",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionProtocolTests", dependencies: ["TransitionProtocol", "TransitionTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionToucheggTests", dependencies: ["TransitionTouchegg", "TransitionCore", "TransitionTestSupport", "HotPathProbes",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionActionsTests", dependencies: ["TransitionActions", "TransitionDesktop",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionImportTests", dependencies: ["TransitionImport", "TransitionActions", "TransitionConfig", "TransitionCore", "TransitionDesktop",
            .product(name: "PropertyBased", package: "swift-property-based")], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "TransitionCtlTests", dependencies: ["TransitionCtl", "TransitionActions", "TransitionProtocol", "TransitionIO",
                    "TransitionCore", "CLinux", "CSystemd", "TransitionTestSupport",
                    .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        .testTarget(name: "TransitionRunnerTests", dependencies: ["TransitionRunner", "TransitionActions", "TransitionIO", "TransitionProtocol", "TransitionCore", "TransitionTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "TransitionDesktopTests", dependencies: ["TransitionDesktop", "TransitionActions", "CWaylandProtocols", "TransitionKeys",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionLogTests", dependencies: ["TransitionLog",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionKeysTests", dependencies: ["TransitionKeys",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionIOTests", dependencies: ["TransitionIO"], swiftSettings: strict),
        .testTarget(name: "TransitionFilesTests", dependencies: ["TransitionFiles"], swiftSettings: strict),
        .testTarget(name: "TransitionInputTests", dependencies: ["TransitionInput",
            .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(name: "TransitionServerTests", dependencies: ["TransitionServer", "TransitionSystemd", "TransitionProtocol", "TransitionTouchegg", "TransitionCore", "CLinux",
                    "TransitionTestSupport",
                    .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strict),
        .testTarget(name: "TransitionSystemdTests", dependencies: ["TransitionSystemd", "TransitionProtocol", "TransitionIO",
                    .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strict),
        .testTarget(name: "TransitionClientTests", dependencies: ["TransitionClient", "TransitionServer", "TransitionProtocol",
                    "TransitionCore", "TransitionTestSupport", .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strict),
        .testTarget(name: "TransitionKeyServiceTests", dependencies: ["TransitionKeyService", "TransitionServer", "TransitionKeys",
            "TransitionProtocol", "TransitionSystemd", .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        .testTarget(name: "TransitionDaemonTests", dependencies: ["TransitionDaemon", "TransitionClient", "TransitionKeys", "TransitionSystemd",
            "TransitionTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

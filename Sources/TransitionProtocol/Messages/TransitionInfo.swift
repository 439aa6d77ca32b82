// SPDX-License-Identifier: MIT
public import TransitionCore

/// A gesture that drives a transition, as listed in `hello` and `list`.
public struct BindingInfo: Sendable, Hashable {
    public var source: GestureSource
    public var fingers: Int
    /// The direction that moves the transition towards completion.
    public var direction: Direction

    public init(source: GestureSource, fingers: Int, direction: Direction) {
        self.source = source; self.fingers = fingers; self.direction = direction
    }
}

extension BindingInfo {
    /// The sources a version 1 client from before `gestures` (transitiond 0.1.0 as first
    /// released) reads in `bindings`; it fails on any other. Frozen: new sources go to
    /// ``TransitionInfo/gestures`` only.
    public static let firstReleaseSources: Set<String> = ["swipe", "scroll", "touch", "pinch", "edge", "touchpinch"]
    /// The directions such a client reads in `bindings`. Frozen likewise.
    public static let firstReleaseDirections: Set<String> = ["left", "right", "up", "down", "in", "out"]

    /// Whether a client of the first release reads this binding (its source and direction are
    /// among those it knows).
    public var isFirstReleaseVocabulary: Bool {
        Self.firstReleaseSources.contains(source.rawValue) && Self.firstReleaseDirections.contains(direction.rawValue)
    }
}

/// A gesture bound to a transition, as listed in `hello`'s, `list`'s and
/// `transitions_changed`'s `gestures`: every kind, with or without a direction. Its members are
/// open-ended strings, so a client reads gestures newer than itself.
public struct GestureInfo: Sendable, Hashable {
    /// The binding's name as the configuration writes it: `swipe3-left`, `edge1-left`,
    /// `rotate2-cw`, `tap3`, `padtap4`, `hold3`, `touchhold1`.
    public var name: String
    /// `swipe`, `scroll`, `touch`, `pinch`, `edge`, `touchpinch`, `rotate`, `touchrotate`, `tap`,
    /// `padtap`, `hold`, `touchhold`, or one a newer server names.
    public var source: String
    public var fingers: Int
    /// The direction that completes the transition; `nil` for taps (touchscreen and touchpad)
    /// and holds.
    public var direction: String?

    public init(name: String, source: String, fingers: Int, direction: String? = nil) {
        self.name = name; self.source = source; self.fingers = fingers; self.direction = direction
    }

    /// How `transitionctl list` shows it: its name.
    public var description: String { name }
}

/// A configured transition, as listed in `hello` and `list`.
public struct TransitionInfo: Sendable, Hashable {
    public var name: String
    /// The pans, pinches and edge swipes bound to it, in the vocabulary of the first release
    /// (``BindingInfo/isFirstReleaseVocabulary``): what a client from before ``gestures`` reads;
    /// rotations (`cw`/`ccw`) are left out, as taps and holds are.
    public var bindings: [BindingInfo]
    /// Every gesture bound to it (pans, pinches, rotations, edge swipes, taps, touchpad taps,
    /// holds, and any a newer server adds), in configuration order.
    public var gestures: [GestureInfo]
    /// Seconds a `trigger` from 0 to 1 takes unless it asks otherwise (a spring's settle time
    /// when the transition triggers with a spring).
    public var triggerDuration: Double
    /// Default `frame` rate for this transition (clients choose their own in `subscribe`).
    public var frameRate: Int
    /// For a transition a client declared: who, and its pages; `nil` for a configured one.
    public var declared: DeclaredInfo?
    /// The gestures of a configured transition that declared transitions took (they drive the
    /// declared one while it lives); empty when none is.
    public var taken: [TakenInfo] = []

    /// `gestures` defaults to the `bindings`, as a server from before `gestures` means.
    public init(name: String, bindings: [BindingInfo] = [], gestures: [GestureInfo]? = nil,
                triggerDuration: Double = 0.35, frameRate: Int = 60) {
        self.name = name; self.bindings = bindings; self.triggerDuration = triggerDuration; self.frameRate = frameRate
        self.gestures = gestures ?? bindings.map(GestureInfo.init)
    }

    /// Every transition of `configuration`, in configuration order, with the gestures that drive it.
    public static func list(from configuration: EngineConfiguration) -> [TransitionInfo] {
        configuration.transitions.map { spec in
            let pans = configuration.bindings.filter { $0.transition == spec.name }
            let infos = pans.map { BindingInfo(source: $0.source, fingers: $0.fingers, direction: $0.direction) }
            var gestures = zip(pans, infos).map { binding, info in
                GestureInfo(name: binding.gestureName, source: info.source.rawValue, fingers: info.fingers,
                            direction: info.direction.rawValue)
            }
            gestures += configuration.taps.filter { $0.transition == spec.name }.map {
                GestureInfo(name: $0.gestureName, source: $0.touchpad ? GestureSource.padtap.rawValue : "tap",
                            fingers: $0.fingers)
            }
            gestures += configuration.holds.filter { $0.transition == spec.name }.map {
                GestureInfo(name: $0.gestureName, source: $0.source.rawValue, fingers: $0.fingers)
            }
            return TransitionInfo(
                name: spec.name,
                bindings: infos.filter(\.isFirstReleaseVocabulary),
                gestures: gestures,
                // To the microsecond, as the protocol writes durations: a spring's settle time is not round.
                triggerDuration: (spec.triggerRunDuration * 1e6).rounded() / 1e6,
                frameRate: spec.frameRate)
        }
    }

    /// Every transition an engine lists: the configured ones, each with the gestures declared
    /// transitions took from it, then the declared ones with their owner and pages.
    public static func list(from engine: TransitionEngine) -> [TransitionInfo] {
        let taken = engine.takenGestures
        let declared = Dictionary(engine.declared.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
        let configured = Set(engine.configured.transitions.map(\.name))
        return list(from: engine.listedConfiguration).map { info in
            var info = info
            if !configured.contains(info.name), let d = declared[info.name] {
                let pages = engine.configuration.transitions.first { $0.name == info.name }?.pages ?? d.spec.pages
                info.declared = DeclaredInfo(client: d.owner.client, pid: d.owner.pid, pages: pages?.count, page: pages?.current)
            }
            info.taken = taken.filter { $0.transition == info.name }.map {
                TakenInfo(gesture: $0.gesture, by: $0.by, client: $0.owner.client, pid: $0.owner.pid)
            }
            return info
        }
    }
}

extension GestureInfo {
    /// A binding as a gesture (its name written `<source><fingers>-<direction>`; an edge swipe's
    /// with its edge, as the configuration writes it).
    public init(_ binding: BindingInfo) {
        let name = Binding(source: binding.source, fingers: binding.fingers, direction: binding.direction,
                           transition: "").gestureName
        self.init(name: name, source: binding.source.rawValue, fingers: binding.fingers,
                  direction: binding.direction.rawValue)
    }
}

/// One row of a `list` reply: a transition and where it is right now.
public struct TransitionListing: Sendable, Hashable {
    public var info: TransitionInfo
    public var state: TransitionState
    public init(info: TransitionInfo, state: TransitionState) { self.info = info; self.state = state }
}

/// The class of an input device. Open-ended: newer servers may report classes this version
/// does not name.
public struct DeviceClass: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let touchpad = DeviceClass(rawValue: "touchpad")
    public static let touchscreen = DeviceClass(rawValue: "touchscreen")
    public var description: String { rawValue }

    /// The class a gesture source lives on.
    public init(_ source: GestureSource) {
        self = source.isTouchscreen ? .touchscreen : .touchpad
    }
}

/// An input device the daemon has open, for `status`.
public struct DeviceInfo: Sendable, Hashable {
    /// The id `began.device` refers to.
    public var id: UInt32
    public var name: String
    public var deviceClass: DeviceClass
    /// The device node, e.g. /dev/input/event5.
    public var node: String?
    /// Physical size, when the kernel reports a resolution.
    public var widthMm: Double?
    public var heightMm: Double?
    /// A touchscreen's rotation in degrees (0, 90, 180, 270), when the server says.
    public var rotation: Int?
    /// A touchscreen's edge zone in mm, when it reports its size.
    public var edgeZoneMm: Double?
    /// A touchscreen's edge zone as a share of its range, when it reports no size.
    public var edgeZoneShare: Double?

    public init(id: UInt32, name: String, deviceClass: DeviceClass, node: String? = nil,
                widthMm: Double? = nil, heightMm: Double? = nil, rotation: Int? = nil,
                edgeZoneMm: Double? = nil, edgeZoneShare: Double? = nil) {
        self.id = id; self.name = name; self.deviceClass = deviceClass; self.node = node
        self.widthMm = widthMm; self.heightMm = heightMm
        self.rotation = rotation; self.edgeZoneMm = edgeZoneMm; self.edgeZoneShare = edgeZoneShare
    }
}

/// A connected client, for `status`.
public struct ClientInfo: Sendable, Hashable {
    /// The server's number for the connection (also in its log lines).
    public var id: UInt64
    /// SO_PEERCRED at connect time.
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// The client's filter, `nil` before it subscribes.
    public var subscription: Subscription?
    /// Messages waiting to be written to it.
    public var queuedMessages: Int
    public var queuedBytes: Int
    /// Whether it receives transition events (`nil` from a server that does not say).
    public var delivery: ClientDelivery?

    public init(id: UInt64, pid: Int32, uid: UInt32, gid: UInt32, subscription: Subscription?,
                queuedMessages: Int, queuedBytes: Int, delivery: ClientDelivery? = nil) {
        self.id = id; self.pid = pid; self.uid = uid; self.gid = gid; self.subscription = subscription
        self.queuedMessages = queuedMessages; self.queuedBytes = queuedBytes; self.delivery = delivery
    }
}

/// The `status` reply.
public struct StatusInfo: Sendable, Hashable {
    /// e.g. "transitiond 0.1.0".
    public var server: String
    public var protocolVersion: Int
    public var pid: Int32
    /// Microseconds since the server started.
    public var uptimeUs: UInt64
    public var devices: [DeviceInfo]
    /// The clients shown to whoever asked: every client to root, only their own to anyone else.
    public var clients: [ClientInfo]
    /// How many clients of other users are connected and not shown (`other_clients`; 0 for root).
    public var otherClients: Int
    /// Named counters (server: clients accepted, events sent, coalesced, dropped clients, …;
    /// plus whatever the daemon adds). Names are stable within a major protocol version.
    public var counters: [String: UInt64]
    public var transitions: [TransitionState]
    /// Who receives events: the access mode and the seat's active session (`nil` from a server
    /// that does not say).
    public var access: AccessInfo?

    public init(server: String, protocolVersion: Int, pid: Int32, uptimeUs: UInt64, devices: [DeviceInfo],
                clients: [ClientInfo], otherClients: Int = 0, counters: [String: UInt64], transitions: [TransitionState],
                access: AccessInfo? = nil) {
        self.server = server; self.protocolVersion = protocolVersion; self.pid = pid; self.uptimeUs = uptimeUs
        self.devices = devices; self.clients = clients; self.otherClients = otherClients; self.counters = counters
        self.transitions = transitions; self.access = access
    }
}

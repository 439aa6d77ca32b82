// SPDX-License-Identifier: MIT
/// A pan, pinch, rotation or edge swipe named as the configuration writes it (`swipe3-left`,
/// `edge1-right`, `pinch2-in`, `touch3-up`, `rotate2-cw`): what a client's `declare` names.
public struct DeclaredGesture: Sendable, Hashable {
    /// The kind of pan.
    public var source: GestureSource
    /// Finger count.
    public var fingers: Int
    /// The direction that moves the transition forward (an edge swipe's: away from its edge).
    public var direction: Direction

    /// `source` with `fingers` fingers towards `direction`.
    public init(source: GestureSource, fingers: Int, direction: Direction) {
        self.source = source; self.fingers = fingers; self.direction = direction
    }

    /// Reads a name: `<source><fingers>-<direction>`, or `edge<fingers>-<edge>` for an edge swipe
    /// (the edge it starts from: `edge1-right` moves left). Taps and holds, which have no
    /// direction, are not pans: `nil`, as for anything unreadable or out of range.
    public init?(name: String) {
        guard let dash = name.firstIndex(of: "-") else { return nil }
        let head = name[..<dash], tail = String(name[name.index(after: dash)...])
        guard let digits = head.firstIndex(where: \.isNumber),
              let source = GestureSource(rawValue: String(head[..<digits])),
              let fingers = Int(head[digits...]), head[digits...].allSatisfy(\.isASCII) else { return nil }
        let direction: Direction?
        if source == .edge {
            direction = ScreenEdges(name: tail).flatMap { edge in
                Direction.allCases.first { ScreenEdges.origin(of: $0) == edge }
            }
        } else {
            direction = Direction(rawValue: tail)
        }
        guard let direction, EngineConfiguration.allowedDirections(for: source).contains(direction),
              EngineConfiguration.allowedFingers(for: source).contains(fingers) else { return nil }
        self.init(source: source, fingers: fingers, direction: direction)
    }

    /// The name as the configuration writes it.
    public var name: String { binding(to: "").gestureName }

    /// The same gesture the other way (`swipe3-left` ↔ `swipe3-right`; `edge1-left` ↔
    /// `edge1-right`, the swipe from the opposite edge).
    public var reversed: DeclaredGesture { DeclaredGesture(source: source, fingers: fingers, direction: direction.opposite) }

    /// A binding of this gesture to `transition`.
    func binding(to transition: String, backward: Bool = false) -> Binding {
        var b = Binding(source: source, fingers: fingers, direction: direction, transition: transition)
        b.backward = backward
        return b
    }
}

/// Who declared a transition: the connection and its peer's pid.
public struct DeclarationOwner: Sendable, Hashable {
    /// The server's number for the connection (`status.clients[].id`).
    public var client: UInt64
    /// The peer's pid (SO_PEERCRED).
    public var pid: Int32
    /// Connection `client` of process `pid`.
    public init(client: UInt64, pid: Int32) { self.client = client; self.pid = pid }
}

/// A transition a client declared at run time: its settings (``TransitionSpec``, with
/// ``TransitionSpec/pages`` for a paged one), the gestures that drive it, and its owner.
public struct DeclaredTransition: Sendable, Hashable {
    /// Its settings; `spec.pages` holds the page count and the current page.
    public var spec: TransitionSpec
    /// The gestures as declared, each moving it forward.
    public var gestures: [DeclaredGesture]
    /// Who declared it.
    public var owner: DeclarationOwner

    /// A declared transition.
    public init(spec: TransitionSpec, gestures: [DeclaredGesture], owner: DeclarationOwner) {
        self.spec = spec; self.gestures = gestures; self.owner = owner
    }

    /// Every gesture it owns: the declared ones and, for a paged transition, each one's reverse
    /// (which moves it back), declared first.
    public var ownedGestures: [DeclaredGesture] {
        guard spec.pages != nil else { return gestures }
        var all = gestures
        for g in gestures where !all.contains(g.reversed) { all.append(g.reversed) }
        return all
    }

    /// Its bindings: forward for the declared gestures, backward for their reverses.
    var bindings: [Binding] {
        ownedGestures.map { g in g.binding(to: spec.name, backward: !gestures.contains(g)) }
    }
}

/// Why a `declare`, `update` or `withdraw` was refused.
public struct DeclarationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal, one per protocol error code.
    public enum Code: String, Sendable, Hashable {
        /// The name is a configured transition's or another client's declared one.
        case transitionExists = "transition_exists"
        /// Another client's declared transition owns one of the gestures.
        case gestureTaken = "gesture_taken"
        /// No transition of that name declared by this client.
        case unknownTransition = "unknown_transition"
        /// A value out of range (pages, page, distance, animation, an unreadable gesture).
        case invalid = "invalid_request"
    }
    /// The kind.
    public var code: Code
    /// What is wrong, naming the transition, the gesture and the owner.
    public var message: String
    /// A refusal.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    /// The message.
    public var description: String { message }
}

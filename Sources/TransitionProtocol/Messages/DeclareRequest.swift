// SPDX-License-Identifier: MIT
public import TransitionCore

/// `declare`: a transition the connection defines at run time, driven by the gestures it names,
/// which it owns while it lives (see docs/protocol.md, "Transitions a client declares").
public struct DeclareRequest: Sendable, Hashable {
    /// Its name (not a configured transition's, nor another client's declared one).
    public var transition: String
    /// The gestures that move it forward, as the configuration writes them (`swipe3-left`,
    /// `edge1-right`, `pinch2-in`, `touch3-up`); for a paged transition each one's reverse moves
    /// it back.
    public var gestures: [String]
    /// How many pages (≥ 2); `nil`: an ordinary 0 → 1 transition.
    public var pages: Int?
    /// The current page, 0-based (default 0); only with `pages`.
    public var page: Int?
    /// The travel per page (0 → 1 for an unpaged one); `nil`: `"auto"`, the source's default.
    public var distance: Distance?
    /// The rubber band beyond the first and last page; `nil`: the default (stiffness 0.5, limit 0.05).
    public var rubberBand: RubberBand?
    /// The completion animation, as `trigger`'s `animation`; `nil`: the default spring.
    public var animation: TriggerAnimation?

    /// The most gestures one declaration may name.
    public static let maxGestures = 16

    /// A declaration; every optional setting at its default unless given.
    public init(transition: String, gestures: [String], pages: Int? = nil, page: Int? = nil, distance: Distance? = nil,
                rubberBand: RubberBand? = nil, animation: TriggerAnimation? = nil) {
        self.transition = transition; self.gestures = gestures; self.pages = pages; self.page = page
        self.distance = distance; self.rubberBand = rubberBand; self.animation = animation
    }

    /// The engine's declaration for `owner`: the gestures read, the settings as a
    /// ``TransitionSpec``. Throws `invalid_request` for a gesture name it cannot read.
    public func declaration(owner: DeclarationOwner) throws(ProtocolError) -> DeclaredTransition {
        var read: [DeclaredGesture] = []
        for name in gestures {
            guard let gesture = DeclaredGesture(name: name) else {
                throw ProtocolError(.invalidRequest,
                    "\(name.debugDescription) is not a gesture a transition can be declared on (a pan, pinch, rotation or edge swipe as the configuration writes it, e.g. swipe3-left, edge1-right, pinch2-in)")
            }
            if !read.contains(gesture) { read.append(gesture) }
        }
        var spec = TransitionSpec(name: transition, distance: distance, rubberBand: rubberBand ?? RubberBand())
        switch animation {
        case .curve(let curve)?: spec.completion = .curve(curve, .velocityMatched(min: 0.2, max: 0.6))
        case .spring(let parameters)?: spec.completion = .spring(parameters)
        case nil: break
        }
        if let pages { spec.pages = Pages(count: pages, current: page ?? 0) }
        return DeclaredTransition(spec: spec, gestures: read, owner: owner)
    }
}

/// `update`: the page count and/or the current page of the connection's own paged transition.
public struct UpdateRequest: Sendable, Hashable {
    /// The declared transition's name.
    public var transition: String
    /// The new page count.
    public var pages: Int?
    /// The new current page.
    public var page: Int?
    /// An update of `transition`.
    public init(transition: String, pages: Int? = nil, page: Int? = nil) {
        self.transition = transition; self.pages = pages; self.page = page
    }
}

/// Who declared a transition and where it rests, as `hello`, `list` and `transitions_changed`
/// list it (`"declared":{…}`).
public struct DeclaredInfo: Sendable, Hashable {
    /// The connection that declared it (`status.clients[].id`).
    public var client: UInt64
    /// That connection's peer pid.
    public var pid: Int32
    /// The page count; `nil` for an unpaged transition.
    public var pages: Int?
    /// The current page; `nil` for an unpaged transition.
    public var page: Int?
    /// A declared transition's listing.
    public init(client: UInt64, pid: Int32, pages: Int? = nil, page: Int? = nil) {
        self.client = client; self.pid = pid; self.pages = pages; self.page = page
    }
}

/// A configured transition's gesture that a declared transition took (`"taken":[{…}]`).
public struct TakenInfo: Sendable, Hashable {
    /// The gesture, as the configuration writes it.
    public var gesture: String
    /// The declared transition that owns it now.
    public var by: String
    /// Its connection.
    public var client: UInt64
    /// Its peer pid.
    public var pid: Int32
    /// A taken gesture.
    public init(gesture: String, by: String, client: UInt64, pid: Int32) {
        self.gesture = gesture; self.by = by; self.client = client; self.pid = pid
    }
}

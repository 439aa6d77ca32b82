// SPDX-License-Identifier: MIT
// Transitions clients declare at run time: added, updated and withdrawn with an owner; their
// gestures shadow the configured bindings of the same gestures while they live.
extension TransitionEngine {
    /// A configured transition's gesture that a declared transition owns.
    public struct TakenGesture: Sendable, Hashable {
        /// The configured transition's name.
        public var transition: String
        /// The gesture, as the configuration writes it.
        public var gesture: String
        /// The declared transition that took it.
        public var by: String
        /// Its owner.
        public var owner: DeclarationOwner
    }

    /// The longest name a declared transition may have, bytes.
    public static let maxDeclaredNameBytes = 128

    /// Adds `declaration` (or replaces its owner's declaration of the same name), in force at
    /// once: its gestures drive it, and the configured bindings of those gestures step aside.
    /// Returns the gestures it owns (for a paged transition each declared gesture and its
    /// reverse). Refused when the name is a configured transition's or another owner's, when
    /// another owner's declared transition owns one of its gestures, or when a setting is out
    /// of range; nothing changes then. Replacing keeps a gesture in flight running.
    @discardableResult
    public mutating func declare(_ declaration: DeclaredTransition, nowUs: UInt64,
                                 emit: (TransitionEvent) -> Void) throws(DeclarationError) -> [DeclaredGesture] {
        let name = declaration.spec.name
        let me = "transition \"\(name)\""
        guard !name.isEmpty, name.utf8.count <= Self.maxDeclaredNameBytes,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DeclarationError(.invalid, "a transition's name is 1 to \(Self.maxDeclaredNameBytes) bytes without control characters")
        }
        guard !declaration.gestures.isEmpty else { throw DeclarationError(.invalid, "\(me): \"gestures\" names no gesture") }
        if declaration.spec.pages != nil, let g = declaration.gestures.first(where: { declaration.gestures.contains($0.reversed) }) {
            throw DeclarationError(.invalid, "\(me): \(g.reversed.name) moves it back already, as the reverse of \(g.name): name one direction of each gesture")
        }
        if configured.transitions.contains(where: { $0.name == name }) {
            throw DeclarationError(.transitionExists, "\(me) is a configured transition: declare another name")
        }
        if let other = declared.first(where: { $0.spec.name == name }), other.owner.client != declaration.owner.client {
            throw DeclarationError(.transitionExists,
                                   "\(me) is already declared by another client (client \(other.owner.client), pid \(other.owner.pid))")
        }
        for gesture in declaration.ownedGestures {
            if let other = declared.first(where: { $0.spec.name != name && $0.ownedGestures.contains(gesture) }) {
                throw DeclarationError(.gestureTaken,
                    "\(gesture.name) is taken by transition \"\(other.spec.name)\" (client \(other.owner.client), pid \(other.owner.pid))")
            }
        }
        do { try declaration.spec.validate() } catch { throw DeclarationError(.invalid, error.message) }
        var next = declared
        if let i = next.firstIndex(where: { $0.spec.name == name }) { next[i] = declaration } else { next.append(declaration) }
        let composed = Self.compose(configured, next)
        do { try composed.validate() } catch { throw DeclarationError(.invalid, error.message) }
        declared = next
        install(composed, removedBecause: .withdrawn, nowUs: nowUs, emit: emit)
        return declaration.ownedGestures
    }

    /// Changes the page count and/or the current page of `name`, which `owner` declared with
    /// pages. A gesture in flight goes on to its target (clamped to the new count), which then
    /// becomes the current page.
    public mutating func updateDeclared(_ name: String, owner: UInt64, pages count: Int?, page: Int?,
                                        nowUs: UInt64, emit: (TransitionEvent) -> Void) throws(DeclarationError) {
        let i = try declaredIndex(name, owner: owner)
        guard var pages = declared[i].spec.pages else {
            if count == nil && page == nil { return }
            throw DeclarationError(.invalid, "transition \"\(name)\" was declared without pages: declare it again with \"pages\"")
        }
        if let count { pages.count = count }
        if let page { pages.current = page } else { pages.current = min(pages.current, max(pages.count - 1, 0)) }
        do { try pages.validate(in: "transition \"\(name)\"") } catch { throw DeclarationError(.invalid, error.message) }
        declared[i].spec.pages = pages
        if let t = configuration.transitions.firstIndex(where: { $0.name == name }) {
            configuration.transitions[t].pages = pages
        }
        _ = settle(atUs: nowUs, emit: emit)
    }

    /// Withdraws `name`, which `owner` declared: a gesture in flight ends at once (reason
    /// ``EndReason/withdrawn``, outcome cancel, no animation) and the configured bindings it
    /// shadowed drive their transitions again.
    public mutating func withdraw(_ name: String, owner: UInt64, nowUs: UInt64,
                                  emit: (TransitionEvent) -> Void) throws(DeclarationError) {
        let i = try declaredIndex(name, owner: owner)
        declared.remove(at: i)
        install(Self.compose(configured, declared), removedBecause: .withdrawn, nowUs: nowUs, emit: emit)
    }

    /// Withdraws every transition `owner` declared (its connection closed); returns their names.
    @discardableResult
    public mutating func withdrawAll(of owner: UInt64, nowUs: UInt64, emit: (TransitionEvent) -> Void) -> [String] {
        let names = declared.filter { $0.owner.client == owner }.map(\.spec.name)
        guard !names.isEmpty else { return [] }
        declared.removeAll { $0.owner.client == owner }
        install(Self.compose(configured, declared), removedBecause: .withdrawn, nowUs: nowUs, emit: emit)
        return names
    }

    /// The configured transitions' gestures that declared transitions own, in configuration
    /// order.
    public var takenGestures: [TakenGesture] {
        var owners: [String: DeclaredTransition] = [:]
        for d in Self.live(declared, in: configured) {
            for g in d.ownedGestures { owners[g.name] = owners[g.name] ?? d }
        }
        guard !owners.isEmpty else { return [] }
        return configured.bindings.compactMap { b in
            owners[b.gestureName].map { TakenGesture(transition: b.transition, gesture: b.gestureName, by: $0.spec.name, owner: $0.owner) }
        }
    }

    /// The configured transitions and the declared ones, each with all its own bindings (the
    /// shadowed ones too): what `hello` and `list` show.
    public var listedConfiguration: EngineConfiguration {
        var listed = configured
        let live = Self.live(declared, in: configured)
        listed.transitions += live.map { d in
            var spec = d.spec
            if let t = configuration.transitions.firstIndex(where: { $0.name == spec.name }) {
                spec.pages = configuration.transitions[t].pages
            }
            return spec
        }
        listed.bindings += live.flatMap(\.bindings)
        return listed
    }

    func declaredIndex(_ name: String, owner: UInt64) throws(DeclarationError) -> Int {
        guard let i = declared.firstIndex(where: { $0.spec.name == name && $0.owner.client == owner }) else {
            throw DeclarationError(.unknownTransition, "this connection declared no transition named \"\(name)\"")
        }
        return i
    }

    /// The gestures declared transitions own now, as the configuration names them: the one
    /// answer to "who owns this gesture" that every other engine (the `@touchegg` one) steps
    /// aside for (``EngineConfiguration/steppingAside(for:)``).
    public var ownedGestureNames: Set<String> {
        Self.ownedGestureNames(Self.live(declared, in: configured))
    }

    /// The declared transitions in force: those whose name no reload gave to a configured one.
    static func live(_ declared: [DeclaredTransition], in configured: EngineConfiguration) -> [DeclaredTransition] {
        declared.filter { d in !configured.transitions.contains { $0.name == d.spec.name } }
    }

    static func ownedGestureNames(_ live: [DeclaredTransition]) -> Set<String> {
        Set(live.flatMap(\.ownedGestures).map(\.name))
    }

    /// `configured` with `declared` in force: the declared transitions after the configured
    /// ones, their bindings first, the configured bindings of their gestures left out. A
    /// declared transition whose name a reload gave to a configured one is left out too.
    static func compose(_ configured: EngineConfiguration, _ declared: [DeclaredTransition]) -> EngineConfiguration {
        guard !declared.isEmpty else { return configured }
        let live = Self.live(declared, in: configured)
        var composed = configured.steppingAside(for: Self.ownedGestureNames(live))
        composed.transitions += live.map(\.spec)
        composed.bindings = live.flatMap(\.bindings) + composed.bindings
        return composed
    }

    /// The `ended.pages` of transition `t` going to `to`: `nil` unless it is paged.
    func endedPages(_ t: Int, to: Double) -> EndedPages? {
        configuration.transitions[t].pages.map { EndedPages(page: $0.nearest(to: to), count: $0.count) }
    }

    /// A paged transition came to rest on `page`: its current page from now on.
    mutating func rest(_ t: Int, onPage page: Int) {
        guard configuration.transitions[t].pages != nil else { return }
        let name = configuration.transitions[t].name
        let count = configuration.transitions[t].pages!.count
        let page = min(max(page, 0), count - 1)
        configuration.transitions[t].pages!.current = page
        if let i = declared.firstIndex(where: { $0.spec.name == name }) { declared[i].spec.pages?.current = page }
    }
}

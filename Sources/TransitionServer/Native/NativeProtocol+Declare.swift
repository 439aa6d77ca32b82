// SPDX-License-Identifier: MIT
import Logging
public import TransitionCore
import TransitionProtocol

/// What the server asks of the daemon for transitions clients declare (`declare`, `update`,
/// `withdraw`, and a declaring connection's close). Called on the loop's thread; events the
/// engine emits are handed to ``TransitionServer/publish(_:)`` before the method returns, so
/// they come before the reply. A delegate without it answers these requests `unavailable`.
public protocol TransitionDeclarationDelegate: AnyObject {
    /// Adds (or replaces) a declared transition; returns the gestures it owns.
    func declareTransition(_ declaration: DeclaredTransition) throws(DeclarationError) -> [DeclaredGesture]
    /// Changes the pages of `owner`'s declared transition `name`.
    func updateDeclaredTransition(_ name: String, owner: UInt64, pages: Int?, page: Int?) throws(DeclarationError)
    /// Withdraws `owner`'s declared transition `name` (a gesture in flight ends, reason `withdrawn`).
    func withdrawDeclaredTransition(_ name: String, owner: UInt64) throws(DeclarationError)
    /// Withdraws every transition connection `owner` declared (it closed).
    func withdrawDeclaredTransitions(of owner: UInt64)
}

/// The connections that declared transitions, and which: the server's side of the engine's
/// declared transitions, so that a connection's close withdraws exactly its own.
struct DeclaredTransitions {
    private var byClient: [UInt64: [String]] = [:]

    /// The most transitions one connection may declare at once.
    static let maxPerClient = 16

    /// Whether `client` may declare `name`: it already did, or it has room for one more.
    func admits(_ name: String, client: UInt64) -> Bool {
        let names = byClient[client] ?? []
        return names.contains(name) || names.count < Self.maxPerClient
    }

    /// `client` declared `name` (again).
    mutating func add(_ name: String, client: UInt64) {
        if !(byClient[client]?.contains(name) ?? false) { byClient[client, default: []].append(name) }
    }

    /// `client` withdrew `name`.
    mutating func remove(_ name: String, client: UInt64) {
        byClient[client]?.removeAll { $0 == name }
        if byClient[client]?.isEmpty ?? false { byClient[client] = nil }
    }

    /// Forgets `client`; returns whether it had declared anything.
    mutating func removeClient(_ client: UInt64) -> Bool { byClient.removeValue(forKey: client) != nil }

    /// What `client` declared.
    func names(of client: UInt64) -> [String] { byClient[client] ?? [] }
}

extension NativeProtocol {
    /// `declare`, `update` and `withdraw`: only from a connection whose delivery is active;
    /// `transitions_changed` goes to every native connection before the reply.
    func answerDeclaration(_ command: Request.Command, for client: ClientConnection) throws(ProtocolError) -> ReplyResult {
        try requireDelivery(client, command.name)
        guard let delegate = delegate as? any TransitionDeclarationDelegate else {
            throw ProtocolError(.unavailable, "this server takes no declared transitions")
        }
        let before = self.delegate?.transitionInfos() ?? []
        let result: ReplyResult
        var declaration: DeclaredTransition?
        if case .declare(let request) = command {
            guard declarations.admits(request.transition, client: client.id) else {
                throw ProtocolError(.invalidRequest,
                                    "a connection may declare at most \(DeclaredTransitions.maxPerClient) transitions: withdraw one first")
            }
            declaration = try request.declaration(owner: DeclarationOwner(client: client.id, pid: client.credentials.pid))
        }
        do throws(DeclarationError) {
            switch command {
            case .declare(let request):
                let gestures = try delegate.declareTransition(declaration!)
                declarations.add(request.transition, client: client.id)
                logger.info("client \(client.id) (pid \(client.credentials.pid)) declares \(request.transition) on \(gestures.map(\.name).joined(separator: ", "))\(request.pages.map { ", \($0) pages" } ?? "")")
                result = .declared(transition: request.transition, gestures: gestures.map(\.name))
            case .update(let request):
                try delegate.updateDeclaredTransition(request.transition, owner: client.id, pages: request.pages, page: request.page)
                result = .done
            case .withdraw(let name):
                try delegate.withdrawDeclaredTransition(name, owner: client.id)
                declarations.remove(name, client: client.id)
                logger.info("client \(client.id) withdraws \(name)")
                result = .done
            default:
                return .done
            }
        } catch {
            throw ProtocolError(ProtocolError.Code(error.code), error.message)
        }
        _ = transitionsChanged(from: before)
        return result
    }

    /// A connection closed: the transitions it declared are withdrawn.
    func declaringClientClosed(_ clientID: UInt64) {
        withdrawDeclarations(of: clientID, because: "closed")
    }

    /// A connection's delivery paused (another user's session is in front, or a lock): the
    /// transitions it declared are withdrawn, so that a client in the background never holds
    /// the gestures of the user at the screen. It may declare again once delivery resumes.
    func declaringClientPaused(_ clientID: UInt64) {
        withdrawDeclarations(of: clientID, because: "paused")
    }

    /// Withdraws `clientID`'s declared transitions at the loop's next turn (outside the server's
    /// own work, as withdrawing publishes), then tells every native connection
    /// (`transitions_changed`).
    private func withdrawDeclarations(of clientID: UInt64, because why: String) {
        guard declarations.removeClient(clientID),
              let delegate = delegate as? any TransitionDeclarationDelegate else { return }
        _ = core.loop.schedule(atUs: MonotonicClock.nowUs()) { [weak self, weak delegate] in
            guard let self, let delegate, !self.core.isStopped else { return }
            let before = self.delegate?.transitionInfos() ?? []
            delegate.withdrawDeclaredTransitions(of: clientID)
            self.logger.info("client \(clientID) \(why): its declared transitions are withdrawn")
            _ = self.transitionsChanged(from: before)
        }
    }
}

extension ProtocolError.Code {
    /// The protocol's code for an engine's refusal of a declaration.
    init(_ code: DeclarationError.Code) {
        switch code {
        case .transitionExists: self = .transitionExists
        case .gestureTaken: self = .gestureTaken
        case .unknownTransition: self = .unknownTransition
        case .invalid: self = .invalidRequest
        }
    }
}

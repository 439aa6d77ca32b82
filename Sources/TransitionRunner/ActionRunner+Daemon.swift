// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionClient
import TransitionProtocol
import TransitionIO
import TransitionLog

/// The connection to transitiond: connect with a growing delay, subscribe, read, reconnect.
extension ActionRunner {
    func connect() {
        switch DaemonLink.connect(candidates: options.candidates) {
        case .success(let connected):
            // The delay starts over only once the daemon says hello: a daemon that accepts and
            // closes at once (too many clients) is retried less and less often.
            link = connected
            subscribe()
        case .failure(let failure):
            if !waitingLogged {
                log.notice("waiting for transitiond (\(failure)); retrying")
                waitingLogged = true
            }
            scheduleReconnect(afterUs: backoff.nextDelayUs())
        }
    }

    func subscribe() {
        guard let link else { return }
        let file = planner.file
        var events = EventKind.defaultSet
        if file.wantsFrames { events.insert(.frame) }
        subscribedFrames = file.wantsFrames
        let subscription = Subscription(transitions: nil, events: events, frameRate: file.wantsFrames ? file.frameRate : 0)
        if !link.send(Request(id: .int(1), .subscribe(subscription))) { disconnect("cannot send to transitiond") }
    }

    func disconnect(_ why: String) {
        guard link != nil else { return }
        link = nil
        hello = nil
        log.warning("\(why); reconnecting")
        handle(planner.reset())
        scheduleReconnect(afterUs: backoff.nextDelayUs())
    }

    func readDaemon() {
        guard let link else { return }
        let (lines, ended) = link.read()
        for line in lines {
            guard !line.isEmpty else { continue }
            let received: ReceivedMessage
            do throws(MessageDecodingError) {
                received = try decodeServerMessage(line)
            } catch {
                log.warning("skipped a message from transitiond: \(escaped: error.message)")
                continue
            }
            switch received.message {
            case .hello(let greeting):
                hello = greeting
                backoff.reset()
                waitingLogged = false
                log.notice("\(everConnected ? "reconnected" : "connected") to \(escaped: greeting.server) at \(link.path)")
                noteDeclared(greeting.transitions)
                if !everConnected { logGestureConflicts(atStart: true) }
                everConnected = true
                for warning in planner.file.unknownTransitionWarnings(known: greeting.transitions.map(\.name)) {
                    log.warning(warning)
                }
                settings.sentText = nil
                sendSettings(force: true)
            case .reply(let reply) where reply.id == ActionRunner.toucheggStatusID:
                logToucheggClients(reply.result)
            case .reply(let reply):
                if handleSettingsReply(reply) { break }
                if case .failure(let error) = reply.result { log.error("transitiond refused the subscription: \(escaped: error.message)") }
            case .goodbye(let goodbye):
                disconnect("transitiond closed the connection: \(goodbye.message) (\(goodbye.reason))")
                return
            default:
                if case .transitionsChanged(let changed) = received.message {
                    hello?.transitions = changed.transitions   // what the next conflict log reads
                    noteDeclared(changed.transitions)
                }
                if declared.hides(received.message) { break }
                noteDelivery(received.message)
                handle(planner.apply(received.message))
            }
            if self.link == nil { return }
        }
        if ended { disconnect("lost the connection to transitiond") }
    }
}

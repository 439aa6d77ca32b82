// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionDesktop
import TransitionIO

/// The runner's edges to the desktop: it follows the keyboard focus (by events, on the loop)
/// while some action has `app`, `apps` or `not_apps`, and presses keys for `keys` actions.
extension ActionRunner {
    /// Opens what the actions need and is not open yet (at start and after a reload).
    func openDesktopEdges() {
        let file = planner.file
        if file.wantsFocus, focusSource == nil, focusRetry == nil, !focusUnavailableLogged || desktop.focusMayAppear {
            openFocus(retrying: false)
        }
        if file.wantsKeys, keySender == nil { _ = openKeySender() }
    }

    /// Opens the focus source; on failure says why (once), and tries again with the backoff
    /// when it may appear later (a lost connection, a window manager not started yet).
    func openFocus(retrying: Bool) {
        do throws(DesktopError) {
            let source = try desktop.openFocusSource()
            do throws(SystemError) {
                focusWatch = try loop.watch(fd: source.fileDescriptor) { [unowned self] _ in
                    self.focusReadable()
                    self.settle()
                }
            } catch {
                log.error("cannot watch the focus source: \(error.operation)")
                return
            }
            focusSource = source
            focusBackoff.reset()
            focusUnavailableLogged = false
            planner.focus = .known(source.focused)
            log.info("\(retrying ? "following focus again" : "following focus") through \(source.name); focus: \(describe(source.focused))")
        } catch {
            planner.focus = .unknown
            if !retrying && !focusUnavailableLogged {
                let later = desktop.focusMayAppear ? " until it can; retrying" : ""
                log.warning("cannot follow focus: \(error); actions with app, apps or not_apps do not run\(later)")
                focusUnavailableLogged = true
            }
            if retrying || desktop.focusMayAppear { scheduleFocusRetry() }
        }
    }

    private func focusReadable() {
        guard let source = focusSource else { return }
        do {
            if try source.readReady() {
                planner.focus = .known(source.focused)
                log.debug("focus: \(describe(source.focused))")
            }
        } catch {
            log.warning("lost the focus (\(source.name): \(error)); actions with app, apps or not_apps do not run until it is back; retrying")
            dropFocus()
            scheduleFocusRetry()
        }
    }

    /// Closes the focus source (lost, or the runner stops).
    func dropFocus() {
        if let focusWatch { loop.unwatch(focusWatch); self.focusWatch = nil }
        focusSource = nil
        planner.focus = .unknown
    }

    private func scheduleFocusRetry() {
        guard !stopping, focusRetry == nil else { return }
        focusRetry = loop.schedule(atUs: MonotonicClock.nowUs() + focusBackoff.nextDelayUs()) { [unowned self] in
            self.focusRetry = nil
            if self.focusSource == nil, self.planner.file.wantsFocus { self.openFocus(retrying: true) }
            self.settle()
        }
    }

    func describe(_ focused: FocusedApplication?) -> String {
        focused.map { "\($0)" } ?? "no window"
    }

    /// The key sender, opened on first need; nil (said once per reason) when the desktop has none.
    /// When it falls back (a wlroots compositor's virtual keyboard refused, the key service used
    /// instead), it says why as it opens.
    func openKeySender() -> (any KeySender)? {
        if let keySender { return keySender }
        do throws(DesktopError) {
            var fallback: String?
            let sender = try desktop.openKeySender(keyServiceSocket: DesktopSession.defaultKeyServiceSocket) { fallback = $0 }
            keySender = sender
            keySenderError = nil
            if let fallback { log.warning(fallback) }
            log.info("pressing keys through \(sender.name)")
            return sender
        } catch {
            if keySenderError != error.message {
                log.warning("cannot press keys: \(error)")
                keySenderError = error.message
            }
            return nil
        }
    }

    /// Presses a `keys` action's chords.
    func press(_ keys: KeySequence, label: String) {
        guard let sender = openKeySender() else {
            log.warning("\(label): keys \(keys.text) not pressed (no way to press keys here)")
            return
        }
        do throws(KeyError) {
            try sender.send(keys.chords)
            log.debug("\(label): pressed \(keys.text)")
        } catch {
            log.error("\(label): cannot press \(keys.text): \(error)")
            if case .unavailable = error { keySender = nil } // the connection is gone: open again next time
        }
    }
}

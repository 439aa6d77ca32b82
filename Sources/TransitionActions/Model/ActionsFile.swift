// SPDX-License-Identifier: MIT
import TransitionConfig

/// A whole actions file: the runner's settings and its actions, in the order written.
public struct ActionsFile: Sendable, Hashable {
    /// Seconds a command may run before it gets SIGTERM (then SIGKILL after ``killGrace``).
    public static let defaultTimeout = 10.0
    /// Server-driven animation samples per second fed to `progress` commands.
    public static let defaultFrameRate = 60

    /// The file's name as given, for messages (`actions.toml`, `/home/u/.config/…`).
    public var source: String
    /// The default timeout of every action, in seconds (`timeout = 10`).
    public var timeout: Double
    /// Seconds between SIGTERM and SIGKILL for a command past its timeout (`kill_grace = 1`).
    public var killGrace: Double
    /// Animation samples per second for `progress` commands (`frame_rate = 60`, 0 for none).
    public var frameRate: Int
    /// Commands waiting in one transition's queue before new ones are dropped (`max_queued = 32`).
    public var maxQueued: Int
    /// The actions.
    public var actions: [Action]

    /// An actions file with the given actions and default settings.
    public init(source: String = "actions.toml", timeout: Double = Self.defaultTimeout, killGrace: Double = 1,
                frameRate: Int = Self.defaultFrameRate, maxQueued: Int = 32, actions: [Action] = []) {
        self.source = source; self.timeout = timeout; self.killGrace = killGrace; self.frameRate = frameRate
        self.maxQueued = maxQueued; self.actions = actions
    }

    /// Whether some action streams progress, so the runner asks the server for animation frames.
    public var wantsFrames: Bool {
        frameRate > 0 && actions.contains { $0.event == .progress }
    }

    /// Whether some action has `app`, `apps` or `not_apps`: the runner then follows focus.
    public var wantsFocus: Bool { actions.contains { $0.apps != nil } }

    /// Whether some action presses keys: the runner then opens a key sender.
    public var wantsKeys: Bool {
        actions.contains { if case .keys = $0.command { true } else { false } }
    }

    /// `actions.toml:12`: where action `index` is written.
    public func location(of index: Int) -> String {
        "\(source):\(actions[index].position.line)"
    }
}

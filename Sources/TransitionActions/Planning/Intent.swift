// SPDX-License-Identifier: MIT
/// One `progress` command's input stream: the action feeding one gesture. The generation
/// changes with every connection to the daemon, whose gesture ids start again from 1.
public struct StreamID: Sendable, Hashable, CustomStringConvertible {
    /// The connection's number, counted by the planner.
    public var generation: UInt64
    /// The gesture id.
    public var gesture: UInt64
    /// The action's index in its file.
    public var action: Int

    /// A stream id.
    public init(generation: UInt64, gesture: UInt64, action: Int) {
        self.generation = generation; self.gesture = gesture; self.action = action
    }

    /// `3/12#1`.
    public var description: String { "\(generation)/\(gesture)#\(action)" }
}

/// A command to start, with everything it needs.
public struct Invocation: Sendable, Hashable {
    /// What to run.
    public var command: ActionCommand
    /// `NAME=value` entries added to (and overriding) the runner's environment.
    public var environment: [String]
    /// Seconds it may run (a `progress` command: after its input is closed).
    public var timeout: Double
    /// The queue it runs in: its transition's name. Commands of one queue run one at a time, in
    /// order; queues do not wait for each other.
    public var lane: String
    /// For logs: `actions.toml:12 (swipe3-left finish)`.
    public var label: String

    /// An invocation.
    public init(command: ActionCommand, environment: [String], timeout: Double, lane: String, label: String) {
        self.command = command; self.environment = environment; self.timeout = timeout; self.lane = lane; self.label = label
    }
}

/// What the planner asks the runner to do for one message from the daemon.
public enum Intent: Sendable, Hashable {
    /// Queue a command in its transition's lane.
    case run(Invocation)
    /// Start a `progress` command now, with a pipe on its standard input.
    case open(StreamID, Invocation)
    /// Write one line (without its newline) to a `progress` command. A `coalescable` line (a
    /// sample) may be replaced by a newer one while the reader lags; the others never are.
    case write(StreamID, String, coalescable: Bool)
    /// Close a `progress` command's input once what is queued for it is written.
    case close(StreamID)
    /// Press keys now (a `keys` action); `label` is for logs, as an invocation's.
    case press(KeySequence, label: String)
}

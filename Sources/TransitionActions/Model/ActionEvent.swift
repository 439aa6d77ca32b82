// SPDX-License-Identifier: MIT
/// When an action runs: the `on` key of an `[[action]]`.
public enum ActionEvent: String, Sendable, Hashable, CaseIterable {
    /// A gesture locked onto the transition, or a trigger started a run.
    case began
    /// The transition was decided to finish (`ended` with outcome `finish`): at the lift, before
    /// the completion animation.
    case finish
    /// The transition was decided to cancel (`ended` with outcome `cancel`).
    case cancel
    /// The completion animation reached its end (`completed`); `TRANSITIOND_OUTCOME` says how.
    case completed
    /// Once per `step` of progress crossed while the fingers move, up (`STEP=+1`) or down (`-1`).
    case step
    /// Once per gesture, when the progress first crosses `threshold` while the fingers move.
    case threshold
    /// Started at `began`; one line per update on its standard input until `completed`.
    case progress
}

// SPDX-License-Identifier: MIT
/// The lines a `progress` command reads: `PROGRESS VELOCITY PHASE`, space-separated, one per
/// update, e.g. `0.420000 1.900000 interactive`.
///
/// Phases, in order: `began` (the starting value), `interactive` (the fingers move), `paused`
/// (a touch caught the animation), `finish` or `cancel` (the decision at the lift, then the
/// animation's samples towards it), and last `finished` or `cancelled` (the final value), after
/// which the input is closed. `read p v phase` in a shell loop takes them apart.
public enum ProgressLine {
    /// One line, without its newline.
    public static func text(progress: Double, velocity: Double, phase: String) -> String {
        "\(NumberText.fixed(progress)) \(NumberText.fixed(velocity)) \(phase)"
    }
}

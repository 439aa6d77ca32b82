// SPDX-License-Identifier: MIT
/// The rule of `on = "threshold"`: a move crosses the threshold when it starts below it and
/// ends on or above it. The planner arms each threshold once per gesture and disarms it when it
/// fires, so a finger that hovers around the value runs the command once.
public enum ThresholdRule {
    /// Whether a move from `old` to `new` crosses `threshold` upwards.
    public static func crosses(_ threshold: Double, from old: Double, to new: Double) -> Bool {
        old < threshold && new >= threshold
    }
}

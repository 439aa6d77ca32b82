// SPDX-License-Identifier: MIT
/// The exact boundary rule of `on = "step"`: the progress axis is cut at every multiple of the
/// step, and a value *on* a boundary belongs to the cell above it. Moving from one value to
/// another fires one step per boundary between their cells, +1 upwards, −1 downwards, so the
/// steps fired always add up to `level(now) − level(start)`: no step is lost or doubled
/// however the finger jitters, and coming back to the start undoes every step.
public enum StepLevel {
    /// Values within this many steps below a boundary count as on it, so that 0.3 with a step
    /// of 0.1 is level 3 although 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
    public static let tolerance = 1e-9

    /// The cell of `progress`: ⌊progress / step + tolerance⌋.
    public static func level(of progress: Double, step: Double) -> Int {
        guard progress.isFinite, step > 0 else { return 0 }
        let cells = (progress / step + tolerance).rounded(.down)
        return Int(max(min(cells, 1e15), -1e15))
    }

    /// The steps fired by a move from `old` to `new`: positive upwards, negative downwards.
    public static func crossings(from old: Double, to new: Double, step: Double) -> Int {
        level(of: new, step: step) - level(of: old, step: step)
    }
}

// SPDX-License-Identifier: MIT
/// One movement step: every finger moves by (`dx`, `dy`) in one frame, away from the
/// fingers' centre by `spread` (negative: towards it; a pinch), and turns about that centre by
/// `turn` degrees (positive: clockwise as seen on the surface, y growing downwards; a twist).
struct Step: Equatable {
    var dx: Double
    var dy: Double
    var spread = 0.0
    var turn = 0.0
}

/// One gesture: fingers down, the steps, an optional rest, fingers up.
struct GesturePlan: Equatable {
    var fingers: Int
    var steps: [Step]
    /// Seconds to rest without moving before lifting.
    var hold: Double
    /// Where the first finger lands (step units from the top-left corner); `nil`: the row and
    /// its path are centred.
    var start: (Double, Double)? = nil
    /// After the steps, one more finger touches down and the fingers rest before lifting:
    /// libinput cancels the gesture (its finger count changed).
    var addFinger = false

    static func == (a: GesturePlan, b: GesturePlan) -> Bool {
        a.fingers == b.fingers && a.steps == b.steps && a.hold == b.hold
            && a.start?.0 == b.start?.0 && a.start?.1 == b.start?.1 && a.addFinger == b.addFinger
    }
}

/// Parses "COUNTxDX,DY" (e.g. "60x8,0": 60 frames of +8 on x) into `COUNT` steps,
/// "COUNTxsD" (e.g. "20xs3": 20 frames, each finger 3 further from the centre: a pinch out), or
/// "COUNTxrDEG" (e.g. "30xr3": 30 frames, each turning the fingers 3° clockwise about their
/// centre: a rotating pinch, or a twist; negative: counter-clockwise).
func parseSteps(_ spec: some StringProtocol) throws(VdevError) -> [Step] {
    let parts = spec.split(separator: "x", maxSplits: 1)
    guard parts.count == 2, let count = Int(parts[0]), count >= 0 else {
        throw VdevError("bad steps \"\(spec)\": expected COUNTxDX,DY, e.g. 60x8,0")
    }
    if parts[1].first == "r" {
        guard let turn = Double(parts[1].dropFirst()), turn.isFinite, abs(turn) < 90 else {
            throw VdevError("bad steps \"\(spec)\": expected COUNTxrDEGREES (under 90 a frame), e.g. 30xr3")
        }
        return Array(repeating: Step(dx: 0, dy: 0, turn: turn), count: count)
    }
    if parts[1].first == "s" {
        guard let spread = Double(parts[1].dropFirst()), spread.isFinite else {
            throw VdevError("bad steps \"\(spec)\": expected COUNTxsSPREAD, e.g. 20xs3")
        }
        return Array(repeating: Step(dx: 0, dy: 0, spread: spread), count: count)
    }
    let delta = parts[1].split(separator: ",")
    guard delta.count == 2, let dx = Double(delta[0]), let dy = Double(delta[1]), dx.isFinite, dy.isFinite else {
        throw VdevError("bad steps \"\(spec)\": expected COUNTxDX,DY, e.g. 60x8,0")
    }
    return Array(repeating: Step(dx: dx, dy: dy), count: count)
}

/// Parses "FINGERS:STEPS[/STEPS…][@HOLD][%X,Y][+]", e.g. "3:60x8,0", "4:10x0,-8/10x0,8@0.5",
/// "1:20x5,0%1,100" (the first finger lands at 1,100), "3:20x8,0+" (a finger more at the end,
/// which libinput cancels), "2:30xr3" (a quarter turn clockwise). "FINGERS:tap[@HOLD]" is a tap:
/// the fingers land together, rest `HOLD` seconds (default 0.05) without moving, and lift
/// together.
func parseGesture(_ spec: String) throws(VdevError) -> GesturePlan {
    let usage = "expected FINGERS:COUNTxDX,DY[/COUNTxDX,DY…][@HOLD][%X,Y][+] or FINGERS:tap[@HOLD], e.g. 3:60x8,0@0.5"
    let addFinger = spec.hasSuffix("+")
    var spec = Substring(addFinger ? String(spec.dropLast()) : spec)
    var start: (Double, Double)?
    if let percent = spec.lastIndex(of: "%") {
        let xy = spec[spec.index(after: percent)...].split(separator: ",")
        guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else {
            throw VdevError("bad gesture \"\(spec)\": \(usage)")
        }
        start = (x, y)
        spec = spec[..<percent]
    }
    let head = spec.split(separator: ":", maxSplits: 1)
    guard head.count == 2, let fingers = Int(head[0]), (1...5).contains(fingers) else {
        throw VdevError("bad gesture \"\(spec)\": \(usage) with 1-5 fingers")
    }
    let tail = head[1].split(separator: "@", maxSplits: 1)
    var hold = 0.0
    if tail.count == 2 {
        guard let h = Double(tail[1]), h >= 0 else { throw VdevError("bad gesture \"\(spec)\": \(usage)") }
        hold = h
    }
    var steps: [Step] = []
    if tail[0] == "tap" {
        if tail.count == 1 { hold = 0.05 }
    } else {
        for part in tail[0].split(separator: "/") { steps += try parseSteps(part) }
    }
    guard !addFinger || fingers < 5 else { throw VdevError("bad gesture \"\(spec)+\": no sixth finger to add") }
    return GesturePlan(fingers: fingers, steps: steps, hold: hold, start: start, addFinger: addFinger)
}

// SPDX-License-Identifier: MIT
import TransitionCore

/// Encodes `request` as one line (with its newline), as a client sends it.
public func encodeRequest(_ request: Request) -> [UInt8] {
    var w = JSONWriter(capacity: 256)
    w.beginObject()
    switch request.id {
    case nil: break
    case .int(let i)?: w.key("id"); w.int(i)
    case .string(let s)?: w.member("id", s)
    }
    w.member("request", request.name)
    switch request.command {
    case .list, .status, .sync:
        break
    case .settings(let s):
        w.member("text", s.text)
        if let path = s.path { w.member("path", path) }
    case .cancel(let transition):
        if let transition { w.member("transition", transition) }
    case .subscribe(let s):
        if let names = s.transitions {
            w.key("transitions")
            w.beginArray()
            for name in names.sorted() { w.string(name) }
            w.endArray()
        }
        if s.events != EventKind.defaultSet || s.frameRate > 0 {
            w.key("events")
            w.beginArray()
            for kind in EventKind.allCases where s.events.contains(kind) { w.string(kind.rawValue) }
            w.endArray()
        }
        if s.frameRate > 0 { w.member("frame_rate", s.frameRate) }
    case .declare(let d):
        w.member("transition", d.transition)
        w.key("gestures")
        w.beginArray()
        for g in d.gestures { w.string(g) }
        w.endArray()
        if let pages = d.pages { w.member("pages", pages) }
        if let page = d.page { w.member("page", page) }
        if let distance = d.distance {
            switch distance.unit {
            case .units: w.member("distance", distance.value)
            case .mm: w.member("distance_mm", distance.value)
            case .scale: w.member("distance_scale", distance.value)
            case .degrees: w.member("distance_degrees", distance.value)
            case .percent: w.member("distance_percent", distance.value)
            }
        }
        if let band = d.rubberBand {
            w.key("rubber_band")
            w.beginObject()
            w.member("stiffness", band.stiffness)
            w.member("limit", band.limit)
            w.endObject()
        }
        writeAnimation(d.animation, to: &w)
    case .update(let u):
        w.member("transition", u.transition)
        if let pages = u.pages { w.member("pages", pages) }
        if let page = u.page { w.member("page", page) }
    case .withdraw(let transition):
        w.member("transition", transition)
    case .trigger(let t):
        w.member("transition", t.transition)
        if t.reverse { w.member("reverse", true) }
        if let duration = t.duration { w.member("duration", duration) }
        writeAnimation(t.animation, to: &w)
    }
    w.endObject()
    w.raw("\n")
    return w.bytes
}

/// `"animation":{…}` as `trigger` and `declare` write it; nothing for `nil`.
private func writeAnimation(_ animation: TriggerAnimation?, to w: inout JSONWriter) {
    switch animation {
    case nil: break
    case .curve(let curve)?:
        w.key("animation")
        w.beginObject()
        w.member("type", "curve" as StaticString)
        w.member("curve", curve.rawValue)
        w.endObject()
    case .spring(let p)?:
        w.key("animation")
        w.beginObject()
        w.member("type", "spring" as StaticString)
        w.member("mass", p.mass)
        w.member("stiffness", p.stiffness)
        w.member("damping_ratio", p.dampingRatio)
        w.member("epsilon", p.epsilon)
        w.endObject()
    }
}

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
    case .trigger(let t):
        w.member("transition", t.transition)
        if t.reverse { w.member("reverse", true) }
        if let duration = t.duration { w.member("duration", duration) }
        switch t.animation {
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
    w.endObject()
    w.raw("\n")
    return w.bytes
}

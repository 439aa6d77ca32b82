import TransitionCore

/// The engine configuration used when no file exists.
enum BuiltInEngine {
    static var standard: EngineConfiguration {
        // Provisional copy of TransitionCore's `EngineConfiguration.standard` until it lands on
        // main; replaced by `.standard` then.
        var transitions: [TransitionSpec] = []
        var bindings: [Binding] = []
        func add(_ source: GestureSource, _ fingers: Int, _ directions: [Direction]) {
            for direction in directions {
                let name = "\(source.rawValue)\(fingers)-\(direction.rawValue)"
                transitions.append(TransitionSpec(name: name))
                bindings.append(Binding(source: source, fingers: fingers, direction: direction, transition: name))
            }
        }
        let pan: [Direction] = [.left, .right, .up, .down]
        add(.swipe, 3, pan)
        add(.swipe, 4, pan)
        add(.pinch, 3, [.in, .out])
        add(.pinch, 4, [.in, .out])
        add(.touch, 3, pan)
        add(.touch, 4, pan)
        return EngineConfiguration(transitions: transitions, bindings: bindings)
    }
}

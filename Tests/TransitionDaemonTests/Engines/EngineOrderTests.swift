// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionDaemon
import TransitionTouchegg

/// While `@touchegg` is served, each sample reaches Touchégg's clients (the desktop's shell)
/// before the native clients, and both engines still see every sample.
@Suite struct EngineOrderTests {
    enum Output: Equatable { case touchegg(ToucheggSignal.Member), nativeUpdate }

    final class Log { var outputs: [Output] = [] }

    @Test func theToucheggSignalOfASampleLeavesBeforeItsNativeEvent() throws {
        let log = Log()
        let bridge = try ToucheggBridge(configuration: .standard, endEncoding: .decision, rotation: { _ in .none },
                                        publish: { log.outputs.append(.touchegg($0.member)) })
        var engines = DaemonEngines(main: try TransitionEngine(configuration: .standard), touchegg: bridge)
        let emit: (TransitionEvent) -> Void = { event in
            if case .updated = event.payload { log.outputs.append(.nativeUpdate) }
        }
        let device = DeviceID(1)
        engines.handle(.begin(GestureBegin(device: device, source: .swipe, fingers: 3, timeUs: 1_000_000)), emit: emit)
        for i in 1...12 {
            let before = log.outputs.count
            engines.handle(.update(GestureUpdate(device: device, dx: 25, dy: 0, timeUs: 1_000_000 + UInt64(i) * 10_000)),
                           emit: emit)
            let sample = Array(log.outputs[before...])
            guard let native = sample.firstIndex(of: .nativeUpdate) else { continue }
            #expect(sample[..<native].contains(.touchegg(.update)),
                    "update \(i): Touchégg's signal comes before the native event: \(sample)")
        }
        #expect(log.outputs.contains(.nativeUpdate) && log.outputs.contains(.touchegg(.update)),
                "both engines were fed: \(log.outputs)")
    }
}

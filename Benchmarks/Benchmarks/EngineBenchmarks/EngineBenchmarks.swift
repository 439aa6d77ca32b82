// SPDX-License-Identifier: MIT
import Benchmark
import BenchmarkFixtures
import TransitionCore

/// One `updated` through the engine: the controller's share of the input path.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(2))

    Benchmark("Engine.handle(update)") { benchmark in
        var engine = Fixture.interactiveEngine()
        var sink = EventSink()
        var t = Fixture.startUs + 100_000
        var sign = 1.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            t += 1000
            sign = -sign
            engine.handle(.update(GestureUpdate(device: Fixture.device, dx: 4 * sign, dy: 0, timeUs: t)),
                          emit: { sink.take($0) })
        }
        benchmark.stopMeasurement()
        blackHole(sink.count)
    }
}

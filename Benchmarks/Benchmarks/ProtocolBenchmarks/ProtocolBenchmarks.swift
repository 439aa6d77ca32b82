// SPDX-License-Identifier: MIT
import Benchmark
import BenchmarkFixtures
import TransitionCore
import TransitionProtocol

/// The protocol's share of the input path: one `updated` encoded once (the body every client
/// shares) and spliced into a line with one client's `seq`; and, for the other direction, one
/// `subscribe` request decoded.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(2))

    Benchmark("Encode updated (body)") { benchmark in
        var encoder = MessageEncoder()
        var event = Fixture.updatedEvent
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            event.timeUs &+= 1000
            event.payload = .updated(UpdatedEvent(progress: Double(i & 255) / 256, rawProgress: Double(i & 255) / 256,
                                                  velocity: 1.25))
            blackHole(encoder.encodeBody(event))
        }
    }

    Benchmark("Encode updated (body + line with seq)") { benchmark in
        var encoder = MessageEncoder()
        var event = Fixture.updatedEvent
        var line: [UInt8] = []
        line.reserveCapacity(512)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            event.timeUs &+= 1000
            event.payload = .updated(UpdatedEvent(progress: Double(i & 255) / 256, rawProgress: Double(i & 255) / 256,
                                                  velocity: 1.25))
            let kind = encoder.encodeBody(event)
            line.removeAll(keepingCapacity: true)
            encoder.withBody { MessageEncoder.appendLine(kind: kind, seq: UInt64(i), body: $0, to: &line) }
            blackHole(line.count)
        }
    }

    Benchmark("Decode subscribe request") { benchmark in
        let request = Array(#"{"request":"subscribe","id":1,"transitions":["workspace-right"],"events":["began","updated","ended","completed"]}"#.utf8)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? decodeRequest(request))
        }
    }
}

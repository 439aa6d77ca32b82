// SPDX-License-Identifier: MIT

/// A failed step of a fixture, in words.
struct TestClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Carries a loop-confined object to other threads. Safe because the tests only ever
/// dereference `value` inside work they run on the loop's own thread (`remote.execute`).
final class LoopConfined<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

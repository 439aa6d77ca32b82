// SPDX-License-Identifier: MIT
import TransitionTouchegg

/// What the server keeps for the Touchégg endpoint: its listener (the abstract `@touchegg`),
/// who may connect, the one encoder and serial counter every client shares, and the refusals
/// already logged.
final class ToucheggEndpoint {
    let listener: UnixListener
    var watch: WatchID?
    var access: PeerAccessRule
    /// Encodes each signal once for every client.
    var encoder = ToucheggSignalEncoder()
    /// The last serial used. A serial only has to be unique and increasing on each connection,
    /// so one counter for all of them lets a signal be encoded once.
    var serial: UInt32 = 0
    /// The server's GUID for SASL's `OK`.
    let guid: String
    /// What `GetMachineId` answers.
    let machineID: String
    /// Uids whose refusal was logged (once each).
    var refusedUIDs: Set<UInt32> = []
    /// Authenticated Touchégg clients: nothing is encoded while there are none.
    var readyCount = 0
    /// `OnGestureEnd` (0 %) at a time for each gesture begun and not ended, for a client whose
    /// delivery pauses mid-gesture.
    var openGestures: (UInt64) -> [ToucheggSignal] = { _ in [] }
    /// The number the next gesture will have (``ToucheggTracker/nextGesture``).
    var nextGesture: () -> UInt64 = { 0 }

    init(listener: UnixListener, access: PeerAccessRule, machineID: String) {
        self.listener = listener
        self.access = access
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<4).map { _ in String(UInt32.random(in: .min ... .max, using: &generator), radix: 16) }
        self.guid = hex.map { String(repeating: "0", count: 8 - $0.count) + $0 }.joined()
        self.machineID = machineID.isEmpty ? guid : machineID
    }

    /// The next serial (never 0).
    func nextSerial() -> UInt32 {
        serial = serial == .max ? 1 : serial + 1
        return serial
    }
}

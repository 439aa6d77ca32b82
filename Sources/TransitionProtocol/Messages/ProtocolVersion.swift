// SPDX-License-Identifier: MIT
/// Version numbers carried in `hello` and `status`.
///
/// The protocol's major version (`hello.protocol`) changes only when an existing message
/// changes meaning; everything else is additive (new events, new fields, new requests), and
/// clients must ignore what they do not know. See docs/protocol.md, "Versioning".
public enum ProtocolVersion {
    /// The protocol version this library speaks.
    public static let current = 1
}

/// The release of transitiond (server and tools) this library belongs to.
public enum TransitiondVersion {
    /// e.g. "0.1.0".
    public static let string = "0.1.0"
    /// The server's `hello.server` text, e.g. "transitiond 0.1.0".
    public static let serverName = "transitiond \(string)"
}

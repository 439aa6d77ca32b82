// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionClient
import TransitionCore
import TransitionProtocol

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the configured transitions, their gestures and state.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print the reply as one JSON line.")
    var json = false

    func run() throws {
        let (connection, _) = try connection.connect()
        let (result, raw) = try perform(.list, on: connection)
        if json { Terminal.out(bytes: raw + [UInt8(ascii: "\n")]); return }
        guard case .list(let listings) = result else { return }
        var rows = [["NAME", "GESTURES", "PHASE", "PROGRESS", "TRIGGER"]]
        for listing in listings {
            // Every gesture by its configuration name: pans, pinches, edges, taps, holds.
            let gestures = listing.info.gestures.map(\.name)
            rows.append([listing.info.name, gestures.isEmpty ? "-" : gestures.joined(separator: ", "),
                         listing.state.phase.rawValue, Format.fixed(listing.state.progress),
                         "\(Format.fixed(listing.info.triggerDuration))s"])
        }
        Terminal.out(Table.render(rows))
        let owners = Ownership.lines(listings.map(\.info))
        if !owners.isEmpty { Terminal.out("\n" + owners.map { $0 + "\n" }.joined()) }
    }
}

/// Sends `command` and waits for its reply; returns the result and the reply's raw line.
func perform(_ command: Request.Command, on connection: LineConnection) throws -> (ReplyResult, ArraySlice<UInt8>) {
    try Failure.guarding { () throws(ClientError) in
        try connection.send(Request(id: .int(1), command))
        while let line = try connection.receiveLine() {
            let message: ReceivedMessage
            do throws(MessageDecodingError) { message = try decodeServerMessage(line) } catch { throw .malformed(error.message) }
            switch message.message {
            case .reply(let reply) where reply.id == .int(1):
                switch reply.result {
                case .success(let result): return (result, line)
                case .failure(let error): throw .rejected(error)
                }
            case .goodbye(let goodbye):
                throw .disconnected(goodbye)
            default:
                continue
            }
        }
        throw .disconnected(nil)
    }
}

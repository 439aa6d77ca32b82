// SPDX-License-Identifier: MIT
/// The server's own counters, reported by `status`.
struct ServerCounters {
    var clientsAccepted: UInt64 = 0
    var clientsRefused: UInt64 = 0
    var clientsEvicted: UInt64 = 0
    var clientsDroppedBacklog: UInt64 = 0
    /// Of ``clientsDroppedBacklog``, those dropped for the total output budget.
    var clientsDroppedBudget: UInt64 = 0
    var clientsDroppedLineTooLong: UInt64 = 0
    var clientsDroppedTimeout: UInt64 = 0
    var eventsPublished: UInt64 = 0
    var messagesQueued: UInt64 = 0
    var messagesCoalesced: UInt64 = 0
    var framesSent: UInt64 = 0
    var bytesWritten: UInt64 = 0
    var requests: UInt64 = 0
    var requestErrors: UInt64 = 0

    var dictionary: [String: UInt64] {
        ["clients_accepted": clientsAccepted, "clients_refused": clientsRefused, "clients_evicted": clientsEvicted,
         "clients_dropped_backlog": clientsDroppedBacklog, "clients_dropped_output_budget": clientsDroppedBudget,
         "clients_dropped_line_too_long": clientsDroppedLineTooLong,
         "clients_dropped_timeout": clientsDroppedTimeout, "events_published": eventsPublished,
         "messages_queued": messagesQueued, "messages_coalesced": messagesCoalesced, "frames_sent": framesSent,
         "bytes_written": bytesWritten, "requests": requests, "request_errors": requestErrors]
    }
}

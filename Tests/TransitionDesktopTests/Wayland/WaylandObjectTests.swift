// SPDX-License-Identifier: MIT
import CWaylandProtocols
import Testing
@testable import TransitionDesktop

/// Requests go by name through the tables wayland-scanner generates from protocols/*.xml: their
/// opcodes are the XML's order.
@Suite struct WaylandObjectTests {
    @Test func opcodesFollowTheXML() {
        #expect(WaylandObject.opcode(of: "keymap", in: cwayland_virtual_keyboard()) == 0)
        #expect(WaylandObject.opcode(of: "key", in: cwayland_virtual_keyboard()) == 1)
        #expect(WaylandObject.opcode(of: "modifiers", in: cwayland_virtual_keyboard()) == 2)
        #expect(WaylandObject.opcode(of: "destroy", in: cwayland_virtual_keyboard()) == 3)
        #expect(WaylandObject.opcode(of: "create_virtual_keyboard", in: cwayland_virtual_keyboard_manager()) == 0)
        #expect(WaylandObject.opcode(of: "stop", in: cwayland_foreign_toplevel_manager()) == 0)
        #expect(WaylandObject.opcode(of: "destroy", in: cwayland_foreign_toplevel_handle()) == 7)
        #expect(WaylandObject.opcode(of: "get_keyboard", in: cwayland_seat()) == 1)
        #expect(WaylandObject.opcode(of: "no_such_request", in: cwayland_seat()) == nil)
    }
}

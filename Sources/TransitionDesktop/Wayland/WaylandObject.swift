// SPDX-License-Identifier: MIT
import CWayland
import CWaylandProtocols

/// One Wayland object (a proxy) seen from Swift: its events arrive by name, as the protocol's XML
/// names them, and its requests are sent by name, with their opcodes looked up in the interface
/// table wayland-scanner generated from that XML. libwayland's non-variadic calls carry both
/// (`wl_proxy_add_dispatcher`, `wl_proxy_marshal_array_flags`), so no C glue is written by hand.
final class WaylandObject {
    /// Handles one event: its name and its arguments in the XML's order.
    typealias Handler = (_ event: String, _ arguments: WaylandArguments) -> Void

    /// `wl_proxy*`.
    let proxy: OpaquePointer
    /// The interface table of the object's protocol (nil for the core's registry, whose
    /// requests go through libwayland's own inline functions).
    let interface: UnsafePointer<wl_interface>?
    private let handler: Handler
    private var destroyed = false

    /// Takes a new proxy and dispatches its events to `handler`.
    init(proxy: OpaquePointer, interface: UnsafePointer<wl_interface>?, handler: @escaping Handler) {
        self.proxy = proxy
        self.interface = interface
        self.handler = handler
        let this = Unmanaged.passUnretained(self).toOpaque()
        wl_proxy_add_dispatcher(proxy, { _, target, _, message, arguments in
            guard let target, let message, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
            let object = Unmanaged<WaylandObject>.fromOpaque(data).takeUnretainedValue()
            object.handler(String(cString: message.pointee.name), WaylandArguments(base: arguments))
            return 0
        }, nil, this)
    }

    deinit {
        if !destroyed { wl_proxy_destroy(proxy) }
    }

    /// Sends the request named `name` with `arguments` (the XML's order; a new_id argument is
    /// `wl_argument(n: 0)`). A request that creates an object returns its proxy, to be given to a
    /// `WaylandObject` of `creating`; a destructor (`destroying`) frees this proxy.
    @discardableResult
    func request(_ name: String, _ arguments: [wl_argument], creating: UnsafePointer<wl_interface>? = nil,
                 destroying: Bool = false) throws(DesktopError) -> OpaquePointer? {
        guard let interface, let opcode = Self.opcode(of: name, in: interface) else {
            throw DesktopError("\(interface.map { String(cString: $0.pointee.name) } ?? "this object") has no request \(name)")
        }
        var arguments = arguments
        let created = arguments.withUnsafeMutableBufferPointer { buffer in
            wl_proxy_marshal_array_flags(proxy, opcode, creating, wl_proxy_get_version(proxy),
                                         destroying ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0, buffer.baseAddress)
        }
        if destroying { destroyed = true }
        return created
    }

    /// The opcode of request `name` in `interface`: its index among the XML's requests.
    static func opcode(of name: String, in interface: UnsafePointer<wl_interface>) -> UInt32? {
        let count = Int(interface.pointee.method_count)
        guard count > 0, let methods = interface.pointee.methods else { return nil }
        return (0..<count).first { String(cString: methods[$0].name) == name }.map(UInt32.init)
    }
}

/// The arguments of one event, in the XML's order (valid only while its handler runs).
struct WaylandArguments {
    let base: UnsafeMutablePointer<wl_argument>?

    /// Argument `index` (uint, int, object, fd…: read the member its type names).
    subscript(index: Int) -> wl_argument { base?[index] ?? wl_argument() }

    /// A string argument; nil for a null one.
    func string(_ index: Int) -> String? {
        base?[index].s.map { String(cString: $0) }
    }

    /// An array argument read as 32-bit unsigned values (e.g. the states of a toplevel).
    func uint32Array(_ index: Int) -> [UInt32] {
        guard let array = base?[index].a, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
    }
}

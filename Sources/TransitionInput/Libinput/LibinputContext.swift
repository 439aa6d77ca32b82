// SPDX-License-Identifier: MIT
import CEvdev
import CLibInput
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// State libinput's C callbacks reach through `user_data`: the nodes it may open, and the logger.
final class LibinputCallbacks {
    /// The only nodes `open_restricted` opens: those transitiond added itself. A belt to go with
    /// the classification's braces: libinput can never open a keyboard through this context.
    var allowedNodes: Set<String> = []
    /// The fd `open_restricted` returned for each node libinput has open.
    var openFDs: [String: Int32] = [:]
    let logger: Logger

    init(logger: Logger) { self.logger = logger }
}

/// A libinput context on the path backend: transitiond adds and removes each touch device itself
/// (after classifying it) instead of letting libinput take every device of a seat.
/// Not thread-safe: used on the event loop's thread only.
final class LibinputContext {
    let handle: OpaquePointer
    /// libinput keeps this pointer for the context's lifetime: allocated once here, freed after
    /// the context.
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let callbacks: LibinputCallbacks

    init(logger: Logger) throws(InputError) {
        callbacks = LibinputCallbacks(logger: logger)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, _, userData in
                guard let path, let userData else { return -EINVAL }
                let callbacks = Unmanaged<LibinputCallbacks>.fromOpaque(userData).takeUnretainedValue()
                let node = String(cString: path)
                guard callbacks.allowedNodes.contains(node) else {
                    callbacks.logger.error("libinput asked to open \(node), which is not a touch device in use; refused")
                    return -EACCES
                }
                // Read-only: libinput never writes to a touch device (only keyboards have LEDs),
                // and the unit's DeviceAllow=char-input r allows nothing more.
                let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                guard fd >= 0 else { return -errno }
                callbacks.openFDs[node] = fd
                return fd
            },
            close_restricted: { fd, userData in
                if let userData {
                    let callbacks = Unmanaged<LibinputCallbacks>.fromOpaque(userData).takeUnretainedValue()
                    if let node = callbacks.openFDs.first(where: { $0.value == fd })?.key {
                        callbacks.openFDs[node] = nil
                    }
                }
                close(fd)
            }))
        guard let handle = libinput_path_create_context(interface, Unmanaged.passUnretained(callbacks).toOpaque()) else {
            interface.deallocate()
            throw .system("cannot create a libinput context")
        }
        self.handle = handle
        // libinput's own debug log (gesture state machines, per touch) when ours is at debug or trace.
        libinput_log_set_priority(handle, logger.logLevel <= .debug ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO)
        libinput_log_set_handler(handle) { li, priority, format, args in
            guard let li, let format, let args, let userData = libinput_get_user_data(li) else { return }
            let callbacks = Unmanaged<LibinputCallbacks>.fromOpaque(userData).takeUnretainedValue()
            var buffer = [CChar](repeating: 0, count: 512)
            _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
            var message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while message.hasSuffix("\n") { message.removeLast() }
            let level: Logger.Level = switch priority {
            case LIBINPUT_LOG_PRIORITY_ERROR: .error
            case LIBINPUT_LOG_PRIORITY_INFO: .info
            default: .debug
            }
            callbacks.logger.log(level: level, "libinput: \(message)")
        }
    }

    deinit {
        libinput_unref(handle)
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    /// libinput's epoll fd: call ``dispatch()`` when it is readable.
    var fileDescriptor: Int32 { libinput_get_fd(handle) }

    /// Adds an event node; returns libinput's device (the caller takes its own reference) or
    /// `nil` when libinput cannot use it.
    func add(_ node: String) -> OpaquePointer? {
        callbacks.allowedNodes.insert(node)
        guard let device = libinput_path_add_device(handle, node) else {
            callbacks.allowedNodes.remove(node)
            return nil
        }
        return device
    }

    /// Removes a device added with ``add(_:)``. Safe to call for a device libinput already removed
    /// on its own (its node vanished) as long as the caller still holds a reference to it.
    func remove(_ device: OpaquePointer, node: String) {
        libinput_path_remove_device(device)
        callbacks.allowedNodes.remove(node)
    }

    /// Whether the device behind `node` is being unplugged, asked of the kernel without waiting.
    ///
    /// When the kernel disconnects an input device it first releases every key (libinput then sees
    /// the fingers lift and ends the gesture as a release), and only later hangs up the node (tens
    /// of milliseconds later in a slow VM). Two signs tell that from a real lift: the node polls as
    /// hung up (`POLLHUP`/`POLLERR`), or every touch key is up while multitouch contacts are still
    /// active (see `cevdev_is_disconnecting`).
    func isDisconnecting(_ node: String) -> Bool {
        guard let fd = callbacks.openFDs[node] else { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&p, 1, 0) > 0, p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        let state = cevdev_is_disconnecting(fd)
        return state == 1 || state == -ENODEV
    }

    /// Reads the devices' pending input; returns 0 or a negative errno.
    func dispatch() -> Int32 { libinput_dispatch(handle) }

    /// The next queued event (the caller destroys it), or `nil`.
    func nextEvent() -> OpaquePointer? { libinput_get_event(handle) }
}

// SPDX-License-Identifier: MIT
import CEvdev
import CLibInput
import CLinux
public import Logging
public import TransitionCore
#if canImport(Glibc)
import Glibc
import TransitionIO
#endif

/// The input layer: finds touchpads and touchscreens, reads them through libinput and hands
/// recognised gesture samples to a sink.
///
/// Devices: with no explicit paths, every `/dev/input/event*` node on `seat` that udev tags
/// `ID_INPUT_TOUCHPAD=1` or `ID_INPUT_TOUCHSCREEN=1` and whose capabilities libevdev confirms;
/// with explicit paths, only those (refusing anything that is not a touch device). Nothing else
/// is ever opened: not keyboards, not mice. Hotplug comes from a udev monitor: a device that
/// disappears is cancelled (`GestureInput.deviceRemoved`) and freed, and one that (re)appears is
/// added with a new ``DeviceID``.
///
/// Touchpads are also opened a second time, read-only, for their evdev frames (touchpad taps,
/// ``TouchpadTapReader``): those descriptors sit in an epoll set of their own, whose one
/// descriptor, ``touchpadTapFileDescriptor``, the event loop watches.
///
/// Not thread-safe: create it and call it on the event loop's thread. Watch
/// ``libinputFileDescriptor`` and call ``dispatch(_:)`` when it is readable; watch
/// ``udevMonitorFileDescriptor`` (when not `nil`) and call ``handleUdev(_:)``; watch
/// ``touchpadTapFileDescriptor`` and call ``readTouchpadTaps(_:)``.
public final class InputManager {
    /// The seat whose devices are used (when no explicit devices are given).
    public let seat: String
    /// The `--device` paths, or empty to use the seat's devices.
    public let explicitDevices: [String]
    private let logger: Logger
    private let udev: Udev
    private let monitor: UdevMonitor?
    private let libinput: LibinputContext
    /// The epoll set of every open touchpad's second descriptor, and the buffers its waits fill
    /// (allocated once).
    private let tapSet: Int32
    private var readyData = [UInt64](repeating: 0, count: 8)
    private var readyEvents = [UInt32](repeating: 0, count: 8)
    private var entries: [Entry] = []
    private var nextID: UInt32 = 1
    private var batch: [BatchItem] = []
    /// Every sample handed to a sink goes through it: times never go back (``SampleOrder``).
    private var order = SampleOrder()
    /// Between ``suspend()`` and ``resume(_:)``: every device is closed, the entries kept.
    public private(set) var isSuspended = false
    /// The `[touchscreen]` settings in force.
    public private(set) var touchscreen: TouchscreenSettings

    private struct Entry {
        var info: InputDeviceInfo
        var syspath: String
        /// libinput's device; `nil` while suspended (closed, to be opened again on resume).
        var device: OpaquePointer?
        /// A touchpad's second descriptor, for its taps; `nil` for touchscreens and while closed.
        var taps: TouchpadTapReader?
        var recognizer: DeviceRecognizer
        /// A touchscreen's size in mm and range in device units, as far as known (for its layout).
        var sizeMm: DeviceExtent?
        var range: DeviceExtent?
        /// The kernel is disconnecting it: the engine was told (`deviceRemoved`), libinput not yet.
        var vanishing = false
    }

    /// Opens udev and libinput and adds the touch devices present now.
    ///
    /// Throws ``InputError/refused(path:reason:)`` when an explicit device exists but is not a
    /// touchpad or touchscreen, and ``InputError/system(_:)`` when libinput or udev cannot start.
    /// An explicit device that does not exist yet is waited for. Without a udev monitor (no
    /// netlink, e.g. in some containers) it logs a warning and runs without hotplug.
    public init(seat: String = "seat0", explicitDevices: [String] = [], touchscreen: TouchscreenSettings = .builtIn,
                logger: Logger) throws(InputError) {
        self.seat = seat
        self.explicitDevices = explicitDevices
        self.touchscreen = touchscreen
        self.logger = logger
        udev = try Udev()
        do {
            monitor = try UdevMonitor(udev: udev)
        } catch {
            logger.warning("\(error); devices plugged in later will not be seen")
            monitor = nil
        }
        libinput = try LibinputContext(logger: logger)
        tapSet = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard tapSet >= 0 else { throw .system("epoll_create1: \(String(cString: strerror(errno)))") }
        batch.reserveCapacity(256)

        if explicitDevices.isEmpty {
            for device in udev.inputEventDevices() {
                consider(device, seat: seat, quietIgnore: true)
            }
        } else {
            for path in explicitDevices {
                switch DeviceEvaluation.explicitDevice(path, udev: udev) {
                case .failure(.missing):
                    logger.warning("\(path) does not exist (yet); waiting for it to be plugged in")
                case .failure(.refused(let reason)):
                    throw .refused(path: path, reason: reason)
                case .success(let device):
                    let evaluation = DeviceEvaluation(device, seat: nil)
                    if case .ignore(let reason) = evaluation.verdict {
                        throw .refused(path: path, reason: reason)
                    }
                    add(evaluation, syspath: device.syspath)
                }
            }
        }
        if entries.isEmpty {
            let scope = explicitDevices.isEmpty ? "on \(seat)" : "among the --device paths"
            logger.notice("no touchpad or touchscreen \(scope) yet; waiting for one to be plugged in")
        }
    }

    deinit {
        for entry in entries { close(entry) }
        Glibc.close(tapSet)
    }

    /// libinput's fd: when readable, call ``dispatch(_:)``.
    public var libinputFileDescriptor: Int32 { libinput.fileDescriptor }

    /// The udev monitor's fd (hotplug): when readable, call ``handleUdev(_:)``. `nil` when no
    /// monitor could be created.
    public var udevMonitorFileDescriptor: Int32? { monitor?.fileDescriptor }

    /// The epoll descriptor of the touchpads' second descriptors: when readable, call
    /// ``readTouchpadTaps(_:)``.
    public var touchpadTapFileDescriptor: Int32 { tapSet }

    /// Reads every touchpad whose second descriptor is readable and hands each touchpad tap
    /// (``GestureInput/tap(_:)`` with `touchpad` set) to `sink`.
    public func readTouchpadTaps(_ sink: (GestureInput) -> Void) {
        func ordered(_ sample: GestureInput) { sink(order.ordered(sample)) }
        while true {
            let n = clinux_epoll_wait(tapSet, &readyData, &readyEvents, Int32(readyData.count), 0)
            guard n > 0 else { return }
            for k in 0..<Int(n) {
                let fd = Int32(truncatingIfNeeded: readyData[k])
                guard let i = entries.firstIndex(where: { $0.taps?.fileDescriptor == fd }),
                      let taps = entries[i].taps else { continue }
                if !taps.read(ordered) {
                    // Gone (ENODEV while the kernel removes it): stop watching; udev's removal follows.
                    _ = clinux_epoll_ctl(tapSet, EPOLL_CTL_DEL, fd, 0, 0)
                    entries[i].taps = nil
                }
            }
            if Int(n) < readyData.count { return }
        }
    }

    /// The touch devices in use, in the order they were added.
    public var devices: [InputDeviceInfo] { entries.map(\.info) }

    /// Each open touchscreen's `[touchscreen] rotation`, kept beside ``devices`` so that a sink
    /// may read it while the input layer dispatches (the Touchégg endpoint, at a gesture's begin).
    public private(set) var touchscreenRotations: [DeviceID: PanelRotation] = [:]

    /// Reads libinput (call when ``libinputFileDescriptor`` is readable) and hands every
    /// recognised sample to `sink`, in order, synchronously.
    public func dispatch(_ sink: (GestureInput) -> Void) {
        let rc = libinput.dispatch()
        if rc < 0 { logger.error("libinput_dispatch failed: \(String(cString: strerror(-rc)))") }
        drain { sink(order.ordered($0)) }
    }

    /// Handles device arrivals and removals (call when ``udevMonitorFileDescriptor`` is readable).
    /// A removed device's gesture is cancelled through `sink` (`GestureInput.deviceRemoved`).
    public func handleUdev(_ sink: (GestureInput) -> Void) {
        guard let monitor else { return }
        func ordered(_ sample: GestureInput) { sink(order.ordered(sample)) }
        while let device = monitor.receive() {
            guard device.isEventNode else { continue }
            switch device.action {
            case "add":
                // Already in use: it appeared between the monitor's start and the enumeration.
                if entries.contains(where: { $0.syspath == device.syspath }) { continue }
                if explicitDevices.isEmpty {
                    consider(device, seat: seat, quietIgnore: true)
                } else if explicitDevices.contains(where: { DeviceEvaluation.matches(device, path: $0) }) {
                    consider(device, seat: nil, quietIgnore: false)
                }
            case "remove":
                if let i = entries.firstIndex(where: { $0.syspath == device.syspath }) {
                    remove(at: i, ordered, why: "unplugged")
                }
            default:
                break
            }
        }
        // Let libinput's teardown events of removed devices go (they are ignored).
        drain(ordered)
    }

    // MARK: - Devices

    private func consider(_ device: UdevDevice, seat: String?, quietIgnore: Bool) {
        let evaluation = DeviceEvaluation(device, seat: seat)
        switch evaluation.verdict {
        case .use:
            add(evaluation, syspath: device.syspath)
        case .ignore(let reason):
            let touchTagged = evaluation.tags.touchpad || evaluation.tags.touchscreen
            logger.log(level: quietIgnore && !touchTagged ? .debug : .notice,
                       "ignoring \(evaluation.node) \"\(evaluation.name)\": \(reason)")
        }
    }

    private func add(_ evaluation: DeviceEvaluation, syspath: String) {
        guard case .use(let kind) = evaluation.verdict else { return }
        guard let device = libinput.add(evaluation.node) else {
            logger.error("libinput cannot use \(kind.rawValue) \(evaluation.node) \"\(evaluation.name)\"")
            return
        }
        libinput_device_ref(device)
        let id = DeviceID(nextID)
        nextID += 1
        LibinputDecoder.tag(device, with: id)
        let taps = kind == .touchpad ? openTaps(evaluation.node, id) : nil
        var width = 0.0, height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        var info = InputDeviceInfo(id: id, node: evaluation.node, name: evaluation.name, kind: kind,
                                   widthMm: hasSize ? width : nil, heightMm: hasSize ? height : nil)
        // A touchscreen's layout, in the units of its positions: mm, or device units when the
        // device reports no resolution (libinput then reports positions in device units).
        var sizeMm: DeviceExtent?, range: DeviceExtent?
        var layout = TouchLayout()
        if kind == .touchscreen {
            if hasSize { sizeMm = DeviceExtent(width: width, height: height) }
            if let caps = evaluation.capabilities, caps.rangeX > 0, caps.rangeY > 0 {
                range = DeviceExtent(width: Double(caps.rangeX), height: Double(caps.rangeY))
            }
            layout = TouchLayout.touchscreen(named: evaluation.name, sizeMm: sizeMm, range: range, settings: touchscreen)
            describe(&info, layout: layout)
        }
        entries.append(Entry(info: info, syspath: syspath, device: device, taps: taps,
                             recognizer: DeviceRecognizer(device: id, touchLayout: layout,
                                                          touchpadSizeMm: kind == .touchpad && hasSize && width > 0 && height > 0
                                                              ? DeviceExtent(width: width, height: height) : nil),
                             sizeMm: sizeMm, range: range))
        var size = hasSize ? " (\(Int(width.rounded())) × \(Int(height.rounded())) mm)" : " (no resolution: positions in device units)"
        if kind == .touchscreen {
            size += hasSize ? "; edge zones \(touchscreen.edgeZoneMm) mm" : "; edge zones \(touchscreen.edgeZoneShare * 100) % of the range"
            if layout.rotation != .none { size += "; rotated \(layout.rotation.rawValue)°" }
        }
        logger.notice("using \(kind.rawValue) \(evaluation.node) \"\(evaluation.name)\" as \(id)\(size)")
        let capability = kind == .touchpad ? LIBINPUT_DEVICE_CAP_GESTURE : LIBINPUT_DEVICE_CAP_TOUCH
        if libinput_device_has_capability(device, capability) == 0 {
            logger.warning("libinput reports no \(kind == .touchpad ? "gesture" : "touch") capability for \(evaluation.node)")
        }
    }

    /// Applies new `[touchscreen]` settings (a reload): each touchscreen takes its new rotation
    /// and edge zones from its next touch on.
    public func applyTouchscreen(_ settings: TouchscreenSettings) {
        touchscreen = settings
        for i in entries.indices where entries[i].info.kind == .touchscreen {
            let layout = TouchLayout.touchscreen(named: entries[i].info.name, sizeMm: entries[i].sizeMm,
                                                 range: entries[i].range, settings: settings)
            entries[i].recognizer.setTouchLayout(layout)
            describe(&entries[i].info, layout: layout)
        }
    }

    private func describe(_ info: inout InputDeviceInfo, layout: TouchLayout) {
        info.rotation = layout.rotation
        touchscreenRotations[info.id] = layout.rotation
        info.edgeZoneMm = info.widthMm != nil ? touchscreen.edgeZoneMm : nil
        info.edgeZoneShare = info.widthMm == nil && layout.extent != nil ? touchscreen.edgeZoneShare : nil
    }

    private func remove(at index: Int, _ sink: (GestureInput) -> Void, why: String) {
        let entry = entries.remove(at: index)
        touchscreenRotations[entry.info.id] = nil
        if !entry.vanishing {
            sink(.deviceRemoved(device: entry.info.id, timeUs: MonotonicClock.nowUs()))
        }
        close(entry)
        logger.notice("\(entry.info.kind.rawValue) \(entry.info.node) \"\(entry.info.name)\" (\(entry.info.id)) \(why)")
    }

    /// Opens a touchpad's second descriptor and adds it to the epoll set; `nil` (with a
    /// warning: the touchpad works, without taps) when it cannot.
    private func openTaps(_ node: String, _ id: DeviceID) -> TouchpadTapReader? {
        guard let reader = TouchpadTapReader(node: node, device: id) else {
            logger.warning("cannot read \(node)'s evdev frames a second time: no touchpad taps (padtap) from it")
            return nil
        }
        guard clinux_epoll_ctl(tapSet, EPOLL_CTL_ADD, reader.fileDescriptor, UInt32(EPOLLIN.rawValue),
                               UInt64(reader.fileDescriptor)) == 0 else {
            logger.warning("cannot watch \(node)'s evdev frames: no touchpad taps (padtap) from it")
            return nil
        }
        return reader
    }

    /// Closes an entry's libinput device and its second descriptor (if open).
    private func close(_ entry: Entry) {
        if let taps = entry.taps {
            _ = clinux_epoll_ctl(tapSet, EPOLL_CTL_DEL, taps.fileDescriptor, 0, 0)
        }
        guard let device = entry.device else { return }
        LibinputDecoder.tag(device, with: nil)
        libinput.remove(device, node: entry.info.node)
        libinput_device_unref(device)
    }

    // MARK: - Sleep

    /// The machine is about to sleep: closes every device, keeping each one's entry (its
    /// ``DeviceID``), and forgets the gestures in progress. The caller has ended the transitions
    /// in flight (reason `suspend`).
    ///
    /// This is what `libinput_suspend()` does on the path backend (remove every device), done
    /// device by device so that each keeps its identity. While asleep the kernel releases every
    /// key of every input device; a device left open would show that after resume as fingers
    /// lifting while contacts are still down, which is how an unplug looks (``RemovalFilter``).
    /// Closed, it shows nothing, and it is read afresh on resume.
    public func suspend(_ sink: (GestureInput) -> Void) {
        func ordered(_ sample: GestureInput) { sink(order.ordered(sample)) }
        guard !isSuspended else { return }
        isSuspended = true
        for i in entries.indices {
            close(entries[i])
            entries[i].device = nil
            entries[i].taps = nil
            entries[i].vanishing = false
            entries[i].recognizer.reset()
        }
        drain(ordered) // libinput's teardown of the closed devices (untagged: ignored)
        if !entries.isEmpty { logger.notice("suspended: closed \(entries.count) device\(entries.count == 1 ? "" : "s") until resume") }
    }

    /// The machine resumed: opens every device again under its old ``DeviceID`` when its node
    /// is still the same device (the kernel kept it). A device whose node went away, or now
    /// belongs to another device (the kernel removed and re-added it), is removed, and the
    /// udev monitor adds what is there now as a new device.
    public func resume(_ sink: (GestureInput) -> Void) {
        func ordered(_ sample: GestureInput) { sink(order.ordered(sample)) }
        guard isSuspended else { return }
        isSuspended = false
        var reopened = 0
        for i in entries.indices.reversed() {
            let entry = entries[i]
            let sameDevice: Bool = switch DeviceEvaluation.explicitDevice(entry.info.node, udev: udev) {
            case .success(let device): device.syspath == entry.syspath
            case .failure: false
            }
            if sameDevice, let device = libinput.add(entry.info.node) {
                libinput_device_ref(device)
                LibinputDecoder.tag(device, with: entry.info.id)
                entries[i].device = device
                if entry.info.kind == .touchpad { entries[i].taps = openTaps(entry.info.node, entry.info.id) }
                reopened += 1
            } else {
                remove(at: i, ordered, why: "did not come back after the sleep")
            }
        }
        drain(ordered)
        if reopened > 0 { logger.notice("resumed: opened \(reopened) device\(reopened == 1 ? "" : "s") again") }
    }

    // MARK: - Events

    private func drain(_ sink: (GestureInput) -> Void) {
        batch.removeAll(keepingCapacity: true)
        var removals = false
        while let event = libinput.nextEvent() {
            if let item = LibinputDecoder.decode(event) {
                if case .removed = item { removals = true }
                batch.append(item)
            }
            libinput_event_destroy(event)
        }
        // A lift may be the kernel disconnecting the device (it releases every key first).
        var checked: [DeviceID] = []
        for item in batch {
            guard case .event(let id, let event) = item, event.isLift, !checked.contains(id) else { continue }
            checked.append(id)
            if let entry = entries.first(where: { $0.info.id == id }), !entry.vanishing,
               libinput.isDisconnecting(entry.info.node) {
                batch.append(.vanishing(id))
                removals = true
            }
        }
        if removals { RemovalFilter.dropTeardown(&batch) }
        for item in batch {
            switch item {
            case .event(let id, let event):
                guard let i = entries.firstIndex(where: { $0.info.id == id }) else { continue }
                if entries[i].vanishing && !event.isTeardown { entries[i].vanishing = false }
                entries[i].recognizer.handle(event, emit: sink)
            case .removed(let id):
                guard let i = entries.firstIndex(where: { $0.info.id == id }) else { continue }
                remove(at: i, sink, why: "vanished")
            case .vanishing(let id):
                guard let i = entries.firstIndex(where: { $0.info.id == id }) else { continue }
                entries[i].vanishing = true
                entries[i].recognizer.reset()
                sink(.deviceRemoved(device: id, timeUs: MonotonicClock.nowUs()))
                logger.notice("\(entries[i].info.kind.rawValue) \(entries[i].info.node) (\(id)) is being unplugged")
            case .dropped:
                continue
            }
        }
        batch.removeAll(keepingCapacity: true)
    }
}

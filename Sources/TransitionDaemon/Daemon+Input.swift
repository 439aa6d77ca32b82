// SPDX-License-Identifier: MIT
import Logging
import TransitionConfig
import TransitionCore
import TransitionInput
import TransitionServer

extension Daemon {
    /// Opens the seat's (or the `--device`) touch devices and watches libinput and the udev
    /// monitor on the loop. Every recognised sample is recorded (with `--record`) and fed to
    /// the engine.
    func attachInput() throws {
        let input = try InputManager(seat: options.seat, explicitDevices: options.devices,
                                     touchscreen: reloader.current.touchscreen, logger: logger)
        self.input = input
        try loop.watch(fd: input.libinputFileDescriptor) { [unowned self, unowned input] _ in
            input.dispatch(feed)
        }
        try loop.watch(fd: input.touchpadTapFileDescriptor) { [unowned self, unowned input] _ in
            input.readTouchpadTaps(feed)
        }
        if let monitor = input.udevMonitorFileDescriptor {
            try loop.watch(fd: monitor) { [unowned self, unowned input] _ in
                input.handleUdev(feed)
                deviceCountChanged()
            }
        }
    }

    /// Opens `--record FILE`.
    func attachRecorder(path: String) throws {
        recorder = try TraceWriter(path: path)
        logger.info("recording gesture samples to \(path)")
    }

    /// One sample from the input layer (or a replay): recorded, then handled.
    func feed(_ sample: GestureInput) {
        if let recorder {
            do {
                try recorder.write(sample)
            } catch {
                // A full disk must not stop the transitions: stop recording, say why, go on.
                logger.error("recording stopped: \(error)")
                self.recorder = nil
            }
        }
        handle(sample)
    }
}

// SPDX-License-Identifier: MIT
// One connection to transitiond's socket from GNOME Shell's main loop: JSON lines both ways
// (docs/protocol.md, "Framing"), reconnecting by itself with the delays of the runner's
// ReconnectBackoff (Sources/TransitionIO: 100 ms, doubling up to 5 s, a success starts over).
// Nothing here blocks the compositor: connect, read and write are GIO's asynchronous calls.

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

/** The protocol's own bound on a line (hello's `limits.max_line_bytes`). */
export const MAX_LINE_BYTES = 65536;
const INITIAL_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 5000;

/**
 * A reconnecting JSON-lines client of transitiond.
 *
 * Callbacks: `onConnected()` once a connection is up (before its `hello` is read),
 * `onMessage(object)` for every line the server sends, `onDisconnected()` once a connection
 * that was up is gone (the daemon stopped, or `stop()`).
 */
export class LineClient {
    /**
     * @param {() => string[]} candidates the socket paths to try, in order, at each attempt
     * @param {{onConnected: Function, onMessage: Function, onDisconnected: Function,
     *          log?: (message: string) => void}} callbacks what to do with the connection
     */
    constructor(candidates, callbacks) {
        this._candidates = candidates;
        this._callbacks = callbacks;
        this._log = callbacks.log ?? (() => {});
        this._connection = null;
        this._input = null;
        this._output = null;
        this._cancellable = null;
        this._timeout = 0;
        this._attempts = 0;
        this._running = false;
        this._connected = false;
        this._pending = [];
        this._writing = false;
    }

    /** Whether a connection is up. */
    get connected() {
        return this._connected;
    }

    /** Starts connecting (and reconnecting whenever the connection is lost). */
    start() {
        if (this._running)
            return;
        this._running = true;
        this._attempts = 0;
        this._attempt();
    }

    /** Closes the connection and stops reconnecting; `onDisconnected` runs if it was up. */
    stop() {
        if (!this._running)
            return;
        this._running = false;
        if (this._timeout) {
            GLib.source_remove(this._timeout);
            this._timeout = 0;
        }
        this._drop();
    }

    /**
     * Sends one request, as one line.
     * @param {object} request a request object (docs/protocol.md, "Requests")
     */
    send(request) {
        if (!this._connected)
            return;
        this._pending.push(`${JSON.stringify(request)}\n`);
        this._flush();
    }

    _attempt() {
        this._timeout = 0;
        if (!this._running)
            return;
        const cancellable = new Gio.Cancellable();
        this._cancellable = cancellable;
        this._tryCandidate(this._candidates(), 0, cancellable);
    }

    _tryCandidate(paths, index, cancellable) {
        if (cancellable.is_cancelled())
            return;
        if (index >= paths.length) {
            this._retryLater();
            return;
        }
        const client = new Gio.SocketClient();
        const address = Gio.UnixSocketAddress.new(paths[index]);
        client.connect_async(address, cancellable, (source, result) => {
            let connection;
            try {
                connection = source.connect_finish(result);
            } catch (e) {
                if (!cancellable.is_cancelled())
                    this._tryCandidate(paths, index + 1, cancellable);
                return;
            }
            if (cancellable.is_cancelled()) {
                connection.close(null);
                return;
            }
            this._attempts = 0;
            this._connection = connection;
            this._input = new Gio.DataInputStream({
                base_stream: connection.get_input_stream(),
                close_base_stream: false,
            });
            this._output = connection.get_output_stream();
            this._connected = true;
            this._log(`connected to ${paths[index]}`);
            this._callbacks.onConnected();
            this._readLine(cancellable);
        });
    }

    _retryLater() {
        const delay = Math.min(INITIAL_BACKOFF_MS * 2 ** Math.min(this._attempts, 16), MAX_BACKOFF_MS);
        this._attempts += 1;
        this._timeout = GLib.timeout_add(GLib.PRIORITY_DEFAULT, delay, () => {
            this._attempt();
            return GLib.SOURCE_REMOVE;
        });
    }

    _readLine(cancellable) {
        this._input.read_line_async(GLib.PRIORITY_DEFAULT, cancellable, (stream, result) => {
            let bytes;
            try {
                [bytes] = stream.read_line_finish(result);
            } catch (e) {
                if (!cancellable.is_cancelled())
                    this._lost(`read failed: ${e.message}`);
                return;
            }
            if (bytes === null) {
                this._lost('the daemon closed the connection');
                return;
            }
            if (bytes.length > MAX_LINE_BYTES) {
                this._lost(`a line of ${bytes.length} bytes, over ${MAX_LINE_BYTES}`);
                return;
            }
            let message = null;
            try {
                message = JSON.parse(new TextDecoder().decode(bytes));
            } catch (e) {
                this._log(`ignored a line that is not JSON: ${e.message}`);
            }
            if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
                try {
                    this._callbacks.onMessage(message);
                } catch (e) {
                    logError(e, 'transitiond: handling a message');
                }
            }
            if (!cancellable.is_cancelled())
                this._readLine(cancellable);
        });
    }

    _flush() {
        if (this._writing || this._pending.length === 0 || !this._connected)
            return;
        const data = new TextEncoder().encode(this._pending.join(''));
        this._pending = [];
        this._writing = true;
        this._write(data, this._cancellable);
    }

    // Writes `data` whole: write_bytes_async may take part of it (a short write).
    _write(data, cancellable) {
        this._output.write_bytes_async(new GLib.Bytes(data), GLib.PRIORITY_DEFAULT, cancellable, (stream, result) => {
            let written;
            try {
                written = stream.write_bytes_finish(result);
            } catch (e) {
                this._writing = false;
                if (!cancellable.is_cancelled())
                    this._lost(`write failed: ${e.message}`);
                return;
            }
            if (written < data.length) {
                this._write(data.subarray(written), cancellable);
                return;
            }
            this._writing = false;
            this._flush();
        });
    }

    _lost(why) {
        this._log(`disconnected: ${why}`);
        this._drop();
        if (this._running)
            this._retryLater();
    }

    _drop() {
        if (this._cancellable) {
            this._cancellable.cancel();
            this._cancellable = null;
        }
        if (this._connection) {
            this._connection.close_async(GLib.PRIORITY_DEFAULT, null, null);
            this._connection = null;
        }
        this._input = null;
        this._output = null;
        this._pending = [];
        this._writing = false;
        if (this._connected) {
            this._connected = false;
            this._callbacks.onDisconnected();
        }
    }
}

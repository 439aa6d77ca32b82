#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""What an `updated` event costs a Python program through libtransitiond (PyGObject), beside
bench-overhead.c's C figures (docs/performance.md): a thread plays the daemon on a private socket
(`hello`, then N `updated` lines as transitiond writes them), a Transitiond.Client reads them and a
Python handler reads each one's progress. Best of three.

    LD_LIBRARY_PATH=… GI_TYPELIB_PATH=… bench-overhead.py [N]     (default 100000)
"""
import os
import socket
import sys
import tempfile
import threading
import time

import gi

gi.require_version("Transitiond", "1.0")
from gi.repository import GLib, Transitiond  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
hello = (b'{"event":"hello","seq":1,"protocol":1,"server":"transitiond 0.1.0","pid":1,"time_us":1,'
         b'"transitions":[],"limits":{"max_line_bytes":65536}}\n')
lines = hello + b"".join(
    b'{"event":"updated","seq":%d,"transition":"swipe3-left","gesture":7,"time_us":%d,"progress":%.6f,'
    b'"raw_progress":%.6f,"velocity":1.5}\n' % (i + 2, 1_000_000 + i * 8000, (i % 1000) / 1000, (i % 1000) / 1000)
    for i in range(count))
directory = tempfile.mkdtemp(prefix="libtransitiond-bench-")
path = os.path.join(directory, "bench.sock")
best = float("inf")
for _ in range(3):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)

    def serve():
        connection, _ = listener.accept()
        connection.sendall(lines)
        connection.close()

    server = threading.Thread(target=serve)
    server.start()
    loop = GLib.MainLoop()
    seen = [0, 0.0]

    def on_updated(client, event):
        seen[0] += 1
        seen[1] += event.props.progress
        if seen[0] == count:
            loop.quit()

    started = time.monotonic()
    client = Transitiond.Client.new(path)
    client.connect("updated", on_updated)
    loop.run()
    elapsed = time.monotonic() - started
    client.close()
    server.join()
    listener.close()
    os.unlink(path)
    best = min(best, elapsed / count * 1e6)
os.rmdir(directory)
print(f"python   {best:7.3f} µs per updated, {1e6 / best:9.0f} per second")

#!/usr/bin/env python3
"""A stand-in for logind's D-Bus side, for tests/logind/run: sessions with a LockedHint that
SetLockedHint changes and PropertiesChanged announces, as logind does.

    fake-logind.py BUS_ADDRESS SESSION_ID[:locked]...
Prints "ready" once it owns org.freedesktop.login1."""
import asyncio
import sys

from dbus_next import Variant
from dbus_next.aio import MessageBus
from dbus_next.service import PropertyAccess, ServiceInterface, dbus_property, method


class Session(ServiceInterface):
    def __init__(self, locked=False):
        super().__init__("org.freedesktop.login1.Session")
        self.locked = locked

    @dbus_property(access=PropertyAccess.READ)
    def LockedHint(self) -> "b":
        return self.locked

    @method()
    def SetLockedHint(self, locked: "b"):
        if locked != self.locked:
            self.locked = locked
            self.emit_properties_changed({"LockedHint": locked})


async def main(address, sessions):
    bus = await MessageBus(bus_address=address).connect()
    for spec in sessions:
        session, _, state = spec.partition(":")
        # Session ids made of letters and digits, starting with a letter, need no escaping.
        bus.export(f"/org/freedesktop/login1/session/{session}", Session(locked=state == "locked"))
    await bus.request_name("org.freedesktop.login1")
    print("ready", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:]))

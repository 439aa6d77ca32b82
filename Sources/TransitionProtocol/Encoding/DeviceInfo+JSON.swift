// SPDX-License-Identifier: MIT
extension JSONWriter {
    /// The `devices` array of a `status` reply.
    mutating func devices(_ devices: [DeviceInfo]) {
        beginArray()
        for device in devices {
            beginObject()
            member("id", UInt64(device.id))
            member("name", device.name)
            member("class", device.deviceClass.rawValue)
            if let node = device.node { member("node", node) }
            if let width = device.widthMm { member("width_mm", width) }
            if let height = device.heightMm { member("height_mm", height) }
            if let rotation = device.rotation { member("rotation", rotation) }
            if let zone = device.edgeZoneMm { member("edge_zone_mm", zone) }
            if let share = device.edgeZoneShare { member("edge_zone_share", share) }
            endObject()
        }
        endArray()
    }
}

/// `{"devices":[…]}`: the devices as a `status` reply has them, for `transitionctl devices --json`.
public func encodeDeviceList(_ devices: [DeviceInfo]) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("devices")
    writer.devices(devices)
    writer.endObject()
    return writer.bytes
}

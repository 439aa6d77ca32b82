// SPDX-License-Identifier: MIT
import Foundation
import PackagePlugin

/// Generates the interface tables of every Wayland protocol in the package's `protocols/`
/// directory with wayland-scanner (Debian: libwayland-bin), at build time: the XML is the data,
/// the C code is never committed.
@main
struct WaylandScanner: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let scanner = try findScanner()
        let protocols = context.package.directoryURL.appending(path: "protocols")
        let files = try FileManager.default.contentsOfDirectory(at: protocols, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return files.map { xml in
            let code = context.pluginWorkDirectoryURL.appending(path: xml.deletingPathExtension().lastPathComponent + "-protocol.c")
            return .buildCommand(
                displayName: "wayland-scanner private-code \(xml.lastPathComponent)",
                executable: scanner,
                arguments: ["private-code", xml.path, code.path],
                inputFiles: [xml],
                outputFiles: [code])
        }
    }

    /// wayland-scanner on PATH (plugins see only their package's own tools by name).
    private func findScanner() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: "wayland-scanner")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ScannerMissing()
    }
}

/// wayland-scanner is not installed.
struct ScannerMissing: Error, CustomStringConvertible {
    var description: String { "wayland-scanner is not on PATH (Debian: apt-get install libwayland-bin)" }
}

// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionCore

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a recorded event stream as an SVG: progress, velocity, decisions and animations per gesture.",
        discussion: """
            FILE holds protocol JSON lines, as `transitionctl watch --json` or `transitiond \
            --print-events` write them (`-`: standard input); other lines are skipped. Each \
            gesture gets a panel: progress over time with the [0, 1] band and the rubber band \
            outside it, velocity below, the release point, each decision with its reason, and \
            the completion animation sampled from its description.

            --png also writes a PNG beside the SVG with rsvg-convert (Debian: librsvg2-bin) or, \
            failing that, ImageMagick's convert; without either it says so and exits 69.

            Exit status: 0 success; 65 no transition events in FILE; 69 no PNG converter; \
            74 a file could not be read or written, or the converter failed.
            """)

    @Argument(help: ArgumentHelp("The recorded event stream (JSON lines; '-': standard input).", valueName: "FILE"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG to write (default: FILE with .svg instead of its extension).", valueName: "OUTPUT"))
    var output: String?

    @Flag(name: .long, help: "Also write a PNG beside the SVG (OUTPUT with .png).")
    var png = false

    @Option(name: .long, help: ArgumentHelp("The picture's title (default: the file's name).", valueName: "TITLE"))
    var title: String?

    func run() throws {
        let svgPath = output ?? Self.replacingExtension(of: file == "-" ? "plot" : file, with: "svg")
        let stream: EventStream
        do throws(Files.Failure) { stream = EventStream(try Files.read(file)) } catch { return try fail(error.description, 74) }
        guard !stream.events.isEmpty else {
            var text = "\(file): no transition events (\(stream.skipped) other line\(stream.skipped == 1 ? "" : "s"))"
            if let problem = stream.firstProblem { text += "; line \(problem.line): \(problem.message)" }
            return try fail(text, 65)
        }
        let timelines = GestureTimeline.build(from: stream.events)
        let svg = PlotLayout().render(timelines, title: title ?? Self.baseName(file == "-" ? "standard input" : file))
        do throws(Files.Failure) { try Files.write(svg, to: svgPath) } catch { return try fail(error.description, 74) }
        Terminal.out("\(svgPath): \(timelines.count) gesture\(timelines.count == 1 ? "" : "s"), \(stream.events.count) events\n")
        guard png else { return }
        let pngPath = Self.replacingExtension(of: svgPath, with: "png")
        let command: [String]
        if Files.onPath("rsvg-convert") {
            command = ["rsvg-convert", "--background-color=white", "-o", pngPath, svgPath]
        } else if Files.onPath("convert") {
            command = ["convert", "-density", "96", svgPath, pngPath]
        } else {
            return try fail("no PNG converter: install rsvg-convert (Debian: apt-get install librsvg2-bin) or ImageMagick; the SVG is written", 69)
        }
        let status = Files.run(command)
        guard status == 0 else {
            return try fail("\(command[0]) failed (exit \(status)) making \(pngPath); rsvg-convert (Debian: librsvg2-bin) is known to work", 74)
        }
        Terminal.out("\(pngPath): made with \(command[0])\n")
    }

    private func fail(_ message: String, _ code: Int32) throws {
        Terminal.error("transitionctl plot: \(message)")
        throw ExitCode(code)
    }

    /// `path` with its last extension (if any) replaced by `ext`.
    static func replacingExtension(of path: String, with ext: String) -> String {
        let name = baseName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + ext }
        let dropped = name.distance(from: dot, to: name.endIndex)
        return String(path.dropLast(dropped)) + "." + ext
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

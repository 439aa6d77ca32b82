// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport
import Testing

/// `transitionctl plot`, the built binary: files in, SVG (and PNG) out, clear failures.
@Suite struct PlotCommandTests {
    struct Run { var status: Int32; var out: String; var err: String }

    /// The `transitionctl` built beside this test bundle.
    static let executable: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("transitionctl").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return ".build/debug/transitionctl"
    }()

    func ctl(_ arguments: [String], path: String? = nil, input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        if let path { env["PATH"] = path }
        process.environment = TestHome.environment(env)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    func temporary() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plot-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesAnSVGBesideTheInput() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("events.jsonl")
        try PlotFixtures.stream.replaceFile(input)
        let run = try ctl(["plot", input.path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("events.svg: 3 gestures"))
        let svg = try String(contentsOf: dir.appendingPathComponent("events.svg"), encoding: .utf8)
        #expect(xmlProblem(svg) == nil)
        #expect(svg.contains("<title>events.jsonl</title>"))
    }

    @Test func readsStandardInput() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("in.svg").path
        let run = try ctl(["plot", "-", "-o", svg], input: PlotFixtures.stream)
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<title>standard input</title>"))
    }

    @Test func aStreamWithoutTransitionEventsIsAnError() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("log.txt")
        try "transitiond: starting\n{\"event\":\"hello\"}\n".replaceFile(input)
        let run = try ctl(["plot", input.path, "-o", dir.appendingPathComponent("x.svg").path])
        #expect(run.status == 65)
        #expect(run.err.contains("no transition events (2 other lines); line 1: not JSON"), "\(run.err)")
    }

    @Test func aMissingFileIsAnError() throws {
        let run = try ctl(["plot", "/nonexistent/events.jsonl", "-o", "/tmp/never.svg"])
        #expect(run.status == 74)
        #expect(run.err.contains("cannot open /nonexistent/events.jsonl: No such file or directory"))
    }

    @Test func pngWithoutAConverterSaysSo() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("events.jsonl")
        try PlotFixtures.stream.replaceFile(input)
        let run = try ctl(["plot", input.path, "--png"], path: dir.path)
        #expect(run.status == 69)
        #expect(run.err.contains("no PNG converter: install rsvg-convert"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("events.svg").path))
    }

    @Test(.requires(FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "no /usr/bin/rsvg-convert (librsvg2-bin, scripts/setup --test)"))
    func pngWithRsvgConvert() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("events.jsonl")
        try PlotFixtures.stream.replaceFile(input)
        let run = try ctl(["plot", input.path, "-o", dir.appendingPathComponent("p.svg").path, "--png"])
        #expect(run.status == 0, "\(run.err)")
        let png = try Data(contentsOf: dir.appendingPathComponent("p.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47]))
    }
}

// SPDX-License-Identifier: MIT
import Testing
import TransitionImport

@Suite struct RunningToolsTests {
    @Test func findsClientsNotTheDaemon() {
        let found = RunningTools.find([
            (1, ["/usr/bin/touchegg", "--daemon"]),
            (2, ["touchegg"]),
            (3, ["/usr/bin/touchegg", "--client"]),
            (4, ["/usr/bin/ruby3.1", "/usr/local/bin/fusuma", "-d"]),
            (5, ["/usr/bin/python3", "/usr/bin/libinput-gestures"]),
            (6, ["/usr/bin/bash"]),
            (7, []),
        ])
        #expect(found.map(\.pid) == [2, 3, 4, 5])
        #expect(found.map(\.tool) == [.touchegg, .touchegg, .fusuma, .libinputGestures])
        #expect(found[0].advice.contains("kill 2"))
        #expect(found[0].advice.contains("twice"))
    }
}

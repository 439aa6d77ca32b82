// SPDX-License-Identifier: MIT
// libtransitiond from Vala: subscribe, declare a paged transition, animate it.
//
//   pager [--socket PATH] [--exit-after N]
//
// Declares `pager`, three pages driven by a three-finger swipe (left: the next page, right:
// the previous one), prints the position while the fingers move, then runs each `ended`
// animation itself at 60 frames per second and prints it.
//   valac --pkg transitiond-1.0 pager.vala

Transitiond.Event? animation = null; // the running `ended`, sampled by a 60 Hz timer
int completions = 0;

async void declare (Transitiond.Client client) {
    try {
        string[] gestures = yield client.declare ("pager", { "swipe3-left" }, 3, 0, null, null);
        print ("declared pager: %s\n", string.joinv (" ", gestures));
    } catch (Error e) { // an older transitiond: the configured transitions still play
        print ("declare refused: %s\n", e.message);
    }
}

int main (string[] args) {
    string? socket = null;
    int exit_after = 0;
    for (int i = 1; i + 1 < args.length; i += 2) {
        if (args[i] == "--socket") socket = args[i + 1];
        else if (args[i] == "--exit-after") exit_after = int.parse (args[i + 1]);
    }
    var loop = new MainLoop ();
    var client = new Transitiond.Client (socket);
    client.subscribe (null, null, 0);
    declare.begin (client);
    client.connected.connect ((hello) => print ("connected %s\n", hello.get_string_member ("server")));
    client.disconnected.connect ((error) => print ("disconnected: %s\n", error.message));
    client.updated.connect ((e) => print ("updated %s %.6f\n", e.transition, e.progress));
    client.ended.connect ((e) => {
        print ("ended %s %s %.6f -> %.6f\n", e.transition, e.outcome, e.from, e.to);
        if (animation == null) {
            Timeout.add (16, () => {
                if (animation == null) return Source.REMOVE;
                print ("animating %s %.6f\n", animation.transition, animation.sample_value (get_monotonic_time ()));
                return Source.CONTINUE;
            });
        }
        animation = e;
    });
    client.completed.connect ((e) => {
        animation = null;
        print ("completed %s %.6f\n", e.transition, e.progress);
        if (exit_after > 0 && ++completions >= exit_after) loop.quit ();
    });
    loop.run ();
    return 0;
}

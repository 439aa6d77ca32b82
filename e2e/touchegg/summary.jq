# Reads a gdbus-client.py log (jq -s) and prints one line per gesture it saw, checking the order
# Begin · Update* · End and the signature on the way:
#   "swipe right 3 touchpad 100"  (type, direction, fingers, device, OnGestureEnd's percentage)
# A pinch's End is its last percentage moved just past the clients' thresholds (docs/touchegg.md):
# printed as "finish" (40 or more: Cinnamon's 40, Touchégg's 20) or "cancel" (under 20).
# or "ERROR <what>" for a signal out of order or of another signature.
def gtype: ["none", "swipe", "pinch", "tap"][.] // "type\(.)";
def direction: ["unknown", "up", "down", "left", "right", "in", "out"][.] // "direction\(.)";
def device: ["unknown", "touchpad", "touchscreen"][.] // "device\(.)";
def ending($type): if $type != 2 then . elif . >= 40 then "finish" elif . < 20 then "cancel" else "between \(.)" end;
[.[] | select(.event == "signal")]
| reduce .[] as $s ({open: null, lines: []};
    if $s.signature != "(uudiut)" then .lines += ["ERROR signature \($s.signature)"]
    elif $s.name == "OnGestureBegin" then
      (if .open then .lines += ["ERROR Begin while a gesture is open"] else . end)
      | .open = $s.args
    elif $s.name == "OnGestureUpdate" then
      if .open == null then .lines += ["ERROR Update outside a gesture"]
      elif ($s.args[0:2] != .open[0:2]) or ($s.args[3:5] != .open[3:5]) then .lines += ["ERROR Update of another gesture"]
      else . end
    elif $s.name == "OnGestureEnd" then
      if .open == null then .lines += ["ERROR End outside a gesture"]
      else .lines += ["\($s.args[0] | gtype) \($s.args[1] | direction) \($s.args[3]) \($s.args[4] | device) \($s.args[2] | ending($s.args[0]))"]
           | .open = null end
    else .lines += ["ERROR unknown signal \($s.name)"] end)
| .lines[]

# Shared by the touchscreen scenarios 21 to 24 (issue 18): sourced after lib.sh. Writes their
# configuration (every touchscreen binding they drive, and a panel named "rotated screen" turned
# by ROTATION), starts the daemon on it, and defines their helpers.
sock=$E2E_TMP/socket ctl=$E2E_BIN/transitionctl
config=$E2E_TMP/config.toml
write_config() {  # write_config ROTATION-OF-"rotated screen"
  {
    for g in edge1-left edge1-right edge1-top edge1-bottom touch1-right touch1-down \
             touchpinch2-in touchpinch2-out touch3-right tap3; do
      printf '[[transition]]\nname = "%s"\nbinding = "%s"\n\n' "$g" "$g"
    done
    printf '[[touchscreen.device]]\nname = "rotated screen"\nrotation = %s\n' "$1"
  } > "$config"
}
write_config 90
daemon_start --config "$config"

# summary_since N: the ended lines after the first N, "<transition> <outcome> <reason>".
summary_since() { ended_summary | tail -n +$(($1 + 1)); }
# settled N: wait for N completed events; on a timeout, show what was recognised.
settled() {
  wait_completed "$1" && return 0
  trace_gestures | sed 's/^/  recognised: /'
  tail -n 5 "$DAEMON_LOG" | sed 's/^/  log: /'
}

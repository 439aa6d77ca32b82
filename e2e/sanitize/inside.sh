#!/usr/bin/env bash
# Inside the VM for `E2E_SANITIZE=address e2e/run`: the usual suite (e2e/inside.sh) over the
# products built with AddressSanitizer (.build-asan), with the sanitizer's runtime options set
# for every process the scenarios start:
#   - reports go to files (log_path), one per process, in a folder of the VM's own /tmp that
#     every user can write (service.sh runs the daemon as an unprivileged user); after each
#     scenario e2e/inside.sh moves any report to .build/e2e/sanitized/SCENARIO/sanitizer/ and counts it
#     as a failure of that scenario;
#   - LeakSanitizer runs when a process exits (detect_leaks=1; a leak makes the exit status 23);
#   - the first error stops the process (halt_on_error=1); a Swift runtime trap (SIGILL), an
#     abort and a segfault give a report with the stack too (handle_sigill, handle_abort,
#     handle_segv), instead of Swift's own backtracer (SWIFT_BACKTRACE=enable=no);
#   - LeakSanitizer does not work under ptrace: e2e/lib.sh turns it off for a daemon run under
#     strace (E2E_STRACE).
#   inside.sh BIN-DIR [SCENARIO-GLOB]
set -u
export E2E_SANITIZE=address
export E2E_OUT=$PWD/.build/e2e/sanitized   # e2e/run's --out for a sanitized run
export E2E_SANITIZER_DIR=/tmp/e2e-sanitizer
mkdir -p "$E2E_SANITIZER_DIR"
chmod 1777 "$E2E_SANITIZER_DIR"
symbolizer=$(command -v llvm-symbolizer || true)
export ASAN_OPTIONS="log_path=$E2E_SANITIZER_DIR/asan:detect_leaks=1:halt_on_error=1:handle_segv=1:handle_sigill=1:handle_abort=1:handle_sigbus=1:handle_sigfpe=1:detect_stack_use_after_return=0:print_summary=1${ASAN_EXTRA:+:$ASAN_EXTRA}"
[[ -n $symbolizer ]] && export ASAN_SYMBOLIZER_PATH=$symbolizer
export LSAN_OPTIONS="suppressions=$PWD/e2e/sanitize/lsan.supp:print_suppressions=0"
export SWIFT_BACKTRACE=enable=no
# A sanitized daemon under emulation is several times slower. Virtual devices stay until the
# daemon's trace shows it read their last frame (e2e/lib.sh, vdev_wait); the few read by
# something that keeps no trace stay 2 s after their gestures (not 0.3 s).
export E2E_VDEV_LINGER=2
exec bash "$(dirname "$0")/../inside.sh" "$@"

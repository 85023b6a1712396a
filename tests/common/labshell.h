#pragma once

#include <QString>
#include <QStringList>

namespace RaidBench::Test {

/// Shell functions for the scripts lab tests run in the VM. The lab's emulated CPU spends about 0.1 s
/// of a core on every program started (measured: 50 `sleep 0.05` took 7.7 s, 50 `grep` of mdstat 5.5 s,
/// one `pgrep` 0.4-0.66 s), so a script that polls with programs takes the CPU from what it tests, and
/// its waits last far longer than they say. These wait and look with bash's builtins alone:
/// - `nap SECONDS`: a sleep without a process (a read that times out on a pipe nobody writes; the VM
///   has no /dev/fd for bash's <(...), so a named one);
/// - `wait_for SECONDS COMMAND...`: true once COMMAND succeeds, false after SECONDS of the VM's clock;
/// - `log_has FILE TEXT`: a line of FILE contains TEXT;
/// - `count_lines FILE TEXT`: how many lines of FILE contain TEXT, in COUNT;
/// - `running NAME`: a process named NAME (cut at 15 characters, as the kernel does) runs, its pid in PID;
/// - `helper_pid`, `helper_gone`: the RaidBench helper's pid, and whether none runs;
/// - `has_md`: an md array of RaidBench's exists; `md_active`: how many arrays run, in COUNT;
/// - `lab_disks`: the device nodes of every lab disk (found by serial), in DISKS;
/// - `mark TEXT`: the VM's clock and TEXT, appended to the file `phases`, so a test that runs out of time
///   says where the time went;
/// - `check_clean FILE`: what a test may have left, into FILE: /proc/mdstat, then the device-mapper
///   devices after "--- dm" and the lab disks' signatures after "--- wipefs" (nothing after either
///   when clean);
/// - `watchdog SECONDS`: if the script still runs after SECONDS, what the VM is doing then, into the
///   file `watchdog`: the disks with I/O in flight, RaidBench's threads and their kernel stacks, and
///   the kernel's log after it listed its blocked tasks. A test that runs out of time prints it. End it
///   with `kill $rb_watchdog 2>/dev/null || :`, not as the script's last word: once the watchdog has
///   written, it is gone, and a bare kill's failure would be the script's exit status.
inline QString labShellHelpers()
{
    return QStringLiteral(R"SH(
mkfifo /tmp/rb-nap-$$ && exec {rb_nap_fd}<> /tmp/rb-nap-$$ && rm -f /tmp/rb-nap-$$
nap() { read -r -t "$1" -u "$rb_nap_fd" _ || :; }
uptime_now() { read -r NOW _ < /proc/uptime; NOW=${NOW%.*}; }
mark() { uptime_now; printf '%s s: %s\n' "$NOW" "$*" >> phases; }
wait_for() {
  local deadline; uptime_now; deadline=$((NOW + $1)); shift
  until "$@"; do uptime_now; [ "$NOW" -lt "$deadline" ] || return 1; nap 0.05; done
}
log_has() {
  local line; [ -r "$1" ] || return 1
  while IFS= read -r line || [ -n "$line" ]; do [[ $line == *"$2"* ]] && return 0; done < "$1"; return 1
}
count_lines() {
  local line; COUNT=0; [ -r "$1" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do [[ $line == *"$2"* ]] && COUNT=$((COUNT + 1)); done < "$1"; return 0
}
running() {
  local f name
  for f in /proc/[0-9]*/comm; do
    read -r name 2>/dev/null < "$f" || continue
    if [ "$name" = "$1" ]; then PID=${f#/proc/}; PID=${PID%/comm}; return 0; fi
  done
  return 1
}
helper_pid() { running raidbench-helpe && echo "$PID"; }
helper_gone() { ! running raidbench-helpe; }
has_md() { local f; for f in /dev/md/raidbench*; do [ -e "$f" ] && return 0; done; return 1; }
md_active() { count_lines /proc/mdstat ' : active'; }
lab_disks() { DISKS=$(readlink -f /dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB[0-9][0-9][0-9][0-9]); }
check_clean() {
  local line f
  lab_disks
  { while IFS= read -r line; do printf '%s\n' "$line"; done < /proc/mdstat
    echo "--- dm"; for f in /dev/mapper/*; do [ -e "$f" ] && [ "${f##*/}" != control ] && echo "${f##*/}"; done
    echo "--- wipefs"; wipefs --noheadings $DISKS; } > "$1"
}
watchdog() {
  ( nap "$1"
    { echo "--- I/O in flight (reads, writes)"
      for f in /sys/block/*/inflight; do read -r r w < "$f"; [ "$r$w" = 00 ] || echo "${f%/inflight}: $r $w"; done
      echo "--- threads of RaidBench and io_uring, with their kernel stacks"
      for f in /proc/[0-9]*/task/[0-9]*/comm; do
        read -r name 2>/dev/null < "$f" || continue
        case $name in raidbench*|iou-*) t=${f%/comm}; echo "$name $t"; cat "$t/stack" 2>/dev/null;; esac
      done
      echo w 2>/dev/null > /proc/sysrq-trigger
      echo "--- kernel log"; dmesg | tail -n 80; } > watchdog 2>&1 ) &
  rb_watchdog=$!
}
)SH");
}

/// The arguments after `lab run ... --` that run `script` under bash with labShellHelpers().
inline QStringList labShell(const QString& script)
{
    return {QStringLiteral("bash"), QStringLiteral("-c"), labShellHelpers() + script};
}

} // namespace RaidBench::Test

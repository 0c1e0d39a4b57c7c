#!/usr/bin/env bash
# docs/examples/slurm-array.sh on a real one-node Slurm cluster, started here and stopped
# again: munge with a key of its own, slurmctld and slurmd in a temporary folder with a
# generated slurm.conf (free ports, this machine's CPUs and memory as slurmd -C finds
# them, ProctrackType=proctrack/linuxproc so no cgroup or root-only tracking is needed).
# The example is submitted over a small manifest as its 7-task array; when every task
# has ended, `wallgen gather` checks the shards' reports, and every picture must be the
# bytes of the same manifest rendered unsharded. Run by Scripts/test.
#
# Skips (exit 0, saying why on standard error) only when Slurm or munge is not
# installed or its daemons cannot start; any other failure exits 1.
#
#     Tests/Tools/slurm-array-test.sh [WALLGEN]
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
wallgen="${1:-$root/.build/debug/wallgen}"
example="$root/docs/examples/slurm-array.sh"

say() { echo "slurm-array-test: $*" >&2; }
skip() {
    say "SKIPPED: $*"
    exit 0
}
fail() {
    say "FAILED: $*"
    exit 1
}

for tool in munged slurmctld slurmd sbatch sinfo scontrol; do
    command -v "$tool" >/dev/null || skip "$tool is not installed (Scripts/debian-test-packages lists munge, slurmctld, slurmd, slurm-client)"
done
[ -x "$wallgen" ] || fail "no wallgen at $wallgen (build first)"
# Absolute: the jobs run in another folder and find it on PATH.
wallgen="$(realpath "$wallgen")"

work="$(mktemp -d "${TMPDIR:-/tmp}/wallgen-slurm.XXXXXX")"
chmod 700 "$work"
started=()
stop_all() {
    # Only what this script started, by process id, newest first.
    for ((i = ${#started[@]} - 1; i >= 0; i--)); do kill "${started[i]}" 2>/dev/null; done
    for pid in "${started[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    started=()
}
cleanup() {
    stop_all
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

logs() {
    for log in "$work"/*.log; do
        [ -f "$log" ] && { echo "--- $log"; tail -n 15 "$log"; }
    done >&2
}

# munge, with a key made here; --force because the folder is not the system's.
head -c 1024 /dev/urandom >"$work/munge.key"
chmod 600 "$work/munge.key"
munged --foreground --force --key-file="$work/munge.key" --socket="$work/munge.socket" \
    --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" \
    2>>"$work/munged.log" &
started+=($!)
for _ in $(seq 100); do [ -S "$work/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge.socket" ] || { logs; skip "munged did not start"; }

# Two free ports: bound to port 0 by the kernel, then released for the daemons.
read -r controller_port node_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')
node="$(hostname -s)"
# This machine as slurmd sees it: CPUs, sockets, cores, threads and memory.
hardware="$(slurmd -C | head -n 1 | sed -e 's/^NodeName=[^ ]* //')"
[ -n "$hardware" ] || skip "slurmd -C could not describe this machine"
mkdir -p "$work/state" "$work/spool" "$work/job"
cat >"$work/slurm.conf" <<EOF
ClusterName=wallgentest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
AuthType=auth/munge
AuthInfo=socket=$work/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=wallgen Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" 2>>"$work/slurmctld.log" &
started+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" 2>>"$work/slurmd.log" &
started+=($!)
ready=""
for _ in $(seq 150); do
    state="$(sinfo -h -n "$node" -o %t 2>/dev/null)"
    case "$state" in idle*) ready=yes; break ;; esac
    sleep 0.2
done
[ -n "$ready" ] || { logs; skip "the one-node cluster did not come up (node state '${state:-none}')"; }
say "one-node cluster up: $node, $hardware"

# The manifest: cards and wallpapers, two sizes, both languages, a person's title.
cat >"$work/job/m.jsonl" <<'EOF'
{"defaults": {"size": "64x40"}}
{"command": "term", "term": "冬至", "lang": "en", "output": "en/22-dongzhi.png"}
{"command": "term", "term": "qingming", "output": "zh/05-qingming.png", "text": "春暖花開"}
{"command": "term", "term": "1"}
{"season": "winter", "alpha": 0.8, "output": "w/winter.png", "text": "冬至快樂", "vertical": true}
{"season": "summer", "size": "48x80", "output": "w/summer-tall.png", "dark": true}
{"command": "term", "term": "dahan", "year": 2026, "size": "48x80", "output": "zh/24-dahan.png"}
{"date": "2026-04-05", "output": "w/spring.png", "label": "off"}
{"command": "term", "term": "lixia", "lang": "en", "alpha": 0.6, "base": "#102030", "output": "en/07-lixia.png"}
EOF
cd "$work/job" || fail "no job folder"
export PATH="$(dirname "$wallgen"):$PATH"
timeout 300 sbatch --wait --quiet "$example" m.jsonl out
status=$?
[ "$status" -eq 0 ] || { logs; tail -n 5 wallgen-*.log >&2; fail "sbatch --wait exited $status"; }
tasks=(wallgen-*_*.log)
[ "${#tasks[@]}" -eq 7 ] || fail "expected the array's 7 task logs, found ${#tasks[@]}"
# The example asks for no CPUs it may not get: each task had Slurm's one CPU and ran one row at a time.
for log in "${tasks[@]}"; do
    grep -q "shard .*/7 (SLURM_ARRAY_TASK_ID).* 1 at a time" "$log" || { cat "$log" >&2; fail "$log: not a 1-CPU shard of 7"; }
done
"$wallgen" gather out -q || fail "wallgen gather out exited $?"
"$wallgen" batch m.jsonl -o whole -q || fail "the unsharded run exited $?"
pictures="$(cd whole && find . -type f ! -path '*/.*' | sort)"
[ "$(echo "$pictures" | wc -l)" -eq 8 ] || fail "the unsharded run made $(echo "$pictures" | wc -l) pictures, not 8"
while read -r picture; do
    cmp -s "whole/$picture" "out/$picture" || fail "$picture differs between the array and the unsharded run"
done <<<"$pictures"
say "7 array tasks, gather, and 8 pictures byte for byte the unsharded run's: passed"

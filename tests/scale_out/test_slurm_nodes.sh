#!/usr/bin/env bash
# A real multi-node Slurm cluster on one machine: slurmctld and three slurmd, each daemon in its
# own network and UTS namespace (hostnames ctl, node1, node2, node3), the nodes joined by veth
# pairs to a bridge in the controller's namespace on 10.213.0.0/24. One munged (one key) serves
# them all through a socket path every namespace sees, as does the output folder: the
# namespaces share the filesystem. A census runs as a job array of shards across the nodes;
# node2 is killed mid-run (its slurmd, its running shard and the rest of its processes, by
# pid). The test then shows that
#   1. puzzlegen merge of the files that exist names the lost shard (exit 3) and is not proven,
#   2. scripts/slurm-generate.sh --only K reruns exactly that shard on the surviving nodes,
#   3. the merged answer equals one process's answer.
# Every daemon started here is stopped by pid, and the namespaces (with their bridge and
# veths) are removed, on failure too. Nothing in the root namespace's network is touched.
# Usage: test_slurm_nodes.sh PUZZLEGEN SOURCE_DIR
# Exits 77 (skipped) when not root, without ip/nsenter/unshare, without the Slurm packages, or
# when network namespaces cannot be made. KEEP_WORK=1 keeps the temporary folder (logs, shards).
set -euo pipefail
puzzlegen=$(realpath "$1")
source_dir=$(realpath "$2")
skip() { echo "skipped: $*" >&2; exit 77; }

[[ $(id -u) == 0 ]] || skip "network namespaces and Slurm's daemons need root"
for tool in ip nsenter unshare setsid python3; do
  command -v "$tool" >/dev/null || skip "$tool is not installed"
done
packages=(munge slurmctld slurmd slurm-client)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  policy=/usr/sbin/policy-rc.d added_policy=0
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && added_policy=1
  fi
  rc=0
  { apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 || rc=$?
  ((added_policy)) && rm -f "$policy"
  ((rc == 0)) || skip "the packages ${missing[*]} could not be installed"
fi

readonly subnet=10.213.0 shards=6 victim=node2 nodes=(node1 node2 node3)
spec=$source_dir/specs/instant-insanity/census-n5.yaml
work=$(mktemp -d /tmp/puzzlegen-slurm-nodes.XXXXXX)
chmod 755 "$work" # munged wants its socket's folder reachable by everyone
tag=pzs$$
ctl_ns=$tag-ctl
made_ns=()
state=$work/state
mkdir -p "$state/ctld" "$state/log" "$state/run" "$work"/spool-node{1,2,3}
mkdir -m 700 "$state/munge"

ns_of() { [[ $1 == ctl ]] && echo "$ctl_ns" || echo "$tag-$1"; }
in_ns() { local ns=$1; shift; nsenter --net="/run/netns/$ns" "$@"; }
pid_is() { [[ -n ${1:-} ]] && [[ $(cat "/proc/$1/comm" 2>/dev/null) == "$2" ]]; }

stop_pid() { # NAME PIDFILE: SIGTERM, then SIGKILL after 10 s
  local name=$1 pid i
  pid=$(cat "$2" 2>/dev/null) || return 0
  pid_is "$pid" "$name" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 40; i++)); do pid_is "$pid" "$name" || return 0; sleep 0.25; done
  kill -KILL "$pid" 2>/dev/null || true
}

finish() {
  local rc=$? ns pid f node
  trap - EXIT
  if ((rc != 0)); then
    for f in "$state"/log/* "$work"/out/*.log; do
      [[ -s $f ]] && { echo "----- $f"; tail -n 25 "$f"; }
    done >&2
  fi
  if [[ -e /run/netns/$ctl_ns ]] && pid_is "$(cat "$state/slurmctld.pid" 2>/dev/null)" slurmctld; then
    jobs=$(in_ns "$ctl_ns" squeue -h -o %A 2>/dev/null | tr '\n' ' ') || jobs=
    # shellcheck disable=SC2086 # a list of job ids
    [[ -n ${jobs// /} ]] && in_ns "$ctl_ns" scancel $jobs 2>/dev/null
  fi
  for node in "${nodes[@]}"; do stop_pid slurmd "$state/slurmd-$node.pid"; done
  stop_pid slurmctld "$state/slurmctld.pid"
  stop_pid munged "$state/munged.pid"
  # Whatever still runs in the namespaces (a slurmstepd, a job) was started by this test.
  for ns in "${made_ns[@]}"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  sleep 0.5
  for ns in "${made_ns[@]}"; do ip netns del "$ns" 2>/dev/null || { echo "could not delete netns $ns" >&2; rc=1; }; done
  [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"
  echo "stopped the daemons and removed the namespaces ${made_ns[*]}" >&2
  exit "$rc"
}
trap finish EXIT
trap 'exit 143' TERM INT HUP

t0=$SECONDS
# --- the network: a bridge in the controller's namespace, one veth pair per node -------------
ip netns add "$ctl_ns" 2>"$work/netns.err" || skip "cannot create a network namespace: $(cat "$work/netns.err")"
made_ns+=("$ctl_ns")
unshare --uts true 2>"$work/uts.err" || skip "cannot create a UTS namespace: $(cat "$work/uts.err")"
ip -n "$ctl_ns" link set lo up
ip -n "$ctl_ns" link add br0 type bridge
ip -n "$ctl_ns" addr add "$subnet.1/24" dev br0
ip -n "$ctl_ns" link set br0 up
i=0
for node in "${nodes[@]}"; do
  i=$((i + 1))
  ns=$(ns_of "$node")
  ip netns add "$ns"
  made_ns+=("$ns")
  ip -n "$ns" link set lo up
  ip -n "$ctl_ns" link add "veth$i" type veth peer name eth0 netns "$ns"
  ip -n "$ctl_ns" link set "veth$i" master br0 up
  ip -n "$ns" addr add "$subnet.1$i/24" dev eth0
  ip -n "$ns" link set eth0 up
done

# --- slurm.conf: one file for the controller and every node ----------------------------------
conf=$state/slurm.conf
cat >"$conf" <<EOF
ClusterName=scaleoutnodes
SlurmctldHost=ctl($subnet.1)
SlurmctldPort=6817
SlurmdPort=6818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.sock
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$work/spool-%n
SlurmctldPidFile=$state/run/slurmctld.pid
SlurmdPidFile=$state/run/slurmd-%n.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$state/plugstack.conf
$(<"$source_dir/tests/scale_out/slurm-test.conf")
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0,bf_interval=1
# The configured CPUs count (one a node, so every node takes a shard), not the machine's.
SlurmdParameters=config_overrides
# A node that stops answering is down within seconds, and its job is not requeued: the shard
# is lost, as on a cluster whose jobs are not requeued, and merge must say so.
SlurmdTimeout=6
JobRequeue=0
EOF
i=0
for node in "${nodes[@]}"; do
  i=$((i + 1))
  echo "NodeName=$node NodeHostname=$node NodeAddr=$subnet.1$i CPUs=1 RealMemory=100 State=UNKNOWN" >>"$conf"
done
echo "PartitionName=main Nodes=$(IFS=,; echo "${nodes[*]}") Default=YES MaxTime=INFINITE State=UP" >>"$conf"
: >"$state/plugstack.conf"
export SLURM_CONF=$conf

# --- the daemons ------------------------------------------------------------------------------
spawn() { # NAME NS HOSTNAME COMMAND...: run in NS with its own UTS namespace named HOSTNAME
  local name=$1 ns=$2 host=$3
  shift 3
  # shellcheck disable=SC2016 # expanded by the inner sh
  setsid nsenter --net="/run/netns/$ns" unshare --uts sh -c 'hostname "$0" && exec "$@"' "$host" "$@" \
    </dev/null >"$state/log/$name.out" 2>&1 &
  echo $! >"$state/$name.pid"
  disown $!
}
wait_for() { # WHAT SECONDS COMMAND...
  local what=$1 deadline=$((SECONDS + $2))
  shift 2
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || { echo "timed out waiting for $what" >&2; return 1; }
    sleep 0.25
  done
}
mungekey --create --keyfile="$state/munge/munge.key"
chmod 600 "$state/munge/munge.key"
spawn munged "$ctl_ns" ctl munged --foreground --key-file="$state/munge/munge.key" \
  --socket="$work/munge.sock" --pid-file="$state/run/munged.pid" --seed-file="$state/munge/seed"
wait_for munged 15 sh -c "munge -n -S '$work/munge.sock' | unmunge -S '$work/munge.sock'"
spawn slurmctld "$ctl_ns" ctl slurmctld -D -c -f "$conf"
wait_for slurmctld 60 sh -c "nsenter --net=/run/netns/$ctl_ns scontrol ping | grep -q 'is UP'"
for node in "${nodes[@]}"; do
  spawn "slurmd-$node" "$(ns_of "$node")" "$node" slurmd -D -f "$conf" -N "$node"
done
all_idle() { [[ $(in_ns "$ctl_ns" sinfo -h -N -t idle -o %N | sort -u | wc -l) == "${#nodes[@]}" ]]; }
wait_for "three idle nodes" 60 all_idle
for node in "${nodes[@]}"; do
  pid=$(cat "$state/slurmd-$node.pid")
  pid_is "$pid" slurmd || { echo "slurmd of $node is not running" >&2; exit 1; }
  echo "$node: slurmd pid $pid, hostname $(nsenter --uts --target "$pid" hostname)," \
    "address $(ip -n "$(ns_of "$node")" -4 -o addr show eth0 | awk '{print $4}')"
done
in_ns "$ctl_ns" sinfo -N -o '%N %T %c'
echo "cluster up in $((SECONDS - t0)) s"

# --- one process, for the answer ------------------------------------------------------------
out=$work/out
mkdir -p "$out"
"$puzzlegen" -q generate "$spec" --threads 1 --format json -o "$work/single.jsonl"

# --- the job array, and a node lost mid-run -------------------------------------------------
# Each shard starts two seconds late, so that all three nodes hold one while node2 dies.
cat >"$work/slow-puzzlegen" <<EOF
#!/bin/sh
[ "\$1" = generate ] && sleep 2
exec '$puzzlegen' "\$@"
EOF
chmod 755 "$work/slow-puzzlegen"
submit() { # slurm-generate.sh ARGS..., submitted from the controller's namespace
  in_ns "$ctl_ns" env PUZZLEGEN="$work/slow-puzzlegen" PUZZLEGEN_ARGS="--threads 1" \
    "$source_dir/scripts/slurm-generate.sh" "$@"
}
t1=$SECONDS
submitted=$(submit "$spec" "$shards" "$out" -- --chdir="$work")
echo "$submitted"
merge_job=$(sed -n 's/.*merge: job \([0-9]*\).*/\1/p' <<<"$submitted")

victim_ns=$(ns_of "$victim")
shard_pid() { # the puzzlegen generate running on the victim node
  local pid
  for pid in $(ip netns pids "$victim_ns"); do
    [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == "$puzzlegen" ]] && { echo "$pid"; return 0; }
  done
  return 1
}
wait_for "a shard running on $victim" 60 shard_pid
shard=$(shard_pid)
lost=$(tr '\0' '\n' <"/proc/$shard/environ" | sed -n 's/^SLURM_ARRAY_TASK_ID=//p')
slurmd_pid=$(cat "$state/slurmd-$victim.pid")
echo "running: $(in_ns "$ctl_ns" squeue -h -t R -o '%i on %N' | sort | tr '\n' ';')"
# The node dies at once: every process on it is stopped first, so that none (slurmstepd
# above all) reports the shard's end to the controller, then killed.
victim_pids=$(ip netns pids "$victim_ns" | tr '\n' ' ')
# shellcheck disable=SC2086 # a list of pids
kill -STOP $victim_pids
kill -KILL "$slurmd_pid"
kill -KILL "$shard"
echo "killed $victim: slurmd (pid $slurmd_pid) and shard $lost (puzzlegen pid $shard) mid-run"
others=""
for pid in $victim_pids; do
  [[ $pid == "$slurmd_pid" || $pid == "$shard" ]] && continue
  others+=" $pid ($(cat "/proc/$pid/comm" 2>/dev/null))"
  kill -KILL "$pid" 2>/dev/null || true
done
echo "and the rest of $victim's processes:${others:- none}"

node_down() { [[ $(in_ns "$ctl_ns" sinfo -h -n "$victim" -o %T) == down* ]]; }
t_kill=$SECONDS
wait_for "$victim to be marked down" 120 node_down
echo "$victim marked down $((SECONDS - t_kill)) s after the kill"
echo "slurmctld: $(in_ns "$ctl_ns" sinfo -h -N -o '%N %T' | tr '\n' ';')"
merge_done() { [[ -z $(in_ns "$ctl_ns" squeue -h -j "$merge_job" 2>/dev/null) ]]; }
wait_for "the merge job" 120 merge_done
in_ns "$ctl_ns" scontrol show job "$merge_job" | grep -o 'JobState=[A-Z_]*\|ExitCode=[0-9:]*' | tr '\n' ' '
echo
array_states=$(in_ns "$ctl_ns" scontrol -o show job | grep 'JobName=puzzlegen-shards' |
  sed 's/.*ArrayTaskId=\([0-9]*\).*JobState=\([A-Z_]*\).*NodeList=\([a-z0-9]*\).*/\1:\2@\3/' | sort -n | tr '\n' ' ')
echo "array tasks: $array_states"
[[ " $array_states" == *" $lost:NODE_FAIL@$victim "* ]] ||
  { echo "shard $lost should have ended NODE_FAIL on $victim" >&2; exit 1; }
echo "merge job's log: $(cat "$out/merge.log")"
echo "left by the killed shard: $(cd "$out" && ls shard-"$lost".jsonl* 2>/dev/null | tr '\n' ' ')(deleted)"
rm -f "$out/shard-$lost.jsonl".tmp-*
echo "array and merge job, with the node lost: $((SECONDS - t1)) s"

# 1. merge of what exists names the lost shard and is not proven.
status=0
"$puzzlegen" merge "$out"/shard-*.jsonl -o "$work/partial.jsonl" 2>"$work/partial.log" || status=$?
cat "$work/partial.log"
[[ $status == 3 ]] && grep -qx "missing shards: $lost" <(grep -o 'missing shards: [0-9, ]*' "$work/partial.log") ||
  { echo "merge should name exactly the missing shard $lost and exit 3 (exit $status)" >&2; exit 1; }
python3 - "$work/partial.jsonl" <<'EOF'
import json, sys
s = [json.loads(l) for l in open(sys.argv[1]) if '"summary"' in l][-1]["summary"]
if s.get("proven") is not False:
    sys.exit(f"a merge with a shard missing says proven: {s.get('proven')}")
print(f"partial merge: proven {s['proven']}, exhausted {s.get('exhausted')}, shards {s.get('shards')}")
EOF

# 2. rerun exactly the lost shard on the surviving nodes; the merge job runs again.
t2=$SECONDS
submit --wait --only "$lost" "$spec" "$shards" "$out" -- --chdir="$work"
rerun=$(in_ns "$ctl_ns" scontrol -o show job | grep 'JobName=puzzlegen-shards' |
  grep -v 'JobState=NODE_FAIL' | grep "ArrayTaskId=$lost " | grep -o 'NodeList=[a-z0-9]*' | tail -n 1)
echo "rerun of shard $lost (${rerun:-?}) and merge: $((SECONDS - t2)) s; merge job's log: $(cat "$out/merge.log")"
[[ $rerun != "NodeList=$victim" ]] || { echo "the rerun ran on the dead node" >&2; exit 1; }
[[ ! -s $out/merge.log ]] || ! grep -q 'missing\|incomplete' "$out/merge.log" ||
  { echo "the merge after the rerun still misses shards" >&2; exit 1; }
ls "$out"/shard-*.jsonl | wc -l | grep -qx "$shards" || { echo "expected $shards shard files" >&2; exit 1; }

# 3. the merged answer is one process's answer.
"$source_dir/tests/scale_out/same_answer.py" "$work/single.jsonl" "$out/merged.jsonl"
echo "PASS: shard $lost lost with $victim, named by merge, rerun alone, merged answer equals one run" \
  "($((SECONDS - t0)) s)"

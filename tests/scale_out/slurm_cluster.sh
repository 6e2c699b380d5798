#!/usr/bin/env bash
# Private single-node Slurm cluster (munged + slurmctld + slurmd) for tests.
#
#   slurm_cluster.sh start STATE_DIR   # install if needed, configure, start, wait for idle node
#   slurm_cluster.sh stop  STATE_DIR   # cancel jobs, stop exactly the daemons started by `start`
#
# After `start`, `source STATE_DIR/env` points sbatch/squeue/sinfo/scontrol at
# this cluster. Needs root (Slurm runs jobs as the submitting user and both
# daemons run as root here); no systemd and no cgroups are used. Nothing under
# /etc is touched apart from installing the Debian packages.
#
# Optional environment:
#   SLURM_CLUSTER_START_TIMEOUT  seconds to wait for an idle node (default 60)
#   SLURM_CLUSTER_PORT_MIN/MAX   range to pick the two TCP ports from (20000-31999)
set -euo pipefail

readonly PACKAGES=(munge slurmctld slurmd slurm-client)
readonly DAEMONS_STOP_ORDER=(slurmd slurmctld munged)

die() { echo "slurm_cluster: error: $*" >&2; exit 1; }
log() { echo "slurm_cluster: $*" >&2; }

usage() {
    echo "usage: $0 {start|stop} STATE_DIR" >&2
    exit 2
}

ensure_packages() {
    local missing=() pkg
    for pkg in "${PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done
    ((${#missing[@]} == 0)) && return 0

    log "installing ${missing[*]}"
    # Keep the packages' init scripts from starting system-wide daemons; only
    # add a policy if the machine has none (containers often already do).
    local policy=/usr/sbin/policy-rc.d added_policy=0
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        added_policy=1
    fi
    local rc=0
    {
        apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    } >&2 || rc=$?
    ((added_policy)) && rm -f "$policy"
    ((rc == 0)) || die "apt-get failed to install ${missing[*]}"
}

# TCP ports in LISTEN state, from /proc so no extra tools are needed.
listening_ports() {
    local f hex
    for f in /proc/net/tcp /proc/net/tcp6; do
        [[ -r $f ]] || continue
        # Local address is ADDR:PORT in hex; state 0A is LISTEN.
        while read -r hex; do
            echo $((16#$hex))
        done < <(awk 'NR > 1 && $4 == "0A" { sub(/.*:/, "", $2); print $2 }' "$f")
    done
}

# Print two distinct free ports from the configured range.
pick_ports() {
    local min=${SLURM_CLUSTER_PORT_MIN:-20000} max=${SLURM_CLUSTER_PORT_MAX:-31999}
    local used picked=() port tries=0
    used=" $(listening_ports | tr '\n' ' ') "
    while ((${#picked[@]} < 2)); do
        ((++tries <= 1000)) || die "no free TCP ports in $min-$max"
        port=$((min + (RANDOM * 32768 + RANDOM) % (max - min + 1)))
        [[ $used == *" $port "* ]] && continue
        [[ " ${picked[*]:-} " == *" $port "* ]] && continue
        picked+=("$port")
    done
    echo "${picked[@]}"
}

pid_alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }

# True only if PID is still the daemon we started (guards against pid reuse).
pid_is() {
    local pid=$1 name=$2 comm
    pid_alive "$pid" || return 1
    comm=$(cat "/proc/$pid/comm" 2>/dev/null) || return 1
    [[ $comm == "$name" ]]
}

read_file() { if [[ -r $1 ]]; then cat "$1"; fi; }

tail_logs() {
    local f
    for f in "$STATE_DIR"/log/*; do
        [[ -s $f ]] || continue
        echo "----- tail of $f -----" >&2
        tail -n 30 "$f" >&2
    done
}

# Start a foreground-mode daemon detached from our stdio; record its pid.
spawn() {
    local name=$1
    shift
    setsid "$@" </dev/null >"$STATE_DIR/log/$name.out" 2>&1 &
    echo $! >"$STATE_DIR/$name.pid"
}

# Poll CHECK until it succeeds; status 2 from CHECK means "give up now".
wait_for() {
    local what=$1 timeout=$2 rc
    shift 2
    local deadline=$((SECONDS + timeout))
    while :; do
        rc=0
        "$@" >/dev/null 2>&1 || rc=$?
        ((rc == 0)) && return 0
        ((rc == 2)) && { log "gave up waiting for $what"; return 1; }
        if ((SECONDS >= deadline)); then
            log "timed out after ${timeout}s waiting for $what"
            return 1
        fi
        sleep 0.5
    done
}

start_failed() {
    log "start failed; log tails follow, stopping what was started"
    tail_logs
    do_stop >/dev/null 2>&1 || true
    exit 1
}

check_daemons_alive() {
    local name
    for name in "$@"; do
        pid_alive "$(read_file "$STATE_DIR/$name.pid")" || { log "$name exited early"; return 1; }
    done
}

munge_ready() {
    check_daemons_alive munged || return 2
    munge -n -S "$MUNGE_SOCKET" | unmunge -S "$MUNGE_SOCKET" || return 1
}

ctld_ready() {
    check_daemons_alive munged slurmctld || return 2
    scontrol ping | grep -q 'is UP' || return 1
}

node_idle() {
    check_daemons_alive munged slurmctld slurmd || return 2
    [[ $(sinfo -h -n "$NODE" -o %T) == idle ]] || return 1
}

write_slurm_conf() {
    local ctld_port=$1 slurmd_port=$2 cpus mem_mb
    cpus=$(nproc)
    # Well below physical memory so slurmd never reports less than configured
    # (which would drain the node); memory is not a scheduled resource here.
    mem_mb=$(awk '/^MemTotal:/ { m = int($2 / 1024 / 2); print (m > 4096 ? 4096 : m) }' /proc/meminfo)

    cat >"$SLURM_CONF" <<EOF
# Generated by slurm_cluster.sh; private single-node test cluster.
ClusterName=scaleout
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root

AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET

StateSaveLocation=$STATE_DIR/ctld
SlurmdSpoolDir=$RUN_DIR/spool
SlurmctldPidFile=$STATE_DIR/run/slurmctld.pid
SlurmdPidFile=$STATE_DIR/run/slurmd.pid
SlurmctldLogFile=$STATE_DIR/log/slurmctld.log
SlurmdLogFile=$STATE_DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$STATE_DIR/plugstack.conf
$(<"$(dirname "${BASH_SOURCE[0]}")/slurm-test.conf")
# Start queued work promptly; the defaults are tuned for big clusters.
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0

NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=main Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
}

do_start() {
    ((EUID == 0)) || die "must run as root"
    mkdir -p "$STATE_DIR"
    STATE_DIR=$(cd "$STATE_DIR" && pwd -P)

    local name
    for name in "${DAEMONS_STOP_ORDER[@]}"; do
        if pid_is "$(read_file "$STATE_DIR/$name.pid")" "$name"; then
            die "$name from a previous start is still running; run: $0 stop $STATE_DIR"
        fi
    done

    ensure_packages

    # Unix sockets (munge, slurmd step sockets in the spool dir) must fit in
    # sun_path (108 bytes), so they live in a short directory under /tmp.
    RUN_DIR=$(mktemp -d /tmp/slurm.XXXXXX)
    chmod 755 "$RUN_DIR" # munged wants its socket dir reachable by everyone
    echo "$RUN_DIR" >"$STATE_DIR/run_dir"
    MUNGE_SOCKET=$RUN_DIR/munge.sock
    NODE=$(hostname -s)
    SLURM_CONF=$STATE_DIR/slurm.conf
    export SLURM_CONF

    rm -rf "$STATE_DIR/ctld" "$STATE_DIR/run" "$STATE_DIR/log" "$STATE_DIR/munge"
    mkdir -p "$STATE_DIR/ctld" "$STATE_DIR/run" "$STATE_DIR/log" "$RUN_DIR/spool"
    # munged refuses keys/logs in group- or world-writable places.
    mkdir -m 700 "$STATE_DIR/munge"
    chmod go-w "$STATE_DIR" "$STATE_DIR/log"
    : >"$STATE_DIR/plugstack.conf"

    local ports
    read -r -a ports <<<"$(pick_ports)"
    write_slurm_conf "${ports[0]}" "${ports[1]}"
    printf 'export SLURM_CONF=%q\nexport SLURM_CLUSTER_STATE_DIR=%q\n' \
        "$SLURM_CONF" "$STATE_DIR" >"$STATE_DIR/env"

    local t0=$SECONDS timeout=${SLURM_CLUSTER_START_TIMEOUT:-60}
    mungekey --create --keyfile="$STATE_DIR/munge/munge.key" >&2 || start_failed
    chmod 600 "$STATE_DIR/munge/munge.key"
    # In the foreground munged logs to stderr (log/munged.out), not --log-file.
    spawn munged munged --foreground \
        --key-file="$STATE_DIR/munge/munge.key" \
        --socket="$MUNGE_SOCKET" \
        --pid-file="$STATE_DIR/run/munged.pid" \
        --seed-file="$STATE_DIR/munge/munged.seed"
    wait_for munged 15 munge_ready || start_failed

    # -c: start from empty state so repeated starts are independent.
    spawn slurmctld slurmctld -D -c -f "$SLURM_CONF"
    wait_for slurmctld "$timeout" ctld_ready || start_failed

    spawn slurmd slurmd -D -f "$SLURM_CONF" -N "$NODE"
    wait_for "node $NODE to become idle" "$timeout" node_idle || start_failed

    log "cluster up in $((SECONDS - t0))s (node $NODE, $(nproc) CPUs, ports ${ports[*]}, munge socket $MUNGE_SOCKET)"
    log "use: source $STATE_DIR/env"
}

# Cancel leftover jobs so no slurmstepd outlives slurmd.
cancel_jobs() {
    [[ -r $STATE_DIR/slurm.conf ]] || return 0
    pid_is "$(read_file "$STATE_DIR/slurmctld.pid")" slurmctld || return 0
    local jobs deadline=$((SECONDS + 15))
    export SLURM_CONF=$STATE_DIR/slurm.conf
    jobs=$(squeue -h -o %A 2>/dev/null | tr '\n' ' ') || return 0
    [[ -n ${jobs// /} ]] || return 0
    log "cancelling jobs: $jobs"
    # shellcheck disable=SC2086 # word splitting of the job list is intended
    scancel $jobs 2>/dev/null || true
    while [[ -n $(squeue -h -o %A 2>/dev/null) ]] && ((SECONDS < deadline)); do
        sleep 0.5
    done
}

stop_daemon() {
    local name=$1 pidfile=$STATE_DIR/$1.pid pid i
    pid=$(read_file "$pidfile")
    if pid_is "$pid" "$name"; then
        kill -TERM "$pid" 2>/dev/null || true
        for ((i = 0; i < 60; i++)); do
            pid_alive "$pid" || break
            sleep 0.25
        done
        if pid_alive "$pid"; then
            log "$name ($pid) ignored SIGTERM; sending SIGKILL"
            kill -KILL "$pid" 2>/dev/null || true
            for ((i = 0; i < 20; i++)); do
                pid_alive "$pid" || break
                sleep 0.25
            done
        fi
        pid_alive "$pid" && { log "$name ($pid) did not exit"; return 1; }
        log "stopped $name ($pid)"
    fi
    rm -f "$pidfile"
}

do_stop() {
    [[ -d $STATE_DIR ]] || return 0
    STATE_DIR=$(cd "$STATE_DIR" && pwd -P)
    cancel_jobs
    local name rc=0
    for name in "${DAEMONS_STOP_ORDER[@]}"; do
        stop_daemon "$name" || rc=1
    done
    local run_dir
    run_dir=$(read_file "$STATE_DIR/run_dir")
    # Only remove the directory start created (mktemp name under /tmp).
    if ((rc == 0)) && [[ $run_dir == /tmp/slurm.?????? && -d $run_dir ]]; then
        rm -rf "$run_dir"
        rm -f "$STATE_DIR/run_dir"
    fi
    return "$rc"
}

(($# == 2)) || usage
STATE_DIR=$2
case $1 in
start) do_start ;;
stop) do_stop ;;
*) usage ;;
esac

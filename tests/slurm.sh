#!/bin/bash
# The Slurm recipe of README on a real cluster (TAP): as root, with slurm-wlm and munge
# installed, starts munged, slurmctld and slurmd for one local node (this machine's cores)
# with every key, state, config, log and pid file in a temporary folder (nothing under /etc,
# /var or /run), then
#  1. submits build-aux/sweep/slurm-sweep.sh as an array job and slurm-merge.sh with
#     --dependency=afterok; the merged table equals the one-process table (text, byte for
#     byte);
#  2. runs a second sweep in which one array task fails on purpose (LESC_FAIL_TASK, read by
#     a wrapper around lesc that the test passes as LESC): the other tasks complete, the
#     merge waits forever (DependencyNeverSatisfied); the task resubmitted alone with
#     --array=K completes the sweep, and the merge after it prints the same table.
# Every daemon the test started is stopped by its pid on exit, also on failure.
# Skipped with a message when not root, when slurm-wlm or munge is missing, or when the
# daemons do not start (their log tails are printed).
# Usage: slurm.sh LESC SOURCE_ROOT
set -uo pipefail
LESC=$1
SRC=$2
SWEEP=$SRC/build-aux/sweep/slurm-sweep.sh
MERGE=$SRC/build-aux/sweep/slurm-merge.sh
# Small and cheap: the built-in artificial set, four baselines, three shards.
export LESC_COMMAND="table artificial --methods fcm,km,lp,ml"
SHARDS=3 FAIL=2
WAIT=${LESC_SLURM_TEST_WAIT:-150}   # seconds to wait for a sweep before failing

skip_all() { echo "1..0 # SKIP $1"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip_all "not root: starting slurmctld, slurmd and munged needs root"
for c in munged mungekey munge unmunge slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
  [ -n "$(type -P "$c")" ] \
    || skip_all "$c is not installed (apt-get install slurm-wlm munge; build-aux/deps lists them)"
done

T=$(mktemp -d /tmp/lesc-slurm.XXXXXX)   # short: the munge socket path must fit sun_path
chmod 755 "$T"   # munged wants its socket folder open to all (x)
pids=() one_pid=
cleanup() {
  [ -n "$one_pid" ] && kill "$one_pid" 2>>"$T/quiet.log" && wait "$one_pid"
  if [ -f "$T/slurm.conf" ] && [ ${#pids[@]} -gt 0 ]; then
    # the jobs first (their steps end with them), then the daemons
    scancel --quiet --user=root 2>>"$T/quiet.log"
    for _ in $(seq 20); do
      [ -z "$(squeue -h -t PENDING,RUNNING,COMPLETING,CONFIGURING -o %i 2>>"$T/quiet.log")" ] && break
      sleep 0.5
    done
  fi
  local p
  for p in "${pids[@]}"; do kill "$p" 2>>"$T/quiet.log"; done
  for p in "${pids[@]}"; do
    for _ in $(seq 40); do kill -0 "$p" 2>>"$T/quiet.log" || break; sleep 0.25; done
    kill -9 "$p" 2>>"$T/quiet.log"
    wait "$p" 2>>"$T/quiet.log"
  done
  # a job step left behind (slurmstepd detaches from slurmd): ours carry this SLURM_CONF
  for p in $(pgrep -x slurmstepd); do
    if tr '\0' '\n' <"/proc/$p/environ" | grep -qx "SLURM_CONF=$T/slurm.conf"; then
      echo "# a job step was left behind: killing slurmstepd $p"; kill -9 "$p"
    fi
  done 2>>"$T/quiet.log"
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; failed=1; }
comment() { sed 's/^/# /'; }
logs() {
  local f
  for f in "$T"/*.log "$T"/*.out; do
    [ -f "$f" ] && { echo "--- $(basename "$f")"; tail -n "${1:-15}" "$f"; } | comment
  done
}
daemons_down() { logs 20; skip_all "$1"; }

# ---- the cluster --------------------------------------------------------------------------
# two free TCP ports (listening ports are in /proc/net/tcp{,6} as hex)
port_free() {
  ! grep -qi ":$(printf %04X "$1") " /proc/net/tcp /proc/net/tcp6 2>>"$T/quiet.log"
}
for _ in $(seq 50); do
  ctld_port=$((20000 + RANDOM % 40000)); slurmd_port=$((ctld_port + 1))
  port_free "$ctld_port" && port_free "$slurmd_port" && break
done

# the one-process table, computed while the cluster starts
mkdir -p "$T/work"
( cd "$T/work" && exec "$LESC" $LESC_COMMAND --results one.sqlite >one.txt 2>one.err ) &
one_pid=$! one_start=$SECONDS

mungekey --create --keyfile="$T/munge.key" >"$T/mungekey.out" 2>&1 \
  || daemons_down "mungekey could not create a key"
chown root:root "$T/munge.key" && chmod 400 "$T/munge.key"
munged --foreground --socket="$T/munge.sock" --key-file="$T/munge.key" \
  --log-file="$T/munged.log" --pid-file="$T/munged.pid" --seed-file="$T/munged.seed" \
  >"$T/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 40); do [ -S "$T/munge.sock" ] && break; sleep 0.25; done
munge --socket="$T/munge.sock" --no-input --output="$T/cred" 2>>"$T/munged.out" \
  && unmunge --socket="$T/munge.sock" --input="$T/cred" >>"$T/munged.out" 2>&1 \
  || daemons_down "munged did not start"

host=$(hostname -s)
node=$(slurmd -C 2>>"$T/quiet.log" | head -1)   # NodeName=HOST CPUs=… Boards=… RealMemory=…
[[ $node == NodeName=* ]] || daemons_down "slurmd -C did not describe this machine"
cores=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$node")
mkdir -p "$T/state" "$T/spool"
cat >"$T/slurm.conf" <<EOF
ClusterName=lesctest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
MailProg=/bin/true
# no cgroups in a container: processes tracked through /proc, no task binding
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
# start jobs (and jobs whose dependency was just met) without waiting for a scheduling pass
SchedulerParameters=sched_min_interval=0,batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
$node Addr=127.0.0.1 State=UNKNOWN
PartitionName=lesctest Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
sed -i "s/^NodeName=[^ ]*/NodeName=$host/; s/ Addr=/ NodeAddr=/" "$T/slurm.conf"
export SLURM_CONF=$T/slurm.conf
slurmctld -D -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$T/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %T 2>>"$T/quiet.log")
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || daemons_down "slurmctld and slurmd did not bring the node up (state '$state')"
echo "# one node, $cores cores, ports $ctld_port/$slurmd_port, files in $T"

echo "1..7"
cd "$T/work" || exit 1
# lesc as the tasks see it: fails on purpose in array task LESC_FAIL_TASK
cat >lesc-task <<EOF
#!/bin/bash
if [ -n "\${LESC_FAIL_TASK:-}" ] && [ "\${SLURM_ARRAY_TASK_ID:-}" = "\$LESC_FAIL_TASK" ]; then
  echo "lesc-task: task \$SLURM_ARRAY_TASK_ID fails on purpose (LESC_FAIL_TASK)" >&2
  exit 3
fi
exec "$LESC" "\$@"
EOF
chmod +x lesc-task
export LESC=$T/work/lesc-task
# the scripts ask for 8 GB and a day; the command line overrides #SBATCH lines
small=(--parsable --chdir="$T/work" --mem=100M --time=10)

# wait for the given jobs to leave the queue (every task of an array)
wait_jobs() {
  local left
  for _ in $(seq $((WAIT * 2))); do
    left=$(squeue -h -j "$1" -t PENDING,CONFIGURING,RUNNING,COMPLETING,SUSPENDED -o %i 2>>"$T/quiet.log")
    [ -z "$left" ] && return 0
    sleep 0.5
  done
  echo "# still queued after ${WAIT}s: $left"; squeue -j "$1" | comment; return 1
}
# "TASK STATE" of every task of array job $1 (finished jobs stay visible for MinJobAge)
task_states() { squeue -h -t all -j "$1" -o '%K %T' 2>>"$T/quiet.log" | sort -n; }

# slurm-merge.sh prints lesc merge's report (runs added per shard store), then the table
merged_ok() {
  local added
  [ -f "$1-merge.out" ] && [ -f "$1-merge.err" ] || return 1
  added=$(sed -n "s|^$1/shard-[0-9]*\\.sqlite: \\([0-9]*\\) run(s) added.*|\\1|p" "$1-merge.out" | awk '{ s += $1 } END { print s + 0 }')
  [ -s one.txt ] && [ "$added" = "$units" ] \
    && tail -n "$(wc -l <one.txt)" "$1-merge.out" | cmp -s - one.txt \
    && grep -q "0 run(s) computed, $units reused" "$1-merge.err"
}
wait "$one_pid"; one_pid=
units=$(sed -n 's/.* \([0-9]*\) run(s) computed.*/\1/p' one.err)
[ -s one.txt ] && [ -n "$units" ] || comment <one.err
echo "# one-process table: $units runs, done $((SECONDS - one_start)) s after the start"

# ---- 1. a sweep and its merge ----------------------------------------------------------------
start=$SECONDS
array=$(sbatch "${small[@]}" --array=1-$SHARDS --output=a-%a.out --export=ALL,SHARD_DIR=a \
        "$SWEEP" 2>&1) || { echo "# $array"; array=; }
merge=$(sbatch "${small[@]}" --dependency=afterok:"$array" --output=a-merge.out --error=a-merge.err \
        --export=ALL,SHARD_DIR=a,RESULTS=a.sqlite "$MERGE" 2>&1) || { echo "# $merge"; merge=; }
if [ -n "$array" ] && [ -n "$merge" ] && wait_jobs "$array,$merge"; then
  ok "array job $array ($SHARDS tasks) and merge job $merge ran in $((SECONDS - start)) s"
else
  logs; not_ok "array job and merge job"
fi
states=$(task_states "$array")
want=$(seq "$SHARDS" | sed 's/$/ COMPLETED/')
if [ "$states" = "$want" ] && [ "$(squeue -h -t all -j "$merge" -o %T)" = COMPLETED ] \
   && [ "$(ls a/shard-*.sqlite 2>>"$T/quiet.log" | wc -l)" -eq "$SHARDS" ] \
   && [ "$(cat a/count 2>>"$T/quiet.log")" = "$SHARDS" ]; then
  ok "every task and the merge completed, one store per shard"
else
  echo "tasks: $states" | comment; cat a-*.out a-merge.err 2>>"$T/quiet.log" | comment
  not_ok "every task and the merge completed"
fi
if merged_ok a; then
  ok "merged table equals the one-process table (nothing recomputed)"
else
  { diff a-merge.out one.txt | head -20; cat a-merge.err; } 2>&1 | comment
  not_ok "merged table equals the one-process table"
fi

# ---- 2. a failed task, resubmitted alone ----------------------------------------------------
start=$SECONDS
array=$(sbatch "${small[@]}" --array=1-$SHARDS --output=b-%a.out \
        --export=ALL,SHARD_DIR=b,LESC_FAIL_TASK=$FAIL "$SWEEP" 2>&1) || { echo "# $array"; array=; }
merge=$(sbatch "${small[@]}" --dependency=afterok:"$array" --output=b-merge.out \
        --export=ALL,SHARD_DIR=b,RESULTS=b.sqlite "$MERGE" 2>&1) || { echo "# $merge"; merge=; }
[ -n "$array" ] && wait_jobs "$array"
states=$(task_states "$array")
want=$(seq "$SHARDS" | sed "s/^$FAIL\$/$FAIL FAILED/; /FAILED/!s/\$/ COMPLETED/")
reason=
for _ in $(seq 20); do
  reason=$(squeue -h -j "$merge" -o '%T %r' 2>>"$T/quiet.log")
  [ "$reason" = "PENDING DependencyNeverSatisfied" ] && break
  sleep 0.5
done
if [ "$states" = "$want" ] && [ "$reason" = "PENDING DependencyNeverSatisfied" ] \
   && [ ! -e "b/shard-$FAIL.sqlite" ] && grep -q "fails on purpose" "b-$FAIL.out"; then
  ok "task $FAIL failed on purpose, the others completed, the merge waits (DependencyNeverSatisfied)"
else
  printf "tasks: %s\nmerge: %s\n" "$states" "$reason" | comment; cat b-*.out 2>>"$T/quiet.log" | comment
  not_ok "task $FAIL failed and the merge waits"
fi
scancel "$merge" 2>>"$T/quiet.log"
again=$(sbatch "${small[@]}" --array=$FAIL --output=b-again.out --export=ALL,SHARD_DIR=b \
        "$SWEEP" 2>&1) || { echo "# $again"; again=; }
merge=$(sbatch "${small[@]}" --dependency=afterok:"$again" --output=b-merge.out --error=b-merge.err \
        --export=ALL,SHARD_DIR=b,RESULTS=b.sqlite "$MERGE" 2>&1) || { echo "# $merge"; merge=; }
if [ -n "$again" ] && [ -n "$merge" ] && wait_jobs "$again,$merge" \
   && [ "$(task_states "$again")" = "$FAIL COMPLETED" ] \
   && [ "$(squeue -h -t all -j "$merge" -o %T)" = COMPLETED ] \
   && grep -q "shard $FAIL/$SHARDS" b-again.out; then
  ok "task $FAIL resubmitted with --array=$FAIL ran shard $FAIL/$SHARDS; the merge after it completed ($((SECONDS - start)) s for this sweep)"
else
  cat b-again.out b-merge.err 2>>"$T/quiet.log" | comment; logs
  not_ok "task $FAIL resubmitted alone"
fi
if [ "$(ls b/shard-*.sqlite 2>>"$T/quiet.log" | wc -l)" -eq "$SHARDS" ] && [ -s one.txt ] \
   && merged_ok b; then
  ok "after the resubmission the merged table equals the one-process table"
else
  { diff b-merge.out one.txt | head -20; cat b-merge.err; } 2>&1 | comment
  not_ok "merged table after the resubmission"
fi
# the daemons are still up and answering: nothing above crashed them
if [ "$(sinfo -h -n "$host" -o %T 2>>"$T/quiet.log")" = idle ]; then
  ok "the node is idle again"
else
  logs; not_ok "the node is idle again"
fi
exit $failed

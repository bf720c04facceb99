#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# A private Slurm 22.05 cluster on this machine: one slurmd per emulated node, a three-level
# topology/tree, accounting through slurmdbd and a private MariaDB, jobcomp/filetxt.
# Everything lives in one scratch directory; no system-wide Slurm, munge or MariaDB is used
# or touched, and `stop` ends exactly the processes `start` recorded (DIR/pids).
#
#   tests/slurm/cluster.sh install                    install the Debian packages if missing
#   tests/slurm/cluster.sh start DIR [OPTIONS]        bring the cluster up, wait until all nodes are idle
#   tests/slurm/cluster.sh stop DIR                   cancel its jobs, stop the processes it started
#   tests/slurm/cluster.sh env DIR                    print the environment the clients need
#
# Options of start:
#   --select cons_tres|linear   Slurm's node selection plugin (default cons_tres)
#   --first-job-id N            first job id (default 1; give each experiment its own range)
#   --port-base P               ports P+17 (slurmctld), P+19 (slurmdbd), P+20 (MariaDB) and
#                               P+3201.. (one per node); default 16800
#   --weighted-nodes            node definitions whose order differs from the names' and
#                               whose weights differ: per leaf of 16, NodeName lines for its
#                               9th-12th nodes (Weight=10), then its 1st-8th (Weight=10),
#                               then its 13th-16th (Weight=5); Slurm then selects a leaf's
#                               13th-16th nodes first, then its 9th-12th, then its 1st-8th
#                               (default: one NodeName line, nodes in name order, weight 1)
#   --settled-log               a log whose one-second times say which nodes were free at
#                               each start (docs/slurm.md, "On a workload"): CompleteWait=20
#                               (nothing is scheduled while a job that ended in the last 20 s
#                               is completing), an Epilog that keeps each node of an ended job
#                               until 0.2 s past the next whole second, KillWait=5, no backfill
#                               reservations (bf_min_prio_reserve above every priority) and
#                               the daemons at nice -10. No job then starts in the second
#                               another ended after that end (`placement whatif
#                               --ending-second held`)
#   --aucsched3-machine         instead of the 128-node machine below, the stand-in for the
#                               1,024-node machine of AUCSCHED3's evaluation
#                               (docs/simulation.md): nodes n0-n1023 of 16 cores and GRES
#                               gpu:3 each, 64 leaf switches of 16 nodes (s0-s63) under 8
#                               switches of 8 leaves (m0-m7) under "top", and a partition
#                               "batch" where jobs share nodes by cores (select/cons_tres,
#                               CR_Core); backfill every second
#
# The machine: 128 nodes n001-n128 with 2 CPUs each, 16 per leaf switch s0-s7, leaves in
# two pods m0 (s0-s3) and m1 (s4-s7) under one root "top"; one partition "batch" giving
# whole nodes (OverSubscribe=EXCLUSIVE). Debian's slurm-wlm-emulator (a front-end build) is
# not used: it cannot start against Debian's libslurmfull (docs/slurm.md).
#
# Exit status 77: the packages are missing and cannot be installed here (not root, no
# apt-get, or apt-get failed); the message says which.
set -euo pipefail

PACKAGES=(slurmctld slurmd slurmdbd slurm-client mariadb-server munge)
NODES=128
NODES_PER_LEAF=16
LEAVES_PER_POD=4
FIRST_NODE=1 # node numbers run FIRST_NODE..FIRST_NODE+NODES-1
NAME_WIDTH=3 # digits in a node name, zero-padded
CPUS=2
GPUS=0
PARTITION_SHARING=" OverSubscribe=EXCLUSIVE" # whole nodes
BACKFILL_INTERVAL=5

say() { printf 'cluster.sh: %s\n' "$*" >&2; }
die() {
  printf 'cluster.sh: error: %s\n' "$1" >&2
  exit "${2:-1}"
}

usage() { sed -n '/^# A private Slurm/,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; }

missing_packages() {
  local package
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' \
      || printf '%s\n' "$package"
  done
}

install_packages() {
  command -v dpkg-query >/dev/null || die "not a Debian system (no dpkg-query): cannot install ${PACKAGES[*]}" 77
  local missing
  missing=$(missing_packages)
  if [ -n "$missing" ]; then
    [ "$(id -u)" -eq 0 ] || die "these Debian packages are missing and installing them needs root: $(echo $missing)" 77
    say "installing $(echo $missing)"
    # Packages must not start system-wide daemons: the cluster runs its own.
    local blocker=/usr/sbin/policy-rc.d created_blocker=0
    if [ ! -e "$blocker" ]; then
      printf '#!/bin/sh\nexit 101\n' >"$blocker" && chmod 755 "$blocker" && created_blocker=1
    fi
    local status=0
    {
      DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
    } >&2 || status=$?
    [ "$created_blocker" -eq 0 ] || rm -f "$blocker"
    [ "$status" -eq 0 ] || die "apt-get could not install: $(echo $missing)" 77
  fi
  # Debian's emulator package, when installed, takes over the daemons' alternatives.
  local daemon
  for daemon in slurmctld slurmd; do
    if [ "$(readlink -f /usr/sbin/$daemon)" != "/usr/sbin/$daemon-wlm" ] && [ -e /usr/sbin/$daemon-wlm ]; then
      [ "$(id -u)" -eq 0 ] || die "/usr/sbin/$daemon is not Slurm's normal build (slurm-wlm-emulator?); run: update-alternatives --set $daemon /usr/sbin/$daemon-wlm" 77
      update-alternatives --set "$daemon" "/usr/sbin/$daemon-wlm" >&2
    fi
  done
}

# Node names n001..n128 (n0..n1023 on the AUCSCHED3 machine).
node_name() { printf 'n%0*d' "$NAME_WIDTH" "$1"; }
# A hostlist of the nodes numbered $1..$2.
node_range() { printf 'n[%0*d-%0*d]' "$NAME_WIDTH" "$1" "$NAME_WIDTH" "$2"; }

# One NodeName line for nodes $1..$2 (numbers), with Weight=$4 unless empty; $3 is the port base.
node_line() {
  local first=$1 last=$2 base=$3 weight=$4 addresses
  addresses=$(printf '127.0.0.1,%.0s' $(seq "$first" "$last"))
  addresses=${addresses%,}
  # Ports count from base+3201 whatever the first node's number.
  local offset=$((1 - FIRST_NODE))
  printf 'NodeName=%s NodeHostname=%s NodeAddr=%s Port=[%d-%d]%s' "$(node_range "$first" "$last")" \
    "$(node_range "$first" "$last")" "$addresses" $((base + 3200 + first + offset)) $((base + 3200 + last + offset)) \
    "${weight:+ Weight=$weight}"
  printf ' CPUs=%d Boards=1 SocketsPerBoard=1 CoresPerSocket=%d ThreadsPerCore=1 RealMemory=1000%s State=UNKNOWN\n' \
    "$CPUS" "$CPUS" "$( [ "$GPUS" -eq 0 ] || printf ' Gres=gpu:%d' "$GPUS")"
}

write_configuration() {
  local B=$1 select=$2 first_job=$3 base=$4 weighted=$5 settled=$6
  local socket=$B/run/munge/munge.socket.2
  {
    echo "ClusterName=emu"
    echo "SlurmctldHost=$(hostname -s)(127.0.0.1)"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "SlurmctldPort=$((base + 17))"
    echo "SlurmdPort=$((base + 18))"
    echo "AuthType=auth/munge"
    echo "AuthInfo=socket=$socket"
    echo "StateSaveLocation=$B/spool/ctld"
    echo "SlurmdSpoolDir=$B/spool/slurmd/%n"
    echo "SlurmctldPidFile=$B/run/slurmctld.pid"
    echo "SlurmdPidFile=$B/run/slurmd-%n.pid"
    echo "SlurmctldLogFile=$B/log/slurmctld.log"
    echo "SlurmdLogFile=$B/log/slurmd/%n.log"
    echo "MailProg=/bin/true"
    echo "ProctrackType=proctrack/pgid"
    echo "TaskPlugin=task/none"
    echo "MpiDefault=none"
    echo "ReturnToService=2"
    echo "SchedulerType=sched/backfill"
    if [ "$settled" -eq 0 ]; then
      echo "SchedulerParameters=bf_interval=$BACKFILL_INTERVAL,bf_resolution=1"
    else
      # No job gets a reservation: backfill and the main scheduler start, in priority order,
      # every job that fits now, on the nodes the select plugin chooses among all idle ones.
      echo "SchedulerParameters=bf_interval=5,bf_resolution=1,bf_min_prio_reserve=4294967295"
    fi
    echo "SelectType=select/$select"
    [ "$select" != cons_tres ] || echo "SelectTypeParameters=CR_Core"
    echo "TopologyPlugin=topology/tree"
    echo "AccountingStorageType=accounting_storage/slurmdbd"
    echo "AccountingStorageHost=127.0.0.1"
    echo "AccountingStoragePort=$((base + 19))"
    # Connections to slurmdbd authenticate with this, not with AuthInfo.
    echo "AccountingStoragePass=socket=$socket"
    echo "JobCompType=jobcomp/filetxt"
    echo "JobCompLoc=$B/log/jobcomp.txt"
    echo "JobAcctGatherType=jobacct_gather/none"
    if [ "$GPUS" -gt 0 ]; then
      echo "GresTypes=gpu"
      # The nodes are what slurm.conf says (16 cores, 3 GPUs), not this machine's hardware.
      echo "SlurmdParameters=config_overrides"
      # sacct's AllocTRES then lists the GPUs a job held.
      echo "AccountingStorageTRES=gres/gpu"
    fi
    echo "MaxJobCount=20000"
    echo "FirstJobId=$first_job"
    echo "MinJobAge=300"
    if [ "$settled" -eq 1 ]; then
      echo "CompleteWait=20"
      echo "KillWait=5"
      echo "Epilog=$B/etc/epilog.sh"
    fi
    if [ "$weighted" -eq 0 ]; then
      node_line "$FIRST_NODE" $((FIRST_NODE + NODES - 1)) "$base" ""
    else
      local leaf_first quarter=$((NODES_PER_LEAF / 4))
      for ((leaf_first = 1; leaf_first <= NODES; leaf_first += NODES_PER_LEAF)); do
        node_line $((leaf_first + 2 * quarter)) $((leaf_first + 3 * quarter - 1)) "$base" 10
        node_line "$leaf_first" $((leaf_first + 2 * quarter - 1)) "$base" 10
        node_line $((leaf_first + 3 * quarter)) $((leaf_first + NODES_PER_LEAF - 1)) "$base" 5
      done
    fi
    echo "PartitionName=batch Nodes=ALL Default=YES MaxTime=INFINITE State=UP$PARTITION_SHARING"
  } >"$B/etc/slurm.conf"

  # Slurm 22.05 drops a GPU without a device file ("Removing file-less GPU") and wants a
  # character device: each node's GPUs are B/dev/gpuN, copies of /dev/null (1,3), which
  # Slurm counts and gives out (no cgroup uses them).
  if [ "$GPUS" -gt 0 ]; then
    mkdir -p "$B/dev"
    local gpu
    for ((gpu = 0; gpu < GPUS; ++gpu)); do
      mknod "$B/dev/gpu$gpu" c 1 3 || die "cannot create the GPU device $B/dev/gpu$gpu (a nodev file system?)"
    done
    printf 'NodeName=%s Name=gpu File=%s/dev/gpu[0-%d]\n' "$(node_range "$FIRST_NODE" $((FIRST_NODE + NODES - 1)))" \
      "$B" $((GPUS - 1)) >"$B/etc/gres.conf"
  fi

  if [ "$settled" -eq 1 ]; then
    # Runs on each node of an ended job (by its slurmd, as root) after slurmctld logged the
    # end; the node stays COMPLETING until it returns. It sleeps until 0.2 s past the next
    # whole second, so the job completes in a later second than its logged end, and with
    # CompleteWait nothing starts before it has. POSIX sh (dash): date's nanoseconds, 64-bit
    # shell arithmetic.
    cat >"$B/etc/epilog.sh" <<'EPILOG'
#!/bin/sh
PATH=/usr/bin:/bin
now=$(date +%s%N)
wait=$((1200000000 - now % 1000000000))
exec sleep "$((wait / 1000000000)).$(printf '%09d' $((wait % 1000000000)))"
EPILOG
    chmod 755 "$B/etc/epilog.sh"
  fi

  local leaf pod first last leaves=$((NODES / NODES_PER_LEAF)) pods
  pods=$((leaves / LEAVES_PER_POD))
  {
    for ((leaf = 0; leaf < leaves; ++leaf)); do
      first=$((leaf * NODES_PER_LEAF + FIRST_NODE))
      last=$((first + NODES_PER_LEAF - 1))
      printf 'SwitchName=s%d Nodes=%s\n' "$leaf" "$(node_range "$first" "$last")"
    done
    for ((pod = 0; pod < pods; ++pod))
    do
      printf 'SwitchName=m%d Switches=s[%d-%d]\n' "$pod" $((pod * LEAVES_PER_POD)) $((pod * LEAVES_PER_POD + LEAVES_PER_POD - 1))
    done
    printf 'SwitchName=top Switches=m[0-%d]\n' $((pods - 1))
  } >"$B/etc/topology.conf"

  (
    umask 077
    cat >"$B/etc/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$socket
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$((base + 19))
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$((base + 20))
StorageUser=slurm
StoragePass=slurmpw
StorageLoc=slurm_acct_db
LogFile=$B/log/slurmdbd.log
PidFile=$B/run/slurmdbd.pid
DebugLevel=info
CONF
  )

  cat >"$B/etc/my.cnf" <<CONF
[mysqld]
datadir=$B/mysql/data
socket=$B/run/mysqld.sock
pid-file=$B/run/mysqld.pid
port=$((base + 20))
bind-address=127.0.0.1
user=root
log-error=$B/log/mariadb.err
skip-log-bin
innodb_buffer_pool_size=256M
innodb_lock_wait_timeout=900
CONF
}

# Records a process the cluster owns: "NAME PID" lines, stopped in reverse order.
record() { printf '%s %s\n' "$1" "$2" >>"$B/pids"; }

# Waits up to $2 tenths of a second for the command in $1 to succeed.
wait_for() {
  local tries=$2
  while ! eval "$1" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || return 1
    sleep 0.1
  done
}

print_environment() {
  printf 'export SLURM_CONF=%q\nexport TZ=UTC\n' "$1/etc/slurm.conf"
}

start_cluster() {
  B=$1
  shift
  local select=cons_tres first_job=1 base=16800 weighted=0 settled=0 aucsched3=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --select) select=${2:?--select needs cons_tres or linear}; shift 2 ;;
      --first-job-id) first_job=${2:?--first-job-id needs a number}; shift 2 ;;
      --port-base) base=${2:?--port-base needs a number}; shift 2 ;;
      --weighted-nodes) weighted=1; shift ;;
      --settled-log) settled=1; shift ;;
      --aucsched3-machine) aucsched3=1; shift ;;
      *) die "start: unknown option '$1'" 2 ;;
    esac
  done
  case "$select" in cons_tres | linear) ;; *) die "--select '$select' (expected cons_tres or linear)" 2 ;; esac
  [[ "$first_job" =~ ^[1-9][0-9]*$ ]] || die "--first-job-id '$first_job' is not a positive whole number" 2
  [[ "$base" =~ ^[1-9][0-9]*$ ]] && [ "$base" -le 60000 ] || die "--port-base '$base' is not a port number up to 60000" 2
  if [ "$aucsched3" -eq 1 ]; then
    [ "$select" = cons_tres ] || die "--aucsched3-machine shares nodes by cores: it needs --select cons_tres" 2
    [ "$weighted" -eq 0 ] || die "--aucsched3-machine and --weighted-nodes cannot be combined" 2
    NODES=1024 LEAVES_PER_POD=8 FIRST_NODE=0 NAME_WIDTH=1 CPUS=16 GPUS=3
    PARTITION_SHARING="" BACKFILL_INTERVAL=1
  fi
  [ "$(id -u)" -eq 0 ] || die "the cluster's slurmd run jobs as their users and need root" 77
  install_packages
  [ ! -e "$B/pids" ] || die "$B already holds a cluster (stop it first: $0 stop $B)" 3
  # A cluster's key, devices and databases are made once: a directory used before is not
  # started again.
  [ ! -e "$B/pids.stopped" ] && [ ! -e "$B/etc/slurm.conf" ] ||
    die "$B holds a stopped cluster's files: start in a new directory" 3
  mkdir -p "$B"
  B=$(cd "$B" && pwd)
  mkdir -p "$B"/{etc,log/slurmd,run/munge,munge,mysql,spool/ctld,spool/slurmd,work}
  chmod 700 "$B/munge"
  chmod 755 "$B/run/munge"
  : >"$B/pids"
  # From here on a failure stops whatever was started.
  trap 'status=$?; if [ $status -ne 0 ]; then say "start failed; stopping what was started (logs in $B/log)"; stop_cluster "$B"; fi' EXIT
  write_configuration "$B" "$select" "$first_job" "$base" "$weighted" "$settled"
  # With --settled-log the daemons run before other work on a busy machine, so that a
  # job's end reaches slurmctld within its second.
  local priority=()
  [ "$settled" -eq 0 ] || priority=(nice -n -10)
  export SLURM_CONF=$B/etc/slurm.conf TZ=UTC
  cd "$B/work"

  local socket=$B/run/munge/munge.socket.2
  mungekey --create --keyfile="$B/munge/munge.key" 2>/dev/null
  munged --force --socket="$socket" --key-file="$B/munge/munge.key" --log-file="$B/log/munged.log" \
    --pid-file="$B/run/munge/munged.pid" --seed-file="$B/munge/munged.seed"
  wait_for "test -s $B/run/munge/munged.pid" 50 || die "munged wrote no pid file ($B/log/munged.log)"
  record munged "$(cat "$B/run/munge/munged.pid")"
  munge -S "$socket" -n | unmunge -S "$socket" >/dev/null || die "the private munge does not work ($B/log/munged.log)"

  mariadb-install-db --no-defaults --datadir="$B/mysql/data" --user=root \
    --auth-root-authentication-method=normal --skip-test-db >"$B/log/mariadb-install.log" 2>&1 \
    || die "mariadb-install-db failed ($B/log/mariadb-install.log)"
  nohup mariadbd --defaults-file="$B/etc/my.cnf" >"$B/log/mariadbd.out" 2>&1 &
  record mariadbd $!
  wait_for "mariadb --no-defaults -S $B/run/mysqld.sock -uroot -e 'select 1'" 300 \
    || die "the private MariaDB did not start ($B/log/mariadb.err)"
  mariadb --no-defaults -S "$B/run/mysqld.sock" -uroot <<'SQL'
CREATE USER 'slurm'@'localhost' IDENTIFIED BY 'slurmpw';
CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'slurmpw';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';
SQL

  # Slurm decides which daemon it is from argv[0]: start them by their plain names.
  nohup "${priority[@]}" /usr/sbin/slurmdbd -D >"$B/log/slurmdbd.out" 2>&1 &
  record slurmdbd $!
  wait_for "grep -q 'slurmdbd version .* started' $B/log/slurmdbd.log" 300 \
    || die "slurmdbd did not start ($B/log/slurmdbd.log)"
  nohup "${priority[@]}" /usr/sbin/slurmctld -D -c -i >"$B/log/slurmctld.out" 2>&1 &
  record slurmctld $!
  wait_for "scontrol ping | grep -q UP" 300 || die "slurmctld did not answer ($B/log/slurmctld.log)"
  local i name
  for ((i = FIRST_NODE; i < FIRST_NODE + NODES; ++i)); do
    name=$(node_name "$i")
    mkdir -p "$B/spool/slurmd/$name"
    nohup "${priority[@]}" /usr/sbin/slurmd -D -N "$name" >"$B/log/slurmd/$name.out" 2>&1 &
    record "slurmd-$name" $!
  done
  # Half a second a node: 60 s for 128 nodes, 512 s for 1,024.
  wait_for "[ \"\$(sinfo -h -t idle -o %D)\" = $NODES ]" $((NODES * 5)) \
    || die "not all $NODES nodes became idle within $((NODES / 2)) s: $(sinfo -h -o '%D %t' | tr '\n' ' ')"
  trap - EXIT
  say "cluster up in $B: $NODES nodes idle, select/$select, slurmctld port $((base + 17))"
  print_environment "$B"
}

stop_cluster() {
  B=$1
  [ -f "$B/pids" ] || { say "$B holds no cluster started by this script (no $B/pids)"; return 0; }
  export SLURM_CONF=$B/etc/slurm.conf TZ=UTC
  # Jobs' steps outlive slurmd: cancel the jobs and let them end first.
  if grep -q '^slurmctld ' "$B/pids" && scontrol ping 2>/dev/null | grep -q UP; then
    scancel --full --user=root 2>/dev/null || true
    wait_for "[ -z \"\$(squeue -h -t running,completing -o %i 2>/dev/null)\" ]" 150 \
      || say "jobs were still running when the cluster stopped"
  fi
  local name pid tries
  tac "$B/pids" | while read -r name pid; do
    kill "$pid" 2>/dev/null || continue
  done
  tac "$B/pids" | while read -r name pid; do
    tries=100
    while kill -0 "$pid" 2>/dev/null && [ "$tries" -gt 0 ]; do
      sleep 0.1
      tries=$((tries - 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
      say "$name ($pid) did not stop within 10 s; killing it"
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  mv "$B/pids" "$B/pids.stopped"
  say "cluster in $B stopped"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  install) install_packages ;;
  start) [ $# -ge 1 ] || die "usage: $0 start DIR [OPTIONS]" 2; start_cluster "$@" ;;
  stop) [ $# -eq 1 ] || die "usage: $0 stop DIR" 2; stop_cluster "$1" ;;
  env) [ $# -eq 1 ] || die "usage: $0 env DIR" 2; print_environment "$(cd "$1" && pwd)" ;;
  -h | --help | help) usage ;;
  *) usage; exit 2 ;;
esac

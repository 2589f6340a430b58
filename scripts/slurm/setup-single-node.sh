#!/usr/bin/env bash
# Sets up a one-node Slurm cluster on this machine (Debian's slurm-wlm and munge), for testing the
# lab's job-array scripts end to end. Needs root. Idempotent: stops what it started before.
# usage: sudo scripts/slurm/setup-single-node.sh
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "setup-single-node.sh: run as root" >&2; exit 1; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))

# munge: one key, the daemon as the munge user.
install -d -o munge -g munge -m 0700 /etc/munge /var/lib/munge /var/log/munge
install -d -o munge -g munge -m 0755 /run/munge
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none; }
chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
# Restart only the daemons a previous run of this script started (by their pid files).
stop() { [ -s "$1" ] && kill "$(cat "$1")" 2>/dev/null && sleep 1; rm -f "$1"; }
stop /run/munge/munged.pid
runuser -u munge -- /usr/sbin/munged
munge -n | unmunge >/dev/null

# slurm: controller and compute daemon on this host; no cgroups (containers lack them).
install -d /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=nothanks-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
stop /run/slurmctld.pid
stop /run/slurmd.pid
slurmctld
slurmd
for _ in $(seq 30); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    sinfo
    exit 0
  fi
  sleep 1
done
echo "setup-single-node.sh: the node did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
exit 1

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors
"""A Slurm accounting log of JOBS jobs that names each job's nodes, for the explorer's scale
benchmark (bench/explorer-scale-bench.sh): what `sacct -a -P -X` writes for a year or more
of a 1,458-node cluster of 8 cores a node, and the cluster's topology.conf (54 leaf switches
of 27 nodes under one root).

The jobs arrive about every 15 s; 55% take one node, 30% 2-8, 13% 16-64, 2% 128-512; run
times are log-normal (median 7 min). Each starts when the nodes that free first are free and
takes them (no backfilling), so the nodes of a job of several are often scattered, as on a
busy machine. Deterministic: the same JOBS give the same log.

With --shared, a third of the jobs are serial: one core each, on the 162 nodes of the first
six leaves, packed onto the lowest-numbered free cores as Slurm's cons_tres does, so up to 8
share a node at once; the rest run whole nodes on the other 1,296.

    bench/slurm-log.py JOBS LOG TOPOLOGY [--shared]
"""
import datetime
import heapq
import random
import sys

NODES = 1458
LEAF = 27
SHARED_NODES = 6 * LEAF
CORES = 8


def name(node):
    return 'n%04d' % (node + 1)


def hostlist(nodes):
    if len(nodes) == 1:
        return name(nodes[0])
    nodes = sorted(nodes)
    parts = []
    i = 0
    while i < len(nodes):
        j = i
        while j + 1 < len(nodes) and nodes[j + 1] == nodes[j] + 1:
            j += 1
        parts.append('%04d' % (nodes[i] + 1) if i == j else '%04d-%04d' % (nodes[i] + 1, nodes[j] + 1))
        i = j + 1
    return 'n[' + ','.join(parts) + ']'


def utc(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S')


def main():
    if len(sys.argv) not in (4, 5) or (len(sys.argv) == 5 and sys.argv[4] != '--shared'):
        sys.exit('usage: slurm-log.py JOBS LOG TOPOLOGY [--shared]')
    shared = len(sys.argv) == 5
    jobs = int(sys.argv[1])
    with open(sys.argv[3], 'w') as topology:
        topology.write('SwitchName=root Switches=leaf[00-%02d]\n' % (NODES // LEAF - 1))
        for leaf in range(NODES // LEAF):
            topology.write('SwitchName=leaf%02d Nodes=n[%04d-%04d]\n' % (leaf, leaf * LEAF + 1, leaf * LEAF + LEAF))
    random.seed(7)
    free = [(0, node) for node in range(SHARED_NODES if shared else 0, NODES)]  # (free from, node)
    heapq.heapify(free)
    idle_cores = [(node, core) for node in range(SHARED_NODES) for core in range(CORES)] if shared else []
    busy_cores = []  # (free from, node, core)
    submit = 1_600_000_000
    with open(sys.argv[2], 'w') as log:
        log.write('JobID|JobIDRaw|User|Account|Partition|QOS|State|ExitCode|Submit|Eligible|Start|End|Elapsed|'
                  'Timelimit|NNodes|NCPUS|AllocCPUS|ReqNodes|NodeList|ReqTRES|AllocTRES|JobName\n')
        for job in range(1, jobs + 1):
            submit += int(random.expovariate(1 / 15.0))
            if shared and random.random() < 1 / 3:
                while busy_cores and busy_cores[0][0] <= submit:
                    _, node, core = heapq.heappop(busy_cores)
                    heapq.heappush(idle_cores, (node, core))
                start = submit
                if idle_cores:
                    node, core = heapq.heappop(idle_cores)
                else:
                    start, node, core = heapq.heappop(busy_cores)
                run = int(random.lognormvariate(6, 1.6)) + 1
                end = start + run
                heapq.heappush(busy_cores, (end, node, core))
                log.write('%d|%d|u%d|acct|shared|normal|COMPLETED|0:0|%s|%s|%s|%s|%02d:%02d:%02d|1-00:00:00|1|1|1|1|%s|'
                          'cpu=1,node=1|cpu=1,node=1|job%d\n' % (job, job, random.randrange(2000), utc(submit), utc(submit),
                                                               utc(start), utc(end), run // 3600, run % 3600 // 60,
                                                               run % 60, name(node), job % 97))
                continue
            draw = random.random()
            if draw < 0.55:
                size = 1
            elif draw < 0.85:
                size = random.choice([2, 4, 8])
            elif draw < 0.98:
                size = random.choice([16, 32, 64])
            else:
                size = random.choice([128, 256, 512])
            run = int(random.lognormvariate(6, 1.6)) + 1
            taken = [heapq.heappop(free) for _ in range(size)]
            start = max(submit, max(at for at, _ in taken))
            end = start + run
            for _, node in taken:
                heapq.heappush(free, (end, node))
            cpus = 8 * size
            tres = 'cpu=%d,node=%d' % (cpus, size)
            log.write('%d|%d|u%d|acct|batch|normal|COMPLETED|0:0|%s|%s|%s|%s|%02d:%02d:%02d|1-00:00:00|%d|%d|%d|%d|%s|%s|%s|'
                      'job%d\n' % (job, job, random.randrange(2000), utc(submit), utc(submit), utc(start), utc(end),
                                   run // 3600, run % 3600 // 60, run % 60, size, cpus, cpus, size,
                                   hostlist([node for _, node in taken]), tres, tres, job % 97))


if __name__ == '__main__':
    main()

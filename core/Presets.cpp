// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Presets.h"

namespace placement {

const std::vector<MachinePreset>& machinePresets()
{
    static const std::vector<MachinePreset> presets = {
        {"cab", "fattree radix=36 pods=4 leaves-per-pod=18 nodes-per-leaf=18 uplinks-per-leaf=18 prefix=cab",
         "LLNL Cab, Pollard et al. SC'18 §V: 1,296 nodes, 36 spines"},
        {"pinot", "fattree radix=36 pods=8 leaves-per-pod=18 nodes-per-leaf=18 uplinks-per-leaf=18 prefix=pinot",
         "Pollard's hypothetical Pinot: Cab with 8 pods, 2,592 nodes"},
        {"jigsaw-1024", "fattree radix=16 pods=16 leaves-per-pod=8 nodes-per-leaf=8 uplinks-per-leaf=8 prefix=n",
         "Jigsaw HPDC'21 §5: full radix-16 three-level fat-tree"},
        {"jigsaw-1458", "fattree radix=18 pods=18 leaves-per-pod=9 nodes-per-leaf=9 uplinks-per-leaf=9 prefix=n",
         "Jigsaw HPDC'21 §5: full radix-18 three-level fat-tree"},
        {"jigsaw-2662", "fattree radix=22 pods=22 leaves-per-pod=11 nodes-per-leaf=11 uplinks-per-leaf=11 prefix=n",
         "Jigsaw HPDC'21 §5: full radix-22 three-level fat-tree"},
        {"jigsaw-5488", "fattree radix=28 pods=28 leaves-per-pod=14 nodes-per-leaf=14 uplinks-per-leaf=14 prefix=n",
         "Jigsaw HPDC'21 §5: full radix-28 three-level fat-tree"},
        {"tracer-10648", "fattree radix=44 pods=22 leaves-per-pod=22 nodes-per-leaf=22 uplinks-per-leaf=22 prefix=n",
         "Pollard SC'18 §V-B TraceR model: radix 44, 22 pods of 22 leaves"},
        {"pascual-4ary3tree", "kary k=4 n=3 prefix=n", "Pascual et al.: 4-ary 3-tree, 64 nodes, radix-8 switches"},
        {"pascual-4ary4tree", "kary k=4 n=4 prefix=n", "Pascual et al.: 4-ary 4-tree, 256 nodes"},
        {"pascual-4ary5tree", "kary k=4 n=5 prefix=n", "Pascual et al.: 4-ary 5-tree, 1,024 nodes"},
        {"torus-8x8", "torus extents=8x8 wrap=yy nodes-per-router=1 prefix=n", "Pascual et al.: 2D torus, 64 nodes"},
        {"torus-16x16", "torus extents=16x16 wrap=yy nodes-per-router=1 prefix=n",
         "Pascual et al.: 2D torus, 256 nodes"},
        {"torus-32x32", "torus extents=32x32 wrap=yy nodes-per-router=1 prefix=n",
         "Pascual et al.: 2D torus, 1,024 nodes"},
        {"titan",
         "torus extents=25x16x24 wrap=yyy nodes-per-router=2 prefix=nid "
         "bandwidth=9.36/9.36,4.68/15,15,15,15,15,15,15,9.36",
         "ORNL Titan, SC'16 §II: Gemini 25x16x24, 2 nodes per router, 19,200 node slots; X 9.36 GB/s, Y "
         "alternating 9.36/4.68, Z 15 with every 8th a 9.36 cable"},
        {"theta",
         "dragonfly groups=12 rows=6 columns=16 nodes-per-router=4 global-per-pair=8 arrangement=relative "
         "nodes=4392 bandwidth=5.25,15.75,4.7 naming=cray cabinet-columns=12",
         "ALCF Theta (Cray XC40, Aries), docs/metrics.md §Dragonfly: 4,392 compute nodes in 24 cabinets, 12 "
         "groups of 6 chassis x 16 Aries, 4 nodes per Aries; Alverson et al. 2012: green 5.25, black 3 x 5.25, "
         "optical 4.7 GB/s; 8 global links per group pair assumed"},
        {"frontier",
         "dragonfly groups=74 rows=1 columns=32 nodes-per-router=4 global-per-pair=7 arrangement=relative "
         "nodes=9408 bandwidth=25,25,25 prefix=frontier digits=5 first=1",
         "OLCF Frontier (HPE Slingshot 11), docs/metrics.md §Dragonfly: 9,408 nodes, 74 groups of 32 "
         "all-to-all switches, 200 Gb/s links; one switch per node (one NIC of four), 7 global links per group "
         "pair (17 global ports per switch shared by 73 groups)"},
        {"dragonfly-small",
         "dragonfly groups=5 rows=1 columns=4 nodes-per-router=2 global-per-pair=2 arrangement=circulant prefix=df",
         "A small Slingshot-like dragonfly for tests: 5 groups of 4 all-to-all routers, 2 nodes each, 40 nodes"},
    };
    return presets;
}

const MachinePreset* findMachinePreset(const std::string& name)
{
    for (const MachinePreset& preset : machinePresets())
        if (preset.name == name)
            return &preset;
    return nullptr;
}

} // namespace placement

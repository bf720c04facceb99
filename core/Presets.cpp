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

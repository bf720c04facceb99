// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// What nodes offer and jobs hold by cores and GPUs (core/CoreSimulation.h): grants, the
// free cores and GPUs of every node, and the check of a grant against them.

#include "core/CoreSimulation.h"
#include "core/Topology.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace placement {

int Grant::totalCores() const
{
    return std::accumulate(cores.begin(), cores.end(), 0);
}

CoreMachine::CoreMachine(const Topology& topology, std::vector<int> cores, std::vector<int> gpus)
    : m_topology(&topology)
    , m_cores(std::move(cores))
    , m_gpus(std::move(gpus))
{
    const auto n = static_cast<size_t>(topology.nodeCount());
    if (m_cores.size() != n || m_gpus.size() != n)
        throw std::invalid_argument("node resources: " + std::to_string(m_cores.size()) + " core counts and "
                                    + std::to_string(m_gpus.size()) + " GPU counts for " + std::to_string(n)
                                    + " nodes");
    for (size_t i = 0; i < n; ++i) {
        if (topology.isEmptySlot(static_cast<int>(i))) { // no node: nothing to offer, never idle
            m_cores[i] = 0;
            m_gpus[i] = 0;
            continue;
        }
        if (m_cores[i] < 1 || m_gpus[i] < 0)
            throw std::invalid_argument("node resources: node " + std::to_string(i) + " has "
                                        + std::to_string(m_cores[i]) + " cores and " + std::to_string(m_gpus[i])
                                        + " GPUs (at least one core, no negative GPUs)");
        m_totalCores += m_cores[i];
        m_totalGpus += m_gpus[i];
        m_maxGpus = std::max(m_maxGpus, m_gpus[i]);
    }
    m_freeCores = m_cores;
    m_freeGpus = m_gpus;
    m_totalFreeCores = m_totalCores;
}

CoreMachine::CoreMachine(const Topology& topology, int coresPerNode, int gpusPerNode)
    : CoreMachine(topology, std::vector<int>(static_cast<size_t>(topology.nodeCount()), coresPerNode),
                  std::vector<int>(static_cast<size_t>(topology.nodeCount()), gpusPerNode))
{}

bool CoreMachine::usable(int node, const ResourceRequest& request) const
{
    if (request.wholeNodes())
        return idle(node);
    return freeCores(node) >= 1 && freeGpus(node) >= request.gpusPerNode;
}

void CoreMachine::take(const Grant& grant)
{
    for (size_t k = 0; k < grant.nodes.size(); ++k) {
        const auto node = static_cast<size_t>(grant.nodes[k]);
        if (m_freeCores[node] < grant.cores[k] || m_freeGpus[node] < grant.gpus[k])
            throw std::logic_error("node " + std::to_string(node) + " over-committed: " + std::to_string(grant.cores[k])
                                   + " cores and " + std::to_string(grant.gpus[k]) + " GPUs asked, "
                                   + std::to_string(m_freeCores[node]) + " and " + std::to_string(m_freeGpus[node])
                                   + " free");
    }
    for (size_t k = 0; k < grant.nodes.size(); ++k) {
        const auto node = static_cast<size_t>(grant.nodes[k]);
        m_freeCores[node] -= grant.cores[k];
        m_freeGpus[node] -= grant.gpus[k];
        m_totalFreeCores -= grant.cores[k];
    }
}

void CoreMachine::release(const Grant& grant)
{
    for (size_t k = 0; k < grant.nodes.size(); ++k) {
        const auto node = static_cast<size_t>(grant.nodes[k]);
        m_freeCores[node] += grant.cores[k];
        m_freeGpus[node] += grant.gpus[k];
        m_totalFreeCores += grant.cores[k];
    }
}

std::string checkGrant(const CoreMachine& resources, const ResourceRequest& request, const Grant& grant)
{
    if (grant.cores.size() != grant.nodes.size() || grant.gpus.size() != grant.nodes.size())
        return "the grant's cores or GPUs do not match its nodes";
    if (grant.nodes.empty())
        return "no nodes";
    if (request.nodes > 0 && static_cast<int>(grant.nodes.size()) != request.nodes)
        return std::to_string(grant.nodes.size()) + " nodes for " + std::to_string(request.nodes);
    for (size_t k = 0; k < grant.nodes.size(); ++k) {
        const int node = grant.nodes[k];
        if (node < 0 || node >= resources.nodeCount())
            return "node " + std::to_string(node) + " does not exist";
        if (k > 0 && node <= grant.nodes[k - 1])
            return "nodes not increasing";
        if (request.wholeNodes()) {
            if (!resources.idle(node) || grant.cores[k] != resources.cores(node)
                || grant.gpus[k] != resources.gpus(node))
                return "node " + std::to_string(node) + " not whole or not idle";
            continue;
        }
        if (grant.cores[k] < 1)
            return "node " + std::to_string(node) + " without a core";
        if (grant.gpus[k] != request.gpusPerNode)
            return "node " + std::to_string(node) + " with " + std::to_string(grant.gpus[k]) + " GPUs for "
                + std::to_string(request.gpusPerNode);
        if (grant.cores[k] > resources.freeCores(node) || grant.gpus[k] > resources.freeGpus(node))
            return "node " + std::to_string(node) + " over-committed";
    }
    if (!request.wholeNodes() && grant.totalCores() != request.cores)
        return std::to_string(grant.totalCores()) + " cores for " + std::to_string(request.cores);
    return {};
}

} // namespace placement

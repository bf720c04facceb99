// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <vector>

namespace placement {

/// A weighted set-packing problem as a 0-1 integer program: choose items (x_i binary) to
/// maximise sum value_i x_i with at most one chosen item in each conflict set
/// (sum over the set of x_i <= 1). AUCSCHED3's bid selection (Soner & Özturan, eqs. 1-3
/// with whole nodes) is one: a set per job (at most one bid) and one per node (a node to at
/// most one job).
struct SetPackingProblem
{
    std::vector<double> values; ///< per item
    std::vector<std::vector<int>> conflicts; ///< item indices; sets of fewer than two are redundant
    /// Branch-and-bound nodes after which GLPK stops with the best solution found (a bound on
    /// the work per solve that is the same on every machine, unlike a time limit); 0: none.
    int nodeLimit = 0;
};

struct SetPackingSolution
{
    std::vector<int> chosen; ///< items with x_i = 1, increasing
    double objective = 0;
    bool optimal = true; ///< false: stopped at the node limit, `chosen` is the best found
};

/// Solves the program exactly with GLPK: the LP relaxation by the simplex method, then
/// branch and bound (glp_intopt, relative gap 0), seeded with a greedy packing (items by
/// value, each taken unless it conflicts) as the first incumbent. GLPK stays inside
/// SetPacking.cpp: no GLPK type appears in a header. Throws std::invalid_argument for an
/// item index out of range and std::runtime_error if GLPK fails.
SetPackingSolution solveSetPacking(const SetPackingProblem& problem);

/// A 0-1 program with capacities: maximise sum value_i x_i subject to, for every row,
/// sum coefficient x_i <= capacity (coefficients >= 0). AUCSCHED3's bid selection with cores
/// and GPUs (Soner & Özturan eqs. 1-4) is one: a row per job (at most one bid), and per node
/// one for its free cores and one for its free GPUs.
struct PackingRow
{
    std::vector<int> items;
    std::vector<double> coefficients; ///< per entry of `items`
    double capacity = 1;
};

struct CapacityPackingProblem
{
    std::vector<double> values;
    std::vector<PackingRow> rows;
    int nodeLimit = 0; ///< as SetPackingProblem::nodeLimit
};

/// Solved exactly by GLPK as solveSetPacking(), seeded with a greedy choice (items by value,
/// each taken while every row stays within its capacity).
SetPackingSolution solveCapacityPacking(const CapacityPackingProblem& problem);

} // namespace placement

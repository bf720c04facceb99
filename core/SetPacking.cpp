// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SetPacking.h"

#include <algorithm>
#include <glpk.h>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>

namespace placement {

namespace {

struct ProblemDeleter
{
    void operator()(glp_prob* problem) const { glp_delete_prob(problem); }
};

/// GLPK's terminal output off while solving (some of its routines print whatever msg_lev
/// says), restored afterwards.
class QuietTerminal
{
public:
    QuietTerminal()
        : m_previous(glp_term_out(GLP_OFF))
    {}
    ~QuietTerminal() { glp_term_out(m_previous); }
    QuietTerminal(const QuietTerminal&) = delete;
    QuietTerminal& operator=(const QuietTerminal&) = delete;

private:
    int m_previous;
};

/// What the branch-and-bound callback needs: the greedy packing to offer as the first
/// incumbent (GLPK's columns are 1-based: entry 0 unused) and the node limit.
struct Search
{
    std::vector<double> greedy;
    bool offered = false;
    int nodeLimit = 0;
    bool stopped = false;
};

void callback(glp_tree* tree, void* info)
{
    auto& search = *static_cast<Search*>(info);
    if (glp_ios_reason(tree) == GLP_IHEUR && !search.offered) {
        search.offered = true;
        glp_ios_heur_sol(tree, search.greedy.data());
    }
    if (search.nodeLimit > 0) {
        int active = 0, open = 0, total = 0;
        glp_ios_tree_size(tree, &active, &open, &total);
        if (total > search.nodeLimit && !search.stopped) {
            search.stopped = true;
            glp_ios_terminate(tree);
        }
    }
}

/// Items by decreasing value (ties by index), each taken unless a set already holds one.
std::vector<double> greedyPacking(const SetPackingProblem& problem, const std::vector<std::vector<int>>& setsOf)
{
    const size_t items = problem.values.size();
    std::vector<int> order(items);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return problem.values[static_cast<size_t>(a)] > problem.values[static_cast<size_t>(b)];
    });
    std::vector<char> used(problem.conflicts.size(), 0);
    std::vector<double> x(items + 1, 0.0);
    for (int item : order) {
        if (problem.values[static_cast<size_t>(item)] <= 0)
            break;
        const auto& sets = setsOf[static_cast<size_t>(item)];
        if (std::any_of(sets.begin(), sets.end(), [&](int set) { return used[static_cast<size_t>(set)]; }))
            continue;
        for (int set : sets)
            used[static_cast<size_t>(set)] = 1;
        x[static_cast<size_t>(item) + 1] = 1.0;
    }
    return x;
}

SetPackingSolution solveBinaryProgram(glp_prob* p, std::vector<double> greedy, int nodeLimit);

} // namespace

SetPackingSolution solveSetPacking(const SetPackingProblem& problem)
{
    SetPackingSolution solution;
    const int items = static_cast<int>(problem.values.size());
    if (items == 0)
        return solution;
    std::unique_ptr<glp_prob, ProblemDeleter> lp(glp_create_prob());
    glp_prob* p = lp.get();
    glp_set_obj_dir(p, GLP_MAX);
    glp_add_cols(p, items);
    for (int i = 0; i < items; ++i) {
        glp_set_col_kind(p, i + 1, GLP_BV);
        glp_set_obj_coef(p, i + 1, problem.values[static_cast<size_t>(i)]);
    }
    // GLPK's sparse matrix is 1-based; entry 0 of each array is unused.
    std::vector<int> rowIndex{0}, columnIndex{0};
    std::vector<double> coefficient{0.0};
    std::vector<std::vector<int>> setsOf(static_cast<size_t>(items));
    int rows = 0;
    for (size_t s = 0; s < problem.conflicts.size(); ++s) {
        const std::vector<int>& set = problem.conflicts[s];
        for (int item : set)
            if (item < 0 || item >= items)
                throw std::invalid_argument("set packing: item " + std::to_string(item) + " does not exist");
        if (set.size() < 2)
            continue; // x_i <= 1 already
        ++rows;
        for (int item : set) {
            rowIndex.push_back(rows);
            columnIndex.push_back(item + 1);
            coefficient.push_back(1.0);
            setsOf[static_cast<size_t>(item)].push_back(static_cast<int>(s));
        }
    }
    if (rows > 0) {
        glp_add_rows(p, rows);
        for (int r = 1; r <= rows; ++r)
            glp_set_row_bnds(p, r, GLP_UP, 0.0, 1.0);
        glp_load_matrix(p, static_cast<int>(rowIndex.size()) - 1, rowIndex.data(), columnIndex.data(),
                        coefficient.data());
    }
    return solveBinaryProgram(p, greedyPacking(problem, setsOf), problem.nodeLimit);
}

SetPackingSolution solveCapacityPacking(const CapacityPackingProblem& problem)
{
    const int items = static_cast<int>(problem.values.size());
    if (items == 0)
        return {};
    std::unique_ptr<glp_prob, ProblemDeleter> lp(glp_create_prob());
    glp_prob* p = lp.get();
    glp_set_obj_dir(p, GLP_MAX);
    glp_add_cols(p, items);
    for (int i = 0; i < items; ++i) {
        glp_set_col_kind(p, i + 1, GLP_BV);
        glp_set_obj_coef(p, i + 1, problem.values[static_cast<size_t>(i)]);
    }
    std::vector<int> rowIndex{0}, columnIndex{0};
    std::vector<double> coefficient{0.0};
    const int rows = static_cast<int>(problem.rows.size());
    for (int r = 0; r < rows; ++r) {
        const PackingRow& row = problem.rows[static_cast<size_t>(r)];
        if (row.items.size() != row.coefficients.size())
            throw std::invalid_argument("capacity packing: row " + std::to_string(r) + " has "
                                        + std::to_string(row.items.size()) + " items and "
                                        + std::to_string(row.coefficients.size()) + " coefficients");
        for (size_t k = 0; k < row.items.size(); ++k) {
            if (row.items[k] < 0 || row.items[k] >= items)
                throw std::invalid_argument("capacity packing: item " + std::to_string(row.items[k])
                                            + " does not exist");
            rowIndex.push_back(r + 1);
            columnIndex.push_back(row.items[k] + 1);
            coefficient.push_back(row.coefficients[k]);
        }
    }
    if (rows > 0) {
        glp_add_rows(p, rows);
        for (int r = 0; r < rows; ++r)
            glp_set_row_bnds(p, r + 1, GLP_UP, 0.0, problem.rows[static_cast<size_t>(r)].capacity);
        glp_load_matrix(p, static_cast<int>(rowIndex.size()) - 1, rowIndex.data(), columnIndex.data(),
                        coefficient.data());
    }
    // Greedy first incumbent: items by decreasing value, each while every row has room.
    std::vector<int> order(static_cast<size_t>(items));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return problem.values[static_cast<size_t>(a)] > problem.values[static_cast<size_t>(b)];
    });
    std::vector<std::vector<std::pair<int, double>>> rowsOf(static_cast<size_t>(items));
    for (int r = 0; r < rows; ++r) {
        const PackingRow& row = problem.rows[static_cast<size_t>(r)];
        for (size_t k = 0; k < row.items.size(); ++k)
            rowsOf[static_cast<size_t>(row.items[k])].push_back({r, row.coefficients[k]});
    }
    std::vector<double> used(static_cast<size_t>(rows), 0.0);
    std::vector<double> greedy(static_cast<size_t>(items) + 1, 0.0);
    for (int item : order) {
        if (problem.values[static_cast<size_t>(item)] <= 0)
            break;
        const auto& in = rowsOf[static_cast<size_t>(item)];
        if (std::any_of(in.begin(), in.end(), [&](const auto& entry) {
                return used[static_cast<size_t>(entry.first)] + entry.second
                    > problem.rows[static_cast<size_t>(entry.first)].capacity + 1e-9;
            }))
            continue;
        for (const auto& [r, c] : in)
            used[static_cast<size_t>(r)] += c;
        greedy[static_cast<size_t>(item) + 1] = 1.0;
    }
    return solveBinaryProgram(p, std::move(greedy), problem.nodeLimit);
}

namespace {

SetPackingSolution solveBinaryProgram(glp_prob* p, std::vector<double> greedy, int nodeLimit)
{
    SetPackingSolution solution;
    const int items = glp_get_num_cols(p);
    const QuietTerminal quiet;
    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    if (const int code = glp_simplex(p, &simplex); code != 0 || glp_get_status(p) != GLP_OPT)
        throw std::runtime_error("GLPK could not solve the LP relaxation (glp_simplex code " + std::to_string(code)
                                 + ")");
    Search search;
    search.greedy = std::move(greedy);
    search.nodeLimit = nodeLimit;
    glp_iocp parameters;
    glp_init_iocp(&parameters);
    parameters.msg_lev = GLP_MSG_OFF;
    // The MIP presolver and clique cuts cost more than they save on these small programs
    // (a whole hpc2n replay: 4 times slower with both).
    parameters.presolve = GLP_OFF;
    // Pseudo-cost branching: on the hardest auctions of the hpc2n replays (200-600 bids, LP
    // bound 2-9 above the optimum) 30 times faster than the default (Driebeck-Tomlin).
    parameters.br_tech = GLP_BR_PCH;
    parameters.mip_gap = 0.0; // exact: the proven optimum, not one within a gap
    parameters.tol_obj = 1e-9;
    parameters.cb_func = callback;
    parameters.cb_info = &search;
    const int status = glp_intopt(p, &parameters);
    if (status != 0 && !(status == GLP_ESTOP && search.stopped))
        throw std::runtime_error("GLPK glp_intopt failed with code " + std::to_string(status));
    const int found = glp_mip_status(p);
    solution.optimal = found == GLP_OPT && !search.stopped;
    if (found != GLP_OPT && found != GLP_FEAS)
        return solution; // stopped before any integer solution: nothing chosen
    for (int i = 0; i < items; ++i)
        if (glp_mip_col_val(p, i + 1) > 0.5)
            solution.chosen.push_back(i);
    solution.objective = glp_mip_obj_val(p);
    return solution;
}

} // namespace

} // namespace placement

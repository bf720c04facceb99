// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobRows.h"

#include "app/JobTableModel.h"
#include "store/JobLabels.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <unordered_map>

namespace placement {
namespace {

char foldAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `haystack` contains `needle`, ignoring ASCII case (names and ids are ASCII in
/// practice; other bytes must match exactly).
bool containsIgnoringCase(std::string_view haystack, std::string_view needle)
{
    if (needle.size() > haystack.size())
        return false;
    const size_t last = haystack.size() - needle.size();
    for (size_t at = 0; at <= last; ++at) {
        size_t i = 0;
        while (i < needle.size() && foldAscii(haystack[at + i]) == foldAscii(needle[i]))
            ++i;
        if (i == needle.size())
            return true;
    }
    return false;
}

/// How often a long pass looks at its cancel flag.
constexpr size_t CancelStride = 1 << 16;

bool cancelled(const std::atomic<bool>* cancel, size_t step)
{
    return cancel && step % CancelStride == 0 && cancel->load(std::memory_order_relaxed);
}

/// Puts distinct `rows` in ascending order, using `room` (as many entries) as it likes: a
/// least-significant-digit radix sort, 11 bits a pass.
void sortDistinct(std::uint32_t* rows, std::uint32_t* room, size_t count)
{
    if (count <= 256) {
        std::sort(rows, rows + count);
        return;
    }
    const int bits = std::bit_width(*std::max_element(rows, rows + count));
    std::uint32_t* from = rows;
    std::uint32_t* to = room;
    for (int shift = 0; shift < bits; shift += 11) {
        std::array<size_t, 2049> start{};
        for (size_t i = 0; i < count; ++i)
            ++start[((from[i] >> shift) & 2047) + 1];
        for (size_t digit = 1; digit < start.size(); ++digit)
            start[digit] += start[digit - 1];
        for (size_t i = 0; i < count; ++i)
            to[start[(from[i] >> shift) & 2047]++] = from[i];
        std::swap(from, to);
    }
    if (from != rows)
        std::copy(from, from + count, rows);
}

/// Puts `rows` in the order of their `keys` (the same `count` of each), ties by row: an
/// in-place most-significant-digit radix sort, 8 bits a pass from the highest bit in which
/// keys differ, so that sorting needs no room beyond the two arrays. False once `cancel`
/// is set.
bool sortByKey(std::uint32_t* keys, std::uint32_t* rows, size_t count, const std::atomic<bool>* cancel)
{
    if (count < 2)
        return true;
    if (count <= 32) { // by key, then row
        for (size_t i = 1; i < count; ++i) {
            const std::uint32_t key = keys[i], row = rows[i];
            size_t at = i;
            for (; at > 0 && (keys[at - 1] > key || (keys[at - 1] == key && rows[at - 1] > row)); --at) {
                keys[at] = keys[at - 1];
                rows[at] = rows[at - 1];
            }
            keys[at] = key;
            rows[at] = row;
        }
        return true;
    }
    std::uint32_t differ = 0;
    for (size_t i = 1; i < count; ++i)
        differ |= keys[i] ^ keys[0];
    const int topBit = std::bit_width(differ);
    if (topBit == 0) { // equal keys: their room is free while the rows are sorted
        const std::uint32_t key = keys[0];
        sortDistinct(rows, keys, count);
        std::fill(keys, keys + count, key);
        return true;
    }
    const int shift = std::max(topBit - 8, 0);
    const std::uint32_t mask = (std::uint32_t{1} << (topBit - shift)) - 1;
    std::array<size_t, 257> start{};
    for (size_t i = 0; i < count; ++i)
        ++start[((keys[i] >> shift) & mask) + 1];
    for (size_t digit = 1; digit <= 256; ++digit)
        start[digit] += start[digit - 1];
    std::array<size_t, 256> next;
    std::copy(start.begin(), start.begin() + 256, next.begin());
    for (size_t digit = 0; digit <= mask; ++digit) { // each entry swapped into its bucket
        while (next[digit] < start[digit + 1]) {
            std::uint32_t key = keys[next[digit]], row = rows[next[digit]];
            for (size_t home = (key >> shift) & mask; home != digit; home = (key >> shift) & mask) {
                const size_t to = next[home]++;
                std::swap(key, keys[to]);
                std::swap(row, rows[to]);
            }
            keys[next[digit]] = key;
            rows[next[digit]] = row;
            ++next[digit];
        }
    }
    for (size_t digit = 0; digit <= mask; ++digit) {
        if (cancel && count > CancelStride && cancel->load(std::memory_order_relaxed))
            return false;
        if (!sortByKey(keys + start[digit], rows + start[digit], start[digit + 1] - start[digit], cancel))
            return false;
    }
    return true;
}

/// An integer in the order of the number: sign bit flipped.
std::uint64_t orderedKey(std::int64_t value)
{
    return static_cast<std::uint64_t>(value) ^ (std::uint64_t{1} << 63);
}

/// A double in its order (no NaN comes here): negative ones have every bit flipped, the
/// others the sign bit.
std::uint64_t orderedKey(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value);
    return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

/// The id's leading number (at most 18 digits); none: after every number.
std::uint64_t idKey(std::string_view id)
{
    std::uint64_t value = 0;
    size_t digits = 0;
    for (; digits < id.size() && digits < 18 && id[digits] >= '0' && id[digits] <= '9'; ++digits)
        value = value * 10 + static_cast<std::uint64_t>(id[digits] - '0');
    return digits == 0 ? UINT64_MAX : value;
}

/// Ranks of texts in their sorted order: one hash look-up per row, then integers compare.
class TextRanks
{
public:
    std::uint32_t add(std::string_view text)
    {
        const auto [at, added] = m_index.try_emplace(text, static_cast<std::uint32_t>(m_texts.size()));
        if (added)
            m_texts.push_back(text);
        return at->second;
    }
    /// Rank of each added text's index, in text order.
    std::vector<std::uint32_t> ranks() const
    {
        std::vector<std::uint32_t> order(m_texts.size());
        for (std::uint32_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return m_texts[a] < m_texts[b]; });
        std::vector<std::uint32_t> rank(order.size());
        for (std::uint32_t place = 0; place < order.size(); ++place)
            rank[order[place]] = place;
        return rank;
    }

private:
    std::unordered_map<std::string_view, std::uint32_t> m_index;
    std::vector<std::string_view> m_texts;
};

} // namespace

bool jobMatches(const JobFilterCriteria& criteria, const JobFilterFields& job)
{
    if (job.nodes < criteria.minNodes || job.nodes > criteria.maxNodes)
        return false;
    if (criteria.runningAt && !(job.start <= *criteria.runningAt && *criteria.runningAt < job.end))
        return false;
    if (criteria.from && !(job.end > *criteria.from))
        return false;
    if (criteria.to && !(job.start <= *criteria.to))
        return false;
    if (criteria.user && job.user != *criteria.user)
        return false;
    if (criteria.state && job.state != *criteria.state)
        return false;
    if (!criteria.text.empty()) {
        const std::string_view needle = criteria.text;
        if (!containsIgnoringCase(job.id, needle) && !containsIgnoringCase(job.name, needle)
            && !containsIgnoringCase(job.user, needle))
            return false;
    }
    return true;
}

int JobRows::nodes(size_t row) const
{
    return sizes ? jobSize(*jobs, *sizes, row) : static_cast<int>((*jobs)[row].nodes.size());
}

JobFilterFields JobRows::filterFields(size_t row) const
{
    const Job& job = (*jobs)[row];
    JobFilterFields fields;
    fields.id = job.id;
    fields.user = job.user;
    if (labels) {
        fields.name = labels->name(row);
        fields.state = labels->state(row);
    }
    fields.nodes = nodes(row);
    fields.start = job.start;
    fields.end = job.end;
    return fields;
}

bool JobRows::metricValue(size_t row, int column, double& value) const
{
    switch (column) {
    case JobTableModel::CoresColumn:
    case JobTableModel::GpusColumn: {
        if (!holdings || !(column == JobTableModel::CoresColumn ? anyCores : anyGpus))
            return false;
        const JobHolding& holding = (*holdings)[row];
        value = column == JobTableModel::CoresColumn ? holding.cores : holding.gpus;
        return value >= 0;
    }
    case JobTableModel::MinimumAphColumn: {
        const size_t size = (*jobs)[row].nodes.size();
        if (size == 0 || !minimumAph || size >= minimumAph->size() || std::isnan((*minimumAph)[size]))
            return false;
        value = (*minimumAph)[size];
        return true;
    }
    case JobTableModel::LeavesColumn:
    case JobTableModel::PodsColumn:
    case JobTableModel::LowestCommonLevelColumn:
        if (torus)
            return false;
        break;
    case JobTableModel::RoutersColumn:
        if (!torus)
            return false;
        break;
    default: break;
    }
    if (!metrics || !metrics->measured(row))
        return false;
    switch (column) {
    case JobTableModel::AphColumn: value = metrics->aph(row, (*jobs)[row].nodes.size()); return true;
    case JobTableModel::PartitionsColumn: value = metrics->partitions(row); return true;
    case JobTableModel::LeavesColumn: value = metrics->leaves(row); return value >= 0;
    case JobTableModel::PodsColumn: value = metrics->pods(row); return value >= 0;
    case JobTableModel::RoutersColumn: value = metrics->routers(row); return value >= 0;
    case JobTableModel::LowestCommonLevelColumn: value = metrics->lowestCommonLevel(row); return value >= 0;
    case JobTableModel::SpreadColumn: value = metrics->spread(row); return true;
    default: return false;
    }
}

std::vector<std::uint32_t> orderJobRows(const JobRows& rows, const JobFilterCriteria& criteria, int column,
                                        bool descending, const std::atomic<bool>* cancel)
{
    std::vector<std::uint32_t> kept;
    const size_t count = rows.size();
    if (criteria == JobFilterCriteria{}) {
        kept.resize(count);
        for (size_t row = 0; row < count; ++row)
            kept[row] = static_cast<std::uint32_t>(row);
    } else {
        for (size_t row = 0; row < count; ++row) {
            if (cancelled(cancel, row))
                return kept;
            if (jobMatches(criteria, rows.filterFields(row)))
                kept.push_back(static_cast<std::uint32_t>(row));
        }
    }
    if (column < 0 || column >= JobTableModel::NumColumns || kept.empty())
        return kept;

    // Every cell as a 64-bit key in its order; none for a blank one.
    std::vector<std::uint32_t> stateRank;
    if (column == JobTableModel::StateColumn && rows.labels) {
        TextRanks states;
        for (const std::string& state : rows.labels->states())
            states.add(state);
        stateRank = states.ranks();
    }
    TextRanks texts; // names and users: their index in first-seen order, then their rank
    const bool byText = column == JobTableModel::NameColumn || column == JobTableModel::UserColumn;
    const auto keyOf = [&](std::uint32_t row, std::uint64_t& key) {
        const Job& job = (*rows.jobs)[row];
        switch (column) {
        case JobTableModel::IdColumn: key = idKey(job.id); return true;
        case JobTableModel::NameColumn:
            key = texts.add(rows.labels ? rows.labels->name(row) : std::string_view());
            return true;
        case JobTableModel::UserColumn: key = texts.add(job.user); return true;
        case JobTableModel::StateColumn:
            key = rows.labels ? stateRank[static_cast<size_t>(rows.labels->stateIndex(row))] : 0;
            return true;
        case JobTableModel::NodesColumn: key = orderedKey(std::int64_t{rows.nodes(row)}); return true;
        case JobTableModel::SubmitColumn: key = orderedKey(job.submit); return true;
        case JobTableModel::StartColumn: key = orderedKey(job.start); return true;
        case JobTableModel::EndColumn: key = orderedKey(job.end); return true;
        case JobTableModel::WaitColumn: key = orderedKey(job.start - job.submit); return true;
        default: {
            double value = 0;
            if (!rows.metricValue(row, column, value))
                return false;
            key = orderedKey(value);
            return true;
        }
        }
    };

    // Sorted by a 32-bit key per row, kept beside the rows (8 bytes a row in all, the rows
    // included), ties by row. Keys spanning more than 32 bits (times over 136 years, APH's
    // doubles, long ids) keep their leading bits, and rows whose leading bits tie are put
    // in order by their whole key afterwards.
    std::uint64_t low = UINT64_MAX, high = 0;
    size_t blanks = 0;
    for (size_t i = 0; i < kept.size(); ++i) {
        if (cancelled(cancel, i))
            return {};
        std::uint64_t key = 0;
        if (!keyOf(kept[i], key)) {
            ++blanks;
            continue;
        }
        low = std::min(low, key);
        high = std::max(high, key);
    }
    std::vector<std::uint32_t> textRank;
    if (byText) {
        textRank = texts.ranks(); // keys so far: first-seen indices
        low = 0;
        high = textRank.empty() ? 0 : textRank.size() - 1;
    }
    const int shift = high - low > UINT32_MAX ? std::bit_width(high - low) - 32 : 0;
    std::vector<std::uint32_t> keys;
    keys.reserve(kept.size() - blanks);
    std::vector<std::uint32_t> blankRows; // last, in row order
    blankRows.reserve(blanks);
    for (size_t i = 0; i < kept.size(); ++i) {
        if (cancelled(cancel, i))
            return {};
        const std::uint32_t row = kept[i];
        std::uint64_t key = 0;
        if (!keyOf(row, key)) {
            blankRows.push_back(row);
            continue;
        }
        if (byText)
            key = textRank[key];
        const auto bits = static_cast<std::uint32_t>((key - low) >> shift);
        kept[keys.size()] = row; // never ahead of the row read
        keys.push_back(descending ? UINT32_MAX - bits : bits);
    }
    const size_t valued = keys.size();
    if (!sortByKey(keys.data(), kept.data(), valued, cancel))
        return {};

    if (shift > 0 || column == JobTableModel::IdColumn) {
        // Runs of equal leading bits: by the whole key, then ids by their whole text ("10_10"
        // before "10_2"), ties by row.
        const auto full = [&](std::uint32_t row) {
            std::uint64_t key = 0;
            keyOf(row, key);
            return key;
        };
        const auto precedes = [&](std::uint64_t x, std::uint32_t a, std::uint64_t y, std::uint32_t b) {
            if (x != y)
                return descending ? y < x : x < y;
            if (column != JobTableModel::IdColumn)
                return false;
            const std::string_view p = (*rows.jobs)[a].id;
            const std::string_view q = (*rows.jobs)[b].id;
            return descending ? q < p : p < q;
        };
        const auto before = [&](std::uint32_t a, std::uint32_t b) { return precedes(full(a), a, full(b), b); };
        const auto inOrder = [&](size_t first, size_t last) { // each whole key made once
            std::uint64_t key = full(kept[first]);
            for (size_t i = first + 1; i < last; ++i) {
                const std::uint64_t next = full(kept[i]);
                if (precedes(next, kept[i], key, kept[i - 1]))
                    return false;
                key = next;
            }
            return true;
        };
        for (size_t first = 0; first < valued;) {
            if (cancelled(cancel, first))
                return {};
            size_t last = first + 1;
            while (last < valued && keys[last] == keys[first])
                ++last;
            const auto begin = kept.begin() + static_cast<std::ptrdiff_t>(first);
            const auto end = kept.begin() + static_cast<std::ptrdiff_t>(last);
            if (last - first > 1 && !inOrder(first, last)) // equal keys are: by row
                std::stable_sort(begin, end, before);
            first = last;
        }
    }
    std::vector<std::uint32_t>().swap(keys);
    std::copy(blankRows.begin(), blankRows.end(), kept.begin() + static_cast<std::ptrdiff_t>(valued));
    return kept;
}

} // namespace placement

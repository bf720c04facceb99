// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// expandHostlist (importers/Hostlist.h) on arbitrary expressions, with a small name cap so
// that the cap's boundary is within reach of short inputs. NodeListResolver must agree with
// it: the same error, or the names looked up one by one on a small machine.

#include "importers/Hostlist.h"
#include "importers/NodeListResolver.h"
#include "tests/fuzz/FuzzSupport.h"

#include <unordered_set>

using namespace placement;
using namespace placement::test;

namespace {

constexpr std::size_t nameCap = 100;

std::string joined(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : ",") + name;
    return text;
}

/// Numbered names of several stems, widths and domains, as the resolver's tables meet them.
const NodeNameIndex& fuzzMachine()
{
    static const NodeNameIndex index([] {
        std::vector<std::string> names;
        for (int i = 0; i <= 12; ++i) {
            names.push_back("n" + std::to_string(i));
            names.push_back((i < 10 ? "cn00" : "cn0") + std::to_string(i));
            names.push_back("r1n" + std::to_string(i) + ".example.org");
            names.push_back(std::to_string(i * 7));
        }
        names.push_back("login");
        return names;
    }());
    return index;
}

/// resolve() of `expression`: the nodes and unknown names, or the error's offset.
std::string resolvedOutcome(std::string_view expression)
{
    static NodeListResolver resolver(fuzzMachine());
    std::vector<int> nodes;
    std::vector<std::string> unknown;
    try {
        resolver.resolve(expression, nodes, unknown, nameCap);
    } catch (const HostlistError& error) {
        return "error at " + std::to_string(error.offset) + ": " + error.what();
    }
    std::string text;
    for (int node : nodes)
        text += std::to_string(node) + ",";
    for (const std::string& name : unknown)
        text += "?" + name + ",";
    return text;
}

/// The same from expandHostlist: distinct names in order, looked up one by one.
std::string expandedOutcome(std::string_view expression)
{
    std::vector<std::string> names;
    try {
        names = expandHostlist(expression, nameCap);
    } catch (const HostlistError& error) {
        return "error at " + std::to_string(error.offset) + ": " + error.what();
    }
    std::unordered_set<std::string> seen;
    std::string nodes, unknown;
    for (const std::string& name : names) {
        if (!seen.insert(name).second)
            continue;
        const int node = fuzzMachine().find(name);
        if (node < 0)
            unknown += "?" + name + ",";
        else
            nodes += std::to_string(node) + ",";
    }
    return nodes + unknown;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view expression = textOf(data, size);
    FUZZ_CHECK(resolvedOutcome(expression) == expandedOutcome(expression),
               "resolving " + printable(expression) + " gives " + printable(resolvedOutcome(expression))
                   + ", expanding and looking up " + printable(expandedOutcome(expression)));
    std::vector<std::string> names;
    try {
        names = expandHostlist(expression, nameCap);
    } catch (const HostlistError& error) {
        FUZZ_CHECK(error.offset <= expression.size(),
                   "offset " + std::to_string(error.offset) + " beyond " + printable(expression));
        return 0;
    }
    const auto where = [&] { return " expanding " + printable(expression); };
    // "Throws HostlistError ... when the expansion would exceed maxNames."
    FUZZ_CHECK(names.size() <= nameCap, std::to_string(names.size()) + " names over the cap" + where());
    for (const std::string& name : names) {
        FUZZ_CHECK(!name.empty(), "an empty name" + where());
        FUZZ_CHECK(name.find_first_of(",[] \t") == std::string::npos, "name " + printable(name) + where());
        FUZZ_CHECK(name.size() <= 255, "a name longer than any host name" + where());
    }
    // The cap is exact: the same expansion fits a cap of its size and not one less.
    FUZZ_CHECK(expandHostlist(expression, names.size()) == names, "a different expansion at an exact cap" + where());
    if (!names.empty()) {
        bool threw = false;
        try {
            expandHostlist(expression, names.size() - 1);
        } catch (const HostlistError&) {
            threw = true;
        }
        FUZZ_CHECK(threw, std::to_string(names.size()) + " names fit a cap of one less" + where());
    }
    // Expanded names are plain items: listing them again gives them back.
    const std::string list = joined(names);
    if (list != "(null)")
        FUZZ_CHECK(expandHostlist(list, nameCap) == names, "re-expanding " + printable(list) + " differs" + where());
    return 0;
}

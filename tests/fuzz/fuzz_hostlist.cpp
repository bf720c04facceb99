// expandHostlist (importers/Hostlist.h) on arbitrary expressions, with a small name cap so
// that the cap's boundary is within reach of short inputs.

#include "importers/Hostlist.h"
#include "tests/fuzz/FuzzSupport.h"

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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view expression = textOf(data, size);
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

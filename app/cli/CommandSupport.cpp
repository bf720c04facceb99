#include "CommandSupport.h"

#include "core/AllocatorFactory.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

using namespace placement;

QString policyHelp()
{
    QString text = QStringLiteral("The allocator:");
    for (const AllocatorPolicyInfo& info : allocatorPolicies())
        text += QStringLiteral(" %1 (%2);").arg(QLatin1String(info.name), QLatin1String(info.summary));
    text.chop(1);
    return text + QLatin1Char('.');
}

void writeAtomically(const std::string& path, const std::string& text)
{
    const std::string partial = path + ".partial";
    {
        std::ofstream file(partial, std::ios::binary | std::ios::trunc);
        file << text;
        if (!file.flush())
            throw std::runtime_error(path + ": cannot write");
    }
    std::filesystem::rename(partial, path);
}

// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "CommandSupport.h"

#include "core/AllocatorFactory.h"

using namespace placement;

QString policyHelp()
{
    QString text = QStringLiteral("The allocator:");
    for (const AllocatorPolicyInfo& info : allocatorPolicies())
        text += QStringLiteral(" %1 (%2);").arg(QLatin1String(info.name), QLatin1String(info.summary));
    text.chop(1);
    return text + QLatin1Char('.');
}

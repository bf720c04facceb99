// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "CommandSupport.h"

#include "core/AllocatorFactory.h"

#include <QDate>
#include <QDateTime>
#include <QTimeZone>

using namespace placement;

QString policyHelp()
{
    QString text = QStringLiteral("The allocator:");
    for (const AllocatorPolicyInfo& info : allocatorPolicies())
        text += QStringLiteral(" %1 (%2);").arg(QLatin1String(info.name), QLatin1String(info.summary));
    text.chop(1);
    return text + QLatin1Char('.');
}

/// Unix seconds, or an ISO 8601 date or date and time (UTC unless it says otherwise).
std::int64_t parseTime(const QString& text, const char* option)
{
    bool ok = false;
    const qlonglong seconds = text.toLongLong(&ok);
    if (ok)
        return seconds;
    QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (date.isValid())
            time = QDateTime(date, QTime(0, 0), QTimeZone::utc());
    }
    if (!time.isValid())
        throw std::invalid_argument(std::string("--") + option + " '" + text.toStdString()
                                    + "' is neither Unix seconds nor an ISO date (2022-03-01 or 2022-03-01T12:00)");
    if (time.timeSpec() == Qt::LocalTime)
        time.setTimeZone(QTimeZone::utc());
    return time.toSecsSinceEpoch();
}

int parseCount(const QString& text, const char* option, int minimum)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < minimum)
        throw std::invalid_argument(std::string("--") + option + " needs a whole number of at least "
                                    + std::to_string(minimum) + ", not '" + text.toStdString() + "'");
    return value;
}

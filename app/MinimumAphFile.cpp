// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MinimumAphFile.h"

#include "core/MinimumAph.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <cmath>
#include <limits>

namespace placement::MinimumAphFile {

namespace {

QByteArray header()
{
    return "placement-explorer minimum APH, search version " + QByteArray::number(minimumAphSearchVersion);
}

} // namespace

QString defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/minimum-aph");
}

QString path(const QString& directory, const QString& machineKey)
{
    const QByteArray digest
        = QCryptographicHash::hash(header() + '\n' + machineKey.toUtf8(), QCryptographicHash::Sha256).toHex();
    return directory + QLatin1Char('/') + QString::fromLatin1(digest.left(32)) + QStringLiteral(".txt");
}

std::vector<double> load(const QString& directory, const QString& machineKey, size_t entries)
{
    std::vector<double> values(entries, std::numeric_limits<double>::quiet_NaN());
    QFile file(path(directory, machineKey));
    if (!file.open(QIODevice::ReadOnly))
        return values;
    const QList<QByteArray> lines = file.readAll().split('\n');
    // Header, machine, one "size value" line per size, and the empty piece after the last newline.
    if (lines.size() < 3 || lines[0] != header() || lines[1] != "machine " + machineKey.toUtf8()
        || !lines.back().isEmpty())
        return values;
    std::vector<double> read(entries, std::numeric_limits<double>::quiet_NaN());
    for (qsizetype i = 2; i + 1 < lines.size(); ++i) {
        const QList<QByteArray> fields = lines[i].split(' ');
        bool sizeOk = false;
        bool valueOk = false;
        const qlonglong size = fields.size() == 2 ? fields[0].toLongLong(&sizeOk) : 0;
        const double value = fields.size() == 2 ? fields[1].toDouble(&valueOk) : 0;
        if (!sizeOk || !valueOk || size < 2 || static_cast<size_t>(size) >= entries || !std::isfinite(value)
            || value < 0)
            return values;
        read[static_cast<size_t>(size)] = value;
    }
    return read;
}

bool save(const QString& directory, const QString& machineKey, const std::vector<double>& values)
{
    std::vector<double> merged = load(directory, machineKey, values.size());
    for (size_t size = 0; size < values.size(); ++size)
        if (!std::isnan(values[size]))
            merged[size] = values[size];
    QByteArray text = header() + "\nmachine " + machineKey.toUtf8() + '\n';
    for (size_t size = 2; size < merged.size(); ++size)
        if (!std::isnan(merged[size]))
            text += QByteArray::number(static_cast<qulonglong>(size)) + ' ' + QByteArray::number(merged[size], 'g', 17)
                + '\n';
    if (!QDir().mkpath(directory))
        return false;
    QSaveFile file(path(directory, machineKey));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(text);
    return file.commit();
}

} // namespace placement::MinimumAphFile

// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QString>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

/// Helpers the CLI's commands share.

/// "--policy" help: every allocator policy with its summary.
QString policyHelp();

/// `--option` as Unix seconds, or an ISO 8601 date or date and time (UTC unless it says
/// otherwise); throws std::invalid_argument naming the option.
std::int64_t parseTime(const QString& text, const char* option);

/// `--option` as a whole number of at least `minimum`; throws std::invalid_argument naming it.
int parseCount(const QString& text, const char* option, int minimum);

/// A file written beside its path and renamed into place when complete. Opened before the
/// work that fills it, so that a path that cannot be written fails before anything is
/// computed or stored; removed if it is not committed.
class AtomicOutput
{
public:
    explicit AtomicOutput(std::string path)
        : m_path(std::move(path))
        , m_partial(m_path + ".partial")
        , m_file(m_partial, std::ios::binary | std::ios::trunc)
    {
        if (!m_file)
            throw std::runtime_error(m_path + ": cannot write: " + std::strerror(errno));
    }
    ~AtomicOutput()
    {
        if (!m_committed) {
            m_file.close();
            std::error_code ignored;
            std::filesystem::remove(m_partial, ignored);
        }
    }
    /// Where the text goes, for text written in parts before commit().
    std::ostream& stream() { return m_file; }
    void commit(const std::string& text)
    {
        m_file << text;
        commit();
    }
    void commit()
    {
        if (!m_file.flush())
            throw std::runtime_error(m_path + ": cannot write");
        m_file.close();
        std::filesystem::rename(m_partial, m_path);
        m_committed = true;
    }

private:
    std::string m_path, m_partial;
    std::ofstream m_file;
    bool m_committed = false;
};

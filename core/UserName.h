// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace placement {

/// A user's name in 4 bytes: a number for each distinct name, kept for the life of the process.
/// A log of millions of jobs has a few thousand users; each job holds the number, not the text
/// (16 bytes a job as CompactText).
///
/// Names are made on any thread. The text of a name stays where it is once made, so a view of
/// it never dangles.
class UserName
{
public:
    UserName() = default; ///< the empty name
    UserName(std::string_view name) // NOLINT: converts
        : m_number(numberOf(name))
    {}
    UserName(const std::string& name) // NOLINT: converts
        : UserName(std::string_view(name))
    {}
    UserName(const char* name) // NOLINT: converts
        : UserName(std::string_view(name))
    {}

    std::string_view view() const;
    /// Null-terminated.
    const char* c_str() const { return view().data(); }
    const char* data() const { return c_str(); }
    std::size_t size() const { return view().size(); }
    bool empty() const { return m_number == 0; }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const { return view(); } // NOLINT: converts
    operator std::string() const { return str(); } // NOLINT: converts

    friend bool operator==(const UserName& a, const UserName& b) { return a.m_number == b.m_number; }
    friend bool operator==(const UserName& a, std::string_view b) { return a.view() == b; }
    friend bool operator==(const UserName& a, const std::string& b) { return a.view() == b; }
    friend bool operator==(const UserName& a, const char* b) { return a.view() == b; }
    friend bool operator<(const UserName& a, const UserName& b) { return a.view() < b.view(); }
    friend std::ostream& operator<<(std::ostream& out, const UserName& name) { return out << name.view(); }
    friend std::string operator+(const UserName& a, std::string_view b) { return a.str().append(b); }
    friend std::string operator+(std::string_view a, const UserName& b) { return std::string(a).append(b.view()); }

private:
    static std::uint32_t numberOf(std::string_view name);

    std::uint32_t m_number = 0; ///< 0: the empty name
};

} // namespace placement

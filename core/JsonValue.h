// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

/// A bad JSON text: what is wrong and the byte offset where it was found.
class JsonParseError : public std::runtime_error
{
public:
    JsonParseError(const std::string& what, size_t offset);
    size_t offset() const { return m_offset; }

private:
    size_t m_offset;
};

/// One JSON value (RFC 8259), read by parseJson(): the counterpart of core/JsonWriter.h for
/// the stored run parameters and summaries (core/RunRecord.h).
class JsonValue
{
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };
    using Array = std::vector<JsonValue>;
    using Object = std::map<std::string, JsonValue, std::less<>>;

    JsonValue() = default;
    static JsonValue boolean(bool flag);
    static JsonValue number(double value, std::optional<std::int64_t> exact);
    static JsonValue string(std::string text);
    static JsonValue array(Array items);
    static JsonValue object(Object members);

    Kind kind() const { return m_kind; }
    bool isNull() const { return m_kind == Kind::Null; }
    bool isBool() const { return m_kind == Kind::Bool; }
    bool isNumber() const { return m_kind == Kind::Number; }
    bool isString() const { return m_kind == Kind::String; }
    bool isArray() const { return m_kind == Kind::Array; }
    bool isObject() const { return m_kind == Kind::Object; }

    /// The values; each throws std::logic_error on a value of another kind.
    bool toBool() const;
    double toDouble() const;
    /// The number exactly when it is an integer that fits in 64 bits (written without a
    /// fraction or exponent, or with one that leaves it integral); nothing otherwise.
    std::optional<std::int64_t> toInt() const;
    const std::string& toString() const;
    const Array& toArray() const;
    const Object& toObject() const;

    /// The member `key` of an object, or nullptr when it has none (or this is no object).
    const JsonValue* find(std::string_view key) const;

private:
    Kind m_kind = Kind::Null;
    bool m_bool = false;
    double m_number = 0;
    std::optional<std::int64_t> m_int;
    std::string m_string;
    std::shared_ptr<const Array> m_array;
    std::shared_ptr<const Object> m_object;
};

/// Parses one JSON document (surrounding white space allowed). Strict: no comments, no
/// trailing commas, no leading zeros, no control characters in strings, no duplicate keys;
/// `\u` escapes (with surrogate pairs) become UTF-8. Throws JsonParseError on bad input.
JsonValue parseJson(std::string_view text);

} // namespace placement

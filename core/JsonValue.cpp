// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JsonValue.h"

#include <charconv>
#include <cmath>

namespace placement {

JsonParseError::JsonParseError(const std::string& what, size_t offset)
    : std::runtime_error("JSON: " + what + " at byte " + std::to_string(offset))
    , m_offset(offset)
{}

JsonValue JsonValue::boolean(bool flag)
{
    JsonValue v;
    v.m_kind = Kind::Bool;
    v.m_bool = flag;
    return v;
}

JsonValue JsonValue::number(double value, std::optional<std::int64_t> exact)
{
    JsonValue v;
    v.m_kind = Kind::Number;
    v.m_number = value;
    v.m_int = exact;
    return v;
}

JsonValue JsonValue::string(std::string text)
{
    JsonValue v;
    v.m_kind = Kind::String;
    v.m_string = std::move(text);
    return v;
}

JsonValue JsonValue::array(Array items)
{
    JsonValue v;
    v.m_kind = Kind::Array;
    v.m_array = std::make_shared<const Array>(std::move(items));
    return v;
}

JsonValue JsonValue::object(Object members)
{
    JsonValue v;
    v.m_kind = Kind::Object;
    v.m_object = std::make_shared<const Object>(std::move(members));
    return v;
}

namespace {

void expectKind(bool ok, const char* what)
{
    if (!ok)
        throw std::logic_error(std::string("JsonValue: not ") + what);
}

} // namespace

bool JsonValue::toBool() const
{
    expectKind(isBool(), "a boolean");
    return m_bool;
}

double JsonValue::toDouble() const
{
    expectKind(isNumber(), "a number");
    return m_number;
}

std::optional<std::int64_t> JsonValue::toInt() const
{
    expectKind(isNumber(), "a number");
    return m_int;
}

const std::string& JsonValue::toString() const
{
    expectKind(isString(), "a string");
    return m_string;
}

const JsonValue::Array& JsonValue::toArray() const
{
    expectKind(isArray(), "an array");
    return *m_array;
}

const JsonValue::Object& JsonValue::toObject() const
{
    expectKind(isObject(), "an object");
    return *m_object;
}

const JsonValue* JsonValue::find(std::string_view key) const
{
    if (!isObject())
        return nullptr;
    const auto it = m_object->find(key);
    return it == m_object->end() ? nullptr : &it->second;
}

namespace {

/// A recursive descent parser over RFC 8259's grammar.
class Parser
{
public:
    explicit Parser(std::string_view text)
        : m_text(text)
    {}

    JsonValue document()
    {
        skipSpace();
        JsonValue value = parseValue(0);
        skipSpace();
        if (m_at != m_text.size())
            fail("unexpected text after the value");
        return value;
    }

private:
    static constexpr int maxDepth = 512;

    [[noreturn]] void fail(const std::string& what) const { throw JsonParseError(what, m_at); }

    bool atEnd() const { return m_at >= m_text.size(); }
    char peek() const { return atEnd() ? '\0' : m_text[m_at]; }

    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++m_at;
    }

    void expect(char c)
    {
        if (atEnd())
            fail(std::string("expected '") + c + "', found the end");
        if (peek() != c)
            fail(std::string("expected '") + c + "'");
        ++m_at;
    }

    void literal(std::string_view word)
    {
        if (m_text.substr(m_at, word.size()) != word)
            fail("invalid literal");
        m_at += word.size();
    }

    JsonValue parseValue(int depth)
    {
        if (depth > maxDepth)
            fail("nested too deeply");
        if (atEnd())
            fail("expected a value, found the end");
        switch (peek()) {
        case '{': return parseObject(depth);
        case '[': return parseArray(depth);
        case '"': return JsonValue::string(parseString());
        case 't': literal("true"); return JsonValue::boolean(true);
        case 'f': literal("false"); return JsonValue::boolean(false);
        case 'n': literal("null"); return {};
        default:
            if (peek() == '-' || (peek() >= '0' && peek() <= '9'))
                return parseNumber();
            fail("expected a value");
        }
    }

    JsonValue parseObject(int depth)
    {
        ++m_at; // '{'
        JsonValue::Object members;
        skipSpace();
        if (peek() == '}') {
            ++m_at;
            return JsonValue::object(std::move(members));
        }
        for (;;) {
            skipSpace();
            if (peek() != '"')
                fail(atEnd() ? "expected a key, found the end" : "expected a key");
            const size_t keyAt = m_at;
            std::string key = parseString();
            skipSpace();
            expect(':');
            skipSpace();
            JsonValue value = parseValue(depth + 1);
            if (!members.emplace(std::move(key), std::move(value)).second)
                throw JsonParseError("duplicate key", keyAt);
            skipSpace();
            if (peek() == ',') {
                ++m_at;
                continue;
            }
            expect('}');
            return JsonValue::object(std::move(members));
        }
    }

    JsonValue parseArray(int depth)
    {
        ++m_at; // '['
        JsonValue::Array items;
        skipSpace();
        if (peek() == ']') {
            ++m_at;
            return JsonValue::array(std::move(items));
        }
        for (;;) {
            skipSpace();
            items.push_back(parseValue(depth + 1));
            skipSpace();
            if (peek() == ',') {
                ++m_at;
                continue;
            }
            expect(']');
            return JsonValue::array(std::move(items));
        }
    }

    unsigned hex4()
    {
        unsigned code = 0;
        for (int i = 0; i < 4; ++i, ++m_at) {
            const char c = peek();
            code <<= 4;
            if (c >= '0' && c <= '9')
                code |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f')
                code |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                code |= static_cast<unsigned>(c - 'A' + 10);
            else
                fail("bad \\u escape");
        }
        return code;
    }

    static void appendUtf8(std::string& out, unsigned code)
    {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    std::string parseString()
    {
        ++m_at; // '"'
        std::string out;
        for (;;) {
            if (atEnd())
                fail("unterminated string");
            const char c = m_text[m_at];
            if (c == '"') {
                ++m_at;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                fail("control character in a string");
            if (c != '\\') {
                out += c;
                ++m_at;
                continue;
            }
            const size_t escapeAt = m_at;
            ++m_at;
            if (atEnd())
                fail("unterminated string");
            const char e = m_text[m_at++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                unsigned code = hex4();
                if (code >= 0xDC00 && code <= 0xDFFF)
                    throw JsonParseError("lone low surrogate", escapeAt);
                if (code >= 0xD800 && code <= 0xDBFF) {
                    if (m_text.substr(m_at, 2) != "\\u")
                        throw JsonParseError("high surrogate without its low surrogate", escapeAt);
                    m_at += 2;
                    const unsigned low = hex4();
                    if (low < 0xDC00 || low > 0xDFFF)
                        throw JsonParseError("high surrogate without its low surrogate", escapeAt);
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                }
                appendUtf8(out, code);
                break;
            }
            default: throw JsonParseError("bad escape", escapeAt);
            }
        }
    }

    JsonValue parseNumber()
    {
        const size_t start = m_at;
        const auto digits = [&] {
            const size_t from = m_at;
            while (!atEnd() && peek() >= '0' && peek() <= '9')
                ++m_at;
            return m_at - from;
        };
        if (peek() == '-')
            ++m_at;
        if (peek() == '0') {
            ++m_at;
            if (peek() >= '0' && peek() <= '9')
                fail("leading zero in a number");
        } else if (digits() == 0) {
            fail("expected a digit");
        }
        bool integral = true;
        if (peek() == '.') {
            ++m_at;
            integral = false;
            if (digits() == 0)
                fail("expected a digit after '.'");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_at;
            integral = false;
            if (peek() == '+' || peek() == '-')
                ++m_at;
            if (digits() == 0)
                fail("expected a digit in the exponent");
        }
        const std::string_view text = m_text.substr(start, m_at - start);
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error == std::errc::result_out_of_range)
            throw JsonParseError("number out of range", start);
        if (error != std::errc() || end != text.data() + text.size())
            throw JsonParseError("bad number", start);
        std::optional<std::int64_t> exact;
        if (integral) {
            std::int64_t whole = 0;
            const auto [intEnd, intError] = std::from_chars(text.data(), text.data() + text.size(), whole);
            if (intError == std::errc() && intEnd == text.data() + text.size())
                exact = whole;
        } else if (std::trunc(value) == value && std::abs(value) < 9.2e18) {
            exact = static_cast<std::int64_t>(value);
        }
        return JsonValue::number(value, exact);
    }

    std::string_view m_text;
    size_t m_at = 0;
};

} // namespace

JsonValue parseJson(std::string_view text)
{
    return Parser(text).document();
}

} // namespace placement

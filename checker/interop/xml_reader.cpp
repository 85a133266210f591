// XML reader: one pass over the text with an explicit stack, so deep or long input costs no recursion.
#include "xml_reader.hpp"

#include <fmt/format.h>

namespace schedcheck::interop {

const XmlAttribute* XmlElement::attribute(std::string_view key) const {
  for (const XmlAttribute& a : attributes)
    if (a.name == key) return &a;
  return nullptr;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::optional<XmlDocument> run(Located& error) {
    if (!document()) {
      error = {pos(error_at_), "syntax", error_};
      return std::nullopt;
    }
    return std::move(doc_);
  }

 private:
  FilePos pos(size_t offset) const {
    uint32_t line = 1;
    size_t start = 0;
    for (size_t i = 0; i < offset && i < text_.size(); ++i)
      if (text_[i] == '\n') {
        ++line;
        start = i + 1;
      }
    return {line, static_cast<uint32_t>(offset - start + 1)};
  }
  // Positions of elements and attributes: counted incrementally, since
  // pos() from the start would be quadratic over a large file.
  FilePos here(size_t offset) {
    for (; counted_ < offset && counted_ < text_.size(); ++counted_)
      if (text_[counted_] == '\n') {
        ++line_;
        line_start_ = counted_ + 1;
      }
    return {line_, static_cast<uint32_t>(offset - line_start_ + 1)};
  }
  bool fail(size_t at, std::string message) {
    error_at_ = at;
    error_ = std::move(message);
    return false;
  }
  bool at_end() const { return i_ >= text_.size(); }
  bool starts(std::string_view s) const { return text_.substr(i_).starts_with(s); }
  static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           static_cast<unsigned char>(c) >= 0x80;
  }
  static bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }
  void skip_blanks() {
    while (!at_end() && blank(text_[i_])) ++i_;
  }
  bool name(std::string& out) {
    const size_t start = i_;
    if (at_end() || !name_start(text_[i_])) return fail(i_, "expected a name");
    while (!at_end() && name_char(text_[i_])) ++i_;
    out.assign(text_.substr(start, i_ - start));
    return true;
  }
  // Skips from after "<!--" or "<?" to after the terminator.
  bool skip_to(std::string_view end, size_t opened, const char* what) {
    const size_t found = text_.find(end, i_);
    if (found == std::string_view::npos) return fail(opened, fmt::format("unterminated {}", what));
    i_ = found + end.size();
    return true;
  }
  // Comments, processing instructions (the declaration among them) and blanks.
  bool misc() {
    for (;;) {
      skip_blanks();
      const size_t opened = i_;
      if (starts("<!--")) {
        i_ += 4;
        if (!skip_to("-->", opened, "comment")) return false;
      } else if (starts("<?")) {
        i_ += 2;
        if (!skip_to("?>", opened, "processing instruction")) return false;
      } else if (starts("<!")) {
        return fail(i_, "DOCTYPE and CDATA sections are not supported");
      } else {
        return true;
      }
    }
  }
  bool entity(std::string& out) {
    const size_t start = i_;
    const size_t semi = text_.find(';', i_);
    if (semi == std::string_view::npos || semi - i_ > 12) return fail(start, "expected an entity like &amp;");
    const std::string_view e = text_.substr(i_ + 1, semi - i_ - 1);
    i_ = semi + 1;
    if (e == "lt") out += '<';
    else if (e == "gt") out += '>';
    else if (e == "amp") out += '&';
    else if (e == "quot") out += '"';
    else if (e == "apos") out += '\'';
    else if (e.size() > 1 && e[0] == '#') {
      uint32_t code = 0;
      const bool hex = e[1] == 'x';
      for (char c : e.substr(hex ? 2 : 1)) {
        const int digit = c >= '0' && c <= '9' ? c - '0'
                          : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                        : -1;
        if (digit < 0 || code > 0x10ffff) return fail(start, fmt::format("bad character reference '&{};'", e));
        code = code * (hex ? 16 : 10) + static_cast<uint32_t>(digit);
      }
      if (code == 0 || code > 0x10ffff || (code >= 0xd800 && code < 0xe000) || e.size() == (hex ? 2u : 1u))
        return fail(start, fmt::format("bad character reference '&{};'", e));
      // UTF-8
      if (code < 0x80) {
        out += static_cast<char>(code);
      } else if (code < 0x800) {
        out += static_cast<char>(0xc0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3f));
      } else if (code < 0x10000) {
        out += static_cast<char>(0xe0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
      } else {
        out += static_cast<char>(0xf0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
      }
    } else {
      return fail(start, fmt::format("unknown entity '&{};' (expected &lt; &gt; &amp; &quot; &apos; or &#N;)", e));
    }
    return true;
  }
  // A start tag from after '<': name, attributes, and whether it closes itself.
  bool start_tag(XmlElement& e, bool& empty) {
    if (!name(e.name)) return false;
    for (;;) {
      const size_t before = i_;
      skip_blanks();
      if (at_end()) return fail(i_, fmt::format("unterminated tag <{}>", e.name));
      if (starts("/>")) {
        i_ += 2;
        empty = true;
        return true;
      }
      if (text_[i_] == '>') {
        ++i_;
        empty = false;
        return true;
      }
      if (before == i_) return fail(i_, "expected a blank between attributes");
      XmlAttribute a;
      a.pos = here(i_);
      if (!name(a.name)) return false;
      skip_blanks();
      if (at_end() || text_[i_] != '=') return fail(i_, fmt::format("expected '=' after attribute '{}'", a.name));
      ++i_;
      skip_blanks();
      if (at_end() || (text_[i_] != '"' && text_[i_] != '\'')) return fail(i_, "expected a quoted attribute value");
      const char quote = text_[i_++];
      for (;;) {
        if (at_end()) return fail(i_, "unterminated attribute value");
        const char c = text_[i_];
        if (c == quote) break;
        if (c == '<') return fail(i_, "'<' in an attribute value (write &lt;)");
        if (c == '&') {
          if (!entity(a.value)) return false;
          continue;
        }
        a.value += c;
        ++i_;
      }
      ++i_;
      if (e.attribute(a.name)) return fail(i_ - 1, fmt::format("attribute '{}' given twice", a.name));
      if (e.attributes.size() >= 256) return fail(i_, "more than 256 attributes");
      e.attributes.push_back(std::move(a));
    }
  }

  bool document() {
    if (text_.starts_with("\xef\xbb\xbf")) i_ = 3;  // a UTF-8 byte order mark
    if (!misc()) return false;
    if (at_end() || text_[i_] != '<') return fail(i_, "expected the root element");
    std::vector<uint32_t> open;
    for (;;) {
      // At a '<' that starts an element or an end tag, or at text.
      if (at_end()) {
        if (!open.empty())
          return fail(i_, fmt::format("<{}> is not closed", doc_.elements[open.back()].name));
        return true;
      }
      if (text_[i_] != '<') {
        const size_t start = i_;
        while (!at_end() && text_[i_] != '<') {
          if (!blank(text_[i_])) return fail(start + (i_ - start), "unexpected text (elements only hold elements)");
          ++i_;
        }
        continue;
      }
      if (starts("<!--") || starts("<?") || starts("<!")) {
        if (!misc()) return false;
        continue;
      }
      if (starts("</")) {
        const size_t at = i_;
        i_ += 2;
        std::string n;
        if (!name(n)) return false;
        skip_blanks();
        if (at_end() || text_[i_] != '>') return fail(i_, "expected '>'");
        ++i_;
        if (open.empty()) return fail(at, fmt::format("</{}> closes nothing", n));
        if (doc_.elements[open.back()].name != n)
          return fail(at, fmt::format("</{}> closes <{}>", n, doc_.elements[open.back()].name));
        open.pop_back();
        if (open.empty()) {
          if (!misc()) return false;
          if (!at_end()) return fail(i_, "text after the root element");
          return true;
        }
        continue;
      }
      if (doc_.elements.size() >= max_xml_elements) return fail(i_, "more than 2^22 elements are not supported");
      if (open.size() >= max_xml_depth) return fail(i_, "elements nested more than 64 deep");
      XmlElement e;
      e.pos = here(i_);
      ++i_;
      bool empty = false;
      if (!start_tag(e, empty)) return false;
      const auto index = static_cast<uint32_t>(doc_.elements.size());
      if (!open.empty()) doc_.elements[open.back()].children.push_back(index);
      doc_.elements.push_back(std::move(e));
      if (!empty) open.push_back(index);
      if (open.empty()) {
        if (!misc()) return false;
        if (!at_end()) return fail(i_, "text after the root element");
        return true;
      }
    }
  }

  std::string_view text_;
  size_t i_ = 0;
  size_t counted_ = 0, line_start_ = 0;
  uint32_t line_ = 1;
  XmlDocument doc_;
  size_t error_at_ = 0;
  std::string error_;
};

}  // namespace

std::optional<XmlDocument> parse_xml(std::string_view text, Located& error) {
  if (text.size() > max_input_bytes) {
    error = {{1, 1}, "syntax", fmt::format("the file has {} bytes; at most {} are read", text.size(), max_input_bytes)};
    return std::nullopt;
  }
  return Parser(text).run(error);
}

}  // namespace schedcheck::interop

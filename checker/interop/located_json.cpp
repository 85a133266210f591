// Located JSON: nlohmann's SAX parser over an iterator that reports how far it has read.
//
// The SAX events come right after the lexer has read their token (a number
// one character later); the token itself starts at the first character after
// the previous event that is not a blank, ',' or ':'.
#include "located_json.hpp"

#include <iterator>
#include <vector>

namespace schedcheck::interop {

namespace {

// A char iterator that publishes its position to `mark` as it advances.
struct CountingIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  const char* p = nullptr;
  const char* begin = nullptr;
  size_t* mark = nullptr;

  reference operator*() const { return *p; }
  CountingIterator& operator++() {
    ++p;
    if (mark) *mark = static_cast<size_t>(p - begin);
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const CountingIterator& o) const { return p == o.p; }
  bool operator!=(const CountingIterator& o) const { return p != o.p; }
};

class Builder : public nlohmann::json_sax<nlohmann::json> {
 public:
  Builder(std::string_view text, const size_t& read, LocatedJson& out) : text_(text), read_(read), out_(out) {}

  bool null() override { return scalar(nullptr); }
  bool boolean(bool v) override { return scalar(v); }
  bool number_integer(number_integer_t v) override { return scalar(v); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(v); }
  bool number_float(number_float_t v, const string_t&) override { return scalar(v); }
  bool string(string_t& v) override { return scalar(std::move(v)); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override { return open(nlohmann::json::object()); }
  bool key(string_t& k) override {
    key_ = k;
    last_ = read_;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(nlohmann::json::array()); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    error_offset = position > 0 ? position - 1 : 0;
    error = e.what();
    return false;
  }

  size_t error_offset = 0;
  std::string error;

 private:
  size_t token_start() {
    size_t at = last_;
    while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t' || text_[at] == '\n' || text_[at] == '\r' ||
                                 text_[at] == ',' || text_[at] == ':'))
      ++at;
    last_ = read_;
    return at;
  }
  // Where the next value goes, and its pointer.
  nlohmann::json* place(nlohmann::json&& v, std::string& pointer) {
    if (stack_.empty()) {
      out_.value = std::move(v);
      pointer.clear();
      return &out_.value;
    }
    nlohmann::json& parent = *stack_.back().value;
    pointer = stack_.back().pointer + "/";
    if (parent.is_array()) {
      pointer += std::to_string(parent.size());
      parent.push_back(std::move(v));
      return &parent.back();
    }
    for (char ch : key_) {
      if (ch == '~') pointer += "~0";
      else if (ch == '/') pointer += "~1";
      else pointer += ch;
    }
    nlohmann::json& slot = parent[key_];
    slot = std::move(v);
    return &slot;
  }
  template <class T>
  bool scalar(T&& v) {
    const size_t at = token_start();
    std::string pointer;
    place(nlohmann::json(std::forward<T>(v)), pointer);
    if (stack_.size() <= scalar_depth) out_.offsets.emplace(std::move(pointer), at);
    return true;
  }
  bool open(nlohmann::json&& v) {
    if (stack_.size() >= max_json_depth) {
      error_offset = read_ > 0 ? read_ - 1 : 0;
      error = "nested more than 64 deep";
      return false;
    }
    const size_t at = token_start();
    std::string pointer;
    nlohmann::json* slot = place(std::move(v), pointer);
    out_.offsets.emplace(pointer, at);
    stack_.push_back({slot, std::move(pointer)});
    return true;
  }
  bool close() {
    stack_.pop_back();
    last_ = read_;
    return true;
  }

  struct Open {
    nlohmann::json* value;
    std::string pointer;
  };
  std::string_view text_;
  const size_t& read_;
  LocatedJson& out_;
  std::vector<Open> stack_;
  std::string key_;
  size_t last_ = 0;
};

}  // namespace

size_t LocatedJson::offset_of(std::string pointer) const {
  for (;;) {
    if (auto it = offsets.find(pointer); it != offsets.end()) return it->second;
    if (pointer.empty()) return 0;
    pointer.resize(pointer.rfind('/'));
  }
}

bool parse_located_json(std::string_view text, LocatedJson& out, size_t& error_offset, std::string& error) {
  size_t read = 0;
  Builder builder(text, read, out);
  CountingIterator first{text.data(), text.data(), &read};
  CountingIterator last{text.data() + text.size(), text.data(), nullptr};
  const bool ok = nlohmann::json::sax_parse(first, last, &builder);
  if (!ok) {
    error_offset = builder.error_offset;
    error = builder.error.empty() ? "not JSON" : builder.error;
  }
  return ok;
}

}  // namespace schedcheck::interop

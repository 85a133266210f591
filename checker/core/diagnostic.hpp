// Diagnostics: positions, the named properties of specs/properties.md, and the error sink.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace schedcheck {

struct SourcePos {
  uint32_t line = 0;
  uint32_t col = 0;
};

// The checks of specs/properties.md, in its numbering; `syntax` is a parse
// error (exit code 2), every other one is a property of a parsed schedule
// (exit code 1).
enum class Property : uint8_t {
  syntax,
  well_formed,
  link_disjoint,
  port_limit,
  dimension_order,
  causality,
  delivery,
  lower_bound,
  claim,
};
inline constexpr int property_count = 9;

std::string_view property_name(Property p);
// `text` with its control bytes shown as \xNN: a message may quote a word of
// the schedule, and on a terminal those bytes would act (move the cursor,
// retitle the window).
std::string visible(std::string_view text);

struct Diagnostic {
  SourcePos pos;
  Property property;
  std::string message;
};

// Collects errors up to a limit; past the limit it only counts, so a file
// with a million broken lines still ends in bounded memory and time.
class Diagnostics {
 public:
  explicit Diagnostics(std::string file, size_t max_kept = 20)
      : file_(std::move(file)), max_kept_(max_kept > 0 ? max_kept : 1) {}

  void error(SourcePos pos, Property property, std::string message);
  const std::string& file() const { return file_; }
  const std::vector<Diagnostic>& kept() const { return kept_; }
  size_t total() const { return total_; }
  size_t count(Property p) const { return per_property_[static_cast<int>(p)]; }
  bool has_syntax_errors() const { return count(Property::syntax) > 0; }
  bool limit_reached() const { return total_ >= max_kept_; }

  // "file:line:col: error: property: message", the compiler-like form.
  std::string format(const Diagnostic& d) const;

 private:
  std::string file_;
  size_t max_kept_;
  size_t total_ = 0;
  size_t per_property_[property_count] = {};
  std::vector<Diagnostic> kept_;
};

}  // namespace schedcheck

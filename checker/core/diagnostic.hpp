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
  // A check that runs over many lines one property at a time holds its
  // errors, and release() passes them on in line order (those of one line in
  // the order they came). It returns the line whose errors reached the
  // limit, or no_line when they did not.
  static constexpr uint32_t no_line = UINT32_MAX;
  void hold() { holding_ = true; }
  uint32_t release();
  // While errors are held: a line at or before which the limit is sure to
  // fall (no_line until that is known). Later lines' errors are dropped, so
  // a check can stop at them.
  uint32_t held_until() const { return cut_line_; }
  // The held errors, taken out to be held again by another Diagnostics (a
  // reader running ahead of the checks passes its errors on so); they still
  // count towards the limit here. A reader that stops at the limit holds too
  // few to have dropped any.
  std::vector<Diagnostic> take_held() {
    total_ += held_.size();
    return std::exchange(held_, {});
  }

  const std::string& file() const { return file_; }
  size_t max_kept() const { return max_kept_; }
  const std::vector<Diagnostic>& kept() const { return kept_; }
  size_t total() const { return total_; }
  size_t count(Property p) const { return per_property_[static_cast<int>(p)]; }
  bool has_syntax_errors() const { return count(Property::syntax) > 0; }
  // Held errors count: once they reach the limit, release() reaches it too.
  bool limit_reached() const { return total_ + held_.size() >= max_kept_; }

  // "file:line:col: error: property: message", the compiler-like form.
  std::string format(const Diagnostic& d) const;

 private:
  std::string file_;
  size_t max_kept_;
  size_t total_ = 0;
  size_t per_property_[property_count] = {};
  std::vector<Diagnostic> kept_;
  void hold_error(SourcePos pos, Property property, std::string message);
  bool holding_ = false;
  std::vector<Diagnostic> held_;
  // Held errors of lines after cut_line_ are dropped, and those of cut_line_ counted here (hold_error()).
  uint32_t cut_line_ = no_line;
  size_t cut_counts_[property_count] = {};
};

}  // namespace schedcheck

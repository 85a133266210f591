// Diagnostics: property names and the compiler-like error line.
#include "diagnostic.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck {

std::string_view property_name(Property p) {
  static constexpr std::string_view names[] = {"syntax",          "well-formed", "link-disjoint", "port-limit",
                                               "dimension-order", "causality",   "delivery",      "lower-bound",
                                               "claim"};
  static_assert(std::size(names) == property_count);
  const auto i = static_cast<size_t>(p);
  return i < std::size(names) ? names[i] : "unknown";
}

void Diagnostics::error(SourcePos pos, Property property, std::string message) {
  if (holding_) {
    hold_error(pos, property, std::move(message));
    return;
  }
  ++per_property_[static_cast<int>(property)];
  if (total_++ < max_kept_) kept_.push_back({pos, property, std::move(message)});
}

namespace {

void sort_by_line(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.pos.line < b.pos.line; });
}

}  // namespace

// Only the first `room` held errors in line order can be kept, and the
// limit falls on the line of the last of them or earlier: errors of later
// lines are never passed on, and the others of that line only count. Held
// so, a batch holds at most about twice the limit, whatever its lines hold
// (one path round a long ring twice reports each of its channels).
void Diagnostics::hold_error(SourcePos pos, Property property, std::string message) {
  if (pos.line > cut_line_) return;
  if (pos.line == cut_line_) {
    ++cut_counts_[static_cast<int>(property)];
    return;
  }
  held_.push_back({pos, property, std::move(message)});
  const size_t room = total_ < max_kept_ ? max_kept_ - total_ : 1;  // past the limit, the first still stops
  if (held_.size() < 2 * room + 64) return;
  sort_by_line(held_);
  const uint32_t line = held_[room - 1].pos.line;
  if (line < cut_line_) std::fill(std::begin(cut_counts_), std::end(cut_counts_), 0), cut_line_ = line;
  for (size_t i = room; i < held_.size() && held_[i].pos.line == line; ++i)
    ++cut_counts_[static_cast<int>(held_[i].property)];
  held_.resize(room);
}

uint32_t Diagnostics::release() {
  holding_ = false;
  std::vector<Diagnostic> held = std::move(held_);
  held_.clear();
  sort_by_line(held);
  uint32_t stop = no_line;
  for (size_t i = 0; i < held.size() && stop == no_line; ++i) {
    const uint32_t line = held[i].pos.line;
    error(held[i].pos, held[i].property, std::move(held[i].message));
    if (limit_reached() && (i + 1 == held.size() || held[i + 1].pos.line != line)) stop = line;
  }
  if (stop == cut_line_)  // the errors of the stopping line that were only counted
    for (int p = 0; p < property_count; ++p) per_property_[p] += cut_counts_[p], total_ += cut_counts_[p];
  std::fill(std::begin(cut_counts_), std::end(cut_counts_), 0);
  cut_line_ = no_line;
  held.clear();
  held_ = std::move(held);  // its capacity, for the next batch
  return stop;
}

std::string Diagnostics::format(const Diagnostic& d) const {
  return fmt::format("{}:{}:{}: error: {}: {}", file_, d.pos.line, d.pos.col,
                     property_name(d.property), d.message);
}

}  // namespace schedcheck

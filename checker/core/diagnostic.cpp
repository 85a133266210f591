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
    held_.push_back({pos, property, std::move(message)});
    return;
  }
  ++per_property_[static_cast<int>(property)];
  if (total_++ < max_kept_) kept_.push_back({pos, property, std::move(message)});
}

uint32_t Diagnostics::release() {
  holding_ = false;
  std::vector<Diagnostic> held = std::move(held_);
  held_.clear();
  std::stable_sort(held.begin(), held.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.pos.line < b.pos.line; });
  uint32_t stop = no_line;
  for (size_t i = 0; i < held.size() && stop == no_line; ++i) {
    const uint32_t line = held[i].pos.line;
    error(held[i].pos, held[i].property, std::move(held[i].message));
    if (limit_reached() && (i + 1 == held.size() || held[i + 1].pos.line != line)) stop = line;
  }
  held.clear();
  held_ = std::move(held);  // its capacity, for the next batch
  return stop;
}

std::string Diagnostics::format(const Diagnostic& d) const {
  return fmt::format("{}:{}:{}: error: {}: {}", file_, d.pos.line, d.pos.col,
                     property_name(d.property), d.message);
}

}  // namespace schedcheck

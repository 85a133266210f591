// Diagnostics: property names and the compiler-like error line.
#include "diagnostic.hpp"

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
  ++per_property_[static_cast<int>(property)];
  if (total_++ < max_kept_) kept_.push_back({pos, property, std::move(message)});
}

std::string visible(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte == 0x7f) out += fmt::format("\\x{:02x}", byte);
    else out += ch;
  }
  return out;
}

std::string Diagnostics::format(const Diagnostic& d) const {
  return fmt::format("{}:{}:{}: error: {}: {}", file_, d.pos.line, d.pos.col, property_name(d.property),
                     visible(d.message));
}

}  // namespace schedcheck

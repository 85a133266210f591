// Diagnostics: property names and the compiler-like error line.
#include "diagnostic.hpp"

#include <fmt/format.h>

namespace schedcheck {

std::string_view property_name(Property p) {
  switch (p) {
    case Property::syntax: return "syntax";
    case Property::well_formed: return "well-formed";
    case Property::link_disjoint: return "link-disjoint";
    case Property::port_limit: return "port-limit";
    case Property::dimension_order: return "dimension-order";
    case Property::causality: return "causality";
    case Property::delivery: return "delivery";
    case Property::lower_bound: return "lower-bound";
    case Property::claim: return "claim";
  }
  return "unknown";
}

void Diagnostics::error(SourcePos pos, Property property, std::string message) {
  ++per_property_[static_cast<int>(property)];
  if (total_++ < max_kept_) kept_.push_back({pos, property, std::move(message)});
}

std::string Diagnostics::format(const Diagnostic& d) const {
  return fmt::format("{}:{}:{}: error: {}: {}", file_, d.pos.line, d.pos.col,
                     property_name(d.property), d.message);
}

}  // namespace schedcheck

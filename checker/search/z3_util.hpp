// Z3 helpers shared by the encodings.
#pragma once

#include <vector>

#include <z3++.h>

namespace schedcheck::search {

// n separate vectors: copies of one z3::expr_vector share its contents.
inline std::vector<z3::expr_vector> vectors(z3::context& ctx, size_t n) {
  std::vector<z3::expr_vector> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) out.emplace_back(ctx);
  return out;
}

// Cardinality constraints that also accept an empty vector (z3::atmost and
// z3::atleast read its first element for the context).
inline z3::expr at_most(z3::context& ctx, const z3::expr_vector& es, unsigned k) {
  return es.empty() ? ctx.bool_val(true) : z3::atmost(es, k);
}
inline z3::expr at_least(z3::context& ctx, const z3::expr_vector& es, unsigned k) {
  return es.empty() ? ctx.bool_val(k == 0) : z3::atleast(es, k);
}

}  // namespace schedcheck::search

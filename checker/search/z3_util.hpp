// Z3 helpers shared by the encodings.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <z3++.h>

#include "outcome.hpp"

namespace schedcheck::search {

// Z3's time limit for the solver's checks, in whole milliseconds: at least
// one (0 would mean none), at most about 46 days, where the unsigned
// parameter would overflow.
inline void set_time_limit(z3::solver& solver, double seconds) {
  z3::params params(solver.ctx());
  params.set("timeout", static_cast<unsigned>(std::clamp(seconds * 1000, 0.0, 4e9)) + 1);
  solver.set(params);
}

inline Outcome outcome_of(z3::check_result r) {
  return r == z3::sat ? Outcome::sat : r == z3::unsat ? Outcome::unsat : Outcome::unknown;
}

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

// The solver's assertions and `goal` as DIMACS CNF: cardinality constraints
// become bit-vector sums, then bits, then clauses (Tseitin).
inline std::string to_dimacs(z3::context& ctx, const z3::solver& solver, const z3::expr& goal) {
  z3::goal g(ctx);
  for (const z3::expr& a : solver.assertions()) g.add(a);
  g.add(goal);
  const z3::tactic to_cnf = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "card2bv") & z3::tactic(ctx, "simplify") &
                            z3::tactic(ctx, "bit-blast") & z3::tactic(ctx, "tseitin-cnf");
  const z3::apply_result result = to_cnf(g);
  if (result.size() != 1) return "p cnf 0 0\n";  // not reached: these tactics keep one goal
  // A goal the tactics already decided prints as no clauses at all; an
  // unsatisfiable one must keep its empty clause.
  if (result[0].is_decided_unsat()) return "p cnf 0 1\n0\n";
  // With the names ("c N x_1_4"): another solver's model then says which sends it makes.
  return result[0].dimacs(true);
}

}  // namespace schedcheck::search

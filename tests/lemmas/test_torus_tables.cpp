// Tests of torus_tables.hpp: what a table row claims of one climb, as search::proven accounts for it.
//
// The tables' rows are golden-tested through the command line, but no torus
// of `table search-broadcast` has a free-routing count that only the minimal
// paths refute; these climbs are made up (real witnesses, chosen attempts)
// to reach the cases the tables' sizes do not.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "broadcast_search.hpp"
#include "torus_tables.hpp"

namespace schedcheck::lemmas {
namespace {

using search::Attempt;
using search::Outcome;
using search::RouteRule;

search::BroadcastProblem problem_5x5(RouteRule rule) {
  search::BroadcastProblem p;
  p.grid = {{5, 5}, true};
  p.rule = rule;
  return p;
}

std::string header_of(const search::BroadcastProblem& p) {
  return fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective broadcast source 0\n", p.grid.describe(),
                     search::broadcast_model_line(p));
}

// A climb on 5x5 with `attempts` and the witness of `steps` steps that the search finds under `rule`.
search::SearchReport climb(RouteRule rule, uint32_t steps, std::vector<Attempt> attempts) {
  search::SearchLimits limits;
  limits.timeout_seconds = 60;
  search::SearchReport r = search::search_broadcast(problem_5x5(rule), steps, steps, limits);
  REQUIRE(r.witness_steps == steps);
  r.attempts = std::move(attempts);
  return r;
}

TEST_CASE("free routing: an unsat under minimal paths refutes no count, so the witness above it is no optimum") {
  const auto p = problem_5x5(RouteRule::shortest);
  const search::SearchReport r = climb(RouteRule::shortest, 3,
                                       {Attempt(2, Outcome::unsat, 0.5, "minimal paths", true),
                                        Attempt(3, Outcome::sat, 0.25, "minimal paths", true)});
  const Searched s = searched(r, header_of(p), "", 2, 0, 1);
  CHECK_FALSE(s.rejected);
  CHECK_FALSE(s.proven);
  CHECK(s.optimum == "<= 3");
  CHECK(s.tries == "2: unsat 0.5 (under minimal paths only); 3: sat 0.2");
  // Without a witness, nothing above Lemma 1 is claimed.
  search::SearchReport none;
  none.attempts = {Attempt(2, Outcome::unsat, 0.5, "minimal paths", true)};
  CHECK(searched(none, header_of(p), "", 2, 0, 1).optimum == "unknown");
}

TEST_CASE("dimension order: its own unsat of one step fewer proves the witness optimal") {
  const auto p = problem_5x5(RouteRule::dimension_order);
  const search::SearchReport r =
      climb(RouteRule::dimension_order, 3, {Attempt(2, Outcome::unsat, 0.5), Attempt(3, Outcome::sat, 0.25)});
  const Searched s = searched(r, header_of(p), "", 2, 0, 1);
  CHECK_FALSE(s.rejected);
  CHECK(s.proven);
  CHECK(s.optimum == "3");
  CHECK(s.tries == "2: unsat 0.5; 3: sat 0.2");
  search::SearchReport none;
  none.attempts = {Attempt(2, Outcome::unsat, 0.5)};
  CHECK(searched(none, header_of(p), "", 2, 0, 1).optimum == "> 2 (unknown)");
  // A stricter run's unsat (the shorter way's) refutes nothing under dimension order.
  const search::SearchReport stricter =
      climb(RouteRule::dimension_order, 3,
            {Attempt(2, Outcome::unsat, 0.5, "dimension-order-shorter", true), Attempt(2, Outcome::unknown, 1),
             Attempt(3, Outcome::sat, 0.25)});
  CHECK(searched(stricter, header_of(p), "", 2, 0, 1).optimum == "<= 3");
}

}  // namespace
}  // namespace schedcheck::lemmas

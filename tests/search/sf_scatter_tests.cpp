// Store-and-forward scatter and gather search: optima of small tori, meshes, rings and paths, each witness
// re-checked by the core and the count one below refuted by the solver itself (not by a lemma).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "checker.hpp"
#include "proven.hpp"
#include "sf_list_schedule.hpp"
#include "sf_scatter_search.hpp"

namespace {

using namespace schedcheck::search;

SfRootedProblem problem(std::vector<uint32_t> sizes, bool wraps, RootedCollective collective, uint32_t root = 0,
                        bool one_port = false) {
  SfRootedProblem p;
  p.grid.sizes = std::move(sizes);
  p.grid.wraps = wraps;
  p.collective = collective;
  p.root = root;
  p.one_port = one_port;
  return p;
}

std::string header(const SfRootedProblem& p) {
  return fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n", p.grid.describe(),
                     sf_rooted_model_line(p), sf_rooted_collective_line(p));
}

// The core's verdict on a text, as on a user's file.
schedcheck::Verdict core_check(const std::string& text) {
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Diagnostics diag("witness", 5);
  schedcheck::Header h;
  return schedcheck::check_schedule(source, h, diag);
}

// The core's best lower bound for the instance, from the header alone.
StepLowerBound core_bound(const SfRootedProblem& p) {
  const schedcheck::Verdict v = core_check(header(p));
  REQUIRE(v.best);
  return {static_cast<uint32_t>(v.best->steps), v.best->name, v.best->source};
}

SearchLimits limits() {
  SearchLimits l;
  l.timeout_seconds = 60;
  return l;
}

// Climbs from the core's bound; the optimum must be `optimum`, its witness
// verified by the core in that many steps, and the encoding alone must refute
// optimum - 1 (asked directly, below the lemma too).
void expect_optimum(const SfRootedProblem& p, uint32_t optimum) {
  CAPTURE(header(p));
  const StepLowerBound bound = core_bound(p);
  const SearchReport report = search_sf_rooted(p, std::max(bound.steps, 1U), bound.steps + 4, limits());
  REQUIRE(report.witness_steps == optimum);
  const schedcheck::Verdict v = core_check(header(p) + report.witness);
  CHECK(v.verified);
  CHECK(v.steps == optimum);
  CHECK(proven(bound, report).optimal);
  // The solver alone finds the optimum too.
  SfRootedProblem solver_only = p;
  solver_only.list_schedule_first = false;
  const SearchReport solved = search_sf_rooted(solver_only, std::max(bound.steps, 1U), bound.steps + 4, limits());
  REQUIRE(solved.witness_steps == optimum);
  CHECK(solved.attempts.back().routing != "farthest-first shortest paths");
  CHECK(core_check(header(p) + solved.witness).verified);
  // The strengthened encoding (whose root-port deadlines may refute the
  // count before the solver starts) and the plain one (which must search).
  SfRootedProblem plain = p;
  plain.strengthen = false;
  for (const SfRootedProblem* q : {&p, static_cast<const SfRootedProblem*>(&plain)})
    if (optimum > 1) {
      const SearchReport below = search_sf_rooted(*q, optimum - 1, optimum - 1, limits());
      REQUIRE_FALSE(below.attempts.empty());
      CHECK(below.attempts.back().outcome == Outcome::unsat);
      CHECK_FALSE(below.attempts.back().stricter_routing);
      CHECK_FALSE(below.witness_steps);
    }
}

void expect_both(std::vector<uint32_t> sizes, bool wraps, uint32_t root, uint32_t optimum, bool one_port = false) {
  for (RootedCollective c : {RootedCollective::scatter, RootedCollective::gather})
    expect_optimum(problem(sizes, wraps, c, root, one_port), optimum);
}

TEST_CASE("rings and paths: the root's two channels carry P-1 messages, the farthest first") {
  expect_both({6}, true, 0, 3);   // ceil(5/2) = 3 = ecc
  expect_both({5}, true, 2, 2);   // ceil(4/2) = 2 = ecc
  expect_both({5}, false, 0, 4);  // one channel out of the end
  expect_both({5}, false, 2, 2);  // from the middle: two each way
}

TEST_CASE("tori and meshes: the optimum meets the root's channels and the eccentricity") {
  expect_both({3, 3}, true, 0, 2);     // 8 messages over 4 channels
  expect_both({2, 3}, false, 0, 3);    // corner: ecc 3, ceil(5/2) = 3
  expect_both({3, 3}, false, 4, 2);    // the centre: like the 3x3 torus
  expect_both({3, 3}, false, 0, 4);    // corner: 8 messages over 2 channels
}

TEST_CASE("one-port: one message out of (into) the root per step, P-1 steps") {
  expect_both({6}, true, 0, 5, true);
  expect_both({2, 3}, false, 0, 5, true);
}

TEST_CASE("the plain encoding agrees: same optimum, and one step fewer unsat") {
  for (RootedCollective c : {RootedCollective::scatter, RootedCollective::gather})
    for (const auto& [sizes, wraps] :
         {std::pair{std::vector<uint32_t>{6}, true}, std::pair{std::vector<uint32_t>{2, 3}, false},
          std::pair{std::vector<uint32_t>{3, 3}, true}}) {
      SfRootedProblem strong = problem(sizes, wraps, c), plain = strong;
      plain.strengthen = false;
      const SearchReport a = search_sf_rooted(strong, 1, 6, limits()), b = search_sf_rooted(plain, 1, 6, limits());
      REQUIRE(a.witness_steps);
      CHECK(a.witness_steps == b.witness_steps);
      CHECK(core_check(header(plain) + b.witness).verified);
      for (const SearchReport* r : {&a, &b})
        for (const Attempt& at : r->attempts)
          CHECK(at.outcome == (at.steps < *a.witness_steps ? Outcome::unsat : Outcome::sat));
    }
}

TEST_CASE("an unknown count is climbed past and does not count as refuted") {
  // 5x5 scatter: 6 steps are sat in about 0.2 s, but the count is given 1 us.
  SfRootedProblem p = problem({5, 5}, true, RootedCollective::scatter);
  p.list_schedule_first = false;  // it meets the bound at once
  SearchLimits l = limits();
  l.count_timeout = [](uint32_t steps) { return steps == 6 ? 1e-6 : 60.0; };
  const SearchReport r = search_sf_rooted(p, 6, 8, l);
  REQUIRE(r.witness_steps == 7u);
  CHECK(r.gave_up);
  CHECK(core_check(header(p) + r.witness).verified);
  const Proven proof = proven(core_bound(p), r);
  CHECK_FALSE(proof.optimal);
  CHECK(proof.impossible_below == 6);
  CHECK(proof.unknown == std::vector<uint32_t>{6});
}

TEST_CASE("the counts below the optimum are refuted by the full encoding, not by the nonstop run") {
  // One-port from the end of a path of 5: one message per step, 4 steps.
  for (RootedCollective c : {RootedCollective::scatter, RootedCollective::gather}) {
    const SfRootedProblem p = problem({5}, false, c, 0, true);
    const SearchReport r = search_sf_rooted(p, 1, 4, limits());
    REQUIRE(r.witness_steps == 4u);
    for (uint32_t steps = 1; steps < 4; ++steps) {
      bool nonstop_unsat = false, full_unsat = false;
      for (const Attempt& a : r.attempts)
        if (a.steps == steps && a.outcome == Outcome::unsat) {
          (a.stricter_routing ? nonstop_unsat : full_unsat) = true;
          if (a.stricter_routing) CHECK(a.routing == "nonstop shortest paths");
        }
      CHECK(nonstop_unsat);
      CHECK(full_unsat);
    }
    const Proven proof = proven({1, "", ""}, r);
    CHECK(proof.optimal);
    CHECK(proof.impossible_below == 4);
  }
}

TEST_CASE("the list schedule meets the core's bound on tori and meshes up to 16x16 and 6x6x6, and no solver runs") {
  const std::pair<std::vector<uint32_t>, bool> grids[] = {
      {{4, 4}, true},  {{5, 5}, true},  {{7, 7}, true},     {{3, 16}, true},   {{16, 16}, true},
      {{4, 7}, false}, {{5, 5}, false}, {{3, 3, 3}, true}, {{6, 6, 6}, true}, {{2, 2, 2}, true}};
  for (const auto& [sizes, wraps] : grids)
    for (RootedCollective c : {RootedCollective::scatter, RootedCollective::gather})
      for (const bool one_port : {false, true}) {
        const SfRootedProblem p = problem(sizes, wraps, c, 0, one_port);
        CAPTURE(header(p));
        const StepLowerBound bound = core_bound(p);
        const SearchReport r = search_sf_rooted(p, bound.steps, bound.steps + 4, limits());
        REQUIRE(r.attempts.size() == 1);
        CHECK(r.attempts[0].routing == "farthest-first shortest paths");
        CHECK(r.witness_steps == bound.steps);
        const schedcheck::Verdict v = core_check(header(p) + r.witness);
        CHECK(v.verified);
        CHECK(v.steps == bound.steps);
        CHECK(proven(bound, r).optimal);
      }
}

TEST_CASE("7x7x7 all-port: the list schedule meets ceil(342/6) = 57, and the solver alone refuses to build 57") {
  SfRootedProblem p = problem({7, 7, 7}, true, RootedCollective::scatter);
  const StepLowerBound bound = core_bound(p);
  REQUIRE(bound.steps == 57);
  const SearchReport listed = search_sf_rooted(p, bound.steps, bound.steps, limits());
  REQUIRE(listed.witness_steps == 57u);
  CHECK(core_check(header(p) + listed.witness).verified);
  // 2058 channels x 342 messages x 57 steps = 40 M moves: unknown at once,
  // where building it ran the machine out of memory.
  p.list_schedule_first = false;
  const SearchReport alone = search_sf_rooted(p, bound.steps, bound.steps, limits());
  REQUIRE(alone.attempts.size() == 1);
  CHECK(alone.attempts[0].outcome == Outcome::unknown);
  CHECK(alone.attempts[0].routing.starts_with("an encoding too large"));
  CHECK(alone.gave_up);
  CHECK_FALSE(alone.witness_steps);
}

// A tree (parents, '-' for the root) or graph (edges) as neighbour lists.
SfRootedProblem network(std::vector<std::vector<uint32_t>> neighbours, RootedCollective c, bool one_port) {
  SfRootedProblem p;
  p.neighbours = std::move(neighbours);
  p.collective = c;
  p.one_port = one_port;
  return p;
}

std::string network_header(const SfRootedProblem& p, const std::string& topology) {
  return fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n", topology, sf_rooted_model_line(p),
                     sf_rooted_collective_line(p));
}

TEST_CASE("trees and graphs: the list schedule and the solver alone agree, each witness verified by the core") {
  // A tree whose root's subtrees differ (4 nodes below 1, 2 below 2), a
  // 6-cycle with a chord, and the 3x3 mesh as a graph.
  const std::pair<std::string, std::vector<std::vector<uint32_t>>> networks[] = {
      {"tree parents - 0 0 1 3 4 2", {{1, 2}, {0, 3}, {0, 6}, {1, 4}, {3, 5}, {4}, {2}}},
      {"graph 6 edges 0-1 1-2 2-3 3-4 4-5 5-0 0-3", {{1, 5, 3}, {0, 2}, {1, 3}, {2, 4, 0}, {3, 5}, {4, 0}}},
      {"graph 9 edges 0-1 1-2 3-4 4-5 6-7 7-8 0-3 3-6 1-4 4-7 2-5 5-8",
       {{1, 3}, {0, 2, 4}, {1, 5}, {4, 0, 6}, {3, 5, 1, 7}, {4, 2, 8}, {7, 3}, {6, 8, 4}, {7, 5}}},
  };
  for (const auto& [topology, neighbours] : networks)
    for (RootedCollective c : {RootedCollective::scatter, RootedCollective::gather})
      for (const bool one_port : {false, true}) {
        SfRootedProblem p = network(neighbours, c, one_port);
        const std::string h = network_header(p, topology);
        CAPTURE(h);
        const schedcheck::Verdict empty = core_check(h);
        REQUIRE(empty.best);
        const auto bound = static_cast<uint32_t>(empty.best->steps);
        const SearchReport listed = search_sf_rooted(p, bound, bound + 4, limits());
        p.list_schedule_first = false;
        const SearchReport solved = search_sf_rooted(p, 1, bound + 4, limits());
        REQUIRE(listed.witness_steps);
        CHECK(listed.witness_steps == solved.witness_steps);
        for (const SearchReport* r : {&listed, &solved}) {
          const schedcheck::Verdict v = core_check(h + r->witness);
          CHECK(v.verified);
          CHECK(v.steps == *listed.witness_steps);
        }
        // The solver refutes every count below on its own.
        for (const Attempt& a : solved.attempts)
          if (a.steps < *solved.witness_steps && !a.stricter_routing) CHECK(a.outcome == Outcome::unsat);
      }
}

TEST_CASE("the list schedule gives up past its step limit") {
  CHECK_FALSE(sf_rooted_list_schedule(problem({4, 4}, true, RootedCollective::scatter), 3));
  CHECK(sf_rooted_list_schedule(problem({4, 4}, true, RootedCollective::scatter), 4));
}

}  // namespace

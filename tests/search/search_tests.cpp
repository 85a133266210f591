// Search tests: small instances with known answers; every witness is re-checked by the core.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "broadcast_search.hpp"
#include "gossip_search.hpp"
#include "hamiltonian_search.hpp"
#include "ti_gossip_search.hpp"
#include "checker.hpp"

namespace {

using namespace schedcheck::search;

struct Found {
  SearchReport report;
  bool verified = false;
  uint64_t checked_steps = 0;
  schedcheck::ForwardingClass forwarding = schedcheck::ForwardingClass::time_dependent;
};

// The witness goes through the core like any user's file.
void recheck(Found& f, const Grid& grid, const std::string& model, const std::string& collective) {
  if (!f.report.witness_steps) return;
  const std::string text = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n{}", grid.describe(),
                                       model, collective, f.report.witness);
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Diagnostics diag("witness", 5);
  schedcheck::Header header;
  const schedcheck::Verdict v = schedcheck::check_schedule(source, header, diag);
  f.verified = v.verified;
  f.checked_steps = v.steps;
  f.forwarding = v.forwarding.kind;
}

SearchLimits limits() {
  SearchLimits l;
  l.timeout_seconds = 120;
  return l;
}

Found run(const BroadcastProblem& p, uint32_t first, uint32_t last) {
  Found f{search_broadcast(p, first, last, limits())};
  recheck(f, p.grid, broadcast_model_line(p), "broadcast source 0");
  return f;
}

BroadcastProblem problem(std::vector<uint32_t> sizes, RouteRule rule, bool one_port = false, bool wraps = true) {
  BroadcastProblem p;
  p.grid.sizes = std::move(sizes);
  p.grid.wraps = wraps;
  p.rule = rule;
  p.one_port = one_port;
  return p;
}

TEST_CASE("a 3x3 torus cannot broadcast in one step, and can in two") {
  const Found f = run(problem({3, 3}, RouteRule::dimension_order), 1, 2);
  REQUIRE(f.report.attempts.size() == 2);
  CHECK(f.report.attempts[0].outcome == Outcome::unsat);
  REQUIRE(f.report.witness_steps == 2u);
  CHECK(f.verified);
  CHECK(f.checked_steps == 2);
}

TEST_CASE("a 4x4 torus broadcasts in two steps under dimension-ordered routing") {
  for (RouteRule rule : {RouteRule::dimension_order, RouteRule::dimension_order_shorter, RouteRule::shortest}) {
    const Found f = run(problem({4, 4}, rule), 2, 2);
    REQUIRE(f.report.witness_steps == 2u);
    CHECK(f.verified);
  }
}

TEST_CASE("a ring of 8 broadcasts all-port in ceil(log3 8) = 2 steps, one-port in 3") {
  const Found all = run(problem({8}, RouteRule::dimension_order), 1, 3);
  CHECK(all.report.attempts[0].outcome == Outcome::unsat);
  CHECK(all.report.witness_steps == 2u);
  CHECK(all.verified);
  const Found one = run(problem({8}, RouteRule::dimension_order, true), 1, 4);
  CHECK(one.report.witness_steps == 3u);
  CHECK(one.verified);
}

TEST_CASE("store-and-forward broadcast takes the source's eccentricity on small tori and meshes") {
  const Found torus = run(problem({4, 5}, RouteRule::single_hop), 1, 6);
  CHECK(torus.report.witness_steps == 4u);  // 2 + 2
  CHECK(torus.verified);
  const Found mesh = run(problem({3, 3}, RouteRule::single_hop, false, false), 1, 6);
  CHECK(mesh.report.witness_steps == 4u);  // corner to corner
  CHECK(mesh.verified);
}

// The strengthened and the plain encoding climb to the same optimum, and the core verifies both witnesses.
void check_plain_agrees(const BroadcastProblem& strong) {
  BroadcastProblem plain = strong;
  plain.strengthen = false;
  const Found a = run(strong, 1, 4), b = run(plain, 1, 4);
  CHECK(a.report.witness_steps == b.report.witness_steps);
  CHECK(a.verified);
  CHECK(b.verified);
}

TEST_CASE("the plain encoding gives the same answers on small instances") {
  for (auto sizes : {std::vector<uint32_t>{3, 3}, std::vector<uint32_t>{4, 4}, std::vector<uint32_t>{2, 3, 2}})
    check_plain_agrees(problem(sizes, RouteRule::dimension_order));
}

TEST_CASE("a 4x6 torus needs 3 steps under dimension-ordered routing, one more than Lemma 1") {
  for (RouteRule rule : {RouteRule::dimension_order, RouteRule::dimension_order_shorter}) {
    const Found f = run(problem({4, 6}, rule), 2, 3);
    REQUIRE(f.report.attempts.size() == 2);
    CHECK(f.report.attempts[0].outcome == Outcome::unsat);
    REQUIRE(f.report.witness_steps == 3u);
    CHECK(f.verified);
  }
}

TEST_CASE("the plain encoding agrees where the idle-port budget decides: 3x8, 2x12, rings of 8 and 9") {
  // (D+1)^T - P is 1 on 3x8 and 2x12 in 2 steps, 1 and 0 on the rings: the
  // strengthened encoding then bounds the idle ports; the plain one does not.
  const std::pair<std::vector<uint32_t>, RouteRule> cases[] = {{{3, 8}, RouteRule::dimension_order_shorter},
                                                                {{2, 12}, RouteRule::dimension_order},
                                                                {{8}, RouteRule::dimension_order},
                                                                {{9}, RouteRule::dimension_order}};
  for (const auto& [sizes, rule] : cases) check_plain_agrees(problem(sizes, rule));
  const Found ring = run(problem({8}, RouteRule::dimension_order, true), 3, 3);  // one-port: 2^3 = 8, no slack
  CHECK(ring.report.witness_steps == 3u);
  CHECK(ring.verified);
}

}  // namespace

namespace {

Found run_gossip(const GossipProblem& p, uint32_t first, uint32_t last) {
  Found f{search_gossip(p, first, last, limits())};
  recheck(f, p.grid, gossip_model_line(p), "gossip");
  return f;
}

GossipProblem gossip(std::vector<uint32_t> sizes, bool one_port = false, bool wraps = true) {
  GossipProblem p;
  p.grid.sizes = std::move(sizes);
  p.grid.wraps = wraps;
  p.one_port = one_port;
  return p;
}

TEST_CASE("gossip optima on small tori: ceil((P-1)/4) on 2-D, ceil((P-1)/6) on 3x3x3") {
  const std::pair<std::vector<uint32_t>, uint32_t> cases[] = {
      {{3, 3}, 2}, {{4, 4}, 4}, {{5, 5}, 6}, {{3, 4}, 3}, {{3, 3, 3}, 5}};
  for (const auto& [sizes, optimum] : cases) {
    const Found f = run_gossip(gossip(sizes), 1, optimum);
    REQUIRE(f.report.witness_steps == optimum);
    CHECK(f.verified);
    CHECK(f.checked_steps == optimum);
    // Every count below the optimum was answered unsat by the full encoding.
    for (const Attempt& a : f.report.attempts)
      if (a.steps < optimum) CHECK(a.outcome == Outcome::unsat);
  }
}

TEST_CASE("one-port gossip needs P-1 steps on a ring of 4 and a 2x3 mesh") {
  const Found ring = run_gossip(gossip({4}, true), 1, 4);
  CHECK(ring.report.witness_steps == 3u);
  CHECK(ring.verified);
  const Found mesh = run_gossip(gossip({2, 3}, true, false), 5, 7);
  CHECK(mesh.report.witness_steps == 5u);
  CHECK(mesh.verified);
}

TEST_CASE("gossip: the plain encoding agrees on the smallest cases") {
  for (auto sizes : {std::vector<uint32_t>{3, 3}, std::vector<uint32_t>{2, 4}}) {
    GossipProblem strong = gossip(sizes), plain = gossip(sizes);
    plain.strengthen = false;
    const Found a = run_gossip(strong, 1, 6), b = run_gossip(plain, 1, 6);
    CHECK(a.report.witness_steps == b.report.witness_steps);
    CHECK(a.verified);
    CHECK(b.verified);
  }
}

}  // namespace

namespace {

// The cycles' gossip through the core: every part of every PU everywhere,
// one packet per channel and step.
uint64_t checked_hamiltonian_gossip(const Grid& grid, const HamiltonianReport& r) {
  const std::string text =
      fmt::format("schedcheck 1\ntopology {}\nmodel store-and-forward all-port free non-combining\n"
                  "collective gossip parts {}\n{}",
                  grid.describe(), grid.dimensions(), r.gossip);
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Diagnostics diag("witness", 5);
  schedcheck::Header header;
  const schedcheck::Verdict v = schedcheck::check_schedule(source, header, diag);
  return v.verified ? v.steps : 0;
}

TEST_CASE("edge-disjoint Hamiltonian cycles: found on 3x3, 4x4, 4x6 and 3x3x3, their gossip verified") {
  for (auto sizes : {std::vector<uint32_t>{3, 3}, {4, 4}, {4, 6}, {3, 3, 3}}) {
    Grid grid;
    grid.sizes = sizes;
    const HamiltonianReport r = search_hamiltonian(grid, 60);
    REQUIRE(r.outcome == Outcome::sat);
    REQUIRE(r.cycles.size() == grid.dimensions());
    for (const auto& cycle : r.cycles) CHECK(cycle.size() == grid.node_count());  // every node once
    CHECK(checked_hamiltonian_gossip(grid, r) == grid.node_count() / 2);          // ceil((P-1)/2) steps
  }
}

TEST_CASE("the 2x3 torus has no two edge-disjoint Hamiltonian cycles") {
  Grid grid;
  grid.sizes = {2, 3};
  CHECK(search_hamiltonian(grid, 60).outcome == Outcome::unsat);
}

TEST_CASE("time-independent gossip: 3x3 reaches the optimum 2; 3x4 needs 4, one more than the optimum 3") {
  const std::pair<std::vector<uint32_t>, uint32_t> cases[] = {{{3, 3}, 2}, {{3, 4}, 4}};
  for (const auto& [sizes, fewest] : cases) {
    Grid grid;
    grid.sizes = sizes;
    Found f{search_time_independent_gossip(grid, 1, fewest, limits())};
    recheck(f, grid, "store-and-forward all-port non-combining", "gossip");
    REQUIRE(f.report.witness_steps == fewest);
    CHECK(f.verified);
    CHECK(f.checked_steps == fewest);
    // The core finds the witness time-independent on its own reading.
    CHECK(f.forwarding == schedcheck::ForwardingClass::time_independent);
    for (const Attempt& a : f.report.attempts)
      if (a.steps < fewest) CHECK(a.outcome == Outcome::unsat);
  }
}

TEST_CASE("time-independent gossip: the 5x5 torus cannot reach the optimum 6") {
  // 4 * 6 = 24 = P - 1: every channel busy in every step, no packet twice.
  Grid grid;
  grid.sizes = {5, 5};
  const SearchReport r = search_time_independent_gossip(grid, 6, 6, limits());
  REQUIRE(r.attempts.size() == 1);
  CHECK(r.attempts[0].outcome == Outcome::unsat);
  CHECK_FALSE(r.witness_steps);
}

}  // namespace

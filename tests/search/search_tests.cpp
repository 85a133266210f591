// Search tests: small instances with known answers; every witness is re-checked by the core.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <array>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "broadcast_search.hpp"
#include "flow_broadcast.hpp"
#include "shorter_way_broadcast.hpp"
#include "gossip_search.hpp"
#include "hamiltonian_search.hpp"
#include "layer_counts.hpp"
#include "proven.hpp"
#include "sat_model.hpp"
#include "symmetry.hpp"
#include "ti_gossip_search.hpp"
#include "translation_invariant_gossip.hpp"
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

// The climb as the command runs it: the core's lower bound, the stricter
// routing first, the counts from the bound upward.

// The core's best lower bound for the instance, read from a header alone.
StepLowerBound core_bound(const BroadcastProblem& p) {
  const std::string text = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective broadcast source 0\n",
                                       p.grid.describe(), broadcast_model_line(p));
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Diagnostics diag("header", 5);
  schedcheck::Header header;
  const schedcheck::Verdict v = schedcheck::check_schedule(source, header, diag);
  REQUIRE(v.best);
  return {static_cast<uint32_t>(v.best->steps), v.best->name, v.best->source};
}

Found climb(const BroadcastProblem& p, const SearchLimits& l) {
  const uint32_t lower = std::max(core_bound(p).steps, 1U);
  Found f{search_broadcast(p, lower, lower + 4, l)};
  recheck(f, p.grid, broadcast_model_line(p), "broadcast source 0");
  return f;
}

TEST_CASE("the climb starts at the lower bound and says which counts the lemma refutes: 6x6, 3x8 and 5x5") {
  BroadcastProblem p = problem({6, 6}, RouteRule::dimension_order);
  p.stricter_routing_first = true;
  const StepLowerBound bound = core_bound(p);
  CHECK(bound.steps == 3);  // 5^2 = 25 < 36 <= 125
  CHECK(bound.name == "broadcast-all-port");
  const Found f = climb(p, limits());
  REQUIRE(f.report.witness_steps == 3u);
  CHECK(f.verified);
  CHECK(f.report.attempts.front().steps == 3);  // no solver call below the lemma
  const Proven proof = proven(bound, f.report);
  CHECK(proof.optimal);
  CHECK(proof.impossible_below == 3);
  CHECK(proof.text.starts_with("steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 3: sat in "));

  // 3x8 under the shorter way: Lemma 1 refutes 1 step, the solver 2.
  const BroadcastProblem q = problem({3, 8}, RouteRule::dimension_order_shorter);
  const Found g = climb(q, limits());
  REQUIRE(g.report.witness_steps == 3u);
  const Proven proof_q = proven(core_bound(q), g.report);
  CHECK(proof_q.optimal);
  CHECK(proof_q.text.starts_with("step 1 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 2: unsat in "));

  // 5x5 under dimension order: the layer count refutes 2 steps as well, so
  // the solver is asked 3 only.
  const BroadcastProblem r = problem({5, 5}, RouteRule::dimension_order);
  CHECK(core_bound(r).steps == 3);
  CHECK(core_bound(r).name == "broadcast-dimension-order-layers");
  const Found h = climb(r, limits());
  REQUIRE(h.report.witness_steps == 3u);
  CHECK(h.verified);
  CHECK(h.report.attempts.front().steps == 3);
  const Proven proof_r = proven(core_bound(r), h.report);
  CHECK(proof_r.optimal);
  CHECK(proof_r.text.starts_with("steps 1..2 impossible by broadcast-dimension-order-layers (layer count); 3: sat in "));
}

TEST_CASE("an unknown count is climbed past, and the witness above it is not called optimal") {
  // 3x8 under the shorter way: 2 steps are unsat (about 0.05 s), but the
  // count is given 1 ms; 3 steps then have a witness.
  for (bool stricter_first : {false, true}) {
    BroadcastProblem p = problem({3, 8}, RouteRule::dimension_order_shorter);
    p.stricter_routing_first = stricter_first;
    SearchLimits l = limits();
    l.count_timeout = [](uint32_t steps) { return steps == 2 ? 0.001 : 60.0; };
    const Found f = climb(p, l);
    REQUIRE(f.report.witness_steps == 3u);
    CHECK(f.verified);
    const Proven proof = proven(core_bound(p), f.report);
    CHECK_FALSE(proof.optimal);
    CHECK(proof.impossible_below == 2);
    CHECK(proof.unknown == std::vector<uint32_t>{2});
    CHECK(proof.text.find("2: unknown after ") != std::string::npos);
  }
}

TEST_CASE("a run whose check was cut short is rebuilt before its next count, whose witness the core verifies") {
  // 1 ms is spent building 2 steps' constraints, before any check; a few
  // hundredths of a second let Z3 start the 2-step check and cut it short
  // (or, on a fast machine, finish it). Either way the 3-step witness must
  // come from a solver that no cut-short check has spoilt.
  for (double seconds : {0.01, 0.02}) {
    BroadcastProblem p = problem({3, 8}, RouteRule::dimension_order_shorter);
    p.stricter_routing_first = false;
    SearchLimits l = limits();
    l.count_timeout = [seconds](uint32_t steps) { return steps == 2 ? seconds : 60.0; };
    const Found f = climb(p, l);
    REQUIRE(f.report.witness_steps == 3u);
    CHECK(f.verified);
  }
}

Attempt attempt(uint32_t steps, Outcome outcome, double seconds, std::string routing = "", bool stricter = false) {
  return Attempt{steps, outcome, seconds, std::move(routing), stricter};
}

TEST_CASE("what is proven: a stricter routing's unsat refutes nothing; an unsat refutes the counts below it") {
  const StepLowerBound lemma{3, "broadcast-all-port", "Wang-Tseng, Lemma 1 (torus case of the degree bound)"};
  SearchReport r;
  r.attempts = {attempt(3, Outcome::unsat, 1, "dimension-order-shorter", true),
                attempt(3, Outcome::unknown, 150, "dimension-order"),
                attempt(4, Outcome::sat, 9, "dimension-order-shorter", true)};
  r.witness_steps = 4;
  const Proven p = proven(lemma, r);
  CHECK_FALSE(p.optimal);
  CHECK(p.impossible_below == 3);
  CHECK(p.unknown == std::vector<uint32_t>{3});
  CHECK(p.text == "steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 3: unknown after 151.00 s "
                  "(unsat under dimension-order-shorter only); 4: sat in 9.00 s under dimension-order-shorter");

  // 3 unknown, 4 unsat: a 3-step schedule would idle into a 4-step one.
  SearchReport s;
  s.attempts = {attempt(3, Outcome::unknown, 75), attempt(4, Outcome::unsat, 12.1), attempt(5, Outcome::sat, 2)};
  s.witness_steps = 5;
  const Proven monotone = proven(lemma, s);
  CHECK(monotone.optimal);
  CHECK(monotone.unknown.empty());
  CHECK(monotone.text == "steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 3: unknown after "
                         "75.00 s, impossible as a larger count is; 4: unsat in 12.10 s; 5: sat in 2.00 s");

  // Nothing tried, nothing but the lemma proven; no lemma: nothing at all.
  const Proven gave_up = proven(lemma, SearchReport{});
  CHECK(gave_up.text == "steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1)");
  CHECK_FALSE(gave_up.witness_steps);
  CHECK(proven(StepLowerBound{}, SearchReport{}).text == "nothing proven");
}

TEST_CASE("what a run concludes: a climb's optimum, witness or give-up; one count's answer; a cube's own word") {
  const StepLowerBound lemma{3, "broadcast-all-port", "Wang-Tseng, Lemma 1 (torus case of the degree bound)"};
  auto report = [](std::optional<uint32_t> witness, std::vector<Attempt> attempts, uint64_t cubes_refuted = 0) {
    SearchReport r;
    r.witness_steps = witness;
    r.attempts = std::move(attempts);
    r.cubes_refuted = cubes_refuted;
    return r;
  };
  Asked climb;
  Conclusion c = conclude(lemma, report(3, {attempt(3, Outcome::sat, 1)}), climb);
  CHECK(c.word == "OPTIMAL");
  CHECK(c.steps == 3u);
  CHECK(c.with_lower_bound);
  CHECK(c.decided);
  CHECK(c.tail == ": steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 3: sat in 1.00 s");

  c = conclude(lemma, report(5, {attempt(3, Outcome::unsat, 1), attempt(4, Outcome::unknown, 9), attempt(5, Outcome::sat, 2)}),
               climb);
  CHECK(c.word == "FOUND");
  CHECK_FALSE(c.decided);
  CHECK(c.tail.starts_with(", optimum 4 or 5, not proven (4 unknown): steps 1..2 impossible"));
  c = conclude(lemma, report(6, {attempt(3, Outcome::unknown, 9), attempt(6, Outcome::sat, 2)}), climb);
  CHECK(c.tail.starts_with(", optimum between 3 and 6, not proven (3 unknown): "));

  c = conclude(lemma, report(std::nullopt, {attempt(3, Outcome::unknown, 9)}), climb);
  CHECK(c.word == "GAVE-UP");
  CHECK_FALSE(c.steps);
  CHECK_FALSE(c.with_lower_bound);
  CHECK_FALSE(c.decided);

  Asked count;
  count.kind = Asked::Kind::count;
  count.steps = 2;
  count.below_bound = true;
  c = conclude(lemma, SearchReport{}, count);
  CHECK(c.word == "UNSAT");
  CHECK(c.decided);
  CHECK(c.tail == ": no schedule in 2 steps: below the lower bound 3 of broadcast-all-port (Wang-Tseng, Lemma 1 "
                  "(torus case of the degree bound))");
  count.steps = 4;
  count.below_bound = false;
  count.witness_from = "found under dimension-order-shorter";
  c = conclude(lemma, report(4, {attempt(4, Outcome::sat, 1, "dimension-order-shorter", true)}), count);
  CHECK(c.word == "SAT");
  CHECK(c.tail == ": a schedule exists (found under dimension-order-shorter); the core verified it");
  // A stricter routing's unsat leaves the count open; the routing asked's decides it.
  c = conclude(lemma, report(std::nullopt, {attempt(4, Outcome::unsat, 1, "dimension-order-shorter", true)}), count);
  CHECK(c.word == "UNKNOWN");
  CHECK_FALSE(c.decided);
  CHECK(c.tail == ": no schedule on dimension-order-shorter in 4 steps (proof in 1.00 s); longer paths are not "
                  "searched");
  c = conclude(lemma, report(std::nullopt, {attempt(4, Outcome::unsat, 1)}), count);
  CHECK(c.word == "UNSAT");
  CHECK(c.decided);
  c = conclude(lemma, SearchReport{}, count);
  CHECK(c.word == "UNKNOWN");
  CHECK(c.tail == ": no answer within the time limit");
  // Below the lemma's bound a stricter routing's unsat is the lemma's answer too.
  count.steps = 2;
  c = conclude(lemma, report(std::nullopt, {attempt(2, Outcome::unsat, 1, "dimension-order-shorter", true)}), count);
  CHECK(c.word == "UNSAT");
  CHECK(c.decided);
  count.steps = 4;
  count.witness_from = "the SAT solver's model in m.txt";
  c = conclude(lemma, report(4, {attempt(4, Outcome::sat, 1)}), count);
  CHECK(c.tail == ": a schedule exists (the SAT solver's model in m.txt); the core verified it");

  Asked cube;
  cube.kind = Asked::Kind::cube;
  cube.steps = 2;
  cube.cube = 12;
  cube.cubes = 13;
  cube.split_ports = 1;
  c = conclude(lemma, report(std::nullopt, {attempt(2, Outcome::unsat, 1)}), cube);
  CHECK(c.word == "CUBE-UNSAT");
  CHECK_FALSE(c.with_lower_bound);
  CHECK(c.decided);
  CHECK(c.tail == ": no schedule in 2 steps in cube 12 of 13 (the source's paths out of ports 1..1 fixed) (proof in "
                  "1.00 s)");
  Asked cubes = cube;
  cubes.kind = Asked::Kind::cubes;
  c = conclude(lemma, report(std::nullopt, {attempt(2, Outcome::unsat, 1)}, 13), cubes);
  CHECK(c.word == "UNSAT");
  CHECK(c.tail == ": no schedule in 2 steps: all 13 cubes by the source's paths out of ports 1..1 refuted (proof in "
                  "1.00 s)");
  c = conclude(lemma, report(std::nullopt, {attempt(2, Outcome::unsat, 1, "dimension-order-shorter", true)}), cube);
  CHECK(c.word == "UNKNOWN");
  CHECK_FALSE(c.decided);
  CHECK(c.tail == ": no schedule on minimal paths, longer paths not searched in cube 12 of 13 (the source's paths out "
                  "of ports 1..1 fixed)");
  c = conclude(lemma, report(2, {attempt(2, Outcome::sat, 1)}, 4), cubes);
  CHECK(c.word == "SAT");
  CHECK(c.tail == ": a schedule exists in cube 4 of 13 cubes by the source's paths out of ports 1..1; the core "
                  "verified it");
  c = conclude(lemma, report(std::nullopt, {attempt(2, Outcome::unknown, 9)}, 5), cubes);
  CHECK(c.word == "UNKNOWN");
  CHECK(c.tail == ": 5 of 13 cubes by the source's paths out of ports 1..1 refuted, then no answer within the time "
                  "limit");
}

TEST_CASE("the stricter routing first gives the optimum of the routing asked") {
  // 4x6 under dimension order: 3 steps, found by the shorter-way run. 5x5
  // under free routing: 2 steps, where the shorter way needs 3 (its unsat
  // of 2 steps must not refute free routing).
  const std::pair<std::vector<uint32_t>, RouteRule> cases[] = {
      {{3, 3}, RouteRule::dimension_order}, {{4, 4}, RouteRule::shortest},      {{4, 6}, RouteRule::dimension_order},
      {{5, 5}, RouteRule::dimension_order}, {{5, 5}, RouteRule::shortest},      {{4, 6}, RouteRule::shortest},
      {{3, 3, 3}, RouteRule::dimension_order}};
  for (const auto& [sizes, rule] : cases) {
    BroadcastProblem direct = problem(sizes, rule), ordered = problem(sizes, rule);
    ordered.stricter_routing_first = true;
    const Found a = climb(direct, limits()), b = climb(ordered, limits());
    INFO(direct.grid.describe(), " ", broadcast_model_line(direct));
    REQUIRE(a.report.witness_steps);
    CHECK(b.report.witness_steps == a.report.witness_steps);
    CHECK(a.verified);
    CHECK(b.verified);  // checked under the routing asked
    CHECK(proven(core_bound(direct), a.report).optimal);
    CHECK(proven(core_bound(ordered), b.report).optimal);
    // A free-routing run is named: its routes are the minimal paths only.
    for (const Attempt& x : a.report.attempts) CHECK(x.routing == (rule == RouteRule::shortest ? "minimal paths" : ""));
  }
  BroadcastProblem p = problem({4, 6}, RouteRule::dimension_order);
  p.stricter_routing_first = true;
  const Found f = climb(p, limits());
  REQUIRE(!f.report.attempts.empty());
  CHECK(f.report.attempts.back().stricter_routing);
  CHECK(f.report.attempts.back().routing == "dimension-order-shorter");
  BroadcastProblem q = problem({5, 5}, RouteRule::shortest);
  q.stricter_routing_first = true;
  const Found g = climb(q, limits());
  REQUIRE(g.report.witness_steps == 2u);
  CHECK(g.report.attempts.front().outcome == Outcome::unsat);  // the shorter way, 2 steps
  CHECK(g.report.attempts.front().stricter_routing);
  CHECK(g.report.attempts.back().routing == "minimal paths");
  // Free routing in the format allows any path, the search only minimal
  // ones: on a path of 9 nodes their unsat of 2 steps refutes nothing, and
  // 3 steps are found but not proven optimal.
  const Found line = climb(problem({9}, RouteRule::shortest, false, false), limits());
  REQUIRE(line.report.witness_steps == 3u);
  CHECK(line.verified);
  const Proven open = proven(core_bound(problem({9}, RouteRule::shortest, false, false)), line.report);
  CHECK_FALSE(open.optimal);
  CHECK(open.unknown == std::vector<uint32_t>{2});
  CHECK_FALSE(stricter_routing(problem({5, 5}, RouteRule::dimension_order_shorter)));
  CHECK_FALSE(stricter_routing(problem({3, 3}, RouteRule::dimension_order, false, false)));  // a mesh: one way
}

// Every route of the grid under the rule, as the encoding lists them.
std::vector<Route> all_routes(const Grid& grid, RouteRule rule) {
  std::vector<Route> routes;
  for (uint32_t u = 0; u < grid.node_count(); ++u)
    for (Route& r : routes_from(grid, u, rule)) routes.push_back(std::move(r));
  return routes;
}

// A step's counts as {layer_min, layer_max, rest_min, rest_max}.
std::array<uint32_t, 4> ranges(const LayerStep& s) { return {s.layer_min, s.layer_max, s.rest_min, s.rest_max}; }

TEST_CASE("layer counts: the chains of the layer recursion fix every count of a 3-step broadcast on 8x14") {
  // 8x14 (n1 = 8): 5^3 = 125 >= 112, and the rest's 98 nodes need
  // 2A + 5B >= 98 after step 2 with A + B <= 25, B <= 16: only (9, 16),
  // reached only from (3, 2). Every rest-bound port then informs a new node.
  const std::vector<LayerStep> c = layer_count_steps(Grid{{8, 14}, true}, 3);
  REQUIRE(c.size() == 4);
  CHECK(ranges(c[1]) == std::array<uint32_t, 4>{3, 3, 2, 2});
  CHECK(ranges(c[2]) == std::array<uint32_t, 4>{9, 9, 16, 16});
  CHECK(c[3].layer_min == 14);
  CHECK(c[3].rest_min == 98);
  for (uint32_t t = 1; t <= 3; ++t) CHECK(c[t].rest_loss == 0);
  CHECK(c[2].layer_loss == 4);   // 3*3 + 2*2 - 9
  CHECK(c[3].layer_loss == 45);  // 3*9 + 2*16 - 14
  // The other way round the recursion refutes 3 steps (the core's bound is 4).
  CHECK(layer_count_steps(Grid{{14, 8}, true}, 3).empty());
  // 5x5 has room: after step 2 the source's layer holds 1 to 5 nodes and the rest 2 to 16.
  const std::vector<LayerStep> d = layer_count_steps(Grid{{5, 5}, true}, 3);
  REQUIRE(d.size() == 4);
  CHECK(ranges(d[2]) == std::array<uint32_t, 4>{1, 5, 2, 16});
  CHECK(layer_count_steps(Grid{{8}, true}, 3).empty());
  // n1 = 2: the rest is one layer, and its nodes' dimension-1 ports lead
  // back to the source's, so B' <= 2A + (2k-1)B. On 2x12 in 2 steps that
  // fixes (3, 2) and then (12, 12) with no port of the rest missing; with
  // 2k+1 the last step could miss 4.
  const std::vector<LayerStep> e = layer_count_steps(Grid{{2, 12}, true}, 2);
  REQUIRE(e.size() == 3);
  CHECK(e[1].layer_min == 3);
  CHECK(e[1].rest_min == 2);
  CHECK(e[2].rest_loss == 0);
}

TEST_CASE("the layer counts keep the schedules that exist: 3x3x4 in 2 steps under dimension order, none the shorter way") {
  // The recursion fixes both 2-step counts on 3x3x4 ((5, 2) after step 1,
  // and every rest-bound port used in step 2): a schedule under dimension
  // order meets them, and the core verifies it; the shorter way has none.
  BroadcastProblem p = problem({3, 3, 4}, RouteRule::dimension_order);
  REQUIRE(layer_count_steps(p.grid, 2).size() == 3);
  CHECK(layer_count_steps(p.grid, 2)[1].rest_min == 2);
  CHECK(layer_count_steps(p.grid, 2)[2].rest_loss == 0);
  const Found f = run(p, 2, 2);
  REQUIRE(f.report.witness_steps == 2u);
  CHECK(f.verified);
  const Found g = run(problem({3, 3, 4}, RouteRule::dimension_order_shorter), 2, 2);
  CHECK_FALSE(g.report.witness_steps);
  REQUIRE(!g.report.attempts.empty());
  CHECK(g.report.attempts.back().outcome == Outcome::unsat);
}

TEST_CASE("the source's symmetries: reflections under dimension order, exchanges of equal sides under free routing, and the point reflection alone") {
  struct Case {
    std::vector<uint32_t> sizes;
    RouteRule rule;
    bool wraps;
    size_t automorphisms;  // besides the identity
  };
  const Case cases[] = {
      {{5, 5}, RouteRule::dimension_order, true, 3},  // reflections in each set of dimensions
      {{4, 4}, RouteRule::dimension_order_shorter, true, 3},  // both ways at n/2, so reflections keep it
      {{5, 5}, RouteRule::shortest, true, 7},  // and the exchange: the 8 of the square
      {{4, 6}, RouteRule::shortest, true, 3},  // unequal sides are not exchanged
      {{3, 3, 3}, RouteRule::dimension_order, true, 7},
      {{3, 3, 3}, RouteRule::shortest, true, 47},
      {{4, 4}, RouteRule::single_hop, true, 7},
      {{3, 3}, RouteRule::dimension_order, false, 0},  // a mesh's corner: no reflection; order: no exchange
      {{3, 3}, RouteRule::shortest, false, 1},
  };
  for (const Case& c : cases) {
    Grid grid{c.sizes, c.wraps};
    const std::vector<Route> routes = all_routes(grid, c.rule);
    const SourceSymmetries s = source_symmetries(grid, routes);
    INFO(grid.describe(), " ", route_rule_name(c.rule));
    CHECK(s.node_images.size() == c.automorphisms);
    for (const std::vector<uint32_t>& image : s.node_images) CHECK(image[0] == 0);
    // A class's routes start at one orbit's nodes and end at one orbit's nodes.
    for (size_t r = 0; r < routes.size(); ++r) {
      const Route& rep = routes[s.route_orbit[r]];
      CHECK(s.route_orbit[r] <= r);
      CHECK(s.node_orbit[rep.from] == s.node_orbit[routes[r].from]);
      CHECK(s.node_orbit[rep.to] == s.node_orbit[routes[r].to]);
    }
    // The point reflection alone: x -> -x in every dimension, on a torus only.
    const SourceSymmetries point = source_symmetries(grid, routes, SymmetryGroup::point_reflection);
    REQUIRE(point.node_images.size() == (c.wraps ? 1U : 0U));
    for (const std::vector<uint32_t>& image : point.node_images)
      for (uint32_t v = 0; v < grid.node_count(); ++v)
        for (uint32_t d = 0; d < grid.dimensions(); ++d)
          CHECK(grid.coordinate(image[v], d) == (grid.sizes[d] - grid.coordinate(v, d)) % grid.sizes[d]);
  }
}

BroadcastProblem symmetric_first(std::vector<uint32_t> sizes, RouteRule rule, bool stricter_first) {
  BroadcastProblem p = problem(std::move(sizes), rule);
  p.symmetric_first = true;
  p.stricter_routing_first = stricter_first;
  return p;
}

TEST_CASE("the symmetric first try settles the optimum of 6x6 and 7x7, and the core verifies its witness") {
  // 6x6 has even sides: its node (3,0) is fixed by every reflection, so the
  // paths into it are left free of the symmetry (else it is never informed).
  for (uint32_t n : {6U, 7U}) {
    const BroadcastProblem p = symmetric_first({n, n}, RouteRule::dimension_order, true);
    const Found f = climb(p, limits());
    INFO(p.grid.describe());
    REQUIRE(f.report.witness_steps == 3u);
    CHECK(f.verified);  // under dimension order, the routing asked
    CHECK(f.report.attempts.back().routing == "symmetric dimension-order-shorter");
    CHECK(f.report.attempts.back().stricter_routing);
    CHECK(proven(core_bound(p), f.report).optimal);
  }
}

TEST_CASE("an unsat of a symmetric try refutes no count: 4x5 and 3x3x3 in 2 steps, 3x8 in 3") {
  // No schedule that every reflection keeps informs 4x5 or 3x3x3 in 2
  // steps, yet one that the point reflection keeps does.
  for (const std::vector<uint32_t>& sizes : {std::vector<uint32_t>{4, 5}, std::vector<uint32_t>{3, 3, 3}}) {
    const BroadcastProblem p = symmetric_first(sizes, RouteRule::dimension_order, false);
    const Found f = run(p, 2, 2);
    INFO(p.grid.describe());
    REQUIRE(f.report.attempts.size() == 2);
    CHECK(f.report.attempts[0].routing == "symmetric dimension-order");
    CHECK(f.report.attempts[0].outcome == Outcome::unsat);
    CHECK(f.report.attempts[0].stricter_routing);
    CHECK(f.report.attempts[1].routing == "point-symmetric dimension-order");
    CHECK(f.report.attempts[1].outcome == Outcome::sat);
    REQUIRE(f.report.witness_steps == 2u);
    CHECK(f.verified);
    CHECK(proven(core_bound(p), f.report).optimal);
  }
  // 5x5 under free routing: no symmetric schedule on the shorter way in 2
  // steps; minimal paths do it (the perfect-code try, which now comes first
  // and settles the count, is left out by asking each run alone).
  BroadcastProblem symmetric_shorter = problem({5, 5}, RouteRule::dimension_order_shorter);
  symmetric_shorter.symmetric_only = SymmetryGroup::all;
  const Found none = run(symmetric_shorter, 2, 2);
  REQUIRE(none.report.attempts.size() == 1u);
  CHECK(none.report.attempts.front().outcome == Outcome::unsat);
  CHECK_FALSE(none.report.witness_steps);
  const Found free = run(problem({5, 5}, RouteRule::shortest), 2, 2);
  REQUIRE(free.report.witness_steps == 2u);
  CHECK(free.verified);
  CHECK(free.report.attempts.back().routing == "minimal paths");
  // 3x8 under the shorter way: the symmetric tries leave 2 steps open, the
  // routing asked alone refutes them, and the symmetric try settles 3.
  const BroadcastProblem q = symmetric_first({3, 8}, RouteRule::dimension_order_shorter, true);
  const Found ordered = climb(q, limits());
  REQUIRE(ordered.report.witness_steps == 3u);
  CHECK(ordered.verified);
  const Proven proof = proven(core_bound(q), ordered.report);
  CHECK(proof.optimal);
  CHECK(proof.text.find("2: unsat in ") != std::string::npos);
  CHECK(proof.text.find(" under dimension-order-shorter; 3: sat in ") != std::string::npos);
  // 5x5 under dimension order: the code's try settles 3, the layer count
  // having refuted 2.
  const Found code = climb(symmetric_first({5, 5}, RouteRule::dimension_order, true), limits());
  REQUIRE(code.report.witness_steps == 3u);
  CHECK(code.verified);
  CHECK(code.report.attempts.back().routing == "perfect-code dimension-order");
  // Symmetric unsats alone leave their count open.
  SearchReport only;
  only.attempts = {Attempt{2, Outcome::unsat, 0.1, "symmetric dimension-order-shorter", true},
                   Attempt{2, Outcome::unsat, 0.1, "point-symmetric dimension-order-shorter", true},
                   Attempt{2, Outcome::unknown, 5, "dimension-order-shorter", false}};
  const Proven open = proven(core_bound(q), only);
  CHECK(open.impossible_below == 2);
  CHECK(open.unknown == std::vector<uint32_t>{2});
  CHECK(open.text.find("(unsat under symmetric dimension-order-shorter, point-symmetric dimension-order-shorter "
                       "only)") != std::string::npos);
}

TEST_CASE("the perfect Lee code: on a torus whose sides are multiples of 2k+1, every other node is next to one") {
  for (const std::vector<uint32_t>& sizes :
       {std::vector<uint32_t>{5, 5}, std::vector<uint32_t>{10, 5}, std::vector<uint32_t>{7, 7, 7}}) {
    Grid grid;
    grid.sizes = sizes;
    const std::vector<bool> code = perfect_lee_code(grid);
    INFO(grid.describe());
    REQUIRE(code.size() == grid.node_count());
    uint32_t members = 0;
    for (uint32_t v = 0; v < grid.node_count(); ++v) {
      uint32_t next_to = 0;
      for (uint32_t d = 0; d < grid.dimensions(); ++d)
        for (bool negative : {false, true}) next_to += code[static_cast<uint32_t>(grid.neighbour(v, d, negative))];
      CHECK(next_to == (code[v] ? 0U : 1U));
      members += code[v];
    }
    CHECK(members * (2 * grid.dimensions() + 1) == grid.node_count());
  }
  Grid six;
  six.sizes = {6, 6};
  CHECK(perfect_lee_code(six).empty());
  Grid mesh;
  mesh.sizes = {5, 5};
  mesh.wraps = false;
  CHECK(perfect_lee_code(mesh).empty());
  CHECK(lee_code(mesh).empty());
}

TEST_CASE("the Lee code off the perfect tori: the same sums, and seams where a node is two hops from it") {
  Grid grid;
  grid.sizes = {8, 14};
  const std::vector<bool> code = lee_code(grid);
  REQUIRE(code.size() == grid.node_count());
  uint32_t members = 0, far = 0;
  for (uint32_t v = 0; v < grid.node_count(); ++v) {
    CHECK(code[v] == ((grid.coordinate(v, 0) + 2 * grid.coordinate(v, 1)) % 5 == 0));
    members += code[v];
    bool near = code[v];
    for (uint32_t d = 0; d < 2; ++d)
      for (bool negative : {false, true}) near = near || code[static_cast<uint32_t>(grid.neighbour(v, d, negative))];
    far += !near;
  }
  CHECK(members == 22);  // as specs/search-broadcast.md counts for 8x14
  CHECK(far > 0);
}

TEST_CASE("the perfect-code try settles 5x5 under free routing in 2 steps, and the core verifies its witness") {
  // Its last step informs the 20 neighbours of the code's 5 nodes by single
  // hops; step 1 informs the code from the source along minimal paths.
  const BroadcastProblem p = symmetric_first({5, 5}, RouteRule::shortest, true);
  const Found f = climb(p, limits());
  REQUIRE(f.report.witness_steps == 2u);
  CHECK(f.verified);
  CHECK(f.checked_steps == 2u);
  CHECK(f.report.attempts.back().routing == "perfect-code minimal paths");
  CHECK(f.report.attempts.back().stricter_routing);
  // The other structured tries are not built once it has settled the count.
  CHECK(f.report.attempts.size() == 1u);
}

TEST_CASE("maximum flows meet Lemma 1 under free routing where the solver gave up, and the core verifies them") {
  // 11x11 (121 of Lemma 1's 125 in 3 steps), 6x6x6, 5x7x7, 6x6x7 and 6x7x7:
  // Z3 had no answer at 3 steps in 300 s under minimal paths; 16x16 in 4,
  // and a mesh, whose border channels the flows leave out.
  struct Case {
    std::vector<uint32_t> sizes;
    bool wraps;
    uint32_t steps;
  };
  for (const Case& c : {Case{{11, 11}, true, 3}, Case{{6, 6, 6}, true, 3}, Case{{5, 7, 7}, true, 3},
                        Case{{6, 6, 7}, true, 3}, Case{{6, 7, 7}, true, 3}, Case{{16, 16}, true, 4},
                        Case{{4, 4}, false, 3}}) {
    const BroadcastProblem p = problem(c.sizes, RouteRule::shortest, false, c.wraps);
    INFO(p.grid.describe());
    const std::optional<std::string> body = flow_broadcast(p.grid, c.steps, StepwiseLimits{64});
    REQUIRE(body);
    Found f;
    f.report.witness_steps = c.steps;
    f.report.witness = *body;
    recheck(f, p.grid, broadcast_model_line(p), "broadcast source 0");
    CHECK(f.verified);
    CHECK(f.checked_steps == c.steps);
  }
  // One step is a single flow, so its answer is exact: the source's four
  // channels cannot reach a 3x3 torus's eight other nodes.
  Grid three;
  three.sizes = {3, 3};
  CHECK_FALSE(flow_broadcast(three, 1, StepwiseLimits{}));
  CHECK(flow_broadcast(three, 2, StepwiseLimits{}));
}

TEST_CASE("the search tries the flows first under free routing: 6x6x6 is optimal at Lemma 1's 3 steps") {
  BroadcastProblem p = symmetric_first({6, 6, 6}, RouteRule::shortest, true);
  p.flow_first = true;
  const Found f = climb(p, limits());
  REQUIRE(f.report.witness_steps == 3u);
  CHECK(f.verified);
  REQUIRE(f.report.attempts.size() == 1u);
  CHECK(f.report.attempts.back().routing == "max-flow paths");
  CHECK(f.report.attempts.back().stricter_routing);
  CHECK(proven(core_bound(p), f.report).optimal);
  // Under dimension order the flows are not tried: their paths are any paths.
  BroadcastProblem ordered = symmetric_first({3, 3}, RouteRule::dimension_order, false);
  ordered.flow_first = true;
  const Found o = climb(ordered, limits());
  REQUIRE(o.report.witness_steps == 2u);
  CHECK(o.report.attempts.back().routing != "max-flow paths");
}

TEST_CASE("the shorter way's spread steps meet Lemma 1 on 6x6x6 and 5x7x7, under both dimension orders") {
  // Z3's whole encoding had no answer at 3 steps in 300 s on either, nor
  // had cadical; here the steps before the last are greedy, the last exact.
  for (const std::vector<uint32_t>& sizes : {std::vector<uint32_t>{6, 6, 6}, std::vector<uint32_t>{5, 7, 7}}) {
    for (const RouteRule rule : {RouteRule::dimension_order_shorter, RouteRule::dimension_order}) {
      BroadcastProblem p = problem(sizes, rule);
      INFO(p.grid.describe(), " ", route_rule_name(rule));
      p.shorter_way_spread = true;
      const Found f = run(p, 3, 3);
      REQUIRE(f.report.witness_steps == 3u);
      CHECK(f.verified);
      CHECK(f.checked_steps == 3u);
      REQUIRE(f.report.attempts.size() == 1u);
      CHECK(f.report.attempts.back().routing == "spread dimension-order-shorter");
      CHECK(proven(core_bound(p), f.report).optimal);
    }
  }
  // With one step the last step is the whole schedule, decided exactly:
  // the source's four channels cannot reach a 3x3 torus's eight other nodes.
  Grid three;
  three.sizes = {3, 3};
  CHECK_FALSE(shorter_way_broadcast(three, 1, StepwiseLimits{}));
  CHECK(shorter_way_broadcast(three, 2, StepwiseLimits{}));
  // On a mesh the paths go the one way there is.
  Grid mesh;
  mesh.sizes = {4, 4};
  mesh.wraps = false;
  const std::optional<std::string> body = shorter_way_broadcast(mesh, 3, StepwiseLimits{});
  REQUIRE(body);
  BroadcastProblem m = problem({4, 4}, RouteRule::dimension_order, false, false);
  Found f;
  f.report.witness_steps = 3;
  f.report.witness = *body;
  recheck(f, m.grid, broadcast_model_line(m), "broadcast source 0");
  CHECK(f.verified);
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

TEST_CASE("time-independent gossip: 3x3, 3x4 and 4x4 reach the optima 2, 3 and 4") {
  // The maps may leave out a direction whose neighbour holds the packet at
  // the end of the step (property 9): with every send the maps make forced,
  // 3x4 and 4x4 would need a step more.
  const std::pair<std::vector<uint32_t>, uint32_t> cases[] = {{{3, 3}, 2}, {{3, 4}, 3}, {{4, 4}, 4}};
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

TEST_CASE("time-independent gossip without structured tries: the symmetry break keeps a witness at each optimum") {
  // PU 0's map is asked to be the least of every PU's map under the torus's
  // automorphisms (least_map_at_the_origin). Were that unsound, some
  // satisfiable count would come out unsat: here Z3 alone, with the break,
  // must find a witness at each known optimum and none below it.
  const std::pair<std::vector<uint32_t>, uint32_t> cases[] = {
      {{3, 3}, 2}, {{3, 4}, 3}, {{4, 4}, 4}, {{3, 5}, 4}, {{2, 2, 2}, 3}, {{2, 6}, 4}};
  for (const auto& [sizes, fewest] : cases) {
    CAPTURE(sizes.size());
    CAPTURE(sizes.back());
    Grid grid;
    grid.sizes = sizes;
    Found f{search_time_independent_gossip(grid, fewest - 1, fewest, limits(), false)};
    recheck(f, grid, "store-and-forward all-port non-combining", "gossip");
    REQUIRE(f.report.witness_steps == fewest);
    CHECK(f.report.attempts.front().outcome == Outcome::unsat);
    CHECK(f.verified);
    CHECK(f.forwarding == schedcheck::ForwardingClass::time_independent);
  }
}

TEST_CASE("translation-invariant gossip: the fewest steps of the class, each witness time-independent by the core") {
  // 4x4 and 2x2x2 meet the counting bound ceil((P-1)/2k); 3x7 reaches the
  // time-independent optimum 6 only with packets that reach a PU twice, and
  // 4x8 reaches 9 with them (10 without); 5x5 takes a step above its bound.
  // On 3x8 a packet could come back to its origin, which must not send it
  // on (the core reads that as holding it back).
  const std::pair<std::vector<uint32_t>, uint32_t> cases[] = {
      {{4, 4}, 4}, {{3, 7}, 6}, {{4, 8}, 9}, {{5, 5}, 7}, {{3, 8}, 8}, {{2, 2, 2}, 3}};
  for (const auto& [sizes, fewest] : cases) {
    CAPTURE(sizes.size());
    CAPTURE(sizes.back());
    Grid grid;
    grid.sizes = sizes;
    CHECK(translation_invariant_gossip(grid, fewest - 1).outcome == Outcome::unsat);
    const TranslationInvariantResult r = translation_invariant_gossip(grid, fewest);
    REQUIRE(r.outcome == Outcome::sat);
    Found f;
    f.report.witness_steps = fewest;
    f.report.witness = r.witness;
    recheck(f, grid, "store-and-forward all-port non-combining", "gossip");
    CHECK(f.verified);
    CHECK(f.checked_steps == fewest);
    CHECK(f.forwarding == schedcheck::ForwardingClass::time_independent);
  }
}

TEST_CASE("time-independent gossip with a limit per count: past an unknown count to a witness above it") {
  // 5x5 in 6 steps has no answer in half a second (nor in 150 s); in 7 the
  // enumeration finds a translation-invariant schedule at once.
  Grid grid;
  grid.sizes = {5, 5};
  SearchLimits l = limits();
  l.count_timeout = [](uint32_t) { return 0.5; };
  Found f{search_time_independent_gossip(grid, 6, 8, l)};
  REQUIRE(f.report.attempts.size() == 2);
  CHECK(f.report.attempts[0].outcome == Outcome::unknown);
  CHECK(f.report.gave_up);  // the witness is not proven optimal
  recheck(f, grid, "store-and-forward all-port non-combining", "gossip");
  REQUIRE(f.report.witness_steps == 7u);
  CHECK(f.verified);
  CHECK(f.forwarding == schedcheck::ForwardingClass::time_independent);
}

TEST_CASE("translation-invariant gossip: unknown out of budget and off a torus, never unsat") {
  Grid torus;
  torus.sizes = {5, 5};
  EnumerationBudget tiny;
  tiny.max_nodes = 3;
  CHECK(translation_invariant_gossip(torus, 6, tiny).outcome == Outcome::unknown);
  Grid mesh = torus;
  mesh.wraps = false;
  CHECK(translation_invariant_gossip(mesh, 24).outcome == Outcome::unknown);
}

}  // namespace

namespace {

using schedcheck::search::NamedValues;

std::optional<NamedValues> sat_model(const std::string& cnf, const std::string& model, std::string& error) {
  std::istringstream c(cnf), m(model);
  return read_sat_model(c, m, error);
}

TEST_CASE("another solver's model is read back through the CNF's names") {
  const std::string cnf = "p cnf 4 2\n1 -2 0\n3 4 0\nc 1 x_1_0\nc 3 informed_1_2\nc 4 k!7\n";
  std::string error;
  const auto values = sat_model(cnf, "c a comment\ns SATISFIABLE\nv 1 -2 -3\nv 4 0\n", error);
  REQUIRE(values);
  CHECK(*values == NamedValues{{"x_1_0", true}, {"informed_1_2", false}, {"k!7", true}});
  // A variable the model leaves out is left out.
  CHECK(sat_model(cnf, "s SATISFIABLE\nv -3 0\n", error) == NamedValues{{"informed_1_2", false}});
  // Each refused, with the words that say why: {CNF (empty: `cnf`), solver output, why}.
  const std::string_view refused[][3] = {
      {"", "s UNSATISFIABLE\n", "not 's SATISFIABLE'"},
      {"", "s SATISFIABLE\nv 1 2\n", "do not end with 0"},
      {"", "v 1 0\n", "no line 's SATISFIABLE'"},
      {"", "s SATISFIABLE\nv 1 x 0\n", "expected literals"},
      {"", "s SATISFIABLE\nv 1-2 0\n", "expected literals"},
      {"", "s SATISFIABLE\nv 1 -7 0\n", "literal -7 names no variable of the CNF, which has 4"},
      {"", "s SATISFIABLE\nv -9223372036854775808 0\n", "names no variable"},
      {"", "s SATISFIABLE\nv 1 0\nv 2 0\n", "after the model's closing 0"},
      {"p cnf 4 2\n1 -2 0\n", "s SATISFIABLE\nv 1 0\n", "names none"},
      {"c 1 x_1_0\n", "s SATISFIABLE\nv 1 0\n", "no line 'p cnf V C'"},
  };
  for (const auto& [other_cnf, output, why] : refused) {
    CAPTURE(output);
    CHECK_FALSE(sat_model(other_cnf.empty() ? cnf : std::string(other_cnf), std::string(output), error));
    CHECK(error.find(why) != std::string::npos);
  }
  // Files with CRLF line ends read as with LF.
  CHECK(sat_model("p cnf 4 2\r\nc 1 x_1_0\r\n", "s SATISFIABLE\r\nv 1 0\r\n", error) ==
        NamedValues{{"x_1_0", true}});
}

TEST_CASE("a model that is no schedule of the encoding is unsat, never a witness") {
  const BroadcastProblem p = problem({3, 3}, RouteRule::dimension_order);
  NamedValues nothing_sent;
  for (int t = 1; t <= 2; ++t)
    for (int r = 0; r < 2000; ++r) nothing_sent.emplace_back(fmt::format("x_{}_{}", t, r), false);
  SearchLimits limits;
  limits.timeout_seconds = 60;
  std::string unset;
  const SearchReport report = search_broadcast_from_model(p, 2, nothing_sent, limits, unset);
  CHECK(unset.empty());
  REQUIRE(report.attempts.size() == 1);
  CHECK(report.attempts[0].outcome == Outcome::unsat);
  CHECK_FALSE(report.witness_steps);
  // A model that leaves a send unset is of another encoding: no attempt, the send named.
  const SearchReport partial = search_broadcast_from_model(p, 2, {{"x_1_0", true}}, limits, unset);
  CHECK(partial.attempts.empty());
  CHECK(unset == "x_1_1");
}

}  // namespace

// Flit search tests: scatter and gather optima on small trees, by hand and by brute force; the core re-checks every witness.
//
// The brute force knows nothing of Z3: it tries every order of the non-null
// messages as one gap-free stream from (into) the root and keeps the best.
// Bhatt et al.'s Theorem 1 says that farthest destination first is the best
// order and that gaps never help; the search allows every dispatch time, so
// agreeing with the brute force on every tree shape checks the theorem on
// those trees instead of assuming it.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checker.hpp"
#include "flit_search.hpp"
#include "rooted_generator.hpp"
#include "tree_shapes.hpp"

namespace {

using namespace schedcheck::search;

// A tree by parent list (parents[root of the tree] = no_parent), as a network.
std::vector<std::vector<uint32_t>> tree_neighbours(const std::vector<uint32_t>& parents) {
  std::vector<std::vector<uint32_t>> out(parents.size());
  for (uint32_t v = 0; v < parents.size(); ++v)
    if (parents[v] != no_parent) out[v].push_back(parents[v]), out[parents[v]].push_back(v);
  return out;
}

std::string tree_line(const std::vector<uint32_t>& parents) {
  std::string s = "topology tree parents";
  for (uint32_t p : parents) s += p == no_parent ? " -" : fmt::format(" {}", p);
  return s;
}

FlitProblem tree_problem(const std::vector<uint32_t>& parents, std::vector<uint64_t> lengths, FlitCollective collective,
                         bool one_port = true, uint32_t root = 0) {
  FlitProblem p;
  p.collective = collective;
  p.neighbours = tree_neighbours(parents);
  p.root = root;
  p.lengths = std::move(lengths);
  p.one_port = one_port;
  return p;
}

struct Checked {
  bool verified = false;
  uint64_t time = 0;
  bool claim_holds = false;
};

// The core reads `body` under the problem's header, like any user's file.
Checked core_check(const std::string& topology_line, const FlitProblem& p, uint64_t claim, const std::string& body) {
  const std::string text = fmt::format("schedcheck 1\n{}\nmodel {}\ncollective {}\nclaim time={}\n{}", topology_line,
                                       flit_model_line(p), flit_collective_line(p), claim, body);
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Diagnostics diag("witness", 5);
  schedcheck::Header header;
  const schedcheck::Verdict v = schedcheck::check_schedule(source, header, diag);
  return {v.verified, v.time.value_or(0), v.claim_time_holds.value_or(false)};
}

struct Found {
  SearchReport report;
  uint64_t time = 0;
  Checked checked;
  bool refuted_below = false;  // time - 1 unsat, or below the lower bound
};

SearchLimits limits() {
  SearchLimits l;
  l.timeout_seconds = 120;
  return l;
}

Found search(const std::vector<uint32_t>& parents, const FlitProblem& p) {
  Found f;
  f.report = search_flit(p, limits());
  if (!f.report.witness_steps) return f;
  f.time = *f.report.witness_steps;
  f.checked = core_check(tree_line(parents), p, f.time, f.report.witness);
  f.refuted_below = f.time == 0 || f.time == flit_lower_bound(p).time;
  for (const Attempt& a : f.report.attempts)
    f.refuted_below |= a.outcome == Outcome::unsat && a.steps + 1 == f.time;
  return f;
}

// The best gap-free stream over every order of the non-null messages:
// scatter sends them back to back from time 0, and message j, of d_j hops,
// arrives at prefix_j + d_j - 1 (prefix_j counting its own length). A
// gather is the same stream reversed in time. All-port streams each
// subtree of the root down its own channel, independently.
uint64_t brute_force(const FlitProblem& p) {
  const std::vector<uint32_t> parent = flit_spanning_tree(p);
  std::vector<uint32_t> depth(parent.size(), 0), branch(parent.size(), p.root);
  for (uint32_t v = 0; v < parent.size(); ++v)
    for (uint32_t u = v; u != p.root; u = parent[u]) {
      ++depth[v];
      branch[v] = u;  // ends as the root's child above v
    }
  uint64_t time = 0;
  for (uint32_t b = 0; b < parent.size(); ++b) {
    std::vector<uint32_t> messages;
    for (uint32_t v = 0; v < parent.size(); ++v)
      if (v != p.root && p.lengths[v] > 0 && (p.one_port || branch[v] == b)) messages.push_back(v);
    if (messages.empty() || (p.one_port && b > 0)) continue;
    uint64_t best = UINT64_MAX;
    do {
      uint64_t prefix = 0, stream = 0;
      for (uint32_t v : messages) {
        prefix += p.lengths[v];
        stream = std::max(stream, prefix + depth[v] - 1);
      }
      best = std::min(best, stream);
    } while (std::next_permutation(messages.begin(), messages.end()));
    time = std::max(time, best);
  }
  return time;
}

// Lengths 0..3 for one tree, from a seed; some are 0 (null messages) and
// the root's own is not (it needs no train, whatever its length).
std::vector<uint64_t> lengths_for(size_t nodes, uint64_t seed) {
  std::vector<uint64_t> l(nodes);
  uint64_t x = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  for (size_t v = 0; v < nodes; ++v) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    l[v] = (x >> 33) % 4;
  }
  l[0] = 1 + seed % 3;
  if (nodes > 2) l[1 + seed % (nodes - 1)] = 0;
  return l;
}

// Under AddressSanitizer every Z3 context maps its large tables afresh
// (about 15 ms a search instead of 1.5 ms), so the sweep takes every third
// instance there, to stay within the sanitizer run's few minutes.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t sweep_stride = 3;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr size_t sweep_stride = 3;
#else
constexpr size_t sweep_stride = 1;
#endif
#else
constexpr size_t sweep_stride = 1;
#endif

}  // namespace

TEST_CASE("scatter on the tree - 0 0 1, lengths 0 2 3 1: 6 one-port, 3 all-port") {
  const std::vector<uint32_t> tree{no_parent, 0, 0, 1};
  const Found one = search(tree, tree_problem(tree, {0, 2, 3, 1}, FlitCollective::scatter));
  REQUIRE(one.report.witness_steps == 6u);
  CHECK(one.checked.verified);
  CHECK(one.checked.time == 6);
  CHECK(one.checked.claim_holds);
  CHECK(one.refuted_below);  // 5 is below flit-root-stream
  CHECK(flit_lower_bound(tree_problem(tree, {0, 2, 3, 1}, FlitCollective::scatter)).name == "flit-root-stream");
  // The hand schedule, farthest destination first: 3 at 0, 1 at 1, 2 at 3.
  const Checked fdf = core_check(tree_line(tree), tree_problem(tree, {0, 2, 3, 1}, FlitCollective::scatter), 6,
                                 "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @3\n");
  CHECK(fdf.verified);
  CHECK(fdf.time == 6);
  const Found all = search(tree, tree_problem(tree, {0, 2, 3, 1}, FlitCollective::scatter, false));
  REQUIRE(all.report.witness_steps == 3u);
  CHECK(all.checked.verified);
  CHECK(all.checked.time == 3);
}

TEST_CASE("gather into the end of the path 0 - 1 - 2 - 3, lengths 0 3 1 2: 6") {
  const std::vector<uint32_t> path{no_parent, 0, 1, 2};
  const Found f = search(path, tree_problem(path, {0, 3, 1, 2}, FlitCollective::gather));
  REQUIRE(f.report.witness_steps == 6u);
  CHECK(f.checked.verified);
  CHECK(f.checked.time == 6);
  CHECK(f.refuted_below);
}

TEST_CASE("two deep messages and a near one: 4, above both lower bounds (3), and 3 is unsat") {
  // 0 - 1 - 2 - 3, 0 - 4 - 5 - 6, 0 - 7; one flit each for 3, 6 and 7.
  const std::vector<uint32_t> tree{no_parent, 0, 1, 2, 0, 4, 5, 0};
  const std::vector<uint64_t> lengths{0, 0, 0, 1, 0, 0, 1, 1};
  for (FlitCollective c : {FlitCollective::scatter, FlitCollective::gather})
    for (bool strengthen : {true, false}) {
      FlitProblem p = tree_problem(tree, lengths, c);
      p.strengthen = strengthen;
      CHECK(flit_lower_bound(p).time == 3);
      const Found f = search(tree, p);
      REQUIRE(f.report.witness_steps == 4u);
      CHECK(f.checked.verified);
      CHECK(f.checked.time == 4);
      REQUIRE(f.report.attempts.front().steps == 3);
      CHECK(f.report.attempts.front().outcome == Outcome::unsat);
    }
}

TEST_CASE("a root inside the tree: the routes follow the tree from there") {
  // The tree - 0 0 1 with the collective's root at node 3: 1 is 1 hop, 0 is 2, 2 is 3.
  const std::vector<uint32_t> tree{no_parent, 0, 0, 1};
  for (FlitCollective c : {FlitCollective::scatter, FlitCollective::gather})
    for (bool one_port : {true, false}) {
      const FlitProblem p = tree_problem(tree, {2, 1, 3, 4}, c, one_port, 3);
      const Found f = search(tree, p);
      REQUIRE(f.report.witness_steps);
      CHECK(f.checked.verified);
      CHECK(f.time == brute_force(p));
      CHECK(f.time == 6);  // 2 (3 hops) first, then 0, then 1; one neighbour: all-port is one-port
    }
}

TEST_CASE("nothing to move: time 0") {
  const std::vector<uint32_t> tree{no_parent, 0, 0};
  const Found f = search(tree, tree_problem(tree, {5, 0, 0}, FlitCollective::scatter));
  REQUIRE(f.report.witness_steps == 0u);
  CHECK(f.checked.verified);
  CHECK(f.report.witness.empty());
}

TEST_CASE("refused: too many messages, an unreachable message") {
  const std::vector<uint32_t> path = [] {
    std::vector<uint32_t> p{no_parent};
    for (uint32_t v = 1; v < 26; ++v) p.push_back(v - 1);
    return p;
  }();
  CHECK(flit_problem_error(tree_problem(path, std::vector<uint64_t>(26, 1), FlitCollective::scatter)).find("25") !=
        std::string::npos);
  FlitProblem apart;
  apart.neighbours = {{1}, {0}, {}};
  apart.lengths = {0, 1, 1};
  CHECK(flit_problem_error(apart).find("node 2") != std::string::npos);
}

// Every tree shape up to 6 non-root nodes, three length vectors each, scatter and
// gather, one-port and all-port: the search's optimum is the best gap-free
// order's, the time just below it is refuted, and the core verifies every
// witness at that time, with the plain encoding (the disjunctions of the
// model alone) and with the strengthened one.
TEST_CASE("every tree shape up to 8 non-root nodes: the optimum is the best gap-free order's (Theorem 1)") {
  size_t instances = 0, searched = 0, above_bound = 0;
  for (uint32_t below = 1; below <= 8; ++below) {
    const auto shapes = schedcheck::test::tree_shapes(below + 1, no_parent);
    for (size_t s = 0; s < shapes.size(); ++s)
      for (uint64_t seed = 0; seed < 3; ++seed) {
        const std::vector<uint64_t> lengths = lengths_for(below + 1, s * 3 + seed);
        for (FlitCollective c : {FlitCollective::scatter, FlitCollective::gather})
          for (bool one_port : {true, false}) {
            if (instances++ % sweep_stride != 0) continue;
            FlitProblem p = tree_problem(shapes[s], lengths, c, one_port);
            const uint64_t expected = brute_force(p);
            for (bool strengthen : {false, true}) {
              // The plain encoding's unsat answers grow exponentially with
              // the trains (specs/encoding.md): it is compared up to 6.
              if (!strengthen && below > 6) continue;
              p.strengthen = strengthen;
              const Found f = search(shapes[s], p);
              INFO(tree_line(shapes[s]), " lengths ", fmt::format("{}", fmt::join(lengths, " ")), " ",
                   flit_collective_line(p), " ", flit_model_line(p), strengthen ? "" : " plain");
              ++searched;
              REQUIRE(f.report.witness_steps);
              CHECK(f.time == expected);
              CHECK(f.refuted_below);
              CHECK(f.checked.verified);
              CHECK(f.checked.time == f.time);
              above_bound += !strengthen && f.time > flit_lower_bound(p).time;
            }
          }
      }
  }
  MESSAGE(fmt::format("{} instances, {} searches, {} optima above the lower bound", instances, searched,
                      above_bound));
  CHECK(above_bound > 0);  // the sweep does exercise unsat answers
}

namespace {

// Shoulder tapping's time on the path 0 - 1 - ... - n into 0, as generated.
uint64_t shoulder_tap_time(const std::vector<uint64_t>& lengths) {
  std::string error;
  auto network = schedcheck::gen::Network::parse(fmt::format("path:{}", lengths.size()), error);
  REQUIRE(network.has_value());
  const auto* g = schedcheck::gen::find_rooted_generator("gather-shoulder-tap");
  REQUIRE(g != nullptr);
  const auto schedule = schedcheck::gen::plan_rooted(*g, {std::move(*network), 0, lengths}, error);
  REQUIRE_MESSAGE(schedule.has_value(), error);
  return schedule->time;
}

// The optimum over every gather obeying (5), its witness checked by the core
// and the time below it unsat: it must be shoulder tapping's (Theorem 2).
void theorem_2(const std::vector<uint64_t>& lengths) {
  std::vector<uint32_t> parents(lengths.size());
  for (uint32_t v = 0; v < parents.size(); ++v) parents[v] = v == 0 ? no_parent : v - 1;
  FlitProblem p = tree_problem(parents, lengths, FlitCollective::gather);
  p.wake_up_chain = true;
  REQUIRE(flit_problem_error(p).empty());
  const Found f = search(parents, p);
  INFO("lengths ", fmt::format("{}", fmt::join(lengths, " ")), "\n", f.report.witness);
  REQUIRE(f.report.witness_steps.has_value());
  CHECK(f.checked.verified);
  CHECK(f.checked.time == f.time);
  CHECK(f.refuted_below);
  CHECK(f.time == shoulder_tap_time(lengths));
}

TEST_CASE("Theorem 2 by Z3: shoulder tapping is the fastest gather obeying (5), Figures 2 and 3's kinds and random paths") {
  // A typical sequence (Figure 2's kind): the stream into P_0 has gaps
  // only while the wake-up calls run ahead.
  theorem_2({0, 2, 1, 3, 0, 2, 1, 2});
  // A pathological one (Figure 3's kind): P_1's long message holds P_2
  // back, so P_2 dispatches at 7 and P_5, farther, at 5.
  theorem_2({0, 6, 1, 0, 0, 1});
  uint64_t x = 12345;
  for (size_t i = 0; i < 200; i += sweep_stride) {
    std::vector<uint64_t> lengths(2 + i % 9, 0);
    for (size_t v = 1; v < lengths.size(); ++v) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      lengths[v] = (x >> 33) % 5;
    }
    theorem_2(lengths);
  }
}

TEST_CASE("a wake-up chain is refused off a path and for a scatter") {
  FlitProblem p = tree_problem({no_parent, 0, 0}, {0, 1, 1}, FlitCollective::gather);
  p.wake_up_chain = true;
  CHECK(flit_problem_error(p).find("not one") != std::string::npos);
  FlitProblem q = tree_problem({no_parent, 0, 1}, {0, 1, 1}, FlitCollective::scatter);
  q.wake_up_chain = true;
  CHECK(flit_problem_error(q).find("gather") != std::string::npos);
}

}  // namespace

TEST_CASE("what a flit search's report proves: optimum, least on the tree's routes, found, gave up") {
  const FlitBound core{4, "flit-root-stream"}, tree{5, "flit-root-stream"};
  auto report = [](std::optional<uint32_t> witness, std::vector<Attempt> attempts) {
    SearchReport r;
    r.witness_steps = witness;
    r.attempts = std::move(attempts);
    return r;
  };
  // At the core's bound: optimum on any network.
  FlitConclusion c = conclude_flit(report(4, {{4, Outcome::sat, 0.1}}), core, tree, false);
  CHECK(c.kind == FlitConclusion::Kind::optimum);
  CHECK(c.proof == "time 3: below the lower bound");
  // An unsat just below the witness proves the optimum on a tree, and only
  // the least on the tree's routes where other routes exist.
  const SearchReport unsat_below = report(6, {{5, Outcome::unsat, 0.25}, {6, Outcome::sat, 0.1}});
  c = conclude_flit(unsat_below, core, tree, true);
  CHECK(c.kind == FlitConclusion::Kind::optimum);
  CHECK(c.proof == "time 5: unsat in 0.25 s");
  CHECK(c.least == 6);
  c = conclude_flit(unsat_below, core, tree, false);
  CHECK(c.kind == FlitConclusion::Kind::least_on_tree);
  CHECK(c.tree_proof == "time 5: unsat in 0.25 s");
  CHECK(c.least == 4);  // the tree's unsat refutes nothing for other routes
  // At the tree's own bound, above the core's: the least on the tree's routes.
  c = conclude_flit(report(5, {{5, Outcome::sat, 0.1}}), core, tree, false);
  CHECK(c.kind == FlitConclusion::Kind::least_on_tree);
  CHECK(c.tree_proof == "time 4: below the lower bound");
  // Unknown below the witness: found, with the times between undecided.
  c = conclude_flit(report(7, {{5, Outcome::unsat, 0.2}, {6, Outcome::unknown, 9.0}, {7, Outcome::sat, 0.1}}), core,
                    tree, true);
  CHECK(c.kind == FlitConclusion::Kind::found);
  CHECK(c.least == 6);
  c = conclude_flit(report(std::nullopt, {{5, Outcome::unknown, 9.0}}), core, tree, true);
  CHECK(c.kind == FlitConclusion::Kind::gave_up);
  CHECK(c.least == 4);
}

// JRS sweep: approaches 1 and 2 and circgos over the sizes they allow, each schedule checked by the core.
//
// The generator claims its reconstructed step count and time (specs/lemmas.md,
// "JRS"); the core measures the schedule's steps and cost. The test holds the
// two together: the cost is the formula's exactly, except where a round of
// circgos splits the data into unequal packets, where the formula (with the
// larger packet in every step) is an upper bound.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "jrs_run.hpp"

namespace {

using namespace jrs_test;
using schedcheck::gen::LinearArray;

TEST_CASE("approaches 1 and 2: verified on rings and paths, cost as Lemma 4 reconstructed") {
  for (uint32_t n = 2; n <= 40; ++n)
    for (bool ring : {true, false})
      for (double r : {0.0, 1.0, 7.5}) {
        const JrsRequest q = schedcheck::gen::linear_request(n, ring, r);
        verified("gossip-jrs-approach-1", q, schedcheck::gen::approach_1_time(q.array(), r), true);
        verified("gossip-jrs-approach-2", q, schedcheck::gen::approach_2_time(q.array(), r), true);
      }
  for (uint32_t n : {81u, 243u, 729u}) {
    const JrsRequest q = schedcheck::gen::linear_request(n, true, 4);
    verified("gossip-jrs-approach-1", q, schedcheck::gen::approach_1_time(q.array(), 4), true);
    verified("gossip-jrs-approach-2", q, schedcheck::gen::approach_2_time(q.array(), 4), true);
  }
}

TEST_CASE("circgos(n, a, b): verified for every a that n allows and several b, cost within Lemma 5's formula") {
  size_t checked = 0;
  for (uint32_t n : {4u, 8u, 9u, 16u, 25u, 27u, 32u, 36u, 49u, 64u, 81u, 125u, 243u, 729u})
    for (uint32_t a = 2; a <= n; ++a) {
      if (!schedcheck::gen::circgos_refusal(n, a, a).empty()) continue;
      for (uint32_t b : {a / 2, a / 2 + 1, a - 1, a, a + 3, 2 * a}) {
        if (b == 0 || (n > 81 && b > a + 3)) continue;
        JrsRequest q = schedcheck::gen::linear_request(n, true, 3);
        q.a = a;
        q.b = b;
        const uint32_t k = schedcheck::gen::circgos_packets(n, a, b);
        verified("gossip-circgos", q, schedcheck::gen::circgos_time(n, a, b, 3), n % k == 0 || n == a);
        ++checked;
      }
    }
  MESSAGE(checked, " circgos schedules");
  CHECK(checked > 50);
}

TEST_CASE("Figure 1: a = 9, b = 5 streams 3 packets per round; circgos(n, n, b) is approach 1") {
  CHECK(schedcheck::gen::circgos_packets(729, 9, 5) == 3);
  for (uint32_t n : {9u, 27u, 81u})
    CHECK(schedcheck::gen::circgos_time(n, n, 1, 5.0) == schedcheck::gen::approach_1_time({n, true}, 5.0));
}

TEST_CASE("circgos(n, 3, 1) is one routing step shorter than approach 2, and --best is never worse than either") {
  for (uint32_t n : {9u, 27u, 81u, 243u, 729u}) {
    const LinearArray ring{n, true};
    CHECK(schedcheck::gen::circgos_steps(n, 3, 1) + 1 == 2 * static_cast<uint32_t>(std::lround(std::log(n) / std::log(3))));
    for (double r : {0.5, 1.0, 4.0, 16.0, 64.0, 256.0, 1024.0}) {
      CHECK(schedcheck::gen::circgos_time(n, 3, 1, r) < schedcheck::gen::approach_2_time(ring, r));
      const auto best = schedcheck::gen::best_circgos(n, r);
      REQUIRE(best.has_value());
      CHECK(best->time <= schedcheck::gen::approach_1_time(ring, r));
      CHECK(best->time <= schedcheck::gen::approach_2_time(ring, r));
    }
  }
}

TEST_CASE("sizes circgos does not allow are refused with the condition") {
  CHECK(schedcheck::gen::circgos_refusal(730, 9, 5).find("not a power of a") != std::string::npos);
  CHECK(schedcheck::gen::circgos_refusal(81, 1, 1).find("a >= 2") != std::string::npos);
  CHECK(schedcheck::gen::circgos_refusal(81, 9, 3).find("b >= floor(a/2)") != std::string::npos);
  CHECK(schedcheck::gen::circgos_refusal(81, 81, 0).empty());  // no rounds: b does not matter
}

TEST_CASE("mutants: data the sender does not hold yet, two paths on one channel, a step dropped") {
  JrsRequest q = schedcheck::gen::linear_request(27, true, 2);
  q.a = 3;
  q.b = 2;
  const std::vector<std::string> lines = lines_of(generate("gossip-circgos", q));
  // The first phase-3 packet (after phase 1's 2 steps and phase 2's 1) names
  // a datum; give it, one step earlier, to a packet of phase 1.
  size_t first_packet = 0, step_line = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == "step 1") step_line = i;
    if (step_line && !first_packet && lines[i].starts_with("  ")) first_packet = i;
  }
  REQUIRE(first_packet > 0);
  {
    // A phase-1 packet made to carry datum 26 as well, which its sender, far
    // from PU 26, does not hold at step 1.
    std::vector<std::string> mutant = lines;
    mutant[first_packet] += " 26";
    const Checked c = check(joined(mutant));
    CHECK_FALSE(c.verdict.verified);
    CHECK(c.errors.find(fmt::format("jrs:{}:", first_packet + 1)) != std::string::npos);
    CHECK(c.errors.find("causality") != std::string::npos);
  }
  {
    // The same packet twice in its step: its path shares every channel.
    std::vector<std::string> mutant = lines;
    mutant.insert(mutant.begin() + static_cast<std::ptrdiff_t>(first_packet) + 1, lines[first_packet]);
    const Checked c = check(joined(mutant));
    CHECK_FALSE(c.verdict.verified);
    CHECK(c.errors.find(fmt::format("jrs:{}:", first_packet + 2)) != std::string::npos);
    CHECK(c.errors.find("link-disjoint") != std::string::npos);
  }
  {
    // A step of phase 2 dropped (its lines commented out, the later steps
    // renumbered): what it delivered is missing downstream.
    std::vector<std::string> mutant = lines;
    size_t step3 = 0;
    for (size_t i = 0; i < mutant.size(); ++i)
      if (mutant[i] == "step 3") step3 = i;
    REQUIRE(step3 > 0);
    mutant[step3] = "# step dropped";
    for (size_t i = step3 + 1; i < mutant.size() && !mutant[i].starts_with("step"); ++i) mutant[i] = "#" + mutant[i];
    int renumber = 3;
    for (size_t i = step3 + 1; i < mutant.size(); ++i)
      if (mutant[i].starts_with("step ")) mutant[i] = fmt::format("step {}", renumber++);
    const Checked c = check(joined(mutant));
    CHECK_FALSE(c.verdict.verified);
    CHECK(c.errors.find("causality") != std::string::npos);
  }
}

}  // namespace

namespace {

JrsRequest grid_request(std::vector<uint32_t> sizes, bool torus, const std::string& phases, double r) {
  JrsRequest q;
  q.grid.sizes = std::move(sizes);
  q.grid.torus = torus;
  for (size_t at = 0; at <= phases.size();) {
    const size_t comma = std::min(phases.find(',', at), phases.size());
    const auto p = schedcheck::gen::parse_phase_algorithm(phases.substr(at, comma - at));
    REQUIRE(p.has_value());
    q.grid.phases.push_back(*p);
    at = comma + 1;
  }
  q.r = r;
  return q;
}

// Verified, claims held, and the cost the formula's (exact unless a circgos
// round splits the data unequally, where the formula bounds it).
void highdim_verified(const std::string& name, JrsRequest q) {
  const auto* g = schedcheck::gen::find_jrs_generator(name);
  REQUIRE(g != nullptr);
  const std::string refused = g->prepare(q);
  REQUIRE_MESSAGE(refused.empty(), refused);
  bool exact = true;
  for (const auto& p : q.grid.phases)
    if (p.kind == schedcheck::gen::PhaseAlgorithm::Kind::circgos) {
      const uint32_t n = q.grid.sizes[0];
      exact = exact && (p.a == n || n % schedcheck::gen::circgos_packets(n, p.a, p.b) == 0);
    }
  verified(name, q, g->claimed_time(q), exact);
}

TEST_CASE("highdimgos and highdimgos': verified on tori and meshes of 2 and 3 dimensions, cost as reconstructed") {
  size_t checked = 0;
  for (const std::vector<uint32_t>& sizes : std::vector<std::vector<uint32_t>>{
           {2, 2}, {3, 3}, {4, 4}, {5, 7}, {8, 8}, {9, 9}, {16, 16}, {27, 27}, {32, 32}, {2, 3, 4}, {3, 3, 3}, {4, 4, 4},
           {9, 9, 9}})
    for (bool torus : {true, false})
      for (const std::string phases : {"1", "2", "2,1", "1,2", "2,2,1", "circgos"}) {
        const size_t axes = std::count(phases.begin(), phases.end(), ',') + 1;
        if (axes > 1 && axes != sizes.size()) continue;
        const bool square = std::all_of(sizes.begin(), sizes.end(), [&](uint32_t n) { return n == sizes[0]; });
        const bool circ = phases == "circgos";
        if (circ && (!torus || !square || (sizes[0] != 4 && sizes[0] != 8 && sizes[0] != 9 && sizes[0] != 16 &&
                                          sizes[0] != 27 && sizes[0] != 32)))
          continue;
        if (sizes[0] >= 27 && sizes.size() == 2 && phases == "2,1" && !torus) continue;  // the same as on the torus
        for (double r : {1.0, 20.0}) {
          highdim_verified("gossip-highdimgos", grid_request(sizes, torus, phases, r));
          ++checked;
          if (square) {
            highdim_verified("gossip-highdimgos-coloured", grid_request(sizes, torus, phases, r));
            ++checked;
          }
        }
      }
  MESSAGE(checked, " highdimgos schedules");
  CHECK(checked > 150);
}

TEST_CASE("highdimgos: what does not fit is refused with the reason") {
  JrsRequest q = grid_request({4, 6}, true, "1", 1);
  CHECK(schedcheck::gen::find_jrs_generator("gossip-highdimgos-coloured")->prepare(q).find("equal") !=
        std::string::npos);
  JrsRequest m = grid_request({9, 9}, false, "circgos", 1);
  CHECK(schedcheck::gen::find_jrs_generator("gossip-highdimgos")->prepare(m).find("wraparound") != std::string::npos);
  JrsRequest k = grid_request({10, 10}, true, "circgos:3:1", 1);
  CHECK(schedcheck::gen::find_jrs_generator("gossip-highdimgos")->prepare(k).find("not a power") != std::string::npos);
  JrsRequest three = grid_request({4, 4}, true, "1,2,1", 1);
  CHECK(schedcheck::gen::find_jrs_generator("gossip-highdimgos")->prepare(three).find("phase algorithms") !=
        std::string::npos);
}

TEST_CASE("highdimgos': the colouring leaves the start-ups and divides the transfer time by d") {
  for (uint32_t n : {4u, 9u, 16u}) {
    JrsRequest plain = grid_request({n, n}, true, "1", 5), coloured = plain;
    REQUIRE(schedcheck::gen::prepare_highdimgos(plain.grid, 5).empty());
    coloured.grid.coloured = true;
    REQUIRE(schedcheck::gen::prepare_highdimgos(coloured.grid, 5).empty());
    const double steps = static_cast<double>(schedcheck::gen::highdimgos_steps(plain.grid));
    CHECK(schedcheck::gen::highdimgos_steps(coloured.grid) == schedcheck::gen::highdimgos_steps(plain.grid));
    CHECK(schedcheck::gen::highdimgos_time(coloured.grid, 5) - steps * 5 ==
          doctest::Approx((schedcheck::gen::highdimgos_time(plain.grid, 5) - steps * 5) / 2));
  }
}

}  // namespace

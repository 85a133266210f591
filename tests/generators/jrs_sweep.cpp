// JRS sweep: approaches 1 and 2, circgos, highdimgos, torgos and cubgos on rings, paths, tori and meshes, each schedule checked by the core.
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
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "jrs_diagonal.hpp"
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
  // A round whose k is capped at n (b far above a): the steps after the
  // stream ends are empty and cost r each.
  for (const auto& [n, a, b] : {std::tuple{243u, 3u, 130u}, std::tuple{81u, 9u, 60u}}) {
    REQUIRE(schedcheck::gen::circgos_packets(n, a, b) == n);
    JrsRequest q = schedcheck::gen::linear_request(n, true, 3);
    q.a = a;
    q.b = b;
    verified("gossip-circgos", q, schedcheck::gen::circgos_time(n, a, b, 3), true);
    ++checked;
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
    expect_rejected(mutant, "causality", first_packet + 1);
  }
  {
    // The same packet twice in its step: its path shares every channel.
    std::vector<std::string> mutant = lines;
    mutant.insert(mutant.begin() + static_cast<std::ptrdiff_t>(first_packet) + 1, lines[first_packet]);
    expect_rejected(mutant, "link-disjoint", first_packet + 2);
  }
  {
    // A step of phase 2 dropped (its lines commented out, the later steps
    // renumbered): what it delivered is missing downstream.
    const std::vector<std::string> mutant = without_step(lines, 3);
    expect_rejected(mutant, "causality");
  }
}

}  // namespace

namespace {

JrsRequest grid_request(std::vector<uint32_t> sizes, bool torus, const std::string& phases, double r) {
  JrsRequest q;
  q.grid.sizes = std::move(sizes);
  q.grid.torus = torus;
  const auto list = schedcheck::gen::parse_phase_list(phases);
  REQUIRE(list.has_value());
  q.grid.phases = *list;
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

namespace {

using schedcheck::gen::DiagonalGossip;

JrsRequest diagonal_request(uint32_t n, uint32_t d, uint32_t a, uint32_t b, double r) {
  JrsRequest q;
  q.grid.sizes.assign(d, n);
  q.grid.torus = true;
  q.a = a;
  q.b = b;
  q.r = r;
  return q;
}

// Every round splits its m data into k packets; the formula takes the larger
// part in every busy step, so it is the cost exactly when every k divides m.
bool equal_packets(const DiagonalGossip& g) {
  uint64_t m = g.n;
  for (uint32_t spacing = g.n / g.a; spacing > 1; spacing /= g.a) {
    for (uint32_t i = 1; i < g.d; ++i) m *= g.a;
    if (m % schedcheck::gen::diagonal_round_packets(g, m, spacing) != 0) return false;
  }
  return true;
}

TEST_CASE("the generalized diagonal: every axis-parallel line meets it once in every S nodes, and it is nested") {
  size_t checked = 0;
  for (uint32_t d = 2; d <= 4; ++d)
    for (uint32_t n : {2u, 3u, 4u, 6u, 8u, 9u}) {
      if (std::pow(n, d) > 5000) continue;
      const uint64_t nodes = static_cast<uint64_t>(std::pow(n, d));
      for (uint32_t spacing = 1; spacing <= n; ++spacing) {
        if (n % spacing) continue;
        for (uint32_t colour = 0; colour < d; ++colour) {
          // Count the diagonal's points on every line along every axis, per
          // window of S consecutive positions.
          uint64_t points = 0;
          for (uint64_t v = 0; v < nodes; ++v) {
            std::vector<uint32_t> x(d);
            for (uint32_t i = 0, rest = static_cast<uint32_t>(v); i < d; ++i, rest /= n) x[i] = rest % n;
            points += schedcheck::gen::on_diagonal(x, colour, spacing);
            // Nested: a point of the diagonal at S is one at every S' dividing S.
            for (uint32_t finer = 1; finer < spacing; ++finer)
              if (spacing % finer == 0 && schedcheck::gen::on_diagonal(x, colour, spacing))
                CHECK(schedcheck::gen::on_diagonal(x, colour, finer));
            for (uint32_t axis = 0; axis < d; ++axis) {
              if (x[axis] % spacing != 0) continue;
              uint32_t on_line = 0;
              for (uint32_t k = 0; k < spacing; ++k) {
                std::vector<uint32_t> y = x;
                y[axis] = x[axis] + k;
                on_line += schedcheck::gen::on_diagonal(y, colour, spacing);
              }
              CHECK(on_line == 1);
            }
          }
          CHECK(points == nodes / spacing);
          ++checked;
        }
      }
    }
  MESSAGE(checked, " diagonals");
  // Figure 4: the diagonal of the 4x4x4 grid has 16 points, no two on a line parallel to an axis.
  uint32_t figure_4 = 0;
  for (uint32_t x = 0; x < 4; ++x)
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t z = 0; z < 4; ++z) figure_4 += schedcheck::gen::on_diagonal({x, y, z}, 0, 4);
  CHECK(figure_4 == 16);
}

TEST_CASE("torgos and cubgos, plain and coloured: verified, cost as Lemmas 7 and 9 reconstructed") {
  struct Size {
    uint32_t n, d;
  };
  size_t checked = 0;
  for (const Size size : {Size{4, 2}, Size{8, 2}, Size{9, 2}, Size{16, 2}, Size{25, 2}, Size{27, 2}, Size{32, 2},
                          Size{4, 3}, Size{8, 3}, Size{9, 3}, Size{4, 4}})
    for (uint32_t a = 2; a <= size.n; ++a) {
      if (!schedcheck::gen::rounds_of(size.n, a)) continue;
      for (uint32_t b : {a / 2, a / 2 + 1, a, a + 2}) {
        if (b == 0 || (size.n >= 27 && b > a) || (size.d == 3 && size.n >= 8 && b > a / 2 + 1)) continue;
        for (const bool coloured : {false, true}) {
          const std::string name = std::string(size.d == 2 ? "gossip-torgos" : "gossip-cubgos") +
                                   (coloured ? "-coloured" : "");
          JrsRequest q = diagonal_request(size.n, size.d, a, b, 6);
          const auto* g = schedcheck::gen::find_jrs_generator(name);
          REQUIRE(g != nullptr);
          JrsRequest prepared = q;
          REQUIRE(g->prepare(prepared).empty());
          const DiagonalGossip diagonal{size.n, size.d, a, b, coloured};
          verified(name, q, schedcheck::gen::diagonal_gossip_time(diagonal, 6), equal_packets(diagonal));
          ++checked;
        }
      }
    }
  // Rounds whose k is capped at the data m (b far above a).
  for (const DiagonalGossip g : {DiagonalGossip{9, 2, 3, 20, false}, DiagonalGossip{4, 3, 2, 9, true}}) {
    verified(g.d == 2 ? "gossip-torgos" : "gossip-cubgos-coloured", diagonal_request(g.n, g.d, g.a, g.b, 6),
             schedcheck::gen::diagonal_gossip_time(g, 6), true);
    ++checked;
  }
  MESSAGE(checked, " torgos and cubgos schedules");
  CHECK(checked > 60);
}

TEST_CASE("torgos(n, n, b) is approach 11 and cubgos(n, n, b) approach 1 in every phase") {
  for (uint32_t d : {2u, 3u})
    for (uint32_t n : {3u, 4u, 8u, 9u})
      for (const bool coloured : {false, true}) {
        schedcheck::gen::GridGossip grid;
        grid.sizes.assign(d, n);
        grid.coloured = coloured;
        grid.phases = {*schedcheck::gen::parse_phase_algorithm("1")};
        REQUIRE(schedcheck::gen::prepare_highdimgos(grid, 7).empty());
        const DiagonalGossip diagonal{n, d, n, n / 2, coloured};
        CHECK(schedcheck::gen::diagonal_gossip_steps(diagonal) == schedcheck::gen::highdimgos_steps(grid));
        CHECK(schedcheck::gen::diagonal_gossip_time(diagonal, 7) ==
              doctest::Approx(schedcheck::gen::highdimgos_time(grid, 7)));
      }
}

TEST_CASE("torgos and cubgos: what does not fit is refused with the reason") {
  auto refusal = [](const std::string& name, JrsRequest q) { return schedcheck::gen::find_jrs_generator(name)->prepare(q); };
  JrsRequest uneven = diagonal_request(9, 2, 3, 1, 1);
  uneven.grid.sizes = {9, 27};
  CHECK(refusal("gossip-torgos", uneven).find("equal sides") != std::string::npos);
  CHECK(refusal("gossip-torgos", diagonal_request(10, 2, 3, 1, 1)).find("not a power") != std::string::npos);
  CHECK(refusal("gossip-torgos", diagonal_request(81, 2, 9, 3, 1)).find("b >= floor(a/2)") != std::string::npos);
  CHECK(refusal("gossip-torgos", diagonal_request(9, 3, 3, 1, 1)).find("2-D torus or mesh") != std::string::npos);
  CHECK(refusal("gossip-cubgos", diagonal_request(9, 1, 3, 1, 1)).find("2 or more") != std::string::npos);
  CHECK(refusal("gossip-cubgos", diagonal_request(2048, 3, 2, 1, 1)).find("2^22 PUs") != std::string::npos);
  CHECK(refusal("gossip-torgos", diagonal_request(9, 2, 0, 0, 1)).find("--best") != std::string::npos);
}

TEST_CASE("torgos --best is never worse than approach 11 or 21, and beats approach 21 on 27x27 and 81x81") {
  for (uint32_t n : {9u, 27u, 81u})
    for (double r : {1.0, 10.0, 50.0, 200.0, 500.0}) {
      JrsRequest q = diagonal_request(n, 2, 0, 0, r);
      q.best = true;
      REQUIRE(schedcheck::gen::find_jrs_generator("gossip-torgos-coloured")->prepare(q).empty());
      const double torgos = schedcheck::gen::diagonal_gossip_time({n, 2, q.a, q.b, true}, r);
      for (const char* phases : {"1", "2,1"}) {
        schedcheck::gen::GridGossip grid;
        grid.sizes = {n, n};
        grid.coloured = true;
        grid.phases = *schedcheck::gen::parse_phase_list(phases);
        REQUIRE(schedcheck::gen::prepare_highdimgos(grid, r).empty());
        CHECK(torgos <= schedcheck::gen::highdimgos_time(grid, r) + 1e-9);
      }
    }
}

TEST_CASE("torgos mutants: data the sender does not hold yet, a path twice in its step, a step dropped") {
  const std::vector<std::string> lines = lines_of(generate("gossip-torgos", diagonal_request(9, 2, 3, 2, 2)));
  size_t first_packet = 0, last_packet = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].starts_with("  ")) {
      if (!first_packet) first_packet = i;
      last_packet = i;
    }
  REQUIRE(first_packet > 0);
  {
    // A phase-1 packet carrying the farthest PU's datum as well.
    std::vector<std::string> mutant = lines;
    mutant[first_packet] += " 80";
    expect_rejected(mutant, "causality", first_packet + 1);
  }
  {
    std::vector<std::string> mutant = lines;
    mutant.insert(mutant.begin() + static_cast<std::ptrdiff_t>(last_packet) + 1, lines[last_packet]);
    expect_rejected(mutant, "link-disjoint", last_packet + 2);
  }
  {
    // Phase 3 (step 3: after one concentration step and one row step) dropped.
    const std::vector<std::string> mutant = without_step(lines, 3);
    expect_rejected(mutant, "causality");
  }
}

}  // namespace

namespace {

using schedcheck::gen::DiagonalGossip;

JrsRequest mesh_request(const DiagonalGossip& g, double r) {
  JrsRequest q = g.d == 1 ? schedcheck::gen::linear_request(g.n, false, r) : diagonal_request(g.n, g.d, g.a, g.b, r);
  q.grid.torus = false;
  q.a = g.a;
  q.b = g.b;
  return q;
}

std::string mesh_generator(const DiagonalGossip& g) {
  if (g.d == 1) return "gossip-circgos";
  return std::string(g.d == 2 ? "gossip-torgos" : "gossip-cubgos") + (g.coloured ? "-coloured" : "");
}

void mesh_verified(const DiagonalGossip& g, double r) {
  INFO(mesh_generator(g), " n=", g.n, " d=", g.d, " a=", g.a, " b=", g.b);
  verified(mesh_generator(g), mesh_request(g, r), schedcheck::gen::diagonal_gossip_time(g, r), equal_packets(g));
}

TEST_CASE("circgos on linear arrays: verified for every a that n allows and several b, cost the mesh formula") {
  size_t checked = 0;
  for (uint32_t n : {4u, 8u, 9u, 16u, 25u, 27u, 32u, 36u, 49u, 64u, 81u, 125u, 243u})
    for (uint32_t a = 2; a <= n; ++a) {
      const auto m = schedcheck::gen::rounds_of(n, a);
      if (!m) continue;
      for (uint32_t b : {a / 2, a / 2 + 1, a - 1, a, a + 2, 2 * a}) {
        const DiagonalGossip g{n, 1, a, b, false, false};
        if ((*m == 0 && b != a / 2) || (n > 81 && b > a)) continue;
        if (const std::string refused = schedcheck::gen::diagonal_gossip_refusal(g); !refused.empty()) {
          CHECK(refused.find("b >= ") != std::string::npos);
          continue;
        }
        mesh_verified(g, 3);
        ++checked;
      }
    }
  // A round whose k is capped at n: its steps after the stream are empty.
  REQUIRE(schedcheck::gen::diagonal_round_packets({27, 1, 3, 40, false, false}, 27, 9) == 27);
  mesh_verified({27, 1, 3, 40, false, false}, 3);
  ++checked;
  MESSAGE(checked, " circgos schedules on linear arrays");
  CHECK(checked > 40);
}

TEST_CASE("circgos on a linear array: its bridgeheads are the centres, and circgos(n, n, b) is approach 1") {
  // No step from centre to bridgehead: K1 + (a-1) + m b steps; the ends of
  // the centred rounds reach floor(a/2) (a odd), so b = floor(a/2) is allowed.
  CHECK(schedcheck::gen::diagonal_gossip_steps({27, 1, 3, 1, false, false}) == 2 + 2 + 2 * 1);
  CHECK(schedcheck::gen::diagonal_gossip_steps({81, 1, 9, 4, false, false}) == 2 + 8 + 4);
  // circgos(729, 9, 5): Figure 1's 3 packets between old bridgeheads, 2 where the ends reach 4.
  CHECK(schedcheck::gen::diagonal_round_packets({729, 1, 9, 5, false, false}, 729, 81) == 2);
  for (uint32_t n : {2u, 9u, 27u, 81u})
    for (double r : {0.0, 5.0}) {
      const DiagonalGossip g{n, 1, n, n - 1, false, false};
      CHECK(schedcheck::gen::diagonal_gossip_time(g, r) == schedcheck::gen::approach_1_time({n, false}, r));
      JrsRequest q = schedcheck::gen::linear_request(n, false, r);
      q.best = true;
      REQUIRE(schedcheck::gen::find_jrs_generator("gossip-circgos")->prepare(q).empty());
      CHECK(schedcheck::gen::diagonal_gossip_time({n, 1, q.a, q.b, false, false}, r) <=
            schedcheck::gen::approach_1_time({n, false}, r));
    }
}

TEST_CASE("torgos and cubgos on meshes, plain and coloured: verified, cost the mesh formula") {
  struct Size {
    uint32_t n, d;
  };
  size_t checked = 0;
  for (const Size size : {Size{4, 2}, Size{8, 2}, Size{9, 2}, Size{16, 2}, Size{27, 2}, Size{4, 3}, Size{8, 3},
                          Size{9, 3}})
    for (uint32_t a = 2; a <= size.n; ++a) {
      const auto m = schedcheck::gen::rounds_of(size.n, a);
      if (!m) continue;
      for (uint32_t b : {a - 1, a, a + 2}) {
        if ((*m == 0 && b != a - 1) || (size.n >= 27 && b > a) || (size.d == 3 && size.n >= 8 && b > a)) continue;
        for (const bool coloured : {false, true}) {
          mesh_verified({size.n, size.d, a, b, coloured, false}, 6);
          ++checked;
        }
      }
    }
  // Rounds whose k is capped at the data m.
  for (const DiagonalGossip g : {DiagonalGossip{9, 2, 3, 30, false, false}, DiagonalGossip{4, 3, 2, 20, true, false}}) {
    REQUIRE(equal_packets(g));
    mesh_verified(g, 6);
    ++checked;
  }
  MESSAGE(checked, " torgos and cubgos schedules on meshes");
  CHECK(checked > 40);
}

TEST_CASE("torgos(n, n, b) and cubgos(n, n, b) on a mesh are approach 1 in every phase") {
  for (uint32_t d : {2u, 3u})
    for (uint32_t n : {3u, 4u, 9u})
      for (const bool coloured : {false, true}) {
        schedcheck::gen::GridGossip grid;
        grid.sizes.assign(d, n);
        grid.torus = false;
        grid.coloured = coloured;
        grid.phases = {*schedcheck::gen::parse_phase_algorithm("1")};
        REQUIRE(schedcheck::gen::prepare_highdimgos(grid, 7).empty());
        const DiagonalGossip diagonal{n, d, n, n - 1, coloured, false};
        CHECK(schedcheck::gen::diagonal_gossip_steps(diagonal) == schedcheck::gen::highdimgos_steps(grid));
        CHECK(schedcheck::gen::diagonal_gossip_time(diagonal, 7) ==
              doctest::Approx(schedcheck::gen::highdimgos_time(grid, 7)));
      }
}

TEST_CASE("meshes and linear arrays: what does not fit is refused with the reason") {
  auto refusal = [](const DiagonalGossip& g) {
    JrsRequest q = mesh_request(g, 1);
    return schedcheck::gen::find_jrs_generator(mesh_generator(g))->prepare(q);
  };
  // On a linear array the ends reach as far as the row's residue puts them.
  CHECK(refusal({81, 1, 9, 3, false, false}).find("b >= 4") != std::string::npos);
  CHECK(refusal({81, 1, 9, 4, false, false}).empty());
  CHECK(refusal({16, 1, 2, 0, false, false}).find("b >= 1") != std::string::npos);
  CHECK(refusal({81, 1, 81, 0, false, false}).empty());  // no rounds: b does not matter
  CHECK(refusal({10, 1, 3, 2, false, false}).find("not a power") != std::string::npos);
  CHECK(refusal({9, 2, 3, 1, false, false}).find("b >= a - 1") != std::string::npos);
  CHECK(refusal({9, 2, 3, 2, true, false}).empty());
  CHECK(refusal({27, 3, 3, 1, true, false}).find("b >= a - 1") != std::string::npos);
  CHECK(refusal({2048, 3, 2, 1, false, false}).find("2^22 PUs") != std::string::npos);
  JrsRequest uneven = mesh_request({9, 2, 3, 2, false, false}, 1);
  uneven.grid.sizes = {9, 27};
  CHECK(schedcheck::gen::find_jrs_generator("gossip-torgos")->prepare(uneven).find("equal sides") !=
        std::string::npos);
}

TEST_CASE("mesh and linear-array mutants: a datum the sender does not hold yet is a causality error at its line") {
  for (const auto& [g, far] : {std::pair{DiagonalGossip{27, 1, 3, 2, false, false}, 26u},
                               std::pair{DiagonalGossip{9, 2, 3, 2, false, false}, 80u},
                               std::pair{DiagonalGossip{4, 3, 2, 1, true, false}, 63u}}) {
    const std::vector<std::string> lines = lines_of(generate(mesh_generator(g), mesh_request(g, 2)));
    size_t first_packet = 0;
    for (size_t i = 0; i < lines.size() && !first_packet; ++i)
      if (lines[i].starts_with("  ")) first_packet = i;
    REQUIRE(first_packet > 0);
    // A phase-1 packet carrying the farthest PU's datum as well.
    std::vector<std::string> mutant = lines;
    mutant[first_packet] += g.coloured ? fmt::format(" {}/0", far) : fmt::format(" {}", far);
    INFO(mesh_generator(g));
    expect_rejected(mutant, "causality", first_packet + 1);
  }
}

}  // namespace

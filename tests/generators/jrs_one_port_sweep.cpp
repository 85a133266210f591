// JRS one-port sweep: Section 7's one-port approaches 1, 2 and 11 (black and white PUs) over the sizes they allow, checked by the core.
//
// Each generator claims its reconstructed step count and time (specs/lemmas.md,
// "JRS", Section 7); the core measures the schedule's steps and cost under
// one-port, and the test holds the cost to the formula exactly. Mutants show
// the one-port rules are enforced where these schedules lean on them.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "jrs_one_port.hpp"
#include "jrs_run.hpp"

namespace {

using namespace jrs_test;
using schedcheck::gen::LinearArray;

JrsRequest grid_request(uint32_t n1, uint32_t n2, bool torus, double r) {
  JrsRequest q;
  q.grid.sizes = {n1, n2};
  q.grid.torus = torus;
  q.r = r;
  return q;
}

std::string refusal(const std::string& name, JrsRequest q) {
  const auto* g = schedcheck::gen::find_jrs_generator(name);
  REQUIRE(g != nullptr);
  return g->prepare(q);
}

TEST_CASE("approaches 1 and 2 one-port: verified on rings and paths of 2 to 64, cost as reconstructed") {
  size_t checked = 0;
  for (uint32_t n = 2; n <= 64; ++n)
    for (bool ring : {true, false})
      for (double r : {0.0, 1.0, 7.5}) {
        const JrsRequest q = schedcheck::gen::linear_request(n, ring, r);
        verified("gossip-jrs-approach-1-one-port", q, (n - 1) * (r + 1), true);
        uint32_t k = 0;
        while ((1u << k) < n) ++k;
        verified("gossip-jrs-approach-2-one-port", q, k * (2 * r + n), true);
        checked += 2;
      }
  for (uint32_t n : {81u, 128u, 243u, 500u, 729u})
    for (bool ring : {true, false}) {
      const JrsRequest q = schedcheck::gen::linear_request(n, ring, 4);
      verified("gossip-jrs-approach-1-one-port", q, schedcheck::gen::approach_1_one_port_time(q.array(), 4), true);
      verified("gossip-jrs-approach-2-one-port", q, schedcheck::gen::approach_2_one_port_time(q.array(), 4), true);
      checked += 2;
    }
  MESSAGE(checked, " one-port approach 1 and 2 schedules");
}

TEST_CASE("approach 1 one-port meets the volume bound: at r = 0 its cost is the core's cost bound") {
  for (uint32_t n : {2u, 3u, 8u, 17u, 64u})
    for (bool ring : {true, false}) {
      const Checked c = check(generate("gossip-jrs-approach-1-one-port", schedcheck::gen::linear_request(n, ring, 0)));
      REQUIRE(c.verdict.verified);
      REQUIRE(c.verdict.cost_bound.has_value());
      CHECK(*c.verdict.cost == doctest::Approx(c.verdict.cost_bound->cost));
    }
}

TEST_CASE("approach 11 with black and white PUs: verified on tori and meshes up to 16x16, cost as reconstructed") {
  size_t checked = 0;
  for (uint32_t n1 = 2; n1 <= 16; n1 += 2)
    for (uint32_t n2 = 2; n2 <= 16; n2 += 2)
      for (bool torus : {true, false})
        for (double r : {0.0, 3.0, 50.0}) {
          if (r == 50.0 && n1 != n2) continue;
          const JrsRequest q = grid_request(n1, n2, torus, r);
          verified("gossip-jrs-approach-11-black-white", q, schedcheck::gen::black_white_time(q.grid, r), true);
          ++checked;
        }
  MESSAGE(checked, " black-white schedules");
  // On n x n: n steps and n*r + n^2 - 1, the transfer the volume bound (every PU receives n^2 - 1 data).
  for (uint32_t n : {2u, 4u, 10u, 16u}) {
    const JrsRequest q = grid_request(n, n, true, 5);
    CHECK(schedcheck::gen::black_white_steps(q.grid) == n);
    CHECK(schedcheck::gen::black_white_time(q.grid, 5) == doctest::Approx(5.0 * n + n * n - 1));
    const Checked c = check(generate("gossip-jrs-approach-11-black-white", grid_request(n, n, false, 0)));
    REQUIRE(c.verdict.verified);
    CHECK(*c.verdict.cost == doctest::Approx(c.verdict.cost_bound->cost));
  }
}

TEST_CASE("sizes the constructions do not allow are refused with the condition") {
  CHECK(refusal("gossip-jrs-approach-1-one-port", schedcheck::gen::linear_request(1, true, 1)).find("from 2 to") !=
        std::string::npos);
  CHECK(refusal("gossip-jrs-approach-2-one-port", schedcheck::gen::linear_request(4096, false, 1))
            .find("from 2 to") != std::string::npos);
  CHECK(refusal("gossip-jrs-approach-1-one-port", grid_request(4, 4, true, 1)).find("ring:N or path:N") !=
        std::string::npos);
  CHECK(refusal("gossip-jrs-approach-11-black-white", grid_request(6, 7, true, 1)).find("odd") != std::string::npos);
  CHECK(refusal("gossip-jrs-approach-11-black-white", grid_request(5, 8, false, 1)).find("even sides") !=
        std::string::npos);
  CHECK(refusal("gossip-jrs-approach-11-black-white", schedcheck::gen::linear_request(8, true, 1)).find("2-D") !=
        std::string::npos);
  JrsRequest three = grid_request(4, 4, true, 1);
  three.grid.sizes.push_back(4);
  CHECK(refusal("gossip-jrs-approach-11-black-white", three).find("2-D") != std::string::npos);
  CHECK(refusal("gossip-jrs-approach-11-black-white", grid_request(256, 256, true, 1)).find("message names") !=
        std::string::npos);
}

TEST_CASE("mutants: data the sender does not hold yet, a PU sending twice in a step, a step dropped") {
  for (const std::string name : {"gossip-jrs-approach-2-one-port", "gossip-jrs-approach-1-one-port"}) {
    INFO(name);
    const std::vector<std::string> lines =
        lines_of(generate(name, schedcheck::gen::linear_request(16, true, 2)));
    const size_t first = first_transfer_of(lines, 1);
    REQUIRE(lines[first].starts_with("  0 +1*1 :"));
    {
      // PU 0 made to pass on PU 8's datum in step 1: it is 8 hops away.
      std::vector<std::string> mutant = lines;
      mutant[first] += " 8";
      expect_rejected(mutant, "causality", first + 1);
    }
    {
      // A second packet from PU 0 in step 1, the other way round: step 1
      // goes one way only, so its channels are free and only the port limit
      // is broken.
      std::vector<std::string> mutant = lines;
      mutant.insert(mutant.begin() + static_cast<std::ptrdiff_t>(first) + 1, "  0 -1*2 : 0");
      expect_rejected(mutant, "port-limit", first + 2);
      CHECK(check(joined(mutant)).errors.find("sends twice in step 1") != std::string::npos);
    }
  }
  {
    // Approach 1 one-port on a ring of 9 without step 2 (every PU's own datum
    // leftward): step 4 (now 3) passes on what step 2 delivered.
    const std::vector<std::string> lines =
        lines_of(generate("gossip-jrs-approach-1-one-port", schedcheck::gen::linear_request(9, true, 2)));
    const size_t fourth = first_transfer_of(lines, 4);
    expect_rejected(without_step(lines, 2), "causality", fourth + 1);
  }
  {
    // Black and white on the 8x8 torus: in the first step of phase 1 node 0
    // (white, on its row's ring) sends along dimension 2 as well, on channels
    // the column rings, going the other way, leave free; then that step is
    // dropped.
    const std::vector<std::string> lines =
        lines_of(generate("gossip-jrs-approach-11-black-white", grid_request(8, 8, true, 2)));
    const size_t third = first_transfer_of(lines, 3);
    REQUIRE(lines[third].starts_with("  0 +1*2 :"));
    std::vector<std::string> mutant = lines;
    mutant.insert(mutant.begin() + static_cast<std::ptrdiff_t>(third) + 1, "  0 -2*1 : 0");
    expect_rejected(mutant, "port-limit", third + 2);
    // Without phase 1's first step (lag 0 rightward; the next is lag 0
    // leftward) its third forwards what the dropped one would have brought.
    const size_t fifth = first_transfer_of(lines, 5);
    expect_rejected(without_step(lines, 3), "causality", fifth + 1);
  }
}

}  // namespace

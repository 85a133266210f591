// Tests of the lemmas library: Theorem 1 on a pair (time_independent_bound.hpp), check_text.hpp and the tables' rows, on figures stated by hand.
#include <doctest/doctest.h>

#include "check_text.hpp"
#include "flit_tables.hpp"
#include "jrs_tables.hpp"
#include "meyer_sibeyn_table.hpp"
#include "time_independent_bound.hpp"
#include "torus_tables.hpp"

namespace schedcheck::lemmas {
namespace {

two_cycle::KnownCycle must_cycle(uint32_t P, std::vector<uint32_t> order) {
  std::string error;
  auto cycle = two_cycle::known_cycle(P, std::move(order), error);
  REQUIRE_MESSAGE(cycle.has_value(), error);
  return *cycle;
}

TEST_CASE("pair_bound on Meyer-Sibeyn's Example 1: k_22 = 3, |C_22| = 17, i' = 3, k_3 >= 11, bound 10") {
  // B_22: 21 consecutive nodes of the second cycle, 22 in the middle.
  const auto cycle = must_cycle(40, {35, 11, 7, 4, 34, 8, 25, 38, 9, 6, 22, 20, 1, 17, 33, 3, 5, 10, 36, 0, 39});
  const PairBound b = pair_bound(cycle, 22);
  CHECK(b.k_i == 3);
  CHECK_FALSE(b.k_i_reaches_tenth);  // 3 < 40/10
  CHECK(b.derivation.C_i.size() == 17);
  REQUIRE(b.derivation.i_prime.has_value());
  CHECK(*b.derivation.i_prime == 3);
  CHECK(b.derivation.median == 9);
  CHECK(b.derivation.k_i_prime == 11);
  CHECK_FALSE(b.derivation.B_i_prime.exact);  // the window shows only part of B_3
  // 11*40/40 - 1 = 10 exactly; (40 - 1)/4 = 9.75 rounds up to 10.
  CHECK(b.theorem_bound == 10);
  CHECK(b.counting_bound == 10);
  // The window's last two nodes, 0 and 39, are neighbours on the first cycle too.
  REQUIRE(b.shared_edges.size() == 1);
  CHECK(b.shared_edges[0] == std::pair<uint32_t, uint32_t>{0, 39});
  // Only part of the cycle is known: no gossip to time, nothing refuted.
  CHECK_FALSE(b.steps.has_value());
  CHECK_FALSE(b.refuted);
}

TEST_CASE("pair_bound on a whole second cycle gossips it, and K_9's survey meets the bound") {
  // The fastest pair of K_9 (bound time-independent-gossip --P 9): 3 steps, largest k_i 3.
  const PairBound b = pair_bound(must_cycle(9, {0, 2, 4, 1, 6, 8, 5, 3, 7}), 0);
  REQUIRE(b.steps.has_value());
  CHECK(*b.steps == 3);
  CHECK(*b.largest_k == 3);
  CHECK(b.shared_edges.empty());
  CHECK(b.theorem_bound == 2);  // ceil(99/40 - 1) = ceil(1.475)
  CHECK(b.counting_bound == 2);  // ceil(8/4)
  CHECK_FALSE(b.refuted);        // 3 >= 2
  const SurveyBound s = survey_bound(two_cycle::survey_complete_graph(9));
  CHECK(s.theorem_bound == 2);
  CHECK(s.counting_bound == 2);
  CHECK_FALSE(s.refuted);
}

TEST_CASE("check_text: the core's verdict on text in memory, with the first diagnostics") {
  const std::string header = "schedcheck 1\ntopology ring 4\nmodel store-and-forward all-port\ncollective broadcast source 0\n";
  // 0 reaches 1 and 3 in step 1, and 1 reaches 2 in step 2.
  const Checked good = check_text(header + "step 1\n  0 +1\n  0 -1\nstep 2\n  1 +1\n");
  CHECK(good.verdict.verified);
  CHECK(good.verdict.steps == 2);
  CHECK(good.errors.empty());
  const Checked bad = check_text(header + "step 1\n  1 +1\n");  // 1 forwards what it does not hold
  CHECK_FALSE(bad.verdict.verified);
  CHECK(bad.errors.starts_with("text:"));
}

TEST_CASE("Meyer-Sibeyn Table 2: the paper's formulas on n = 4, r = 0.01 give its printed 4, 4 and 6") {
  // T_stv = n^d/(2d) (1 + r) = 16/4 * 1.01; T_opt = n^d/2 (1/d + r) = 8 * 0.51; T_one = n^(d-1)/2 (n/d + 1)(1 + r) = 2 * 3 * 1.01.
  CHECK(paper_formula(0, 4, 2, 0.01, 1.0 / 3, 1.0 / 6) == doctest::Approx(4.04));
  CHECK(paper_formula(1, 4, 2, 0.01, 1.0 / 3, 1.0 / 6) == doctest::Approx(4.08));
  CHECK(paper_formula(2, 4, 2, 0.01, 1.0 / 3, 1.0 / 6) == doctest::Approx(6.06));
  CHECK(table2_paper_value(0, 0, 0, 2) == 4);
  CHECK(table2_paper_value(0, 1, 0, 2) == 4);
  CHECK(table2_paper_value(0, 2, 0, 2) == 6);
  // d = 3 uses `third` and `sixth`: T_stv on n = 4, r = 1 is 64 * sixth * 2.
  CHECK(paper_formula(0, 4, 3, 1, 0.333, 0.1666) == doctest::Approx(64 * 0.1666 * 2));
  // A cell is steps * (packet / s + r): 10 steps of packets s/2 at r = 1 cost 15.
  Table2 t;
  t.steps[0][1][0] = {10, 'C', 2, ""};
  CHECK(t.ours(0, 1, 2, 2) == doctest::Approx(15));
}

TEST_CASE("broadcast on the 3x3 torus: the span scheme takes Lemma 1's ceil(log_5 9) = 2 steps, verified") {
  const auto m = measure_broadcast("broadcast-span", gen::Torus{{3, 3}});
  REQUIRE(m.has_value());
  CHECK(m->verified);
  CHECK(m->steps == 2);
  CHECK(m->lower_bound == 2);
  CHECK(m->claim == 2);
  CHECK_FALSE(measure_broadcast("no-such-generator", gen::Torus{{3, 3}}).has_value());
}

TEST_CASE("flit tables: Theorem 3's terms, the seeded instances, and FDF on format.md's tree") {
  const Instance tree{"format.md section 11", "tree:-,0,0,1", {0, 2, 3, 1}};
  // Node 3's path to the root passes 1 (one child) and 0 (two children): b = 3; c = 2(N - 1) = 6.
  CHECK(theorem_3_terms(tree) == std::pair<uint64_t, uint64_t>{3, 6});
  // A path: every node but the last has one child, so b is the depth of the far end.
  CHECK(theorem_3_terms({"", "path:5", {0, 1, 1, 1, 1}}) == std::pair<uint64_t, uint64_t>{4, 8});
  const Instance path = seeded_path(5, 4, 1);
  CHECK(path.spec == "path:5");
  REQUIRE(path.lengths.size() == 5);
  CHECK(path.lengths[0] == 0);
  for (uint64_t l : path.lengths) CHECK(l <= 4);
  CHECK(seeded_tree(8, 1).spec.starts_with("tree:-,0,"));  // node 1's parent can only be 0
  CHECK(tree_instances().size() == 12);
  // Farthest first: message 3 (2 hops) leaves at 0, 1 at 1, 2 at 4; L + min delta - 1 = 6.
  const auto fdf = measure_flit("scatter-fdf", tree);
  REQUIRE(fdf.has_value());
  CHECK(fdf->verified);
  CHECK(fdf->time == 6);
  CHECK(fdf->bound == 6);
}

TEST_CASE("JRS tables: approach 1 on a ring of 27 costs (n-1)/2 (r + 1); the comparisons over a cost grid") {
  // 13 steps, each a start-up r and one packet.
  CHECK(checked_cost("gossip-jrs-approach-1", gen::linear_request(27, true, 2)) == doctest::Approx(39));
  CHECK(checked_cost("gossip-jrs-approach-1", gen::linear_request(27, true, 10)) == doctest::Approx(143));
  CHECK_FALSE(checked_cost("no-such-generator", gen::linear_request(27, true, 2)).has_value());

  JrsTorusTable two = jrs_table_2();
  REQUIRE(two.algorithms.size() == 5);
  CHECK(two.algorithms[1].name == "approach 21");
  two.sizes = {9};
  two.ratios = {10};
  // Rows: approaches 11, 21, 22, circgos, torgos.
  CostGrid costs = {{10.0}, {12.0}, {11.0}, {9.0}, {6.0}};
  TorgosComparison c = compare_torgos(two, costs);
  CHECK(c.ratio_over_approach_21 == doctest::Approx(2));
  CHECK(c.never_slower);
  costs[4] = {10.5};  // slower than approach 11
  CHECK_FALSE(compare_torgos(two, costs).never_slower);

  JrsTorusTable three = jrs_table_3();
  REQUIRE(three.algorithms.size() == 6);
  three.sizes = {4};
  three.ratios = {10};
  // The cheapest highdimgos' entry is 7; cubgos' takes 3.5.
  CHECK(cubgos_speedup(three, {{8.0}, {9.0}, {10.0}, {7.0}, {12.0}, {3.5}}) == doctest::Approx(2));
}

}  // namespace
}  // namespace schedcheck::lemmas

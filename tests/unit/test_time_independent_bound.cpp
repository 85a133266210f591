// Tests of Meyer-Sibeyn's Theorem 1: its formula (lower_bounds.hpp) and the two-cycle gossip (two_cycle_gossip.hpp).
#include <set>
#include <stdexcept>

#include <doctest/doctest.h>

#include "lower_bounds.hpp"
#include "two_cycle_gossip.hpp"

namespace schedcheck {
namespace {

using namespace lemmas::two_cycle;

std::vector<uint32_t> range(uint32_t from, uint32_t to) {
  std::vector<uint32_t> out;
  for (uint32_t v = from; v <= to; ++v) out.push_back(v);
  return out;
}

std::vector<uint32_t> concat(std::vector<uint32_t> a, const std::vector<uint32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

KnownCycle must_cycle(uint32_t P, std::vector<uint32_t> order) {
  std::string error;
  auto cycle = known_cycle(P, std::move(order), error);
  REQUIRE_MESSAGE(cycle.has_value(), error);
  return *cycle;
}

// B_22 of Example 1: 21 consecutive nodes of the second cycle, 22 in the middle.
const std::vector<uint32_t> example_1 = {35, 11, 7, 4, 34, 8, 25, 38, 9, 6, 22, 20, 1, 17, 33, 3, 5, 10, 36, 0, 39};

TEST_CASE("time_independent_hamiltonian_pair_bound: ceil(11P/40 - 1), exactly") {
  CHECK(time_independent_hamiltonian_pair_bound(0) == 0);
  CHECK(time_independent_hamiltonian_pair_bound(3) == 0);   // 33/40 - 1 < 0
  CHECK(time_independent_hamiltonian_pair_bound(4) == 1);   // 0.1
  CHECK(time_independent_hamiltonian_pair_bound(9) == 2);   // 1.475
  CHECK(time_independent_hamiltonian_pair_bound(33) == 9);  // 8.075: above ceil(32/4) = 8
  CHECK(time_independent_hamiltonian_pair_bound(36) == 9);  // 8.9: the Soch-Tvrdik 9 on 6x6
  CHECK(time_independent_hamiltonian_pair_bound(40) == 10); // exactly 10
  CHECK(time_independent_hamiltonian_pair_bound(64) == 17);
  CHECK(time_independent_hamiltonian_pair_bound(400) == 109);
  // ceil(x) is the s with s - 1 < x <= s, here 40(s - 1) < 11P - 40 <= 40s.
  for (uint64_t P = 4; P < 5000; ++P) {
    const uint64_t s = time_independent_hamiltonian_pair_bound(P);
    CHECK(40 * (s - 1) < 11 * P - 40);
    CHECK(11 * P - 40 <= 40 * s);
  }
  // 11P would overflow; P = 40q + r keeps it exact.
  const uint64_t big = UINT64_MAX - UINT64_MAX % 40;  // a multiple of 40
  CHECK(time_independent_hamiltonian_pair_bound(big) == big / 40 * 11 - 1);
}

TEST_CASE("the counting bound ceil((P-1)/4) is below the Theorem 1 bound from P = 59 on, and first at P = 33") {
  auto counting = [](uint64_t P) { return (P - 1 + 3) / 4; };
  uint64_t first = 0, last_not_above = 0;
  for (uint64_t P = 3; P <= 2000; ++P) {
    const bool above = time_independent_hamiltonian_pair_bound(P) > counting(P);
    if (above && first == 0) first = P;
    if (!above) last_not_above = P;
  }
  CHECK(first == 33);
  CHECK(last_not_above == 58);
}

TEST_CASE("known_cycle: nodes below P, none twice") {
  std::string error;
  CHECK(known_cycle(40, example_1, error).has_value());
  CHECK_FALSE(known_cycle(2, {0, 1}, error));
  CHECK_FALSE(known_cycle(40, {}, error));
  CHECK_FALSE(known_cycle(40, {1, 40}, error));
  CHECK(error == "node 40 is not below P = 40");
  CHECK_FALSE(known_cycle(40, {1, 2, 1}, error));
  CHECK(error == "node 1 appears twice (positions 1 and 3)");
  const KnownCycle window = must_cycle(40, example_1);
  CHECK_FALSE(window.whole());
  CHECK(window.shows(22));
  CHECK_FALSE(window.shows(2));
  CHECK(must_cycle(5, {0, 2, 4, 1, 3}).whole());
}

TEST_CASE("shared_edges: the window's pairs that are first-cycle neighbours, and the closing pair of a whole cycle") {
  // Example 1's window ends with 0, 39: an edge of the first cycle as well.
  CHECK(shared_edges(must_cycle(40, example_1)) == std::vector<std::pair<uint32_t, uint32_t>>{{0, 39}});
  CHECK(shared_edges(must_cycle(5, {0, 2, 4, 1, 3})).empty());
  // 2-1 and 3-4 inside the sequence, and 4-0 where the whole cycle closes.
  CHECK(shared_edges(must_cycle(5, {0, 2, 1, 3, 4})).size() == 3);
}

TEST_CASE("first_window: A_i and its complement, with P/4 rounded down") {
  CHECK(quarter(40) == 10);
  CHECK(quarter(11) == 2);
  CHECK(first_window(40, 22) == range(12, 32));
  CHECK(first_window_complement(40, 22) == concat(range(33, 39), range(0, 11)));
  CHECK(first_window(40, 3) == concat(range(33, 39), range(0, 13)));
  CHECK(first_window(11, 0) == std::vector<uint32_t>{9, 10, 0, 1, 2});
  CHECK(first_window_complement(11, 0) == range(3, 8));
}

TEST_CASE("median_position: the middle, or the lower of the two middles") {
  CHECK(median_position(17) == 9);
  CHECK(median_position(1) == 1);
  CHECK(median_position(2) == 1);
  CHECK(median_position(12) == 6);
}

TEST_CASE("derive: Example 1 (P = 40, i = 22)") {
  const Derivation d = derive(must_cycle(40, example_1), 22);
  CHECK(d.h == 10);
  CHECK(d.A_i == range(12, 32));
  CHECK(d.B_i.exact);
  CHECK(d.B_i.elements == example_1);
  CHECK(d.A_B_i.exact);
  CHECK(std::set<uint32_t>(d.A_B_i.elements.begin(), d.A_B_i.elements.end()) == std::set<uint32_t>{17, 20, 25});
  CHECK(d.C_i == std::vector<uint32_t>{33, 34, 35, 36, 38, 39, 0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  REQUIRE(d.i_prime.has_value());
  CHECK(*d.i_prime == 3);
  CHECK(d.median == 9);
  CHECK(d.A_i_prime == concat(range(33, 39), range(0, 13)));
  CHECK_FALSE(d.B_i_prime.exact);
  CHECK(d.B_i_prime.elements == std::vector<uint32_t>{8, 25, 38, 9, 6, 22, 20, 1, 17, 33, 3, 5, 10, 36, 0, 39});
  CHECK_FALSE(d.A_B_i_prime.exact);
  // The paper lists {8, 38, 9, 6, 1, 33, 3, 5, 10, 36, 39}; 0 lies in A_3 and in
  // the window too. Without 3 itself, 11 remain either way.
  CHECK(d.A_B_i_prime.elements == std::vector<uint32_t>{8, 38, 9, 6, 1, 33, 3, 5, 10, 36, 0, 39});
  CHECK(d.k_i_prime == 11);
}

TEST_CASE("derive: B_i must be known whole; a whole cycle makes every set exact") {
  const std::vector<uint32_t> short_window(example_1.begin(), example_1.begin() + 15);
  CHECK_THROWS_AS(derive(must_cycle(40, short_window), 22), std::logic_error);
  const Derivation d = derive(must_cycle(11, {0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9}), 0);
  CHECK(d.B_i.elements == std::vector<uint32_t>{7, 9, 0, 2, 4});
  CHECK(d.A_B_i.elements == std::vector<uint32_t>{9, 2});
  CHECK(d.C_i == std::vector<uint32_t>{4, 7});
  CHECK(d.i_prime == 4u);
  CHECK(d.B_i_prime.exact);
  CHECK(d.k_i_prime == 2);
  // The second cycle equal to the first: B_i = A_i, so C_i is empty and there is no i'.
  const Derivation same = derive(must_cycle(11, range(0, 10)), 4);
  CHECK(same.C_i.empty());
  CHECK_FALSE(same.i_prime.has_value());
  CHECK(same.A_B_i.elements.size() == 4);
}

TEST_CASE("gossip_steps and largest_multi_receives on whole cycles") {
  CHECK(gossip_steps({0, 2, 4, 1, 3}) == 1);  // K_5: i+-1 and i+-2 in step 1
  // i_{+-j} = i +- 2j: in 3 steps PU i has i +- 1..3 and i +- 2, 4, 6 = i -+ 5 (mod 11).
  CHECK(gossip_steps({0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9}) == 3);
  CHECK(largest_multi_receives({0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9}) == 2);  // i +- 2 twice
  CHECK(gossip_steps(range(0, 7)) == 4);  // one cycle twice: P/2
  CHECK(largest_multi_receives(range(0, 7)) == 4);
  // A Hamiltonian decomposition of the 4x4 torus, numbered along its first cycle.
  CHECK(gossip_steps({0, 3, 14, 9, 4, 7, 2, 13, 8, 11, 6, 1, 12, 15, 10, 5}) == 8);
}

// Each pair the survey reports is a pair of edge-disjoint Hamiltonian cycles.
void check_pair(const CyclePair& pair, uint32_t P) {
  CHECK(pair.second.size() == P);
  CHECK(pair.second.front() == 0);
  std::string error;
  const auto cycle = known_cycle(P, pair.second, error);
  REQUIRE_MESSAGE(cycle.has_value(), error);
  CHECK(shared_edges(*cycle).empty());
  CHECK(gossip_steps(pair.second) == pair.steps);
}

// The figures below agree with a separate brute force (every permutation for
// K_N, every Hamiltonian cycle of the torus without pruning).
TEST_CASE("survey_complete_graph: every second cycle on K_N") {
  CHECK(survey_complete_graph(4).pairs == 0);
  const Survey k5 = survey_complete_graph(5);
  CHECK(k5.pairs == 1);
  CHECK(k5.fewest_steps == 1);
  const Survey k7 = survey_complete_graph(7);
  CHECK(k7.pairs == 23);
  CHECK(k7.fewest_steps == 2);
  CHECK(k7.most_steps == 3);
  CHECK(k7.pairs_at_counting_bound == 2);
  CHECK(k7.pairs_without_tenth == 23);  // P/4 rounds to 1, and every k_i is 0
  const Survey k9 = survey_complete_graph(9);
  CHECK(k9.pairs == 1553);
  CHECK(k9.fewest_steps == 3);
  CHECK(k9.pairs_with_fewest == 182);
  CHECK(k9.most_steps == 4);
  CHECK(k9.fewest_largest_k == 1);
  CHECK_FALSE(k9.beating.has_value());
  REQUIRE(k9.fastest.has_value());
  check_pair(*k9.fastest, 9);
}

TEST_CASE("survey_torus: every Hamiltonian decomposition of small 2-D tori") {
  const Survey t33 = survey_torus(3, 3);
  CHECK(t33.pairs == 24);
  CHECK(t33.fewest_steps == 4);
  CHECK(t33.most_steps == 4);
  const Survey t44 = survey_torus(4, 4);
  CHECK(t44.pairs == 456);
  CHECK(t44.fewest_steps == 8);
  CHECK(t44.most_steps == 8);
  const Survey t35 = survey_torus(3, 5);
  CHECK(t35.pairs == 120);
  CHECK(t35.fewest_steps == 6);
  CHECK(t35.most_steps == 7);
  const Survey t45 = survey_torus(4, 5);
  CHECK(t45.pairs == 160);
  CHECK(t45.fewest_steps == 9);
  CHECK_FALSE(t45.beating.has_value());
  REQUIRE(t45.fastest.has_value());
  check_pair(*t45.fastest, 20);
  // Both cycles run along links of the torus (nodes x1 + 4*x2).
  const auto adjacent = [](uint32_t a, uint32_t b) {
    const uint32_t dx = (a % 4 + 4 - b % 4) % 4, dy = (a / 4 + 5 - b / 4) % 5;
    return (dy == 0 && (dx == 1 || dx == 3)) || (dx == 0 && (dy == 1 || dy == 4));
  };
  const std::vector<uint32_t>& first = t45.fastest->first;
  REQUIRE(first.size() == 20);
  CHECK(std::set<uint32_t>(first.begin(), first.end()).size() == 20);
  for (uint32_t t = 0; t < 20; ++t) {
    CHECK(adjacent(first[t], first[(t + 1) % 20]));
    CHECK(adjacent(first[t45.fastest->second[t]], first[t45.fastest->second[(t + 1) % 20]]));
  }
  CHECK_THROWS_AS(survey_torus(2, 5), std::invalid_argument);
}

}  // namespace
}  // namespace schedcheck

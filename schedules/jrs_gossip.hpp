// JRS gossip: Juurlink, Rao and Sibeyn's wormhole gossip on circular and linear arrays (Section 4), with its cost formulas.
//
// Every PU starts with one datum of l flits; packets combine data, and a
// step costs t_s + L*t_l for its longest packet of L data (format.md section
// 8). Times are in the paper's unit l*t_l, with r = t_s/(l*t_l): a schedule
// is written with `collective gossip length 1` and `cost ts=r tl=1`, so the
// core's cost is the time in that unit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::gen {

// One combining packet: from PU `from`, `hops` along the array (positive:
// rightward, to higher indices), carrying the data of the PUs `data`.
struct GossipPacket {
  uint32_t from = 0;
  int64_t hops = 0;
  std::vector<uint32_t> data;
};

using GossipStep = std::vector<GossipPacket>;

// A circular (ring) or linear (path) array of n PUs.
struct LinearArray {
  uint32_t n = 0;
  bool ring = true;
};

// Approach 1 (Lemma 4): every datum travels left and right one neighbour
// per step, floor(n/2) steps on a ring (n-1 on a path), packets of 1 datum.
std::vector<GossipStep> approach_1(const LinearArray& array);
double approach_1_time(const LinearArray& array, double r);

// Approach 2 (Lemma 4): concentrate on one PU in ceil(log_3 n) steps,
// packets tripling, then disseminate by the same steps reversed, packets of
// all n data. Needs no wraparound.
std::vector<GossipStep> approach_2(const LinearArray& array);
double approach_2_time(const LinearArray& array, double r);
uint32_t approach_2_steps(const LinearArray& array);  // 2 ceil(log_3 n)

// circgos(n, a, b) on a ring (Lemma 5): phase 1 concentrates each of a
// segments of n/a PUs on its bridgehead, phase 2 circulates the segments
// among the bridgeheads for floor(a/2) steps, phase 3 multiplies the
// bridgeheads by a in each of log_a(n/a) rounds of b steps, each bridgehead
// streaming the data in k packets rightward in order and leftward in
// reverse. Needs n = a^(m+1), m >= 0, a >= 2 and, when m >= 1, b >=
// floor(a/2); circgos_refusal says which condition fails.
std::string circgos_refusal(uint32_t n, uint32_t a, uint32_t b);
std::vector<GossipStep> circgos(uint32_t n, uint32_t a, uint32_t b);
// k: the packets a round can stream so that every new bridgehead receives
// all of them in b steps, capped at n.
uint32_t circgos_packets(uint32_t n, uint32_t a, uint32_t b);
double circgos_time(uint32_t n, uint32_t a, uint32_t b, double r);
uint32_t circgos_steps(uint32_t n, uint32_t a, uint32_t b);

// The cheapest circgos(n, a, b) for this r over every a that n allows and
// every b from floor(a/2) to a + n (the paper's "small program").
struct CircgosChoice {
  uint32_t a = 0, b = 0;
  double time = 0;
};
std::optional<CircgosChoice> best_circgos(uint32_t n, double r);

// concentration (Lemma 1's operation) on `n` consecutive PUs from `first`: the
// steps of phase 1 and of approach 2, and the PU that ends with the data.
// Positions and data are first .. first+n-1, unwrapped.
std::vector<GossipStep> concentration(uint32_t first, uint32_t n);
uint32_t concentration_centre(uint32_t first, uint32_t n);

// The least K with 3^K >= n: the concentration's steps.
uint32_t ceil_log3(uint64_t n);
// m with n = a^(m+1), if there is one: the rounds of phase 3.
std::optional<uint32_t> rounds_of(uint32_t n, uint32_t a);

}  // namespace schedcheck::gen

// Two-cycle gossip: time-independent gossip along two Hamiltonian cycles, and the sets of Meyer-Sibeyn's Theorem 1.
//
// The PUs are numbered so that the first cycle is 0, 1, ..., P-1 (the
// paper's convention); the second cycle is a sequence of those numbers. In
// step j PU i receives the packets of i-j, i+j (mod P) on the first cycle and
// of i_{-j}, i_{+j} on the second.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::lemmas::two_cycle {

// P/4 rounded down: the number of whole steps the paper's "first P/4 steps"
// covers. Every gossip needs ceil((P-1)/4) >= floor(P/4) steps, so all the
// multi-receives counted in these steps happen before it can end.
inline uint32_t quarter(uint32_t P) { return P / 4; }

// ceil((P-1)/4): each step brings a PU at most four packets, one per link.
inline uint64_t counting_bound(uint32_t P) { return (uint64_t{P} + 2) / 4; }

// The second cycle as far as it is known: consecutive nodes of it, or all P
// of them (then the sequence closes on itself).
struct KnownCycle {
  uint32_t P = 0;
  std::vector<uint32_t> order;
  std::vector<int64_t> position;  // per node: its index in `order`, or -1 if the window does not show it
  bool whole() const { return order.size() == P; }
  bool shows(uint32_t node) const { return node < P && position[node] >= 0; }
};

// Checks and indexes `order` (nodes below P, none twice, P >= 3); nullopt
// with `error` otherwise.
std::optional<KnownCycle> known_cycle(uint32_t P, std::vector<uint32_t> order, std::string& error);

// Consecutive nodes of the window that are neighbours on the first cycle as
// well (a full cycle also closes from its last node to its first): where the
// two cycles share an edge.
std::vector<std::pair<uint32_t, uint32_t>> shared_edges(const KnownCycle& cycle);

// A set known to contain `elements`, and exactly those when `exact`.
struct KnownSet {
  std::vector<uint32_t> elements;
  bool exact = true;
};

// A_i = {i - P/4, ..., i + P/4} (mod P), in that order.
std::vector<uint32_t> first_window(uint32_t P, uint32_t i);

// {0, ..., P-1} \ A_i, from i + P/4 + 1 on (mod P).
std::vector<uint32_t> first_window_complement(uint32_t P, uint32_t i);

// B_i = {i_{-P/4}, ..., i_{+P/4}} in the order of the second cycle; only the
// part the window shows, not exact, when the window does not reach that far.
// `i` must be shown.
KnownSet second_window(const KnownCycle& cycle, uint32_t i);

// The elements of `set` that lie in A_i, in the order of `set`.
KnownSet in_first_window(uint32_t P, uint32_t i, const KnownSet& set);

// A_i ∩ B_i \ {i}: the nodes whose packets reach PU i on both cycles within
// P/4 steps. k_i is its size.
KnownSet multi_receives(const KnownCycle& cycle, uint32_t i);

// C_i = complement(A_i) ∩ B_i, sorted and rotated so that the smallest
// element larger than i comes first (B_i must be exact).
std::vector<uint32_t> outside_arrangement(const KnownCycle& cycle, uint32_t i);

// The median of an arrangement: its element at position ceil(m/2) (1-based),
// the lower median when m is even. The proof needs only that about half of
// C_i lies on either side of i'.
inline size_t median_position(size_t m) { return (m + 1) / 2; }

// Section 2 step by step for one i.
struct Derivation {
  uint32_t P = 0, i = 0, h = 0;  // h = P/4 rounded down
  std::vector<uint32_t> A_i, complement_A_i;
  KnownSet B_i;
  KnownSet A_B_i;                 // A_i ∩ B_i \ {i}; k_i = its size
  std::vector<uint32_t> C_i;      // arranged from the smallest element larger than i
  std::optional<uint32_t> i_prime;  // none when C_i is empty
  size_t median = 0;              // 1-based position of i' in C_i
  std::vector<uint32_t> A_i_prime;
  KnownSet B_i_prime;
  KnownSet A_B_i_prime;           // A_i' ∩ B_i' (with i' itself, as the paper lists it)
  uint32_t k_i_prime = 0;         // |A_i' ∩ B_i' \ {i'}|, a lower bound unless B_i' is exact
};

// B_i must be exact (the window reaches P/4 on both sides of i).
Derivation derive(const KnownCycle& cycle, uint32_t i);

// Steps of the gossip along both cycles: the first step after which every PU
// has received every packet. `second` is a permutation of 0..P-1.
uint32_t gossip_steps(const std::vector<uint32_t>& second);

// The largest k_i over all PUs i (a full second cycle).
uint32_t largest_multi_receives(const std::vector<uint32_t>& second);

// One pair of edge-disjoint Hamiltonian cycles of a survey.
struct CyclePair {
  std::vector<uint32_t> first;   // the first cycle as nodes of the graph (0, 1, ..., P-1 on K_P)
  std::vector<uint32_t> second;  // the second cycle in the first cycle's numbering, from 0
  uint32_t steps = 0;
  uint32_t largest_k = 0;
};

// Figures over every pair of edge-disjoint Hamiltonian cycles of a graph,
// each unordered pair once.
struct Survey {
  uint32_t P = 0;
  uint64_t pairs = 0;
  uint32_t fewest_steps = 0, most_steps = 0;
  uint64_t pairs_with_fewest = 0;
  uint64_t pairs_at_counting_bound = 0;  // steps = ceil((P-1)/4)
  uint32_t fewest_largest_k = 0;         // min over pairs of max_i k_i
  uint64_t pairs_without_tenth = 0;      // pairs in which every k_i < P/10
  std::optional<CyclePair> fastest;      // the first pair found with the fewest steps
  std::optional<CyclePair> beating;      // the first pair below the Theorem 1 bound
};

// Every second Hamiltonian cycle of the complete graph K_N that shares no
// edge with 0, 1, ..., N-1; each cycle once (its second node below its last).
Survey survey_complete_graph(uint32_t N);

// Every pair of edge-disjoint Hamiltonian cycles of the 2-D torus n1 x n2
// (n1, n2 >= 3, nodes x1 + n1*x2). The torus is 4-regular, so the second
// cycle is the complement of the first; the first is the one through the
// edge (0,0)-(1,0), traversed from (0,0) to (1,0), so each pair counts once.
Survey survey_torus(uint32_t n1, uint32_t n2);

}  // namespace schedcheck::lemmas::two_cycle

// Flit tables: the rows of `table scatter-gather`, `gather` and `multiport`, Bhatt et al.'s scatters and gathers generated, checked and searched.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace schedcheck::lemmas {

// One instance: a network and its lengths (node 0, the root, has none).
struct Instance {
  std::string name;
  std::string spec;  // --topology form
  std::vector<uint64_t> lengths;
};

// A random tree of n nodes (each node's parent among those before it) and
// lengths drawn from 0..20, zeros included, from one seed.
Instance seeded_tree(uint32_t n, uint64_t seed);

// A path of n nodes rooted at one end, with lengths 0..max drawn from a seed.
Instance seeded_path(uint32_t n, uint64_t max, uint64_t seed);

// The trees of the scatter-gather table: the worked examples, then seeded trees.
std::vector<Instance> tree_instances();

// The core's verdict on a rooted generator's schedule: its time and the best bound.
struct FlitMeasured {
  uint64_t time = 0;
  uint64_t bound = 0;
  bool verified = false;
};

// nullopt when the network, the generator or its plan fails; `trees` is the
// multitree generators' tree count (0: their default).
std::optional<FlitMeasured> measure_flit(const std::string& generator, const Instance& in, uint32_t trees = 0);

// Theorem 3's b and c for the tree of `in` (a tree or path topology): the
// worst-order broadcast time (the largest sum of children counts along a
// root-to-leaf path) and the certificate collection time 2(N-1).
std::pair<uint64_t, uint64_t> theorem_3_terms(const Instance& in);

// The searched optimum, its witness re-checked by the core with the found
// time as its claim; "-" when the instance is too large to search here.
struct FlitSearched {
  std::string text = "-";
  std::optional<uint64_t> time;
  bool proven = false;
  bool rejected = false;
};

FlitSearched search_flit_optimum(const Instance& in, bool scatter, double timeout, bool wake_up_chain = false);

// scatter-gather: the gap-free orders against the bound and the optimum, scatter and gather.
struct ScatterGatherRow {
  const Instance* instance = nullptr;
  uint64_t flits = 0;
  FlitMeasured fdf, nearest, index, nrf, gather_index;
  FlitSearched scatter_optimum, gather_optimum;
  bool verified = false;       // every schedule and witness
  bool theorem_1_holds = false;  // nothing is faster than FDF, nor (reversed) than NRF
};

// Calls `row` for each tree; returns 2 if a schedule could not be generated, else 0.
int scatter_gather_rows(double timeout, const std::function<void(const ScatterGatherRow&)>& row);

// gather: the distributed gathers against NRF, the bounds and Theorem 3.
struct GatherRow {
  const Instance* instance = nullptr;
  uint64_t flits = 0;  // m
  FlitMeasured nrf, certification;
  std::optional<FlitMeasured> shoulder_tap;  // paths only
  FlitSearched optimum;                      // over schedules obeying inequality (5), paths only
  uint64_t theorem_3_bound = 0;              // 2b + c + m
  uint64_t sync = 0;                         // certification - NRF: what its synchronization costs
  bool verified = false;
  bool theorem_2_holds = false;  // shoulder tapping meets the proven optimum
  bool theorem_3_holds = false;  // certification within 2b + c + m
};

// Paths with seeded lengths, then the trees of tree_instances(); calls `row`
// for each; returns 2 if a schedule could not be generated, else 0.
int gather_rows(double timeout, const std::function<void(const GatherRow&)>& row);

// multiport: one tree (one-port) against k edge-disjoint trees (all-port).
struct MultiportRow {
  const Instance* instance = nullptr;
  uint64_t flits = 0;
  uint32_t root_degree = 0;
  FlitMeasured one_port, one_tree, two_trees, degree_trees, gather_degree_trees;
  bool verified = false;
};

// Meshes and tori with lengths 0..9 from a seed; calls `row` for each;
// returns 2 if a network or schedule could not be built, else 0.
int multiport_rows(const std::function<void(const MultiportRow&)>& row);

}  // namespace schedcheck::lemmas

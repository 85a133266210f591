// Store-and-forward scatter and gather search: Z3 encoding of each message's walk on a small torus, mesh, tree or graph.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grid.hpp"
#include "outcome.hpp"

namespace schedcheck::search {

enum class RootedCollective { scatter, gather };

struct SfRootedProblem {
  Grid grid;
  // A tree or graph instead of the grid when not empty: each node's
  // neighbours, one channel to each. Nodes are named by index and the
  // witness gives each hop as '> v'.
  std::vector<std::vector<uint32_t>> neighbours;
  RootedCollective collective = RootedCollective::scatter;
  uint32_t root = 0;
  bool one_port = false;
  // Distance pruning and the redundant constraints; off gives the plain
  // encoding (every message may be anywhere at any step).
  bool strengthen = true;
  // The list schedule (sf_list_schedule.hpp) before the solver: its witness
  // at the first count settles the search, and above it the solver climbs
  // only below its count. Off (or without strengthen) the solver alone.
  bool list_schedule_first = true;
};

// One directed channel of the problem's network, and its hop as a body line writes it: " +2" or " > 5".
struct SfChannel {
  uint32_t tail, head;
  std::string hop;
  uint32_t reverse;  // the channel from head to tail (on a grid: the opposite direction of the same dimension)
};
uint32_t sf_node_count(const SfRootedProblem& problem);
std::string sf_node_name(const SfRootedProblem& problem, uint32_t v);
std::vector<SfChannel> sf_channels(const SfRootedProblem& problem);  // node by node
std::vector<std::vector<uint32_t>> sf_distances(const SfRootedProblem& problem);

// The messages' ends: a scatter's message m goes from the root to m, a
// gather's from m to the root.
uint32_t message_source(const SfRootedProblem& problem, uint32_t m);
uint32_t message_destination(const SfRootedProblem& problem, uint32_t m);

// Tries the list schedule, then first, first+1, ..., last steps, one solver per count (the
// encoding depends on the count: a message is only where it can still reach
// its destination in time), and stops at the first count with a witness or
// when the whole time is spent. A count that is not decided within
// limits.count_timeout, or whose encoding would be too large, is recorded
// unknown and the climb goes on to the next.
SearchReport search_sf_rooted(const SfRootedProblem& problem, uint32_t first, uint32_t last,
                              const SearchLimits& limits);

std::string sf_rooted_model_line(const SfRootedProblem& problem);
std::string sf_rooted_collective_line(const SfRootedProblem& problem);  // "scatter root (1,2)"

// The encoding for exactly `steps` steps as DIMACS CNF, for an independent SAT solver.
std::string sf_rooted_dimacs(const SfRootedProblem& problem, uint32_t steps);

}  // namespace schedcheck::search

// Flit search: Z3 encoding of a scatter or gather in the bufferless flit model, dispatch times over tree routes.
//
// Each non-null message is one train along the path of a breadth-first
// spanning tree between the root and its node; the unknowns are the dispatch
// times (gaps allowed), so on a tree, where that path is the only route, the
// search is over every schedule (specs/encoding.md, "Flit scatter and gather").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "outcome.hpp"

namespace schedcheck::search {

enum class FlitCollective { scatter, gather };

inline constexpr uint32_t no_parent = UINT32_MAX;

// The search is for small instances: the pairs of trains grow quadratically,
// and an unsat answer can take exponential time in their number.
inline constexpr size_t max_flit_trains = 24;

struct FlitProblem {
  FlitCollective collective = FlitCollective::scatter;
  // The network, as each node's neighbours; the spanning tree takes, for
  // each node, the first neighbour in this order that reaches it.
  std::vector<std::vector<uint32_t>> neighbours;
  uint32_t root = 0;
  std::vector<uint64_t> lengths;  // flits of the message named by each node; 0 is a null message
  bool one_port = true;
  // Redundant constraints (each resource holds its trains end to end); off
  // gives the plain encoding, the disjunctions alone.
  bool strengthen = true;
  // A gather on a path into one end that obeys inequality (5) of Bhatt et
  // al., Section 3.1: P_(i-1) wakes P_i with a one-flit control message
  // sent once its own call has arrived, and P_i dispatches only after that
  // (format.md 7.2, `licensed`). The calls are trains of the search: the
  // optimum over every such schedule, which shoulder tapping claims to meet.
  bool wake_up_chain = false;
};

// One message's train: the message named by `node`, along `route` (nodes,
// from the sender to the receiver, so hops() = route.size() - 1).
struct FlitTrain {
  uint32_t node = 0;  // a wake-up call: the node it wakes
  uint64_t length = 0;
  std::vector<uint32_t> route;
  bool wake_up = false;
  size_t licence = SIZE_MAX;  // the index of the wake-up call that must reach route[0] first
  uint32_t hops() const { return static_cast<uint32_t>(route.size()) - 1; }
};

// What makes the problem unsearchable (a malformed network, an unreachable
// non-null message, too many trains, times past 2^31), or "" when none.
std::string flit_problem_error(const FlitProblem& problem);

// The breadth-first spanning tree from the root: each node's parent,
// no_parent for the root and for nodes the root does not reach.
std::vector<uint32_t> flit_spanning_tree(const FlitProblem& problem);

// The trains of the non-null messages other than the root's own, in node
// order, then the wake-up calls if the problem has them.
std::vector<FlitTrain> flit_trains(const FlitProblem& problem);

// The best lower bound (lemmas.md) on the time of any schedule over the tree
// routes: flit-message-distance, max_i (d_i + l_i - 1), and flit-root-stream,
// ceil(L/p) + min_i d_i - 1 with p = 1 (one-port) or the root's tree degree.
struct FlitBound {
  uint64_t time = 0;
  std::string name;  // "flit-message-distance", "flit-root-stream" or "none" (nothing moves)
};
FlitBound flit_lower_bound(const FlitProblem& problem);

// The time of the trains sent in node order as one gap-free stream, which is
// a schedule: L + max_i d_i - 1 at most. The search never looks above it.
uint64_t flit_gap_free_time(const FlitProblem& problem);

// The least time: first the lower bound, then a bisection up to the gap-free
// time, on one incremental solver (time K asked under the assumption goal_K).
// Attempt::steps is the time asked. The witness (the body of lines `R > ... >
// v : v @T`) is the best schedule found and witness_steps its own time (at
// most the time asked); the time just below it is unsat unless it is below
// the lower bound or the search gave up.
SearchReport search_flit(const FlitProblem& problem, const SearchLimits& limits);

// What a search_flit report proves about the least time. `bound` holds for
// every schedule (the core's), `tree_bound` for the tree's routes alone
// (flit_lower_bound); `routes_unique` says the tree's routes are the only
// ones (the network is a tree), so that an unsat there covers every schedule.
struct FlitConclusion {
  enum class Kind {
    optimum,        // the witness's time, and every time below it is impossible
    least_on_tree,  // the least time on the tree's routes; other routes not searched
    found,          // a witness, with times below it undecided
    gave_up,        // no witness
  };
  Kind kind = Kind::gave_up;
  std::string proof;       // why the time below the witness's is impossible (optimum)
  std::string tree_proof;  // why it is impossible on the tree's routes
  uint64_t least = 0;      // every time below this is impossible
};
FlitConclusion conclude_flit(const SearchReport& report, const FlitBound& bound, const FlitBound& tree_bound,
                             bool routes_unique);

// The header lines of a witness: "flit one-port" (with "licensed" for a
// wake-up chain) and "scatter root 0 lengths 0 2 3 1".
std::string flit_model_line(const FlitProblem& problem);
std::string flit_collective_line(const FlitProblem& problem);

}  // namespace schedcheck::search

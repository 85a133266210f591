// Broadcast search: Z3 encoding of a broadcast on a small torus or mesh, one function per constraint family.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grid.hpp"
#include "outcome.hpp"
#include "routes.hpp"
#include "sat_model.hpp"
#include "symmetry.hpp"

namespace schedcheck::search {

struct BroadcastProblem {
  Grid grid;
  RouteRule rule = RouteRule::dimension_order;  // single_hop for store-and-forward
  bool one_port = false;
  // Redundant constraints and symmetry breaking; off gives the plain encoding
  // that the benchmark compares against.
  bool strengthen = true;
  // With strengthen, under either dimension order (all-port wormhole): the
  // counts and losses the layer recursion allows each step
  // (layer_counts.hpp). Off measures the encoding without them.
  bool layer_counts = true;
  // Each count is tried first under the stricter routing (stricter_routing),
  // whose witness is a witness of this one; off measures one routing alone.
  bool stricter_routing_first = false;
  // Each count is tried first over the symmetric schedules alone (a
  // structured try): those that every automorphism of source_symmetries
  // maps to themselves, then those that the point reflection alone maps to
  // themselves. Their witness settles the count; their unsat refutes
  // nothing. Off measures the other runs alone.
  bool symmetric_first = false;
  // A structured try, run with the symmetric ones where it applies: the
  // schedules whose last step informs every neighbour of the perfect Lee
  // code (perfect_lee_code) by single hops, the steps before it informing
  // the code's nodes along paths between them. Its encoding has the routes
  // between the code's nodes alone, so it is built where the whole one is
  // too large (7x7x7 under minimal paths). Its witness settles the count;
  // its unsat refutes nothing. Set by the search for that try.
  bool code_last_step = false;
  // The code-anchored class (specs/search-broadcast.md): the schedules that
  // have informed every node of the Lee code (lee_code) before their last
  // step and whose last step has no path of more than 2 hops. For
  // broadcast_dimacs: the CNF of that class, for a SAT solver outside; its
  // model is a witness, its unsat refutes the class only. No symmetry
  // breaking goes with it, as an automorphism may move the code.
  bool code_anchored = false;
  // The last-hops class: the schedules whose last step has no path of more
  // than this many hops (0: no such bound; the code-anchored class has 2).
  // Every automorphism keeps a path's hops, so the lex-leader of the first
  // step stays. For broadcast_dimacs, like code_anchored: its model is a
  // witness, its unsat refutes the class only.
  uint32_t last_step_hops = 0;
  // Each count is tried first by flow_broadcast (free routing, all-port
  // wormhole): a schedule whose every step is a maximum flow, its paths any
  // paths. Its witness settles the count; a try that finds none refutes
  // nothing and is not reported.
  bool flow_first = false;
  // Under either dimension order (all-port wormhole), each count is tried
  // after the symmetric schedules by shorter_way_broadcast: steps spread
  // greedily, the last one decided by Z3. Its witness settles the count; a
  // try that finds none refutes nothing and is not reported.
  bool shorter_way_spread = false;
  // The encoding of the schedules that the group maps to themselves alone:
  // one variable per orbit of routes and of nodes. Set by the search for
  // its structured tries.
  std::optional<SymmetryGroup> symmetric_only;
  // A count split into cubes: the source's path out of each of its first
  // `split_ports` ports in step 1 is fixed, one of the paths that leave by
  // that port or none; a cube's number counts the choices, port 0's varying
  // fastest. The count has a schedule iff some cube has one.
  uint32_t split_ports = 0;
};

// The number of cubes of the problem's split: the product over the split
// ports of the paths leaving the source by the port, plus one.
uint64_t broadcast_cube_count(const BroadcastProblem& problem);

// Decides the count `steps` cube by cube, first..last of the problem's
// split, with one solver (each cube's choices assumed, what it learns kept):
// sat at the first cube with a schedule, unsat when every cube is refuted
// (the report counts them), unknown when the time runs out first. The
// routing asked alone: no stricter or symmetric first try.
SearchReport search_broadcast_cubes(const BroadcastProblem& problem, uint32_t steps, uint64_t first, uint64_t last,
                                    const SearchLimits& limits);

// The count `steps` with the encoding's variables set as another SAT
// solver's model of its CNF (broadcast_dimacs) sets them: sat with the
// schedule the model describes, unsat when the model is not one of this
// encoding's (a wrong one). The routing asked alone. No attempt, with
// `unset` naming the variable, when the model leaves a send of the
// encoding unset: it is the model of another instance's CNF.
SearchReport search_broadcast_from_model(const BroadcastProblem& problem, uint32_t steps, const NamedValues& model,
                                        const SearchLimits& limits, std::string& unset);

// The routing whose every path is a path of the problem's routing, tried
// first because it is cheaper to solve: the shorter way round under
// dimension order, and under free routing (minimal paths). A shorter-way
// path is a dimension-ordered path and a minimal one. None for the shorter
// way itself, store-and-forward, and dimension order on a mesh (one way only).
std::optional<RouteRule> stricter_routing(const BroadcastProblem& problem);

// Tries first, first+1, ..., last steps, one incremental solver per routing,
// and stops at the first count with a witness or when the whole time is
// spent. A count that is not decided within limits.count_timeout is
// recorded unknown and the climb goes on to the next. With
// stricter_routing_first, a count's stricter run has a third of the count's
// time; its witness settles the count, and otherwise the routing asked
// decides it (its unsat alone refutes the count). With symmetric_first,
// a third of the count's time goes first to the symmetric schedules (under
// the stricter routing where it is tried first), a third of what is left
// to the point-symmetric ones, and the runs above share the rest.
SearchReport search_broadcast(const BroadcastProblem& problem, uint32_t first, uint32_t last,
                              const SearchLimits& limits);

// The model line of the format for this problem.
std::string broadcast_model_line(const BroadcastProblem& problem);

// The encoding for exactly `steps` steps, goal asserted, as DIMACS CNF (card-
// inality constraints turned into clauses), for an independent SAT solver.
std::string broadcast_dimacs(const BroadcastProblem& problem, uint32_t steps);

}  // namespace schedcheck::search

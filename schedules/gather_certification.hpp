// Gather by transmission certification (Bhatt et al., Section 3.2): a distributed gather on any tree, every step told.
#pragma once

#include <cstdint>
#include <vector>

#include "rooted_generator.hpp"

namespace schedcheck::gen {

// What node v certifies to its parent in phase 2: given a transmit order
// that reaches it at time t, its subtree's messages can cross the link from
// v toward the root as one gap-free stream of `length` flits from unit
// t + lag on (for the root: reach it from unit t + lag on).
struct Certificate {
  uint64_t lag = 0;
  uint64_t length = 0;
};

struct CertificationPlan {
  FlitSchedule schedule;
  std::vector<Certificate> certificates;  // per node, as computed (unreached nodes: 0, 0)
  uint64_t collection = 0;                // E: when the root holds its last certificate (phases 1 and 2)
  std::vector<uint64_t> told;   // per node: when its transmit order arrives (the root: E); UINT64_MAX if none
  std::vector<uint64_t> start;  // per node: the first unit of its subtree's stream; UINT64_MAX if none
};

// The protocol on `tree`. `understated`, when a node of the tree, certifies
// one unit less lag than it needs (if its lag is positive) while the node
// still acts on its true certificate: the mutant a test feeds the core.
CertificationPlan certification_plan(const RootedRequest& request, const SpanningTree& tree,
                                     uint32_t understated = UINT32_MAX);

FlitSchedule gather_certification(const RootedRequest& request, const SpanningTree& tree);
std::string certification_refusal(const RootedRequest& request, const SpanningTree& tree);

}  // namespace schedcheck::gen

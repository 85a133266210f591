// Layer counts: what the layer recursion of dimension-ordered broadcast forces, step by step, on a schedule that informs every node.
//
// lemmas.md, broadcast-dimension-order-layers: with A and B the nodes informed
// in the source's layer (first coordinate 0) and in the rest, a step takes
// (A, B) to some (A', B') with A <= A' <= (2k-1)A + 2B, B <= B' <= 2A + fB
// (f = 2k+1, or 2k-1 when n1 = 2) and A' + B' <= (2k+1)(A + B). The counts
// of a schedule that informs every node in T steps are a chain of such
// steps from (1, 0) to (P/n1, P - P/n1); the chains that exist bound each
// step's counts from both sides, and how far each step falls short of its
// two upper bounds (the ports that could inform a new node of a part and do
// not).
#pragma once

#include <cstdint>
#include <vector>

#include "deadline.hpp"
#include "grid.hpp"

namespace schedcheck::search {

struct LayerStep {
  uint32_t layer_min = 0, layer_max = 0;  // A after the step, over every chain
  uint32_t rest_min = 0, rest_max = 0;    // B after the step
  uint32_t layer_loss = 0;  // the most that (2k-1)A + 2B - A' can be, at this step of a chain
  uint32_t rest_loss = 0;   // the most that 2A + fB - B' can be
};

// Element t (1..steps) is step t; element 0 is the start, (1, 0). Empty when
// no chain reaches every node in `steps` steps, or the grid has one dimension.
// Throws OutOfTime past `deadline`.
std::vector<LayerStep> layer_count_steps(const Grid& grid, uint32_t steps, const Deadline& deadline = {});

}  // namespace schedcheck::search

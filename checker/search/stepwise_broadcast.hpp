// Stepwise broadcast: a schedule from node 0 built one step at a time by a step finder, under seeded tries.
//
// The structured broadcast tries that need no encoding of the whole
// schedule (flow_broadcast, shorter_way_broadcast) share this driver: each
// try orders the nodes at random (seeded by the try's number, so every run
// is the same), and asks the finder for each step in turn, given the nodes
// informed so far; a try succeeds when the last step leaves none uninformed.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grid.hpp"

namespace schedcheck::search {

struct StepwiseLimits {
  uint32_t tries = 8;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

// One path of a step: its sender, the node it informs, and its moves as the
// format writes them ("+1*2 -2").
struct StepPath {
  uint32_t from, to;
  std::string moves;
};

struct StepRequest {
  const std::vector<bool>& informed;
  uint32_t informed_count;
  const std::vector<uint32_t>& rank;  // the try's order of the nodes, for ties
  bool last;                          // the step must reach every node left
  double seconds_left;                // until the deadline
};

// The step's paths, or none when the finder gives the try up.
using StepFinder = std::function<std::optional<std::vector<StepPath>>(const StepRequest&)>;

// A broadcast in exactly `steps` steps, as the body of a schedule in the
// format (step lines and transfers whose routes are moves), or none when
// no try found one before the deadline.
std::optional<std::string> stepwise_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits,
                                              const StepFinder& find_step);

}  // namespace schedcheck::search

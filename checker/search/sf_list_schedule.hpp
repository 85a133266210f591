// List schedule: a store-and-forward scatter or gather built greedily, the farthest message first, tried before the solver.
//
// Every step each message not yet home takes one hop that brings it closer
// (to a node at one hop less from its destination) if a channel, and under
// one-port the sender's and the receiver's port, is still free; the
// messages choose in order of the most hops left. A gather is the time
// reversal of the scatter from its root: each walk backwards, each step in
// reverse order, which keeps every channel (reversed) and every port (sends
// and receptions swapped) to one message per step. The result is a witness
// like the solver's, re-checked by the core; when its count meets the core's
// lower bound it is optimal and no solver runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sf_scatter_search.hpp"

namespace schedcheck::search {

struct ListSchedule {
  uint32_t steps = 0;
  std::string body;  // "step 1" and transfer lines, as the solver's witness
};

// None when the schedule needs more than `max_steps` steps.
std::optional<ListSchedule> sf_rooted_list_schedule(const SfRootedProblem& problem, uint32_t max_steps);

}  // namespace schedcheck::search

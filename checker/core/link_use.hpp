// LinkUse: property 2, link-disjoint per step: no directed channel carries two packets or paths in one step.
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "diagnostic.hpp"
#include "route.hpp"
#include "topology.hpp"

namespace schedcheck {

class LinkUse {
 public:
  explicit LinkUse(const Topology& topology)
      : topology_(topology), use_(topology.channel_slots(), Use{0, 0}) {}

  // `step_serial` grows by one per step, so no per-step clearing is needed.
  // A transfer that reuses a channel is reported once for that channel, at
  // its first reuse: a path round a cycle k times gives one error per
  // channel of the cycle, whatever k is.
  void use(const std::vector<Hop>& hops, uint32_t step_serial, uint32_t step_number, uint32_t line,
           Diagnostics& diagnostics);

 private:
  const Topology& topology_;
  // Side by side, so a hop touches one cache line.
  struct Use {
    uint32_t stamp;  // last step serial that used the channel
    uint32_t line;   // line of that use
  };
  std::vector<Use> use_;
  std::unordered_set<ChannelId> reported_;  // this transfer's reused channels: filled only on errors
};

}  // namespace schedcheck

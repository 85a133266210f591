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
  static uint64_t bytes_needed(const Topology& topology) { return uint64_t{topology.channel_slots()} * sizeof(Use); }

  // `step_serial` grows by one per step, so no per-step clearing is needed.
  // A transfer that reuses a channel is reported once for that channel, at
  // its first reuse: a path round a cycle k times gives one error per
  // channel of the cycle, whatever k is.
  void use(const std::vector<Hop>& hops, uint32_t step_serial, uint32_t step_number, uint32_t line,
           Diagnostics& diagnostics) {
    for (const Hop& hop : hops) {
      Use& use = use_[hop.channel];
      if (use.stamp == step_serial) reuse(hop, use.line, step_number, line, diagnostics);
      else use = {step_serial, line};
    }
  }

 private:
  void reuse(const Hop& hop, uint32_t first_line, uint32_t step_number, uint32_t line, Diagnostics& diagnostics);

  const Topology& topology_;
  // Side by side, so a hop touches one cache line.
  struct Use {
    uint32_t stamp;  // last step serial that used the channel
    uint32_t line;   // line of that use
  };
  std::vector<Use> use_;
  // The reused channels of the transfer on line reported_line_: filled only on errors.
  std::unordered_set<ChannelId> reported_;
  uint32_t reported_line_ = 0;
};

}  // namespace schedcheck

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
  explicit LinkUse(const Topology& topology) : topology_(topology), last_line_(topology.channel_slots(), 0) {}
  static uint64_t bytes_needed(const Topology& topology) { return uint64_t{topology.channel_slots()} * sizeof(uint32_t); }

  // `step_line` is the line of the step's 'step' statement (0 before the
  // first): lines grow through the file, so a channel is in use in this step
  // when the line of its last use lies past it, and no per-step clearing is
  // needed. A transfer that reuses a channel is reported once for that
  // channel, at its first reuse: a path round a cycle k times gives one error
  // per channel of the cycle, whatever k is.
  void use(const std::vector<Hop>& hops, uint32_t step_line, uint64_t step_number, uint32_t line,
           Diagnostics& diagnostics) {
    for (const Hop& hop : hops) {
      uint32_t& last = last_line_[hop.channel];
      if (last > step_line) reuse(hop, last, step_number, line, diagnostics);
      else last = line;
    }
  }

 private:
  void reuse(const Hop& hop, uint32_t first_line, uint64_t step_number, uint32_t line, Diagnostics& diagnostics);

  const Topology& topology_;
  std::vector<uint32_t> last_line_;  // per channel: the line of its last use
  // The reused channels of the transfer on line reported_line_: filled only on errors.
  std::unordered_set<ChannelId> reported_;
  uint32_t reported_line_ = 0;
};

}  // namespace schedcheck

// LinkUse: property 2, link-disjoint per step: no directed channel carries two packets or paths in one step.
#pragma once

#include <cstdint>
#include <vector>

#include "diagnostic.hpp"
#include "route.hpp"
#include "topology.hpp"

namespace schedcheck {

class LinkUse {
 public:
  explicit LinkUse(const Topology& topology)
      : topology_(topology), stamp_(topology.channel_slots(), 0), line_(topology.channel_slots(), 0) {}

  // `step_serial` grows by one per step, so no per-step clearing is needed.
  void use(const std::vector<Hop>& hops, uint32_t step_serial, uint32_t step_number, uint32_t line,
           Diagnostics& diagnostics);

 private:
  const Topology& topology_;
  std::vector<uint32_t> stamp_;  // last step serial that used the channel
  std::vector<uint32_t> line_;   // line of that use
};

}  // namespace schedcheck

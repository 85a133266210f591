// Farthest targets: nodes picked one by one, each the farthest in hops from a growing set (the informed ones and
// those picked before it), so that a step's targets spread over the network.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "grid.hpp"

namespace schedcheck::search {

class FarthestTargets {
 public:
  // The set starts as the nodes marked in `members`; `rank`, kept by
  // reference, breaks ties between equally far nodes (the lower rank first).
  FarthestTargets(const Grid& grid, const std::vector<bool>& members, const std::vector<uint32_t>& rank);

  // The node outside the set and not `passed` that lies farthest from the
  // set, or none (UINT32_MAX).
  uint32_t next(const std::vector<bool>& passed) const;
  // `v` joins the set.
  void add(uint32_t v);

 private:
  void settle();

  const Grid& grid_;
  const std::vector<uint32_t>& rank_;  // outlives this object: a try's order
  std::vector<uint32_t> distance_;  // hops to the nearest member; 0 for members
  std::deque<uint32_t> queue_;
};

}  // namespace schedcheck::search

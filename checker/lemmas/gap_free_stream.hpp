// Gap-free streams: Bhatt et al.'s scattering schedules that leave the root back to back, their gathering mirror, and their times.
//
// A scatter sends its non-null messages from the root in one stream without
// gaps: the j-th leaves at L_(j-1), the sum of the earlier lengths, and
// arrives at L_j + delta_j - 1 (format.md section 7.1). A gather receives them
// at the root the same way, in reverse time. Theorem 1: the farthest
// destination first (nearest received first, for a gather) is optimal.
#pragma once

#include <cstdint>
#include <vector>

#include "collective.hpp"
#include "topology.hpp"

namespace schedcheck::lemmas {

enum class StreamOrder { farthest_first, nearest_first, index };

struct StreamEntry {
  NodeId node;
  uint32_t distance;  // hops between the node and the root
  uint64_t length;
  uint64_t dispatch;  // when its first flit leaves (scatter: the root; gather: the node)
  uint64_t arrival;   // when its last flit arrives
};

struct Stream {
  std::vector<StreamEntry> entries;  // in the order the root sends (scatter) or receives (gather) them
  uint64_t time = 0;                 // the latest arrival
};

// The gap-free stream of a scatter, gather or concentration in `order`
// (ties by node index); distances are those of the topology from the root.
Stream gap_free_stream(const Topology& topology, const Collective& collective, StreamOrder order);

}  // namespace schedcheck::lemmas

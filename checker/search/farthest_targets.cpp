// Farthest targets: a breadth-first distance from the set, lowered as members join.
#include "farthest_targets.hpp"

namespace schedcheck::search {

FarthestTargets::FarthestTargets(const Grid& grid, const std::vector<bool>& members,
                                 const std::vector<uint32_t>& rank)
    : grid_(grid), rank_(rank), distance_(grid.node_count(), UINT32_MAX) {
  for (uint32_t v = 0; v < grid.node_count(); ++v)
    if (members[v]) distance_[v] = 0, queue_.push_back(v);
  settle();
}

uint32_t FarthestTargets::next(const std::vector<bool>& passed) const {
  uint32_t best = UINT32_MAX;
  for (uint32_t v = 0; v < grid_.node_count(); ++v)
    if (distance_[v] > 0 && !passed[v] &&
        (best == UINT32_MAX || distance_[v] > distance_[best] ||
         (distance_[v] == distance_[best] && rank_[v] < rank_[best])))
      best = v;
  return best;
}

void FarthestTargets::add(uint32_t v) {
  distance_[v] = 0;
  queue_.push_back(v);
  settle();
}

// Only distances that fall are pushed on, so adding a member costs the nodes it comes nearer to.
void FarthestTargets::settle() {
  while (!queue_.empty()) {
    const uint32_t v = queue_.front();
    queue_.pop_front();
    for (uint32_t port = 0; port < 2 * grid_.dimensions(); ++port) {
      const int64_t w = grid_.neighbour(v, port / 2, port % 2 == 1);
      if (w >= 0 && distance_[w] > distance_[v] + 1) {
        distance_[w] = distance_[v] + 1;
        queue_.push_back(static_cast<uint32_t>(w));
      }
    }
  }
}

}  // namespace schedcheck::search

// Link colouring: tracing colour classes into cycles, and the O(1) effect of a square exchange.
#include "link_colouring.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace schedcheck::gen {

LinkColouring::LinkColouring(const Torus& torus, uint8_t colours)
    : torus_(torus),
      dims_(torus.dimensions()),
      colours_(colours),
      colour_(torus.node_count() * dims_, no_colour),
      places_(colours),
      lengths_(colours) {}

uint64_t LinkColouring::trace(uint8_t c) {
  const uint64_t nodes = torus_.node_count();
  std::vector<Place>& places = places_[c];
  places.assign(nodes, {unseen, 0});
  lengths_[c].clear();
  for (uint64_t start = 0; start < nodes; ++start) {
    if (places[start].cycle != unseen) continue;
    const uint32_t id = static_cast<uint32_t>(lengths_[c].size());
    uint64_t at = start, position = 0;
    uint32_t back = 2 * dims_;  // no direction: at the start
    do {
      places[at] = {id, static_cast<uint32_t>(position++)};
      const uint32_t leave = next(at, c, back);
      at = torus_.neighbour(at, leave);
      back = leave ^ 1U;
    } while (at != start);
    lengths_[c].push_back(position);
  }
  return lengths_[c].size();
}

int LinkColouring::change(uint8_t c, uint64_t a, uint64_t b, uint64_t a2, uint64_t b2) const {
  const std::vector<Place>& places = places_[c];
  if (places[a].cycle != places[a2].cycle) return -1;
  return runs_forward(c, a, b) == runs_forward(c, a2, b2) ? 0 : 1;
}

void LinkColouring::hamiltonian_cycle(uint8_t c, std::vector<uint64_t>& nodes,
                                      std::vector<uint32_t>& directions) const {
  const uint64_t count = torus_.node_count();
  uint64_t at = 0;
  uint32_t back = 2 * dims_;
  do {
    const uint32_t leave = next(at, c, back);
    nodes.push_back(at);
    directions.push_back(leave);
    at = torus_.neighbour(at, leave);
    back = leave ^ 1U;
  } while (at != 0 && nodes.size() <= count);
  if (nodes.size() != count)
    throw std::runtime_error(
        fmt::format("colour {} of the links is not one Hamiltonian cycle on {}", c, torus_.describe()));
}

CyclePlan LinkColouring::plan() const {
  CyclePlan plan;
  plan.parts = colours_;
  for (uint8_t c = 0; c < colours_; ++c) {
    std::vector<uint64_t> cycle, packets;
    std::vector<uint32_t> directions;
    hamiltonian_cycle(c, cycle, directions);
    for (uint64_t v : cycle) packets.push_back(v * colours_ + c);
    plan.cycles.push_back(std::move(cycle));
    plan.directions.push_back(std::move(directions));
    plan.packets.push_back(std::move(packets));
  }
  return plan;
}

uint32_t LinkColouring::next(uint64_t at, uint8_t c, uint32_t back) const {
  for (uint32_t d = 0; d < 2 * dims_; ++d)
    if (d != back && colour_[link(at, d)] == c) return d;
  throw std::runtime_error(fmt::format("PU {} has no second link of colour {}", at, c));
}

bool LinkColouring::runs_forward(uint8_t c, uint64_t a, uint64_t b) const {
  const Place& pa = places_[c][a];
  return places_[c][b].position == (pa.position + 1) % lengths_[c][pa.cycle];
}

}  // namespace schedcheck::gen

// Three edge-disjoint Hamiltonian cycles of a 3-D torus (Meyer-Sibeyn Section 3.4 with d = 3).
//
// Section 3.4 takes d edge-disjoint Hamiltonian cycles from the literature.
// For n1 x n2 x n3 this file builds three from the 2-D ones: the n1 x n2
// torus splits into Hamiltonian cycles H1 and H2 (exchanged unit squares,
// gossip_cycles.cpp);
// H1 times the ring along x3 is itself a 2-D torus, (n1*n2) x n3, which
// splits into K1 and K2, two Hamiltonian cycles of the whole 3-D torus. What
// is left are the n3 copies of H2, one per layer. Exchanging the colours of
// a *vertical square* (a link of the n1 x n2 torus in layers z and z+1 and
// the two x3-links between them) keeps two links of each colour at every PU;
// a local search over such exchanges joins the copies of H2 into one cycle
// and leaves K1 and K2 whole again. specs/gossip-cycles.md says what is
// constructed and what is searched.
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "cycle_gossip.hpp"

namespace schedcheck::gen {

CyclePlan hamiltonian_decomposition_plan(const Torus& t);

namespace {

constexpr uint8_t no_colour = 3;

class Colouring {
 public:
  explicit Colouring(const Torus& t) : t_(t), colour_(t.node_count() * 3, no_colour) {
    for (auto& c : cycles_) c.resize(t.node_count());
  }

  // The link from PU v in direction 2*dim + (negative ? 1 : 0).
  uint64_t link(uint64_t v, uint32_t direction) const {
    return direction % 2 ? neighbour(v, direction) * 3 + direction / 2 : v * 3 + direction / 2;
  }
  uint64_t neighbour(uint64_t v, uint32_t direction) const {
    Coord c = t_.coord(v);
    c[direction / 2] += direction % 2 ? -1 : 1;
    return t_.index(c);
  }
  uint8_t& operator[](uint64_t link) { return colour_[link]; }

  // Walks the cycles of colour c (every PU has two links of each colour),
  // noting each PU's cycle and position on it; returns how many there are.
  uint64_t trace(uint8_t c) {
    const uint64_t nodes = t_.node_count();
    std::vector<Place>& places = cycles_[c];
    for (Place& p : places) p.cycle = unseen;
    lengths_[c].clear();
    for (uint64_t start = 0; start < nodes; ++start) {
      if (places[start].cycle != unseen) continue;
      const uint32_t id = static_cast<uint32_t>(lengths_[c].size());
      uint64_t at = start, position = 0;
      uint32_t back = 6;
      do {
        places[at] = {id, static_cast<uint32_t>(position++)};
        const uint32_t leave = next(at, c, back);
        at = neighbour(at, leave);
        back = leave ^ 1U;
      } while (at != start);
      lengths_[c].push_back(position);
    }
    return lengths_[c].size();
  }

  // How many cycles colour c gains when it loses the links a-b and a2-b2 and
  // gains a-a2 and b-b2 (a, b adjacent in colour c, and a2, b2): two cycles
  // join (-1); one stays whole (0) when it runs a->b and a2->b2 the same way,
  // and splits (+1) otherwise. Valid after trace(c).
  int change(uint8_t c, uint64_t a, uint64_t b, uint64_t a2, uint64_t b2) const {
    const std::vector<Place>& places = cycles_[c];
    if (places[a].cycle != places[a2].cycle) return -1;
    return runs_forward(c, a, b) == runs_forward(c, a2, b2) ? 0 : 1;
  }

  // Colour c as a cycle from PU 0: nodes and directions.
  void cycle(uint8_t c, std::vector<uint64_t>& nodes, std::vector<uint32_t>& directions) const {
    uint64_t at = 0;
    uint32_t back = 6;
    do {
      const uint32_t leave = next(at, c, back);
      nodes.push_back(at);
      directions.push_back(leave);
      at = neighbour(at, leave);
      back = leave ^ 1U;
    } while (at != 0 && nodes.size() <= t_.node_count());
  }

 private:
  static constexpr uint32_t unseen = UINT32_MAX;
  struct Place {
    uint32_t cycle;
    uint32_t position;
  };

  uint32_t next(uint64_t at, uint8_t c, uint32_t back) const {
    for (uint32_t d = 0; d < 6; ++d)
      if (d != back && colour_[link(at, d)] == c) return d;
    throw std::runtime_error(fmt::format("PU {} has no second link of colour {}", at, c));
  }
  bool runs_forward(uint8_t c, uint64_t a, uint64_t b) const {
    const Place& pa = cycles_[c][a];
    return cycles_[c][b].position == (pa.position + 1) % lengths_[c][pa.cycle];
  }

  const Torus& t_;
  std::vector<uint8_t> colour_;  // by link: v*3 + dim, the link from v in the positive direction of dim
  std::vector<Place> cycles_[3];  // by colour and PU
  std::vector<uint64_t> lengths_[3];  // by colour and cycle
};

}  // namespace

CyclePlan hamiltonian_3d_plan(const Torus& t) {
  const Torus base{{t.sizes[0], t.sizes[1]}};
  const uint64_t layer = base.node_count();
  const uint32_t layers = t.sizes[2];
  const CyclePlan h = hamiltonian_decomposition_plan(base);
  const Torus ring_product{{static_cast<uint32_t>(layer), layers}};  // (position on H1, x3)
  const CyclePlan k = hamiltonian_decomposition_plan(ring_product);
  Colouring colour(t);
  auto node = [&](uint64_t base_node, uint64_t z) { return z * layer + base_node; };
  // The 2-D directions of H1 and H2 are the 3-D ones along x1 and x2.
  for (uint8_t c = 0; c < 2; ++c) {
    const auto& cycle = k.cycles[c];
    for (size_t i = 0; i < cycle.size(); ++i) {
      const Coord at = ring_product.coord(cycle[i]);  // (p, z)
      const uint32_t d = k.directions[c][i];
      const uint64_t p = static_cast<uint64_t>(at[0]), z = static_cast<uint64_t>(at[1]);
      if (d / 2 == 1) {  // along x3
        colour[colour.link(node(h.cycles[0][p], z), d == 2 ? 4 : 5)] = c;
      } else if (d == 0) {  // H1 forward: from position p to p+1
        colour[colour.link(node(h.cycles[0][p], z), h.directions[0][p])] = c;
      } else {  // H1 backward: the link from position p-1 to p
        const uint64_t q = (p + layer - 1) % layer;
        colour[colour.link(node(h.cycles[0][q], z), h.directions[0][q])] = c;
      }
    }
  }
  for (uint64_t z = 0; z < layers; ++z)
    for (uint64_t i = 0; i < layer; ++i) colour[colour.link(node(h.cycles[1][i], z), h.directions[1][i])] = 2;

  // Join the copies of H2. An exchange is kept when it does not add cycles
  // to the two colours it touches, and one that adds a single cycle 1 time
  // in 64, so that the search leaves local minima (where every joining
  // exchange splits K1 or K2). Seeded: the result is the same on every run.
  std::mt19937_64 random(20261122);
  uint64_t counts[3] = {colour.trace(0), colour.trace(1), colour.trace(2)};
  const uint64_t nodes = t.node_count();
  const uint64_t attempts = 40 * nodes + 100000;
  for (uint64_t attempt = 0; counts[0] + counts[1] + counts[2] > 3; ++attempt) {
    if (attempt == attempts)
      throw std::runtime_error(fmt::format("no three Hamiltonian cycles found on {} in {} exchanges (cycles: {}, {}, "
                                           "{})", t.describe(), attempts, counts[0], counts[1], counts[2]));
    const uint64_t v = random() % nodes;
    const uint32_t d = random() % 2 ? 0 : 2;  // the square's base link: from v along +x1 or +x2
    const uint64_t w = colour.neighbour(v, d), v_up = colour.neighbour(v, 4), w_up = colour.neighbour(w, 4);
    const uint64_t flat[2] = {colour.link(v, d), colour.link(v_up, d)};
    const uint64_t upright[2] = {colour.link(v, 4), colour.link(w, 4)};
    const uint8_t x = colour[flat[0]], y = colour[upright[0]];
    if (colour[flat[1]] != x || colour[upright[1]] != y || x == y) continue;
    const int change = colour.change(x, v, w, v_up, w_up) + colour.change(y, v, v_up, w, w_up);
    const uint64_t draw = random() % 64;
    if (change <= 0 || (change == 1 && draw == 0)) {
      for (uint64_t l : flat) colour[l] = y;
      for (uint64_t l : upright) colour[l] = x;
      counts[x] = colour.trace(x);
      counts[y] = colour.trace(y);
    }
  }

  CyclePlan plan;
  plan.parts = 3;
  for (uint8_t c = 0; c < 3; ++c) {
    std::vector<uint64_t> cycle;
    std::vector<uint32_t> directions;
    colour.cycle(c, cycle, directions);
    std::vector<uint64_t> packets;
    for (uint64_t v : cycle) packets.push_back(v * 3 + c);
    plan.cycles.push_back(std::move(cycle));
    plan.directions.push_back(std::move(directions));
    plan.packets.push_back(std::move(packets));
  }
  return plan;
}

}  // namespace schedcheck::gen

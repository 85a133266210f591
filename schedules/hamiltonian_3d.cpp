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
#include "link_colouring.hpp"

namespace schedcheck::gen {

CyclePlan hamiltonian_decomposition_plan(const Torus& t);

CyclePlan hamiltonian_3d_plan(const Torus& t) {
  const Torus base{{t.sizes[0], t.sizes[1]}};
  const uint64_t layer = base.node_count();
  const uint32_t layers = t.sizes[2];
  const CyclePlan h = hamiltonian_decomposition_plan(base);
  const Torus ring_product{{static_cast<uint32_t>(layer), layers}};  // (position on H1, x3)
  const CyclePlan k = hamiltonian_decomposition_plan(ring_product);
  LinkColouring colour(t, 3);
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
    const uint64_t w = t.neighbour(v, d), v_up = t.neighbour(v, 4), w_up = t.neighbour(w, 4);
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

  return colour.plan();
}

}  // namespace schedcheck::gen

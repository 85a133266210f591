// Gossip cycles: the Meyer-Sibeyn cycle constructions (Section 3.1 Hamiltonian pair, Section 4 zigzag laps).
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "cycle_gossip.hpp"
#include "link_colouring.hpp"

namespace schedcheck::gen {

namespace {

constexpr uint32_t positive(uint32_t dim) { return 2 * dim; }
constexpr uint32_t negative(uint32_t dim) { return 2 * dim + 1; }

Coord step(const Torus& torus, Coord c, uint32_t direction) {
  c[direction / 2] += direction % 2 ? -1 : 1;
  return torus.wrap(std::move(c));
}

// The moves of zigzag(d, j) (Section 4.3.1), axes 0-based: x1, x_d, x1, x_d,
// then for k = 3..d the axis x_{k-1} if k-1 <= j, else x1, each followed but
// the last by a move along x_d. zigzag(3,2) = (1,3,1,3,2).
std::vector<uint32_t> zigzag(uint32_t d, uint32_t j) {
  std::vector<uint32_t> moves;
  for (uint32_t k = 1; k <= d; ++k) {
    const uint32_t axis = (k >= 3 && k - 1 <= j) ? k - 2 : 0;  // x_{k-1} is dim k-2
    moves.push_back(positive(axis));
    if (k < d) moves.push_back(positive(d - 1));
  }
  return moves;
}

uint64_t product(const Torus& t, uint32_t from, uint32_t to) {  // n_from * ... * n_to, 1-based, empty = 1
  uint64_t p = 1;
  for (uint32_t l = from; l <= to; ++l) p *= t.sizes[l - 1];
  return p;
}

}  // namespace

// Conditions (1)-(3) of Section 4.3.1 / Theorem 7, named as the paper numbers them.
bool zigzag_conditions(const Torus& t, std::string& error) {
  const uint32_t d = t.dimensions();
  if (d < 2) {
    error = fmt::format("needs a torus of 2 or more dimensions, not {}", t.describe());
    return false;
  }
  if (t.sizes[0] % d != 0) {
    error = fmt::format("condition (2) fails: n1 = {} must be a multiple of d = {}", t.sizes[0], d);
    return false;
  }
  uint64_t sum = 0;  // sum over j = 2..d-1 of n_j * ... * n_{d-1}
  for (uint32_t j = 2; j <= d - 1; ++j) sum += product(t, j, d - 1);
  if (sum % t.sizes[0] != 0) {
    error = fmt::format("condition (1) fails: the sum over j = 2..d-1 of n_j*...*n_(d-1) is {}, not a multiple of n1 = {}",
                        sum, t.sizes[0]);
    return false;
  }
  if (t.sizes[d - 1] < d) {
    error = fmt::format("condition (3) fails: n_d = {} must be at least d = {}", t.sizes[d - 1], d);
    return false;
  }
  return true;
}

// Section 4.3.1: cycle c starts in (c, 0, ..., 0); lap i (1-based) is
// zigzag(d, j) for the largest j with i mod (n1/d * n2 * ... * n_{j-1}) = 0,
// then n_d - (d-1) moves along x_d.
CyclePlan zigzag_plan(const Torus& t) {
  const uint32_t d = t.dimensions();
  const uint64_t laps = t.sizes[0] / d * product(t, 2, d - 1);
  CyclePlan plan;
  for (uint32_t c = 0; c < d; ++c) {
    Coord at(d, 0);
    at[0] = c;
    const Coord start = at;
    std::vector<uint64_t> nodes;
    std::vector<uint32_t> directions;
    for (uint64_t i = 1; i <= laps; ++i) {
      uint32_t j = 1;
      for (uint32_t jj = 2; jj <= d - 1; ++jj)
        if (i % (t.sizes[0] / d * product(t, 2, jj - 1)) == 0) j = jj;
      std::vector<uint32_t> moves = zigzag(d, j);
      moves.insert(moves.end(), t.sizes[d - 1] - (d - 1), positive(d - 1));
      for (uint32_t m : moves) {
        nodes.push_back(t.index(at));
        directions.push_back(m);
        at = step(t, at, m);
      }
    }
    if (at != start)
      throw std::runtime_error(fmt::format("cycle {} does not close after {} laps on {}", c, laps, t.describe()));
    plan.packets.push_back(nodes);  // one packet per PU: every PU on a cycle injects its own
    plan.cycles.push_back(std::move(nodes));
    plan.directions.push_back(std::move(directions));
  }
  return plan;
}

// Sections 3.1 and 3.2: PU (i, j), row i = x1 (n1 rows) and column j = x2
// (n2 columns), pairs its links T<->R, B<->L in even columns and in the
// last one, T<->L, B<->R in the other odd columns. With n2 odd, column
// n2 - 2 passes L<->R only (Section 3.2; its T and B links feed the PUs
// above and below, which lie on the other cycle). Following the pairs gives
// the two cycles; part c of a PU on both runs on cycle c, a PU on one cycle
// sends both its parts round it.
CyclePlan columns_plan(const Torus& t) {
  const uint32_t T = negative(0), B = positive(0), L = negative(1), R = positive(1);
  const int64_t special = t.sizes[1] % 2 ? static_cast<int64_t>(t.sizes[1]) - 2 : -1;
  auto uses = [&](const Coord& at, uint32_t side) { return at[1] != special || side == L || side == R; };
  auto partner = [&](const Coord& at, uint32_t side) {
    if (at[1] == special) return side == L ? R : L;
    const bool straight = at[1] % 2 == 0 || at[1] == t.sizes[1] - 1;  // T<->R, B<->L
    if (straight) return side == T ? R : side == R ? T : side == B ? L : B;
    return side == T ? L : side == L ? T : side == B ? R : B;
  };
  const uint64_t nodes = t.node_count();
  std::vector<uint8_t> used(nodes * 4, 0);  // (PU, side it leaves by)
  std::vector<uint8_t> cycles_through(nodes, 0);
  CyclePlan plan;
  plan.parts = 2;
  for (uint64_t v0 = 0; v0 < nodes; ++v0) {
    for (uint32_t side0 : {R, B, L, T}) {
      if (used[v0 * 4 + side0] || !uses(t.coord(v0), side0)) continue;
      std::vector<uint64_t> cycle;
      std::vector<uint32_t> directions;
      Coord at = t.coord(v0);
      uint32_t leave = side0;
      while (!used[t.index(at) * 4 + leave]) {
        used[t.index(at) * 4 + leave] = 1;
        used[t.index(at) * 4 + partner(at, leave)] = 1;  // the pass-through is used both ways
        cycle.push_back(t.index(at));
        ++cycles_through[t.index(at)];
        directions.push_back(leave);
        at = step(t, at, leave);
        leave = partner(at, leave ^ 1U);  // it entered by the opposite side
      }
      plan.cycles.push_back(std::move(cycle));
      plan.directions.push_back(std::move(directions));
    }
  }
  if (plan.cycles.size() != 2)
    throw std::runtime_error(fmt::format("the rules of Section 3 give {} cycles on {}, not 2", plan.cycles.size(),
                                         t.describe()));
  for (uint32_t c = 0; c < 2; ++c) {
    std::vector<uint64_t> packets, starts;
    for (uint64_t v : plan.cycles[c]) {
      starts.push_back(packets.size());
      if (cycles_through[v] == 2) {
        packets.push_back(v * 2 + c);
      } else {
        packets.push_back(v * 2);
        packets.push_back(v * 2 + 1);
      }
    }
    starts.push_back(packets.size());
    plan.packets.push_back(std::move(packets));
    if (special >= 0) plan.slot_start.push_back(std::move(starts));
  }
  return plan;
}

// A 2-D plan built on the n2 x n1 torus, carried over to n1 x n2: node (a, b)
// becomes (b, a), and direction 2*dim + sign changes its dimension (d ^ 2).
CyclePlan transposed_plan(const Torus& t, CyclePlan (*build)(const Torus&)) {
  const Torus u{{t.sizes[1], t.sizes[0]}};
  CyclePlan plan = build(u);
  auto to_t = [&](uint64_t v) {
    const Coord c = u.coord(v);
    return t.index({c[1], c[0]});
  };
  for (auto& cycle : plan.cycles)
    for (auto& v : cycle) v = to_t(v);
  for (auto& directions : plan.directions)
    for (auto& d : directions) d ^= 2U;
  for (auto& packets : plan.packets)
    for (auto& m : packets) m = to_t(m / plan.parts) * plan.parts + m % plan.parts;
  return plan;
}

// Section 4.1 needs n1 even (n1/2 laps of two columns each). For odd n1 the
// paper inserts a special column that the text does not describe further
// (specs/gossip-cycles.md); with n2 even the same construction runs along
// x2 instead.
CyclePlan onepacket_2d_plan(const Torus& t) {
  if (t.sizes[0] % 2 && t.sizes[1] % 2 == 0) return transposed_plan(t, zigzag_plan);
  return zigzag_plan(t);
}

// Two edge-disjoint Hamiltonian cycles of a 2-D torus with sides of at least
// 3 (at least 4 where even): Theorem 4 (both odd), whose Section 3.3 rules
// depend on the lost Figure 4 (specs/gossip-cycles.md), a time-independent
// alternative to Theorem 3 (one side odd), and the layers of the 3-D split
// (hamiltonian_3d.cpp); Section 3.4 uses such cycles in every dimension.
// Colour 0 starts as the rows along the longer side b, colour 1 as the rows
// along the shorter side a (m <= n PUs). Exchanging the colours of a unit
// square (its two b-links become colour 1, its two a-links colour 0) keeps
// two links of each colour at every PU. The squares at (k, k), k = 0..m-1,
// and then at (1, k), (2, k + 1), (1, k + 2), ... for k = m..n-1 (m even, n
// odd) or m..n-2 (otherwise) join the n a-rows into one cycle (each joins
// the next, untouched one) and the m b-rows likewise (k = 0..m-2); a square
// at (0, 2) is added where m = n is even. The other exchanges fall inside
// one cycle and keep it whole. That last part is checked here, not proven:
// a split throws.
CyclePlan hamiltonian_decomposition_plan(const Torus& t) {
  const uint32_t a = t.sizes[0] <= t.sizes[1] ? 0 : 1, b = 1 - a;
  const int64_t m = t.sizes[a], n = t.sizes[b];
  auto node = [&](int64_t i, int64_t j) {
    Coord c(2);
    c[a] = i;
    c[b] = j;
    return t.index(c);
  };
  LinkColouring colour(t, 2);
  for (uint64_t v = 0; v < t.node_count(); ++v) {
    colour[colour.link(v, 2 * b)] = 0;
    colour[colour.link(v, 2 * a)] = 1;
  }
  auto exchange = [&](int64_t i, int64_t j) {
    const uint64_t links[4] = {colour.link(node(i, j), 2 * b), colour.link(node(i + 1, j), 2 * b),
                               colour.link(node(i, j), 2 * a), colour.link(node(i, j + 1), 2 * a)};
    if (colour[links[0]] != 0 || colour[links[1]] != 0 || colour[links[2]] != 1 || colour[links[3]] != 1)
      throw std::runtime_error(fmt::format("the unit squares exchanged on {} overlap at ({}, {})", t.describe(), i, j));
    for (uint64_t l : links) colour[l] ^= 1U;
  };
  for (int64_t k = 0; k < m; ++k) exchange(k, k);
  const int64_t last = m % 2 == 0 && n % 2 ? n - 1 : n - 2;
  for (int64_t k = m; k <= last; ++k) exchange((k - m) % 2 ? 2 : 1, k);
  if (m == n && m % 2 == 0) exchange(0, 2);
  return colour.plan();
}

// Section 3.2's partial cycles, for one odd side.
CyclePlan partial_cycles_plan(const Torus& t) {
  if (t.sizes[0] % 2) return transposed_plan(t, columns_plan);  // rows and columns exchanged
  return columns_plan(t);
}

// Two edge-disjoint Hamiltonian cycles of a 2-D torus: Section 3.1's for
// even sides, the exchanged squares' otherwise.
CyclePlan hamiltonian_cycles_plan(const Torus& t) {
  return t.sizes[0] % 2 || t.sizes[1] % 2 ? hamiltonian_decomposition_plan(t) : columns_plan(t);
}

// Section 2's setting: one packet per PU, routed both ways along both
// Hamiltonian cycles, until every PU holds everything.
CyclePlan hamiltonian_pair_plan(const Torus& t) {
  CyclePlan plan = hamiltonian_cycles_plan(t);
  plan.parts = 1;
  plan.packets = plan.cycles;
  plan.until_complete = true;
  return plan;
}

}  // namespace schedcheck::gen

// JRS diagonal gossip: torgos and cubgos as steps of combining wormhole packets, and their reconstructed costs.
//
// Per colour c (one colour unless coloured), the rows are the lines along
// axis c and subphase i runs along axis c+i (mod d). Phase 1 concentrates
// each row's segments of n/a PUs on the bridgeheads, phase 2 circulates the
// segments along the row, phase 3 circulates along each other axis in turn;
// each round then streams a row's data to the new bridgeheads between the
// old ones (circgos's phase 3) and circulates along the other axes again.
// A mesh (or linear array) has its own plan below, the torus's untouched.
#include "jrs_diagonal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

// The n^d nodes, dimension 1 fastest, as node indices and coordinates.
struct Cube {
  uint32_t n = 0, d = 0;
  std::vector<uint64_t> stride;
  uint64_t nodes = 1;

  Cube(uint32_t side, uint32_t dims) : n(side), d(dims), stride(dims, 1) {
    for (uint32_t i = 1; i < d; ++i) stride[i] = stride[i - 1] * n;
    nodes = stride[d - 1] * n;
  }
  std::vector<uint32_t> coordinates(uint64_t v) const {
    std::vector<uint32_t> x(d);
    for (uint32_t i = 0; i < d; ++i) x[i] = static_cast<uint32_t>((v / stride[i]) % n);
    return x;
  }
  uint64_t index(const std::vector<uint32_t>& x) const {
    uint64_t v = 0;
    for (uint32_t i = 0; i < d; ++i) v += x[i] * stride[i];
    return v;
  }
  uint32_t wrap(int64_t position) const { return static_cast<uint32_t>(((position % n) + n) % n); }
};

uint32_t axis_of(const DiagonalGossip& g, uint32_t colour, uint32_t subphase) { return (colour + subphase) % g.d; }
uint32_t colours(const DiagonalGossip& g) { return g.coloured ? g.d : 1; }

uint64_t power(uint64_t base, uint32_t exponent) {
  uint64_t p = 1;
  for (uint32_t i = 0; i < exponent; ++i) p *= base;
  return p;
}

// The data a bridgehead at x of colour c holds between subphases: every
// node whose coordinate on each axis other than c agrees with x's modulo
// modulus[axis] (modulus n: equal), the row axis free. The order depends
// only on those residues, so the old bridgeheads of a row split their
// common data into the same packets.
std::vector<uint32_t> data_of(const Cube& cube, const std::vector<uint32_t>& x, uint32_t c,
                              const std::vector<uint32_t>& modulus, uint32_t parts) {
  std::vector<std::vector<uint64_t>> offsets(cube.d);
  uint64_t count = 1;
  for (uint32_t j = 0; j < cube.d; ++j) {
    const uint32_t step = j == c ? 1 : modulus[j], first = j == c ? 0 : x[j] % modulus[j];
    for (uint32_t v = first; v < cube.n; v += step) offsets[j].push_back(v * cube.stride[j]);
    count *= offsets[j].size();
  }
  std::vector<uint32_t> data;
  data.reserve(count);
  std::vector<size_t> digit(cube.d, 0);
  for (uint64_t k = 0; k < count; ++k) {
    uint64_t v = 0;
    for (uint32_t j = 0; j < cube.d; ++j) v += offsets[j][digit[j]];
    data.push_back(static_cast<uint32_t>(v * parts + c));
    for (uint32_t j = 0; j < cube.d && ++digit[j] == offsets[j].size(); ++j) digit[j] = 0;
  }
  return data;
}

// One step of approach 1 among the bridgeheads of colour c spaced `spacing`
// along `axis`, whose data repeat every a of them: in step t each passes on
// to the next bridgehead each way what left the bridgehead t-1 before it;
// with a even the last step runs one way only, as on a ring of a.
template <class DataOf>
void circulation_step(const Cube& cube, const DiagonalGossip& g, uint32_t c, uint32_t axis, uint32_t spacing, uint32_t t,
                      DataOf data_of_bridgehead, GridStep& step) {
  const bool one_way = g.a % 2 == 0 && t == g.a / 2;
  for (uint64_t v = 0; v < cube.nodes; ++v) {
    std::vector<uint32_t> x = cube.coordinates(v);
    if (!on_diagonal(x, c, spacing)) continue;
    const uint32_t here = x[axis];
    for (int direction : {1, -1}) {
      if (direction < 0 && one_way) continue;
      x[axis] = cube.wrap(int64_t{here} - int64_t{direction} * (t - 1) * int64_t{spacing});
      step.push_back({static_cast<uint32_t>(v), axis, int64_t{direction} * spacing, data_of_bridgehead(x)});
    }
  }
}

struct Phases {
  uint32_t s = 0, rounds = 0, concentration_steps = 0;
};

Phases phases_of(const DiagonalGossip& g) {
  Phases p;
  p.s = g.n / g.a;
  p.rounds = *rounds_of(g.n, g.a);
  p.concentration_steps = ceil_log3(p.s);
  return p;
}

// Without wraparound: meshes, and with d = 1 linear arrays (circgos). The
// phases are the torus's; what changes is said where it changes.

// The shift of the diagonals: a row's segments' bridgeheads sit at its
// residue sum + offset (mod s), and with offset the concentration centre a
// linear array's only row (sum 0) has its bridgeheads on the centres.
uint32_t mesh_offset(const DiagonalGossip& g) { return concentration_centre(0, g.n / g.a); }

// Rows have different residues once d >= 2, so some row's bridgeheads are
// off its segments' centres and a step carries each segment over.
bool mesh_realigns(const DiagonalGossip& g) { return g.d >= 2 && g.n / g.a >= 2; }

// How far a round from `spacing` to spacing/a reaches beyond the first or
// last old bridgehead of a line: the new bridgeheads there. With d >= 2 the
// rows take every residue, and some row has a-1 after its last old one; a
// linear array's one row has its residue c0 (mod spacing).
uint32_t mesh_end_reach(const DiagonalGossip& g, uint32_t spacing) {
  if (g.d >= 2) return g.a - 1;
  const uint32_t before = (mesh_offset(g) % spacing) / (spacing / g.a);
  return std::max(before, g.a - 1 - before);
}

// The farthest any round reaches beyond a line's ends.
uint32_t mesh_most_reach(const DiagonalGossip& g) {
  uint32_t most = 0;
  for (uint32_t spacing = g.n / g.a; spacing > 1; spacing /= g.a) most = std::max(most, mesh_end_reach(g, spacing));
  return most;
}

// The least b every round allows: floor(a/2) between two old bridgeheads
// (as on the torus) and the reach beyond the ends, which hear one stream.
uint32_t mesh_least_b(const DiagonalGossip& g) { return std::max(g.a / 2, mesh_most_reach(g)); }

// k for a round's m data: circgos's between two old bridgeheads, and at
// most b - e + 1 where new bridgeheads up to e spacings beyond an end hear
// one stream, packet i in step j+i-1 (so b - a + 2 once d >= 2); the same
// in every line.
uint32_t mesh_packets(const DiagonalGossip& g, uint64_t m, uint32_t spacing) {
  const uint32_t between = circgos_packets(static_cast<uint32_t>(std::min<uint64_t>(m, UINT32_MAX)), g.a, g.b);
  return std::min(between, g.b + 1 - mesh_end_reach(g, spacing));
}

// One transfer of a circulation along a line: bridgehead `from` (counted
// along the line) hands on, `direction` one spacing, the data bridgehead
// `origin` started with.
struct LineMove {
  uint32_t from = 0, origin = 0;
  int direction = 1;
};

// Approach 1 among `count` bridgeheads of a line without wraparound whose
// data repeat every a of them (bridgehead q holds class q mod a), for a-1
// steps: in step t bridgehead q hands q+1 what started at q-t+1 and q-1
// what started at q+t-1, but only a class the receiver lacks (if both
// neighbours offer it one class in a step, the left one sends). A sender
// holds what it hands on: it received that class the step before or had it
// already. Afterwards every bridgehead holds every class, even at the ends,
// and no step is empty: the first bridgehead receives class t in step t.
std::vector<std::vector<LineMove>> line_circulation(uint32_t count, uint32_t a) {
  std::vector<std::vector<char>> held(count, std::vector<char>(a, 0));
  for (uint32_t q = 0; q < count; ++q) held[q][q % a] = 1;
  std::vector<std::vector<LineMove>> steps(a - 1);
  for (uint32_t t = 1; t < a; ++t) {
    std::vector<std::pair<uint32_t, uint32_t>> arrivals;  // (receiver, class)
    for (uint32_t q = 0; q < count; ++q) {
      int64_t from_left = -1;
      if (q >= t && !held[q][(q - t) % a]) {
        steps[t - 1].push_back({q - 1, q - t, 1});
        from_left = (q - t) % a;
        arrivals.push_back({q, (q - t) % a});
      }
      if (uint64_t{q} + t < count && !held[q][(q + t) % a] && int64_t{(q + t) % a} != from_left) {
        steps[t - 1].push_back({q + 1, q + t, -1});
        arrivals.push_back({q, (q + t) % a});
      }
    }
    for (const auto& [q, c] : arrivals) held[q][c] = 1;
  }
  return steps;
}

std::string mesh_refusal(const DiagonalGossip& g) {
  if (g.d < 1) return "diagonal gossip needs at least 1 dimension";
  if (g.n < 2 || g.n > max_jrs_side) return fmt::format("a side of {}: from 2 to {}", g.n, max_jrs_side);
  if (std::pow(static_cast<double>(g.n), g.d) > double(1u << 22)) return "more than 2^22 PUs";
  if (g.a < 2) return fmt::format("a = {}: at least 2 bridgeheads per row (a >= 2)", g.a);
  const auto m = rounds_of(g.n, g.a);
  if (!m)
    return fmt::format("n = {} is not a power of a = {}: every round multiplies the bridgeheads of a row by a "
                       "until every PU is one (n = a^(m+1))",
                       g.n, g.a);
  if (const uint32_t least = mesh_least_b(g); *m >= 1 && g.b < least) {
    if (g.d >= 2)
      return fmt::format("b = {}: without wraparound a new bridgehead a-1 = {} spacings beyond the first or last old "
                         "bridgehead of a row hears one stream, whose first packet reaches it in step a-1 (b >= a - 1 "
                         "on a mesh)",
                         g.b, g.a - 1);
    return fmt::format("b = {}: a round of b steps cannot reach the new bridgeheads floor(a/2) = {} spacings from two "
                       "old ones, or up to {} beyond the first or last old one, which hear one stream (b >= {} on "
                       "this linear array)",
                       g.b, g.a / 2, mesh_most_reach(g), least);
  }
  if (uint64_t{*m} * g.b > (uint64_t{1} << 20)) return fmt::format("{} rounds of b = {} steps: more than 2^20 steps", *m, g.b);
  if (const uint64_t listed = diagonal_gossip_listed(g); listed > max_jrs_listed)
    return fmt::format("the schedule would list {} message names (about {} GB of text), more than the {} this "
                       "generator writes",
                       listed, listed * 5 / 1000000000, max_jrs_listed);
  return {};
}

uint64_t mesh_steps(const DiagonalGossip& g) {
  const Phases p = phases_of(g);
  const uint64_t circulation = g.a - 1;
  return p.concentration_steps + (mesh_realigns(g) ? 1 : 0) + circulation * g.d +
         uint64_t{p.rounds} * (g.b + (g.d - 1) * circulation);
}

double mesh_time(const DiagonalGossip& g, double r) {
  const Phases p = phases_of(g);
  const double circulation = g.a - 1;
  double transfer = (static_cast<double>(power(3, p.concentration_steps)) - 1) / 2;  // phase 1
  if (mesh_realigns(g)) transfer += p.s;                                             // centre to bridgehead
  transfer += circulation * p.s;                                                     // phase 2
  for (uint32_t i = 1; i < g.d; ++i) transfer += circulation * static_cast<double>(g.n * power(g.a, i - 1));
  for (uint32_t t = 1; t <= p.rounds; ++t) {
    const uint64_t m = g.n * power(g.a, t * (g.d - 1));
    const uint32_t k = mesh_packets(g, m, static_cast<uint32_t>(g.n / power(g.a, t)));
    const uint64_t busy = std::min<uint64_t>(g.b, uint64_t{k} + g.a - 2);  // later steps of the stream are empty
    transfer += static_cast<double>(busy) * static_cast<double>((m + k - 1) / k);
    for (uint32_t i = 1; i < g.d; ++i) transfer += circulation * static_cast<double>(m * power(g.a, i - 1));
  }
  return static_cast<double>(mesh_steps(g)) * r + transfer / colours(g);
}

uint64_t mesh_listed(const DiagonalGossip& g) {
  const auto m_rounds = rounds_of(g.n, g.a);
  if (!m_rounds || g.b < mesh_least_b(g)) return 0;
  const long double nodes = std::pow(static_cast<long double>(g.n), g.d), s = g.n / g.a;
  const long double circulation = g.a - 1;
  long double listed = nodes * (ceil_log3(g.n / g.a) + 1) + 2 * nodes * circulation;  // phases 1 and 2
  for (uint32_t i = 1; i < g.d; ++i) listed += circulation * 2 * nodes / s * g.n * std::pow((long double)g.a, i - 1);
  for (uint32_t t = 1; t <= *m_rounds; ++t) {
    const long double spacing = g.n / std::pow((long double)g.a, t), m = g.n * std::pow((long double)g.a, t * (g.d - 1));
    const long double k =
        mesh_packets(g, static_cast<uint64_t>(std::min<long double>(m, UINT64_MAX / 2)), static_cast<uint32_t>(spacing));
    listed += g.b * 2.0L * nodes / spacing * std::ceil(m / k);
    for (uint32_t i = 1; i < g.d; ++i) listed += circulation * 2 * nodes / spacing * m * std::pow((long double)g.a, i - 1);
  }
  listed *= colours(g);
  return listed > (long double)(UINT64_MAX / 2) ? UINT64_MAX / 2 : static_cast<uint64_t>(listed);
}

void mesh_gossip(const DiagonalGossip& g, const std::function<void(const GridStep&)>& emit) {
  const Cube cube(g.n, g.d);
  const Phases p = phases_of(g);
  const uint32_t parts = colours(g), offset = mesh_offset(g), centre = offset;
  auto for_each_line = [&](uint32_t axis, auto body) {  // every line along `axis`: its node at position 0
    for (uint64_t v = 0; v < cube.nodes; ++v)
      if ((v / cube.stride[axis]) % g.n == 0) body(cube.coordinates(v));
  };
  // The position on the line of x along `axis` of its first bridgehead of colour c at `spacing`.
  auto first_bridgehead = [&](std::vector<uint32_t> x, uint32_t c, uint32_t axis, uint32_t spacing) {
    for (x[axis] = 0; !on_diagonal(x, c, spacing, offset);) ++x[axis];
    return x[axis];
  };
  auto node = [&](std::vector<uint32_t> x, uint32_t axis, uint32_t at) {
    x[axis] = at;
    return static_cast<uint32_t>(cube.index(x));
  };
  auto message = [&](const std::vector<uint32_t>& x, uint32_t axis, uint32_t at, uint32_t c) {
    return node(x, axis, at) * parts + c;
  };
  auto segment = [&](const std::vector<uint32_t>& x, uint32_t c, uint32_t q) {
    std::vector<uint32_t> data;
    for (uint32_t i = 0; i < p.s; ++i) data.push_back(message(x, c, q * p.s + i, c));
    return data;
  };

  // Phase 1: the aligned segments q s .. (q+1) s - 1 of every row concentrate on their centres.
  for (const GossipStep& line_step : concentration(0, p.s)) {
    GridStep step;
    for (uint32_t c = 0; c < parts; ++c)
      for_each_line(c, [&](const std::vector<uint32_t>& x) {
        for (uint32_t q = 0; q < g.a; ++q)
          for (const GossipPacket& packet : line_step) {
            GridPacket out{node(x, c, q * p.s + packet.from), c, packet.hops, {}};
            for (uint32_t datum : packet.data) out.messages.push_back(message(x, c, q * p.s + datum, c));
            step.push_back(std::move(out));
          }
      });
    emit(step);
  }
  // Each segment's data from its centre to its bridgehead, where they differ.
  if (mesh_realigns(g)) {
    GridStep step;
    for (uint32_t c = 0; c < parts; ++c)
      for_each_line(c, [&](const std::vector<uint32_t>& x) {
        const uint32_t bridgehead = first_bridgehead(x, c, c, p.s);
        if (bridgehead == centre) return;
        for (uint32_t q = 0; q < g.a; ++q)
          step.push_back({node(x, c, q * p.s + centre), c, int64_t{bridgehead} - int64_t{centre},
                          segment(x, c, q)});
      });
    emit(step);
  }

  // Phase 2: approach 1 among the a bridgeheads of each row, the segments as packets.
  const std::vector<std::vector<LineMove>> row_plan = line_circulation(g.a, g.a);
  for (const std::vector<LineMove>& moves : row_plan) {
    GridStep step;
    for (uint32_t c = 0; c < parts; ++c)
      for_each_line(c, [&](const std::vector<uint32_t>& x) {
        const uint32_t first = first_bridgehead(x, c, c, p.s);
        for (const LineMove& move : moves)
          step.push_back({node(x, c, first + move.from * p.s), c, int64_t{move.direction} * p.s,
                          segment(x, c, move.origin)});
      });
    emit(step);
  }

  // Phase 3 and the rounds' subphases: along each other axis, approach 1
  // among the bridgeheads of each line for a-1 steps.
  std::vector<uint32_t> modulus(g.d, g.n);
  auto colour_modulus = [&](uint32_t c) {
    std::vector<uint32_t> m(g.d);
    for (uint32_t j = 0; j < g.d; ++j) m[j] = modulus[(j + g.d - c) % g.d];
    return m;
  };
  auto circulate_other_axes = [&](uint32_t spacing) {
    for (uint32_t i = 1; i < g.d; ++i) {
      const std::vector<std::vector<LineMove>> plan = line_circulation(g.n / spacing, g.a);
      for (const std::vector<LineMove>& moves : plan) {
        GridStep step;
        for (uint32_t c = 0; c < parts; ++c) {
          const uint32_t axis = axis_of(g, c, i);
          const std::vector<uint32_t> own_modulus = colour_modulus(c);
          for_each_line(axis, [&](std::vector<uint32_t> x) {
            const uint32_t first = first_bridgehead(x, c, axis, spacing);
            for (const LineMove& move : moves) {
              x[axis] = first + move.origin * spacing;
              std::vector<uint32_t> data = data_of(cube, x, c, own_modulus, parts);
              x[axis] = first + move.from * spacing;
              step.push_back({static_cast<uint32_t>(cube.index(x)), axis, int64_t{move.direction} * spacing,
                              std::move(data)});
            }
          });
        }
        emit(step);
      }
      modulus[i] = spacing;
    }
  };
  circulate_other_axes(p.s);

  // The rounds: each old bridgehead streams the row's data in k packets
  // rightward in the order 1..k and leftward in the order k..1, as on the
  // torus; the new bridgeheads beyond the first or last old one hear one
  // stream. Between two old ones the leftward stream carries only what the
  // rightward one does not bring in b steps (nothing once k = b - a + 2),
  // so no packet arrives twice.
  for (uint32_t spacing = p.s; spacing > 1; spacing /= g.a) {
    const uint32_t next = spacing / g.a;
    uint64_t m = g.n;
    for (uint32_t j = 1; j < g.d; ++j) m *= g.n / modulus[j];
    const uint32_t k = mesh_packets(g, m, spacing);
    for (uint32_t t = 1; t <= g.b; ++t) {
      GridStep step;
      for (uint32_t c = 0; c < parts; ++c) {
        const std::vector<uint32_t> own_modulus = colour_modulus(c);
        for_each_line(c, [&](std::vector<uint32_t> x) {
          const std::vector<uint32_t> data = data_of(cube, x, c, own_modulus, parts);
          const uint32_t base = static_cast<uint32_t>(data.size() / k), extra = static_cast<uint32_t>(data.size() % k);
          auto packet = [&](uint32_t number) {  // the number-th of k nearly equal parts, 1..k
            const uint32_t q = number - 1, first = q * base + std::min(q, extra);
            return std::vector<uint32_t>(data.begin() + first, data.begin() + first + base + (q < extra ? 1 : 0));
          };
          const uint32_t first = first_bridgehead(x, c, c, spacing);
          for (uint32_t j = 1; j < g.a && j <= t; ++j) {
            // The PU j-1 new bridgeheads from an old one passes on what reached it last step.
            const uint32_t right = t - j + 1;
            if (right <= k)
              for (uint32_t h = first; h + j * next < g.n; h += spacing) {
                x[c] = h + (j - 1) * next;
                step.push_back({static_cast<uint32_t>(cube.index(x)), c, int64_t{next}, packet(right)});
              }
            if (t >= k + j) continue;  // the leftward stream has ended
            const uint32_t left = k + j - t;
            // The receiver, a - j new bridgeheads after the previous old one, has
            // from the rightward stream the packets up to b - (a - j) + 1.
            const bool rightward_brings = int64_t{left} <= int64_t{g.b} - (g.a - j) + 1;
            for (uint32_t h = first; h < g.n; h += spacing) {
              if (h < j * next || (h > first && rightward_brings)) continue;
              x[c] = h - (j - 1) * next;
              step.push_back({static_cast<uint32_t>(cube.index(x)), c, -int64_t{next}, packet(left)});
            }
          }
        });
      }
      emit(step);
    }
    circulate_other_axes(next);
  }
}

}  // namespace

bool on_diagonal(const std::vector<uint32_t>& x, uint32_t colour, uint32_t spacing, uint32_t offset) {
  uint64_t others = offset;
  for (size_t j = 0; j < x.size(); ++j)
    if (j != colour) others += x[j];
  return x[colour] % spacing == others % spacing;
}

std::string diagonal_gossip_refusal(const DiagonalGossip& g) {
  if (!g.torus) return mesh_refusal(g);
  if (g.d < 2) return "diagonal gossip needs a torus of at least 2 dimensions";
  if (g.n < 2 || g.n > max_jrs_side) return fmt::format("a side of {}: from 2 to {}", g.n, max_jrs_side);
  if (std::pow(static_cast<double>(g.n), g.d) > double(1u << 22)) return "more than 2^22 PUs";
  if (g.a < 2) return fmt::format("a = {}: at least 2 bridgeheads per row (a >= 2)", g.a);
  const auto m = rounds_of(g.n, g.a);
  if (!m)
    return fmt::format("n = {} is not a power of a = {}: every round multiplies the bridgeheads of a row by a "
                       "until every PU is one (n = a^(m+1))",
                       g.n, g.a);
  if (*m >= 1 && g.b < g.a / 2)
    return fmt::format("b = {}: a round of b steps cannot reach the new bridgeheads floor(a/2) = {} hops of "
                       "bridgeheads away (b >= floor(a/2))",
                       g.b, g.a / 2);
  if (uint64_t{*m} * g.b > (uint64_t{1} << 20)) return fmt::format("{} rounds of b = {} steps: more than 2^20 steps", *m, g.b);
  if (const uint64_t listed = diagonal_gossip_listed(g); listed > max_jrs_listed)
    return fmt::format("the schedule would list {} message names (about {} GB of text), more than the {} this "
                       "generator writes",
                       listed, listed * 5 / 1000000000, max_jrs_listed);
  return {};
}

uint64_t diagonal_gossip_steps(const DiagonalGossip& g) {
  if (!g.torus) return mesh_steps(g);
  const Phases p = phases_of(g);
  const uint64_t half = g.a / 2;
  return p.concentration_steps + half * g.d + uint64_t{p.rounds} * (g.b + (g.d - 1) * half);
}

double diagonal_gossip_time(const DiagonalGossip& g, double r) {
  // Each step pays r; the transfers are counted per colour in data of l/d
  // flits (coloured) or l, the longest packet of each step.
  if (!g.torus) return mesh_time(g, r);
  const Phases p = phases_of(g);
  const uint32_t half = g.a / 2;
  double steps = static_cast<double>(diagonal_gossip_steps(g)), transfer = 0;
  transfer += (static_cast<double>(power(3, p.concentration_steps)) - 1) / 2;  // phase 1: 3^(k-1) in step k
  transfer += half * static_cast<double>(p.s);                                    // phase 2: segments
  for (uint32_t i = 1; i < g.d; ++i) transfer += half * static_cast<double>(g.n * power(g.a, i - 1));  // phase 3
  for (uint32_t t = 1; t <= p.rounds; ++t) {
    const uint64_t m = g.n * power(g.a, t * (g.d - 1));
    const uint32_t k = circgos_packets(static_cast<uint32_t>(std::min<uint64_t>(m, UINT32_MAX)), g.a, g.b);
    const uint32_t busy = std::min(g.b, k + g.a - 2);  // later steps of the stream are empty
    transfer += busy * static_cast<double>((m + k - 1) / k);
    for (uint32_t i = 1; i < g.d; ++i) transfer += half * static_cast<double>(m * power(g.a, i - 1));
  }
  return steps * r + transfer / colours(g);
}

uint32_t diagonal_round_packets(const DiagonalGossip& g, uint64_t m, uint32_t spacing) {
  if (!g.torus) return mesh_packets(g, m, spacing);
  return circgos_packets(static_cast<uint32_t>(std::min<uint64_t>(m, UINT32_MAX)), g.a, g.b);
}

uint64_t diagonal_gossip_listed(const DiagonalGossip& g) {
  if (!g.torus) return mesh_listed(g);
  const auto m_rounds = rounds_of(g.n, g.a);
  if (!m_rounds) return 0;
  const long double nodes = std::pow(static_cast<long double>(g.n), g.d), s = g.n / g.a;
  const uint32_t half = g.a / 2;
  long double listed = nodes * ceil_log3(g.n / g.a) + nodes * g.a;  // phases 1 and 2
  for (uint32_t i = 1; i < g.d; ++i) listed += half * 2 * nodes / s * g.n * std::pow((long double)g.a, i - 1);
  for (uint32_t t = 1; t <= *m_rounds; ++t) {
    const long double spacing = g.n / std::pow((long double)g.a, t), m = g.n * std::pow((long double)g.a, t * (g.d - 1));
    const long double k = circgos_packets(static_cast<uint32_t>(std::min<long double>(m, UINT32_MAX)), g.a, g.b);
    listed += g.b * 2.0L * (g.a - 1) * nodes / spacing * std::ceil(m / k);
    for (uint32_t i = 1; i < g.d; ++i)
      listed += half * 2 * nodes / (spacing / g.a) * m * std::pow((long double)g.a, i - 1);
  }
  listed *= colours(g);
  return listed > (long double)(UINT64_MAX / 2) ? UINT64_MAX / 2 : static_cast<uint64_t>(listed);
}

void diagonal_gossip(const DiagonalGossip& g, const std::function<void(const GridStep&)>& emit) {
  if (!g.torus) return mesh_gossip(g, emit);
  const Cube cube(g.n, g.d);
  const Phases p = phases_of(g);
  const uint32_t parts = colours(g), centre = concentration_centre(0, p.s);
  // The first PU of the segment of the bridgehead at row position `at`.
  auto segment_first = [&](uint32_t at) { return cube.wrap(int64_t{at} - centre); };
  // Every row of colour c: its node at row position 0.
  auto for_each_row = [&](uint32_t c, auto body) {
    for (uint64_t v = 0; v < cube.nodes; ++v)
      if ((v / cube.stride[c]) % g.n == 0) body(cube.coordinates(v));
  };

  // Phase 1: each segment of a row concentrates on its bridgehead.
  const std::vector<GossipStep> concentrate = concentration(0, p.s);
  for (const GossipStep& line_step : concentrate) {
    GridStep step;
    for (uint32_t c = 0; c < parts; ++c)
      for_each_row(c, [&](std::vector<uint32_t> x) {
        for (uint32_t at = 0; at < g.n; ++at) {
          x[c] = at;
          if (!on_diagonal(x, c, p.s)) continue;
          const uint32_t first = segment_first(at);
          for (const GossipPacket& packet : line_step) {
            x[c] = cube.wrap(int64_t{first} + packet.from);
            GridPacket out{static_cast<uint32_t>(cube.index(x)), c, packet.hops, {}};
            for (uint32_t datum : packet.data) {
              x[c] = cube.wrap(int64_t{first} + datum);
              out.messages.push_back(static_cast<uint32_t>(cube.index(x) * parts + c));
            }
            step.push_back(std::move(out));
          }
          x[c] = at;
        }
      });
    emit(step);
  }

  // Phase 2: the segments circulate among the a bridgeheads of each row.
  for (uint32_t t = 1; t <= g.a / 2; ++t) {
    GridStep step;
    for (uint32_t c = 0; c < parts; ++c)
      circulation_step(cube, g, c, c, p.s, t, [&](std::vector<uint32_t> x) {
        std::vector<uint32_t> segment;
        const uint32_t first = segment_first(x[c]);
        for (uint32_t i = 0; i < p.s; ++i) {
          x[c] = cube.wrap(int64_t{first} + i);
          segment.push_back(static_cast<uint32_t>(cube.index(x) * parts + c));
        }
        return segment;
      }, step);
    emit(step);
  }

  // Phase 3 and the rounds' subphases: circulate along each other axis in
  // turn, each bridgehead's data then agreeing with it modulo `spacing` on
  // that axis.
  std::vector<uint32_t> modulus(g.d, g.n);
  auto circulate_other_axes = [&](uint32_t spacing) {
    for (uint32_t i = 1; i < g.d; ++i) {
      for (uint32_t t = 1; t <= g.a / 2; ++t) {
        GridStep step;
        for (uint32_t c = 0; c < parts; ++c) {
          std::vector<uint32_t> colour_modulus(g.d);
          for (uint32_t j = 0; j < g.d; ++j) colour_modulus[j] = modulus[(j + g.d - c) % g.d];
          circulation_step(cube, g, c, axis_of(g, c, i), spacing, t,
                           [&](const std::vector<uint32_t>& x) { return data_of(cube, x, c, colour_modulus, parts); },
                           step);
        }
        emit(step);
      }
      modulus[i] = spacing;
    }
  };
  circulate_other_axes(p.s);

  // The rounds: bridgeheads S apart in every row gain a-1 new ones between
  // each pair; the old ones stream the row's data to them as circgos's
  // phase 3 does, then the other axes are circulated at the new spacing.
  for (uint32_t spacing = p.s; spacing > 1; spacing /= g.a) {
    const uint32_t next = spacing / g.a;
    uint64_t m = g.n;
    for (uint32_t j = 1; j < g.d; ++j) m *= g.n / modulus[j];
    const uint32_t k = circgos_packets(static_cast<uint32_t>(m), g.a, g.b);
    for (uint32_t t = 1; t <= g.b; ++t) {
      GridStep step;
      for (uint32_t c = 0; c < parts; ++c) {
        std::vector<uint32_t> colour_modulus(g.d);
        for (uint32_t j = 0; j < g.d; ++j) colour_modulus[j] = modulus[(j + g.d - c) % g.d];
        for_each_row(c, [&](std::vector<uint32_t> x) {
          const std::vector<uint32_t> data = data_of(cube, x, c, colour_modulus, parts);
          const uint32_t base = static_cast<uint32_t>(data.size() / k), extra = static_cast<uint32_t>(data.size() % k);
          auto packet = [&](int64_t number) {  // the number-th of k nearly equal parts, 1..k
            const uint32_t q = static_cast<uint32_t>(number - 1), first = q * base + std::min(q, extra);
            return std::vector<uint32_t>(data.begin() + first, data.begin() + first + base + (q < extra ? 1 : 0));
          };
          for (uint32_t h = 0; h < g.n; ++h) {
            x[c] = h;
            if (!on_diagonal(x, c, spacing)) continue;
            for (uint32_t j = 1; j < g.a; ++j) {
              // The PU j-1 new bridgeheads from h passes on what reached it last step.
              const int64_t right = int64_t{t} - j + 1, left = int64_t{k} - t + j;
              if (right >= 1 && right <= k) {
                x[c] = cube.wrap(int64_t{h} + int64_t{j - 1} * next);
                step.push_back({static_cast<uint32_t>(cube.index(x)), c, int64_t{next}, packet(right)});
              }
              if (left >= 1 && left <= k) {
                x[c] = cube.wrap(int64_t{h} - int64_t{j - 1} * next);
                step.push_back({static_cast<uint32_t>(cube.index(x)), c, -int64_t{next}, packet(left)});
              }
            }
            x[c] = h;
          }
        });
      }
      emit(step);
    }
    circulate_other_axes(next);
  }
}

std::optional<DiagonalGossip> best_diagonal_gossip(uint32_t n, uint32_t d, bool coloured, double r, bool torus) {
  std::optional<DiagonalGossip> best;
  double best_time = std::numeric_limits<double>::infinity();
  for (uint32_t a = 2; a <= n; ++a) {
    const auto m = rounds_of(n, a);
    if (!m) continue;
    const uint32_t last_b = *m == 0 ? a / 2 : a + n;
    for (uint32_t b = a / 2; b <= last_b; ++b) {
      const DiagonalGossip g{n, d, a, b, coloured, torus};
      if (!diagonal_gossip_refusal(g).empty()) continue;
      const double time = diagonal_gossip_time(g, r);
      if (time < best_time) best = g, best_time = time;
    }
  }
  return best;
}

}  // namespace schedcheck::gen

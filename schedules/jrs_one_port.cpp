// JRS one-port: the one-port approaches 1, 2 and 11 (black and white PUs) as steps of combining wormhole packets.
#include "jrs_one_port.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

// One step of approach 1 under one-port on a ring of m positions: every
// position passes on, one way round, the datum that left the position `lag`
// places behind it `lag` steps ago.
struct RingShift {
  int direction = 1;
  uint32_t lag = 0;
};

// Approach 1's step s sends lag s-1 both ways; one port takes one way per
// step, so each step becomes two. With m even the last step goes one way
// only (the datum m/2 away would otherwise arrive twice): m-1 steps.
std::vector<RingShift> one_port_shifts(uint32_t m) {
  std::vector<RingShift> shifts;
  for (uint32_t s = 1; s <= m / 2; ++s) {
    shifts.push_back({1, s - 1});
    if (!(m % 2 == 0 && s == m / 2)) shifts.push_back({-1, s - 1});
  }
  return shifts;
}

uint32_t wrap(int64_t position, uint32_t m) { return static_cast<uint32_t>(((position % m) + m) % m); }

// The ring of m positions laid on a line of m places: itself where the line
// wraps; otherwise folded, 0, 2, 4, ... out and the odd places back, so that
// ring neighbours are at most 2 places apart and one shift of the whole ring
// uses each channel of the line once.
uint32_t place(int64_t ring_index, uint32_t m, bool wraps) {
  const uint32_t k = wrap(ring_index, m);
  if (wraps) return k;
  const uint32_t out = (m + 1) / 2;
  return k < out ? 2 * k : 2 * (m - 1 - k) + 1;
}

// Hops, in places, from ring position k to k + direction.
int64_t ring_hops(uint32_t k, int direction, uint32_t m, bool wraps) {
  if (wraps) return direction;
  return int64_t{place(int64_t{k} + direction, m, wraps)} - int64_t{place(k, m, wraps)};
}

uint32_t ceil_log2(uint64_t n) {
  uint32_t k = 0;
  while ((uint64_t{1} << k) < n) ++k;
  return k;
}

// The PU that gathers the data of the aligned block of 2^k PUs from `first`
// (cut at n): its second half's collector when that half is not empty, so
// that the first half, always full, is the one that sends.
uint32_t collector(uint32_t first, uint32_t k, uint32_t n) {
  while (k > 0) {
    const uint32_t half = uint32_t{1} << (k - 1);
    if (uint64_t{first} + half < n) first += half;
    --k;
  }
  return first;
}

std::vector<uint32_t> range(uint32_t first, uint32_t count) {
  std::vector<uint32_t> data(count);
  for (uint32_t i = 0; i < count; ++i) data[i] = first + i;
  return data;
}

uint32_t half_side(const GridGossip& g, uint32_t axis) { return g.sizes[axis] / 2; }

}  // namespace

std::string one_port_linear_refusal(const GridGossip& grid) {
  if (grid.sizes.size() != 1) return "this generator takes ring:N or path:N";
  const uint32_t n = grid.sizes[0];
  if (n < 2 || n > max_jrs_side)
    return fmt::format("{} PUs: from 2 to {} (the largest side of the JRS generators)", n, max_jrs_side);
  return {};
}

std::vector<GossipStep> approach_1_one_port(const LinearArray& array) {
  const uint32_t n = array.n;
  std::vector<GossipStep> steps;
  for (const RingShift& shift : one_port_shifts(n)) {
    GossipStep step;
    for (uint32_t k = 0; k < n; ++k)
      step.push_back({place(k, n, array.ring), ring_hops(k, shift.direction, n, array.ring),
                      {place(int64_t{k} - int64_t{shift.direction} * shift.lag, n, array.ring)}});
    steps.push_back(std::move(step));
  }
  return steps;
}

uint64_t approach_1_one_port_steps(const LinearArray& array) { return array.n - 1; }

double approach_1_one_port_time(const LinearArray& array, double r) { return (array.n - 1) * (r + 1); }

std::vector<GossipStep> approach_2_one_port(const LinearArray& array) {
  const uint32_t n = array.n, levels = ceil_log2(n);
  std::vector<GossipStep> steps;
  // Step k of the concentration: in every block of 2^k with a second half,
  // the first half's collector sends the 2^(k-1) data of that half on.
  for (uint32_t k = 1; k <= levels; ++k) {
    GossipStep step;
    const uint32_t half = uint32_t{1} << (k - 1);
    for (uint64_t first = 0; first + half < n; first += 2 * uint64_t{half}) {
      const uint32_t lo = static_cast<uint32_t>(first), from = collector(lo, k - 1, n);
      step.push_back({from, int64_t{collector(lo + half, k - 1, n)} - from, range(lo, half)});
    }
    steps.push_back(std::move(step));
  }
  // The dissemination: the same transfers reversed, each collector (complete
  // by then) sending the first half's collector all the data outside it.
  for (uint32_t k = levels; k >= 1; --k) {
    GossipStep step;
    const uint32_t half = uint32_t{1} << (k - 1);
    for (uint64_t first = 0; first + half < n; first += 2 * uint64_t{half}) {
      const uint32_t lo = static_cast<uint32_t>(first), from = collector(lo + half, k - 1, n);
      std::vector<uint32_t> data = range(0, lo);
      for (uint32_t d = lo + half; d < n; ++d) data.push_back(d);
      step.push_back({from, int64_t{collector(lo, k - 1, n)} - from, std::move(data)});
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

uint64_t approach_2_one_port_steps(const LinearArray& array) { return 2 * uint64_t{ceil_log2(array.n)}; }

double approach_2_one_port_time(const LinearArray& array, double r) {
  // Concentration step k carries 2^(k-1), dissemination step k n - 2^(k-1):
  // n per pair of steps.
  return ceil_log2(array.n) * (2 * r + array.n);
}

std::string black_white_refusal(const GridGossip& grid) {
  if (grid.sizes.size() != 2) return "this generator takes a 2-D torus or mesh (torus:N1xN2 or mesh:N1xN2)";
  for (uint32_t n : grid.sizes) {
    if (n < 2 || n > max_jrs_side) return fmt::format("a side of {}: every side must be from 2 to {}", n, max_jrs_side);
    if (n % 2 != 0)
      return fmt::format("a side of {} is odd: the 2 x 2 submeshes and the colouring (white where i+j is even) "
                         "need even sides",
                         n);
  }
  const uint64_t nodes = uint64_t{grid.sizes[0]} * grid.sizes[1];
  // Every PU receives each other PU's datum once, and each is listed once.
  if (nodes * (nodes - 1) > max_jrs_listed)
    return fmt::format("the schedule would list {} message names, more than the {} this generator writes",
                       nodes * (nodes - 1), max_jrs_listed);
  return {};
}

uint64_t black_white_steps(const GridGossip& grid) {
  return 2 * uint64_t{std::max(half_side(grid, 0), half_side(grid, 1))};
}

double black_white_time(const GridGossip& grid, double r) {
  // 2 x 2 gossip: 2 steps, 1 + 2. Phase 1: M - 1 steps of one submesh (4).
  // Phase 2: while both colours run, the longer packet (4M), then the
  // colour with the longer rings alone, with the shorter one (4 mu).
  const double big = std::max(half_side(grid, 0), half_side(grid, 1));
  const double small = std::min(half_side(grid, 0), half_side(grid, 1));
  return 2 * big * r + 3 + 4 * (big - 1) + 4 * big * (small - 1) + 4 * small * (big - small);
}

void black_white_gossip(const GridGossip& grid, const std::function<void(const GridStep&)>& emit) {
  const uint32_t n1 = grid.sizes[0], n2 = grid.sizes[1], m1 = n1 / 2, m2 = n2 / 2;
  const bool wraps = grid.torus;
  auto node = [&](uint32_t x, uint32_t y) { return x + n1 * y; };
  auto submesh = [&](uint32_t a, uint32_t b) {
    return std::vector<uint32_t>{node(2 * a, 2 * b), node(2 * a + 1, 2 * b), node(2 * a, 2 * b + 1),
                                 node(2 * a + 1, 2 * b + 1)};
  };
  auto submesh_row = [&](uint32_t b) {  // the two rows of PUs 2b and 2b+1
    std::vector<uint32_t> data;
    for (uint32_t y = 2 * b; y <= 2 * b + 1; ++y)
      for (uint32_t x = 0; x < n1; ++x) data.push_back(node(x, y));
    return data;
  };
  auto submesh_column = [&](uint32_t a) {
    std::vector<uint32_t> data;
    for (uint32_t y = 0; y < n2; ++y)
      for (uint32_t x = 2 * a; x <= 2 * a + 1; ++x) data.push_back(node(x, y));
    return data;
  };

  // The 2 x 2 gossip: neighbours along dimension 1 swap their data, then along dimension 2.
  GridStep step;
  for (uint32_t y = 0; y < n2; ++y)
    for (uint32_t x = 0; x < n1; ++x) step.push_back({node(x, y), 0, x % 2 == 0 ? 1 : -1, {node(x, y)}});
  emit(step);
  step.clear();
  for (uint32_t y = 0; y < n2; ++y)
    for (uint32_t x = 0; x < n1; ++x) {
      const uint32_t partner = x % 2 == 0 ? x + 1 : x - 1;
      step.push_back({node(x, y), 1, y % 2 == 0 ? 1 : -1, {std::min(node(x, y), node(partner, y)),
                                                          std::max(node(x, y), node(partner, y))}});
    }
  emit(step);

  // Each phase: every row of PUs carries one ring of one colour (the PUs of
  // that colour in it, 2 apart) and every column one ring of the other, so
  // no two rings share a channel and every PU sends and receives once.
  // `rows` runs a ring along each row of PUs, of the PUs whose position in
  // their submesh is (u, v) with u = v (white) or u != v (black).
  const std::vector<RingShift> row_shifts = one_port_shifts(m1), column_shifts = one_port_shifts(m2);
  const uint32_t phase_steps = std::max(m1, m2) - 1;
  auto rows = [&](size_t t, bool white, auto data_of) {
    if (t >= row_shifts.size()) return;
    const RingShift shift = row_shifts[t];
    for (uint32_t b = 0; b < m2; ++b)
      for (uint32_t v = 0; v < 2; ++v) {
        const uint32_t u = white ? v : 1 - v;
        for (uint32_t k = 0; k < m1; ++k)
          step.push_back({node(2 * place(k, m1, wraps) + u, 2 * b + v), 0, 2 * ring_hops(k, shift.direction, m1, wraps),
                          data_of(place(int64_t{k} - int64_t{shift.direction} * shift.lag, m1, wraps), b)});
      }
  };
  auto columns = [&](size_t t, bool white, auto data_of) {
    if (t >= column_shifts.size()) return;
    const RingShift shift = column_shifts[t];
    for (uint32_t a = 0; a < m1; ++a)
      for (uint32_t u = 0; u < 2; ++u) {
        const uint32_t v = white ? u : 1 - u;
        for (uint32_t k = 0; k < m2; ++k)
          step.push_back({node(2 * a + u, 2 * place(k, m2, wraps) + v), 1,
                          2 * ring_hops(k, shift.direction, m2, wraps),
                          data_of(a, place(int64_t{k} - int64_t{shift.direction} * shift.lag, m2, wraps))});
      }
  };
  // Phase 1: white along the rows, black along the columns, packets of one submesh.
  for (uint32_t t = 0; t < phase_steps; ++t) {
    step.clear();
    rows(t, true, submesh);
    columns(t, false, submesh);
    emit(step);
  }
  // Phase 2: white along the columns with the submesh rows it gathered, black
  // along the rows with its submesh columns.
  for (uint32_t t = 0; t < phase_steps; ++t) {
    step.clear();
    columns(t, true, [&](uint32_t, uint32_t b) { return submesh_row(b); });
    rows(t, false, [&](uint32_t a, uint32_t) { return submesh_column(a); });
    emit(step);
  }
}

}  // namespace schedcheck::gen

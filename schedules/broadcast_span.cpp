// broadcast-span and broadcast-3d: Wang-Tseng's k-D all-port broadcast by spans (Sections 4 and 5), reconstructed.
//
// Stage i (i = 1..k) turns the informed set H_{i-1}, an (i-1)-dimensional
// span, into H_i by n translated copies. Stage i partitions the torus into the
// n level sets of g_i(x) = sum over d in N_i of s_d x_d, N_i the last i
// dimensions, s_1 = +1 and s_d = -1 otherwise, and runs the (2k+1)-way
// interval recursion over them: each holder sends 2k paths, one per outgoing
// channel. Along a dimension of N_i the path is straight; along one of the
// other dimensions (Z_i, the first k-i) it first moves in that dimension,
// which keeps g_i, and then along the last dimension. H_{i-1} lies in the
// level set g_l = 0 of every later stage l, so no two holders differ by a
// multiple of one axis vector: paths of one kind never share a channel, and
// every path stays inside its holder's strip. Stage i < k ends with an
// alignment step inside each level set (dimensions of Z_i only, in order)
// that moves copy c to u_c, where g_{i+1}(u_c) = 0; H_{k-1} is then the whole
// level set g_k = 0 and stage k needs no alignment. The nearest part on
// each side is reached by the turn along the last dimension of Z_i, chosen
// so that it lands where the alignment would put it: for n <= 3 no
// alignment is needed. Steps: k*ceil(log_{2k+1} n) + (k-1)*[n >= 4]
// (specs/lemmas.md). For k = 2 this is the diagonal scheme of Section 3,
// with g_2 = x_1 - x_2 (the main diagonal), and for k = 3 the source ->
// line -> plane -> cube scheme of Section 4, with H_2 the plane x_1 = x_2 + x_3
// of the paper.
#include <map>

#include "generator.hpp"
#include "interval_split.hpp"

namespace schedcheck::gen {

namespace {

int64_t sign_of(uint32_t dim) { return dim == 0 ? 1 : -1; }

int64_t shorter(int64_t d, int64_t n) {
  d = ((d % n) + n) % n;
  return d > n / 2 ? d - n : d;
}

// One way for a holder to reach a part `delta` level sets away (delta > 0:
// the parts after it). `turn` is the dimension of Z_i to move in first, or
// -1 for a straight path along `straight`.
struct Route {
  int turn;
  uint32_t straight;
};

// The k routes to the parts on one side, nearest part first.
std::vector<Route> routes(uint32_t k, uint32_t stage) {
  const uint32_t zeros = k - stage;  // Z_i = {0, ..., zeros-1}
  std::vector<Route> out;
  if (zeros > 0) out.push_back({static_cast<int>(zeros - 1), k - 1});
  for (uint32_t m = 0; m + 1 < zeros; ++m) out.push_back({static_cast<int>(m), k - 1});
  for (uint32_t d = zeros; d < k; ++d) out.push_back({-1, d});
  return out;
}

std::vector<Move> route_moves(const Route& r, int64_t delta, uint32_t k, uint32_t stage) {
  const uint32_t zeros = k - stage;
  if (r.turn < 0) return {{r.straight, sign_of(r.straight) * delta}};
  const auto m = static_cast<uint32_t>(r.turn);
  // The last dimension of Z_i turns by exactly what the alignment would
  // add; the others by the part's distance, in the side's direction.
  const int64_t turn = m + 1 == zeros ? -sign_of(m) * delta : delta;
  return {{m, turn}, {r.straight, sign_of(r.straight) * delta}};
}

Coord plus(Coord c, const std::vector<Move>& moves) {
  for (const Move& m : moves) c[m.dim] += m.hops;
  return c;
}

std::vector<Move> to_moves(const Coord& shift) {
  std::vector<Move> moves;
  for (uint32_t d = 0; d < shift.size(); ++d) moves.push_back({d, shift[d]});
  return moves;
}

}  // namespace

uint64_t span_steps(uint32_t k, uint32_t n) {
  return uint64_t{k} * split_steps(n, static_cast<int>(k), static_cast<int>(k)) + (n >= 4 ? k - 1 : 0);
}

void write_span(uint32_t k, uint32_t n, ScheduleText& out) {
  const int64_t size = n;
  std::vector<Coord> holders{Coord(k, 0)};  // H_0: the source
  for (uint32_t stage = 1; stage <= k; ++stage) {
    const uint32_t zeros = k - stage;
    const std::vector<Route> sides = routes(k, stage);
    // Distribution: the copy at level offset c is H_{i-1} + shift[c].
    std::map<int64_t, Coord> shift{{0, Coord(k, 0)}};
    for (const std::vector<Send>& sends : distribution(size, static_cast<int>(k), static_cast<int>(k))) {
      out.step();
      for (const Send& s : sends) {
        const Route& r = sides[static_cast<size_t>((s.side > 0 ? s.side : -s.side) - 1)];
        const std::vector<Move> moves = route_moves(r, s.to - s.from, k, stage);
        const Coord base = shift.at(s.from);
        for (const Coord& h : holders) out.path(plus(h, to_moves(base)), moves);
        shift[s.to] = plus(base, moves);
      }
    }
    if (stage == k) break;
    // Alignment: copy c moves inside its level set (dimensions of Z_i) to u_c.
    std::vector<Coord> next;
    bool stepped = false;
    for (const auto& [c, w] : shift) {
      Coord u = w;
      for (uint32_t m = 0; m < zeros; ++m) u[m] = 0;
      u[zeros - 1] = -sign_of(zeros - 1) * c;
      std::vector<Move> align;
      for (uint32_t m = 0; m < zeros; ++m)
        if (const int64_t d = shorter(u[m] - w[m], size); d != 0) align.push_back({m, d});
      if (!align.empty()) {
        if (!stepped) out.step();
        stepped = true;
        for (const Coord& h : holders) out.path(plus(h, to_moves(w)), align);
      }
      for (const Coord& h : holders) next.push_back(plus(h, to_moves(u)));
    }
    holders = std::move(next);
  }
}

}  // namespace schedcheck::gen

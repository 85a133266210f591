// Non-square tori for the Wang-Tseng schemes: the stage-1 distribution applied to each dimension in turn.
//
// The span scheme needs one modulus for its level sets, so it needs a square
// torus. On n_1 x ... x n_k this construction keeps the paper's stage-1
// distribution (Section 4.1.1: parts along the last dimension, reached
// straight or after a turn in a lower dimension, 2j+1 parts per step) and
// applies it to dimension k, then k-1, down to 1: while dimension j is
// distributed, every sub-torus of dimensions 1..j (fixed higher coordinates)
// holds exactly one informed node and runs the recursion inside itself, so
// sub-tori never share a channel. A turn is one hop along dimension m < j; the
// up-going path turns +m and the down-going one -m, so their columns differ or
// run in opposite directions. No alignment is needed: each sub-torus of
// dimensions 1..j-1 ends with one holder, wherever it is. Steps:
// sum over j of ceil(log_{2j+1} n_j) (specs/lemmas.md).
#include <map>

#include "generator.hpp"
#include "interval_split.hpp"

namespace schedcheck::gen {

namespace {

Coord plus(Coord c, const Coord& shift) {
  for (size_t d = 0; d < c.size(); ++d) c[d] += shift[d];
  return c;
}

Coord plus(Coord c, const std::vector<Move>& moves) {
  for (const Move& m : moves) c[m.dim] += m.hops;
  return c;
}

}  // namespace

uint64_t descending_steps(const Torus& torus) {
  uint64_t steps = 0;
  for (uint32_t j = 0; j < torus.dimensions(); ++j)
    steps += split_steps(torus.sizes[j], static_cast<int>(j + 1), static_cast<int>(j + 1));
  return steps;
}

void write_descending(const Torus& torus, ScheduleText& out) {
  const uint32_t k = torus.dimensions();
  // One holder per sub-torus of the dimensions not yet distributed.
  std::vector<Coord> holders{Coord(k, 0)};
  for (uint32_t j = k; j-- > 0;) {
    const int sides = static_cast<int>(j + 1);
    // The recursion is the same in every sub-torus: by offset along j, where
    // the strip's holder sits relative to the sub-torus's first holder.
    std::map<int64_t, Coord> strip_holder{{0, Coord(k, 0)}};
    for (const std::vector<Send>& sends : distribution(torus.sizes[j], sides, sides)) {
      out.step();
      for (const Send& s : sends) {
        const auto route = static_cast<uint32_t>(s.side > 0 ? s.side : -s.side) - 1;  // 0: straight
        const int64_t turn = s.side > 0 ? 1 : -1;
        std::vector<Move> moves;
        if (route > 0) moves.push_back({route - 1, turn});
        moves.push_back({j, s.to - s.from});
        const Coord& shift = strip_holder.at(s.from);
        for (const Coord& h : holders) out.path(plus(h, shift), moves);
        strip_holder[s.to] = plus(shift, moves);
      }
    }
    std::vector<Coord> next;
    for (const Coord& h : holders)
      for (const auto& [offset, shift] : strip_holder) next.push_back(plus(h, shift));
    holders = std::move(next);
  }
}

}  // namespace schedcheck::gen

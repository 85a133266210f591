// broadcast-diagonal-2d: Wang-Tseng's 2-D all-port broadcast (Section 3): source -> main diagonal -> torus.
//
// Stage 1.1 sends the message to one node per row by the five-strip
// recursion (two parts below the holder's strip, two above): the far parts
// straight along the column, the near parts along the row by the same
// distance first, so that a holder on the relative diagonal informs the near
// parts on the diagonal too. Stage 1.2 moves each row's node along its row
// onto the main diagonal (one step, needed from n = 4 on). Stage 2 sends from
// diagonal to diagonal: the four straight paths from each node of a diagonal
// (row +-, column +-) each reach another diagonal, and paths of one direction
// from nodes of one diagonal never share a channel. Every path stays inside
// its holder's strip, so strips never collide. Steps: 2*ceil(log_5 n) + [n >= 4]
// (specs/lemmas.md, reconstruction of Theorem 2's k = 2 case).
#include <map>

#include "generator.hpp"
#include "interval_split.hpp"

namespace schedcheck::gen {

namespace {

int64_t shorter(int64_t d, int64_t n) {
  d = ((d % n) + n) % n;
  return d > n / 2 ? d - n : d;
}

}  // namespace

uint64_t diagonal_2d_steps(uint32_t n) { return 2ULL * split_steps(n, 2, 2) + (n >= 4 ? 1 : 0); }

void write_diagonal_2d(uint32_t n, ScheduleText& out) {
  const int64_t size = n;
  // Stage 1.1: rows. x_of[row offset] is the informed node's column.
  std::map<int64_t, int64_t> x_of{{0, 0}};
  for (const std::vector<Send>& sends : distribution(size, 2, 2)) {
    out.step();
    for (const Send& s : sends) {
      const int64_t x = x_of.at(s.from);
      const int64_t dy = s.to - s.from;
      if (s.side == 2 || s.side == -2) {
        out.path({x, s.from}, {{1, dy}});
        x_of[s.to] = x;
      } else {
        out.path({x, s.from}, {{0, dy}, {1, dy}});
        x_of[s.to] = x + dy;
      }
    }
  }
  // Stage 1.2: onto the main diagonal, each along its own row.
  bool aligned = true;
  for (const auto& [y, x] : x_of) aligned &= shorter(y - x, size) == 0;
  if (!aligned) {
    out.step();
    for (const auto& [y, x] : x_of)
      if (shorter(y - x, size) != 0) out.path({x, y}, {{0, shorter(y - x, size)}});
  }
  // Stage 2: diagonal l = x - y to diagonal l', every node of the diagonal at once.
  for (const std::vector<Send>& sends : distribution(size, 2, 2)) {
    out.step();
    for (const Send& s : sends) {
      const int64_t d = s.to - s.from;  // > 0 for the parts after the holder
      for (int64_t t = 0; t < size; ++t) {
        const Coord node{t + s.from, t};
        if (s.side == 2 || s.side == -2) out.path(node, {{0, d}});  // along the row: x += d
        else out.path(node, {{1, -d}});                              // along the column: y -= d
      }
    }
  }
}

}  // namespace schedcheck::gen

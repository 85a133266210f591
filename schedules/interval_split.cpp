// Interval split: choosing the holder's part and the near-equal parts around it.
#include "interval_split.hpp"

#include <algorithm>

namespace schedcheck::gen {

namespace {

// `length` strips from `start` into `count` parts whose sizes differ by at
// most one; the larger parts go nearest the holder, so that small intervals
// use the near routes first.
void even_parts(std::vector<Part>& out, int64_t start, int64_t length, int count, bool holder_after,
                bool one_sided) {
  for (int i = 0; i < count; ++i) {
    // i = 0 is the part at `start`; nearness to the holder decides the extra strip.
    const int nearness = holder_after ? count - 1 - i : i;  // 0 = nearest
    const int64_t size = length / count + (nearness < length % count ? 1 : 0);
    if (size > 0) {
      Part p;
      p.start = start;
      p.size = size;
      // One-sided splits (nothing below) keep every holder at its interval's
      // start; two-sided ones keep it at the centre.
      p.representative = start + (one_sided ? 0 : (size - 1) / 2);
      p.side = holder_after ? -(nearness + 1) : nearness + 1;
      out.push_back(p);
    }
    start += size;
  }
}

}  // namespace

std::vector<Part> split_interval(int64_t m, int64_t h, int below, int above) {
  const int64_t parts = below + above + 1;
  const int64_t c = (m + parts - 1) / parts;
  // The holder's part [s, s + c) must contain h and leave at most `below`
  // parts of size <= c before it and `above` after it.
  const int64_t lo = std::max({int64_t{0}, m - c - above * c, h - c + 1});
  const int64_t hi = std::min({below * c, m - c, h});
  const int64_t want = h - (c - 1) / 2;  // the holder at the centre of its part
  const int64_t s = std::clamp(want, lo, std::max(lo, hi));
  std::vector<Part> out;
  out.push_back({s, c, h, 0});
  even_parts(out, 0, s, below, true, below == 0);
  even_parts(out, s + c, m - s - c, above, false, below == 0);
  return out;
}

uint32_t split_steps(int64_t m, int below, int above) {
  const int64_t parts = below + above + 1;
  uint32_t steps = 0;
  for (int64_t reach = 1; reach < m; reach *= parts) ++steps;
  return steps;
}

std::vector<std::vector<Send>> distribution(int64_t m, int below, int above) {
  struct Interval {
    int64_t start;  // offset from the source strip
    int64_t size;
    int64_t holder;  // offset of the holder from the source strip
  };
  std::vector<std::vector<Send>> steps;
  std::vector<Interval> current{{below == 0 ? 0 : -(m - 1) / 2, m, 0}};
  for (;;) {
    std::vector<Send> sends;
    std::vector<Interval> next;
    for (const Interval& in : current) {
      if (in.size <= 1) continue;
      for (const Part& p : split_interval(in.size, in.holder - in.start, below, above)) {
        next.push_back({in.start + p.start, p.size, in.start + p.representative});
        if (p.side != 0) sends.push_back({in.holder, in.start + p.representative, p.side});
      }
    }
    if (sends.empty()) break;
    steps.push_back(std::move(sends));
    current = std::move(next);
  }
  return steps;
}

}  // namespace schedcheck::gen

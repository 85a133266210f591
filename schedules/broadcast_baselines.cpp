// Broadcast baselines a user compares the Wang-Tseng schemes with: dimension by dimension, and one-port halving.
//
// broadcast-dimension-by-dimension: dimension 1's ring first, then every
// informed node broadcasts along dimension 2, and so on; each ring broadcast
// is the three-way interval recursion (one part each side, reached straight
// along the ring), ceil(log_3 n_d) steps, the best a ring of all-port nodes
// allows. broadcast-recursive-doubling: the same with two parts (the holder's
// and one other), for one-port nodes: ceil(log_2 n_d) steps per dimension.
#include "generator.hpp"
#include "interval_split.hpp"

namespace schedcheck::gen {

namespace {

// Every node whose coordinates in dimensions >= dim are 0 (the source's).
std::vector<Coord> informed_before(const Torus& torus, uint32_t dim) {
  std::vector<Coord> nodes{Coord(torus.dimensions(), 0)};
  for (uint32_t d = 0; d < dim; ++d) {
    std::vector<Coord> wider;
    for (const Coord& c : nodes) {
      for (int64_t x = 0; x < torus.sizes[d]; ++x) {
        Coord e = c;
        e[d] = x;
        wider.push_back(e);
      }
    }
    nodes = std::move(wider);
  }
  return nodes;
}

uint64_t per_dimension_steps(const Torus& torus, int below, int above) {
  uint64_t steps = 0;
  for (uint32_t n : torus.sizes) steps += split_steps(n, below, above);
  return steps;
}

void write_per_dimension(const Torus& torus, int below, int above, ScheduleText& out) {
  for (uint32_t dim = 0; dim < torus.dimensions(); ++dim) {
    const std::vector<Coord> holders = informed_before(torus, dim);
    for (const std::vector<Send>& sends : distribution(torus.sizes[dim], below, above)) {
      out.step();
      for (const Coord& base : holders) {
        for (const Send& s : sends) {
          Coord from = base;
          from[dim] = s.from;
          out.path(from, {{dim, s.to - s.from}});
        }
      }
    }
  }
}

}  // namespace

uint64_t dimension_by_dimension_steps(const Torus& torus) { return per_dimension_steps(torus, 1, 1); }
void write_dimension_by_dimension(const Torus& torus, ScheduleText& out) { write_per_dimension(torus, 1, 1, out); }
uint64_t recursive_doubling_steps(const Torus& torus) { return per_dimension_steps(torus, 0, 1); }
void write_recursive_doubling(const Torus& torus, ScheduleText& out) { write_per_dimension(torus, 0, 1, out); }

}  // namespace schedcheck::gen

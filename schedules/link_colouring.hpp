// Link colouring: every link of a torus coloured by the cycle it belongs to, walked into cycles.
//
// The Hamiltonian decompositions (2-D exchanged squares, 3-D joined layers)
// start from a colouring with two links of each colour at every PU and
// exchange colours on unit squares. This keeps the colouring and answers
// what those constructions ask: how many cycles a colour forms, what an
// exchange does to that number, and each colour as one cycle.
#pragma once

#include <cstdint>
#include <vector>

#include "cycle_gossip.hpp"
#include "torus.hpp"

namespace schedcheck::gen {

class LinkColouring {
 public:
  static constexpr uint8_t no_colour = UINT8_MAX;

  LinkColouring(const Torus& torus, uint8_t colours);

  // The link from PU v in direction 2*dim + (negative ? 1 : 0), as an index
  // of its positive end and dimension: both of its PUs name it alike.
  uint64_t link(uint64_t v, uint32_t direction) const {
    return direction % 2 ? torus_.neighbour(v, direction) * dims_ + direction / 2 : v * dims_ + direction / 2;
  }
  uint8_t& operator[](uint64_t link) { return colour_[link]; }
  uint8_t operator[](uint64_t link) const { return colour_[link]; }

  // Walks the cycles of colour c (every PU has two links of each colour),
  // noting each PU's cycle and position on it; returns how many there are.
  uint64_t trace(uint8_t c);

  // How many cycles colour c gains when it loses the links a-b and a2-b2 and
  // gains a-a2 and b-b2 (a, b adjacent in colour c, and a2, b2): two cycles
  // join (-1); one stays whole (0) when it runs a->b and a2->b2 the same way,
  // and splits (+1) otherwise. Valid after trace(c).
  int change(uint8_t c, uint64_t a, uint64_t b, uint64_t a2, uint64_t b2) const;

  // Colour c walked from PU 0, leaving each PU by the first direction of
  // that colour it did not come by. Throws std::runtime_error unless it is
  // one cycle through every PU.
  void hamiltonian_cycle(uint8_t c, std::vector<uint64_t>& nodes, std::vector<uint32_t>& directions) const;

  // A plan with one part per colour: each colour a Hamiltonian cycle that
  // carries part c of every PU.
  CyclePlan plan() const;

 private:
  static constexpr uint32_t unseen = UINT32_MAX;
  struct Place {
    uint32_t cycle;
    uint32_t position;
  };

  uint32_t next(uint64_t at, uint8_t c, uint32_t back) const;
  bool runs_forward(uint8_t c, uint64_t a, uint64_t b) const;

  const Torus& torus_;
  uint32_t dims_;
  uint8_t colours_;
  std::vector<uint8_t> colour_;             // by link()
  std::vector<std::vector<Place>> places_;  // by colour and PU, after trace()
  std::vector<std::vector<uint64_t>> lengths_;  // by colour and cycle, after trace()
};

}  // namespace schedcheck::gen

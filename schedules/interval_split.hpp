// Interval split: the recursive (2k+1)-way distribution over a ring of strips that the broadcast schemes share.
//
// A holder owns an interval of m consecutive strips (rows, diagonals, ...)
// and sits at offset h in it. One step splits the interval into a middle part
// that keeps the holder and up to `below` parts before it and `above` parts
// after it, each of at most ceil(m / (below + above + 1)) strips, and sends
// the message to one representative strip of every other part (the part's
// centre). Repeating this on every part informs one strip per position in
// exactly ceil(log_{below+above+1} m) steps when every holder starts at the
// centre, offset floor((m-1)/2); tests/unit/test_interval_split.cpp checks
// that for every m up to several thousand. A one-sided split (below = 0, the
// one-port halving) keeps holders at the start of their intervals instead.
#pragma once

#include <cstdint>
#include <vector>

namespace schedcheck::gen {

struct Part {
  int64_t start = 0;   // offset of the part's first strip in the interval
  int64_t size = 0;
  int64_t representative = 0;  // offset of the strip that receives the message
  int side = 0;  // -below..-1 before the holder (-1 nearest), 0 the holder's, 1..above after it (1 nearest)
};

// The parts of one step for an interval of m strips with the holder at
// offset h; empty parts are left out. The holder's part comes first.
std::vector<Part> split_interval(int64_t m, int64_t h, int below, int above);

// Steps the recursion takes from an interval of m strips with the holder at
// its centre: ceil(log_{below+above+1} m).
uint32_t split_steps(int64_t m, int below, int above);

// One send of the recursion: from the holder's strip to a part's
// representative, as offsets from the source's strip (which is 0).
struct Send {
  int64_t from;
  int64_t to;
  int side;  // as Part::side
};

// The whole recursion over m strips, the source at the centre: one list of
// sends per step.
std::vector<std::vector<Send>> distribution(int64_t m, int below, int above);

}  // namespace schedcheck::gen

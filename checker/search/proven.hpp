// Proven: what a climb over step counts has established, count by count, and the words that say it.
//
// A count is impossible by a lemma (below its bound) or by an unsat answer of
// the routing asked; an unsat of a stricter routing refutes nothing. A
// witness is optimal only when every count below it is impossible; an
// unknown count below it leaves the optimum open.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "outcome.hpp"

namespace schedcheck::search {

// A lemma's lower bound: every count below `steps` is impossible.
struct StepLowerBound {
  uint32_t steps = 0;
  std::string name;    // as specs/lemmas.md names it, e.g. "broadcast-all-port"
  std::string source;  // paper and lemma, e.g. "Wang-Tseng, Lemma 1 (torus case of the degree bound)"
};

struct Proven {
  uint32_t impossible_below = 0;          // every count below it is impossible
  std::optional<uint32_t> witness_steps;  // the count of the witness, if any
  bool optimal = false;                   // a witness, and every count below it impossible
  std::vector<uint32_t> unknown;          // counts tried and left open (below the witness, if any)
  // "steps 1..2 impossible by broadcast-all-port (Wang-Tseng, Lemma 1);
  // 3: unsat in 12.10 s; 4: unknown after 150.00 s; 5: sat in 9.02 s"
  std::string text;
};

// A schedule of fewer steps gives one of more (it idles at the end; a
// time-independent gossip's maps may leave out what the neighbour holds,
// which at the end is everything), so an unsat count refutes every count
// below it too.
Proven proven(const StepLowerBound& bound, const SearchReport& report);

// What a search run was asked: a climb over counts, one count, one cube of a
// count split by the source's paths, or every cube of it in turn.
struct Asked {
  enum class Kind { climb, count, cube, cubes };
  Kind kind = Kind::climb;
  uint32_t steps = 0;          // the count asked (all but climb)
  bool below_bound = false;    // count: below the lemma's bound, refuted with no solver
  uint64_t cube = 0, cubes = 0;  // cube: which of how many; cubes: how many
  uint32_t split_ports = 0;    // cube, cubes: the source's ports whose paths fix a cube
  std::string witness_from;    // count: where the witness came from ("found under ...") or empty
};

// A run's verdict line is `word [steps=N] [lower-bound=L] (where)tail`.
struct Conclusion {
  std::string word;  // SAT, UNSAT, CUBE-UNSAT, UNKNOWN, OPTIMAL, FOUND or GAVE-UP
  std::optional<uint32_t> steps;
  bool with_lower_bound = false;
  std::string tail;      // after "(where)": ": ..." or ", ..."
  bool decided = false;  // false: the search gave up on what it was asked (exit 3)
  Proven proven;         // the climb's counts, whatever was asked
};

// What the report decides about what was asked. A cube's unsat refutes that
// cube alone, so it has a word of its own; a stricter routing's unsat
// refutes nothing, unless the count is below the lemma's bound anyway.
Conclusion conclude(const StepLowerBound& bound, const SearchReport& report, const Asked& asked);

}  // namespace schedcheck::search

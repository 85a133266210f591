// Torus tables: the rows of `table broadcast-allport`, `search-broadcast` and `search-gossip`, every number measured by the core.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generator.hpp"
#include "outcome.hpp"

namespace schedcheck::lemmas {

// A broadcast generator's schedule as the core measured it.
struct Measured {
  uint64_t steps = 0;
  uint64_t claim = 0;        // the generator's own formula
  uint64_t lower_bound = 0;  // the core's best
  bool verified = false;
};

// Generates into memory and checks the text with the core: the tables show
// what the checker measured, never what a generator says of itself. nullopt
// for an unknown generator or one that does not take `torus`. A `model` line
// checks the schedule under that model instead of the generator's own (a
// dimension-ordered schedule may also hold under the shorter way round).
std::optional<Measured> measure_broadcast(const std::string& generator, const gen::Torus& torus,
                                          const std::string& model = "");

// The fewest steps of a gossip generator's schedule (one packet per PU) that
// the core verifies and classes time-independent on `torus`, and the
// generator, as `gen` would be asked for it ("NAME" or "NAME
// --time-independent"); nullopt where none does.
struct TimeIndependentConstruction {
  std::string generator;
  uint64_t steps = 0;
};
std::optional<TimeIndependentConstruction> time_independent_construction(const gen::Torus& torus);

// broadcast-allport: Lemma 1 against the span, 2-D/3-D and
// dimension-by-dimension schemes on k-D tori n x ... x n.
struct BroadcastAllportRow {
  uint32_t k = 0, n = 0;
  uint64_t nodes = 0;
  Measured span, dimension_by_dimension;
  std::optional<Measured> special;  // broadcast-diagonal-2d (k = 2) or broadcast-3d (k = 3)
  std::string note;                 // " NOT-VERIFIED", " measured!=formula", " optimal"
  bool failed = false;              // a schedule was not verified
};

// The sizes of the generator sweep (tests/generators/sweep.cpp).
std::vector<BroadcastAllportRow> broadcast_allport_rows();

// One search of a table row: the optimum as far as it is proven, with the
// solver's tries; `rejected` when the core does not verify the witness.
struct Searched {
  std::string optimum = "unknown";  // "5", "<= 5" or "> 4 (unknown)"
  std::string tries;                // "steps: answer seconds; ..."
  double seconds = 0;
  std::optional<uint32_t> steps;  // the witness's
  bool proven = false;            // the witness's count is the optimum (search::proven)
  bool rejected = false;
};

// A table row's account of one climb: the witness checked by the core
// against `header` plus its step count as a claim (and `claim_extra`, e.g.
// " time-independent=yes"), what is proven as search::proven says it (a run
// that is not the routing asked, e.g. free routing's minimal paths, refutes
// no count), the tries' seconds with `decimals` digits.
Searched searched(const search::SearchReport& report, const std::string& header, const std::string& claim_extra,
                  uint32_t lower, double seconds, int decimals);

// search-broadcast: one torus under one routing rule.
struct SearchBroadcastRow {
  std::string torus;
  const char* routing = "";
  uint32_t lemma_1 = 0;
  Searched found;
  std::optional<uint64_t> construction;  // broadcast-span's steps
  std::string marks;                     // " WITNESS-REJECTED", " construction-not-optimal", " lemma-1-not-reached"
  bool failed = false;                   // the witness was rejected
};

// The tori of search-broadcast: every 2-D torus n1 x n2 (2 <= n1 <= n2 <= 8)
// and 3-D torus n1 x n2 x n3 (2 <= n1 <= n2 <= n3 <= 4); the job sweep
// (search_jobs.hpp) takes the same ones by default.
std::vector<std::vector<uint32_t>> search_broadcast_sizes();

// The optimum of broadcast on every 2-D torus n1 x n2 (2 <= n1 <= n2 <= 8)
// and 3-D torus up to 4x4x4, under each routing variant, searched from Lemma
// 1 up to the Wang-Tseng construction's count; every witness is re-checked.
// The search's free routes are the minimal paths, whose unsat refutes no
// count of the format's free routing: a free optimum rests on Lemma 1, and
// a free witness above it is reported "<= N" (search::proven's account).
// `row` is called as each row is found, since a search may take minutes.
void search_broadcast_rows(double timeout, const std::function<void(const SearchBroadcastRow&)>& row);

// search-gossip: one torus, searched with free and with time-independent forwarding.
struct SearchGossipRow {
  std::string torus;
  uint64_t nodes = 0;
  uint32_t lower_bound = 0;
  Searched free, time_independent;
};

// Store-and-forward, full-port, non-combining gossip on 2-D tori up to 6x6
// and 3-D tori up to 3x3x4: the optimum against the counting bound
// ceil((P-1)/deg) (Soch-Tvrdik on 2-D tori), and the fewest steps with
// time-independent forwarding (one packet per PU, property 9), each
// searched from that bound up. `row` is called as each row is found.
void search_gossip_rows(double timeout, const std::function<void(const SearchGossipRow&)>& row);

}  // namespace schedcheck::lemmas

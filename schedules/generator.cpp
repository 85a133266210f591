// Generator registry: the table of generators that `schedcheck gen` lists and runs.
#include "generator.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "cycle_gossip.hpp"

namespace schedcheck::gen {

// Defined in the generator files, one per algorithm family.
uint64_t diagonal_2d_steps(uint32_t n);
uint64_t span_steps(uint32_t k, uint32_t n);
uint64_t descending_steps(const Torus& torus);
void write_descending(const Torus& torus, ScheduleText& out);
void write_span(uint32_t k, uint32_t n, ScheduleText& out);
void write_diagonal_2d(uint32_t n, ScheduleText& out);
uint64_t dimension_by_dimension_steps(const Torus& torus);
void write_dimension_by_dimension(const Torus& torus, ScheduleText& out);
uint64_t recursive_doubling_steps(const Torus& torus);
void write_recursive_doubling(const Torus& torus, ScheduleText& out);
bool zigzag_conditions(const Torus& torus, std::string& error);
CyclePlan zigzag_plan(const Torus& torus);
CyclePlan onepacket_2d_plan(const Torus& torus);
CyclePlan partial_cycles_plan(const Torus& torus);
CyclePlan hamiltonian_cycles_plan(const Torus& torus);
CyclePlan hamiltonian_pair_plan(const Torus& torus);
CyclePlan hamiltonian_3d_plan(const Torus& torus);
uint64_t flooding_steps(const Torus& torus);
void write_flooding(const Torus& torus, ScheduleText& out);

namespace {

bool is_square(const Torus& torus) {
  for (uint32_t n : torus.sizes)
    if (n != torus.sizes[0]) return false;
  return true;
}

Claim claim(uint64_t steps, const std::string& name, const Torus& torus) {
  return {steps, name, {{"sizes", torus.describe()}}};
}

// Length of each zigzag cycle: n1/d * n2 * ... * n_(d-1) laps of n_d + d PUs.
uint64_t zigzag_cycle_length(const Torus& t) {
  const uint32_t d = t.dimensions();
  uint64_t laps = t.sizes[0] / d;
  for (uint32_t l = 1; l + 1 < d; ++l) laps *= t.sizes[l];
  return laps * (t.sizes[d - 1] + d);
}

// `forwarding`: the class of property 9 the schedule promises (yes, switching, no).
Claim gossip_claim(uint64_t steps, const std::string& name, const Request& r, const std::string& forwarding) {
  return {steps, name, {{"sizes", r.torus.describe()}, {"time-independent", forwarding}}};
}

// The cycle generators switch unless asked for the variant without switching.
std::string cycle_forwarding(const Request& r) { return r.time_independent ? "yes" : "switching"; }

void write_cycles(const Request& r, CyclePlan plan, ScheduleText& out) {
  CycleGossip gossip(r.torus, std::move(plan), r.time_independent ? Supply::time_independent : Supply::switching);
  gossip.write(out);
}

bool check_zigzag(const Request& r, uint32_t d, std::string& error) {
  if (r.torus.dimensions() != d && d != 0) {
    error = fmt::format("needs a {}-D torus, not {}", d, r.torus.describe());
    return false;
  }
  return zigzag_conditions(r.torus, error);
}

// One side odd and no --time-independent: Section 3.2's partial cycles, whose
// PUs on one cycle hold packets back. With --time-independent (or both sides
// odd) every PU lies on both of two Hamiltonian cycles.
bool theorem_3_cycles(const Request& r) {
  return r.torus.sizes[0] % 2 != r.torus.sizes[1] % 2 && !r.time_independent;
}

// The Hamiltonian cycles from exchanged unit squares (both sides odd, or one
// odd side) need every side at least 3: on a side of 2 the squares overlap.
bool exchanged_squares_apply(const Torus& t, std::string& error) {
  if (t.sizes[0] % 2 == 0 && t.sizes[1] % 2 == 0) return true;  // Section 3.1's rules
  if (std::min(t.sizes[0], t.sizes[1]) >= 3) return true;
  error = fmt::format("{}: two Hamiltonian cycles with an odd side are built from exchanged unit squares, which "
                      "needs both sides at least 3", t.describe());
  return false;
}

// Theorem 5 with n1 odd and n2 even: the construction along x2, as on the
// n2 x n1 torus (onepacket_2d_plan).
Request along_even_side(const Request& r) {
  const Torus& t = r.torus;
  if (t.dimensions() != 2 || t.sizes[0] % 2 == 0 || t.sizes[1] % 2) return r;
  return {Torus{{t.sizes[1], t.sizes[0]}}, r.time_independent};
}

// Theorems 5-7 count floor(L/2) steps of circulation and `extra` more for
// the PUs off a cycle. The time-independent variants claim the paper's
// costs: n2 + 1 more steps in 2-D (Theorem 5), and Theorem 7's factor
// (1 + 3d/n_(d-1)) on the circulation in d >= 3 dimensions.
uint64_t zigzag_steps(const Request& r, uint64_t extra) {
  const Torus& t = r.torus;
  const uint32_t d = t.dimensions();
  const uint64_t length = zigzag_cycle_length(t);
  if (!r.time_independent) return length / 2 + extra;
  if (d == 2) return length / 2 + extra + t.sizes[1] + 1;
  const uint64_t n = t.sizes[d - 2];
  return (length * (n + 3 * d) + 2 * n - 1) / (2 * n);  // ceil(L/2 * (1 + 3d/n_(d-1)))
}

}  // namespace

const std::vector<Generator>& generators() {
  static const std::vector<Generator> table = {
      {"broadcast-diagonal-2d", "torus n1 x n2 (square: the paper's scheme; otherwise the extension of specs/lemmas.md)", "wormhole all-port dimension-order", "",
       "Wang-Tseng, Section 3 (2-D diagonal scheme; Theorem 2 with k = 2)",
       [](const Request& r, Claim& c, std::string& error) {
         if (r.torus.dimensions() != 2) {
           error = fmt::format("needs a 2-D torus n1 x n2, not {}", r.torus.describe());
           return false;
         }
         c = claim(is_square(r.torus) ? diagonal_2d_steps(r.torus.sizes[0]) : descending_steps(r.torus),
                   "broadcast-diagonal-2d", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) {
         if (is_square(r.torus)) write_diagonal_2d(r.torus.sizes[0], out);
         else write_descending(r.torus, out);
       }},
      {"broadcast-3d", "torus n1 x n2 x n3 (square: the paper's scheme; otherwise the extension)", "wormhole all-port dimension-order", "",
       "Wang-Tseng, Section 4 (source -> line -> plane -> cube, 7 parts per step; Theorem 1)",
       [](const Request& r, Claim& c, std::string& error) {
         if (r.torus.dimensions() != 3) {
           error = fmt::format("needs a 3-D torus n1 x n2 x n3, not {}", r.torus.describe());
           return false;
         }
         c = claim(is_square(r.torus) ? span_steps(3, r.torus.sizes[0]) : descending_steps(r.torus), "broadcast-3d",
                   r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) {
         if (is_square(r.torus)) write_span(3, r.torus.sizes[0], out);
         else write_descending(r.torus, out);
       }},
      {"broadcast-span", "torus n1 x ... x nk, any k >= 1 (square: the paper's scheme; otherwise the extension)", "wormhole all-port dimension-order", "",
       "Wang-Tseng, Section 5 (spans, distribution and alignment substages; Theorem 2)",
       [](const Request& r, Claim& c, std::string&) {
         c = claim(is_square(r.torus) ? span_steps(r.torus.dimensions(), r.torus.sizes[0]) : descending_steps(r.torus),
                   "broadcast-span", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) {
         if (is_square(r.torus)) write_span(r.torus.dimensions(), r.torus.sizes[0], out);
         else write_descending(r.torus, out);
       }},
      {"broadcast-dimension-by-dimension", "torus n1 x ... x nk, any k >= 1", "wormhole all-port dimension-order", "",
       "baseline: one all-port ring broadcast per dimension, ceil(log_3 n_d) steps each",
       [](const Request& r, Claim& c, std::string&) {
         c = claim(dimension_by_dimension_steps(r.torus), "broadcast-dimension-by-dimension", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_dimension_by_dimension(r.torus, out); }},
      {"broadcast-recursive-doubling", "torus n1 x ... x nk, any k >= 1", "wormhole one-port dimension-order", "",
       "baseline: one-port recursive doubling, dimension by dimension (Wang-Tseng, Section 1)",
       [](const Request& r, Claim& c, std::string&) {
         c = claim(recursive_doubling_steps(r.torus), "broadcast-recursive-doubling", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_recursive_doubling(r.torus, out); }},
      {"gossip-hamiltonian-2d", "torus n1 x n2, n1, n2 >= 2", "store-and-forward all-port non-combining",
       "gossip parts 2",
       "Meyer-Sibeyn, Sections 3.1-3.3 (two edge-disjoint (partial) Hamiltonian cycles, 2 packets per PU; Theorems 2 "
       "and 3; Theorem 4, and Theorem 3 with --time-independent, on two Hamiltonian cycles from exchanged unit "
       "squares)",
       [](const Request& r, Claim& c, std::string& error) {
         const Torus& t = r.torus;
         if (t.dimensions() != 2 || t.sizes[0] < 2 || t.sizes[1] < 2) {
           error = fmt::format("needs a 2-D torus n1 x n2 with n1, n2 >= 2, not {}", t.describe());
           return false;
         }
         const bool partial = theorem_3_cycles(r);
         if (partial && std::min(t.sizes[0], t.sizes[1]) == 2) {
           error = fmt::format("{}: with an odd side the even side must be at least 4 (Theorem 3 feeds a PU of the "
                               "special column from its two neighbours along the even side)", t.describe());
           return false;
         }
         if (!exchanged_squares_apply(t, error)) return false;
         c = gossip_claim(t.node_count() / 2, "gossip-hamiltonian-2d", r, partial ? "no" : "yes");
         return true;
       },
       [](const Request& r, ScheduleText& out) {
         write_cycles(r, theorem_3_cycles(r) ? partial_cycles_plan(r.torus) : hamiltonian_cycles_plan(r.torus), out);
       }},
      {"gossip-hamiltonian-pair", "torus n1 x n2, n1, n2 >= 2", "store-and-forward all-port non-combining", "gossip",
       "Meyer-Sibeyn, Section 2 (one packet per PU on two edge-disjoint Hamiltonian cycles, both ways, until "
       "complete: the setting of Theorem 1)",
       [](const Request& r, Claim& c, std::string& error) {
         const Torus& t = r.torus;
         if (t.dimensions() != 2 || t.sizes[0] < 2 || t.sizes[1] < 2) {
           error = fmt::format("needs a 2-D torus n1 x n2 with n1, n2 >= 2, not {}", t.describe());
           return false;
         }
         if (!exchanged_squares_apply(t, error)) return false;
         // The step count is what the two cycles give; the claim declares the
         // structure, so the core holds the schedule to Theorem 1's bound.
         c = gossip_claim(CycleGossip(t, hamiltonian_pair_plan(t), Supply::time_independent).steps(),
                          "gossip-hamiltonian-pair", r, "yes");
         c.params.push_back({"structure", "hamiltonian-pair"});
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_cycles(r, hamiltonian_pair_plan(r.torus), out); }},
      {"gossip-hamiltonian-3d", "torus n1 x n2 x n3, n1, n2, n3 >= 3", "store-and-forward all-port non-combining",
       "gossip parts 3",
       "Meyer-Sibeyn, Section 3.4 with d = 3 (three edge-disjoint Hamiltonian cycles, 3 packets per PU, floor(P/2) "
       "steps; the cycles from 2-D splits joined by a seeded search)",
       [](const Request& r, Claim& c, std::string& error) {
         const Torus& t = r.torus;
         if (t.dimensions() != 3 || *std::min_element(t.sizes.begin(), t.sizes.end()) < 3) {
           error = fmt::format("needs a 3-D torus n1 x n2 x n3 with every side at least 3, not {}", t.describe());
           return false;
         }
         c = gossip_claim(t.node_count() / 2, "gossip-hamiltonian-3d", r, "yes");
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_cycles(r, hamiltonian_3d_plan(r.torus), out); }},
      {"gossip-onepacket-2d",
       "torus n1 x n2, n1 even and at least 4, or n1 odd and n2 even and at least 4 (the construction then runs along "
       "x2)",
       "store-and-forward all-port non-combining", "gossip",
       "Meyer-Sibeyn, Section 4.1 (two partial cycles with zigzag (1,2,1), 1 packet per PU; Theorem 5)",
       [](const Request& r, Claim& c, std::string& error) {
         const Torus& t = r.torus;
         if (t.dimensions() == 2 && t.sizes[0] % 2 && t.sizes[1] % 2) {
           error = fmt::format("{}: n1 and n2 both odd: Theorem 5 with n1 odd inserts a special column, which is not "
                               "constructed (see specs/gossip-cycles.md); one even side is needed",
                               t.describe());
           return false;
         }
         const Request along = along_even_side(r);
         if (!check_zigzag(along, 2, error)) return false;
         if (along.torus.sizes[0] == 2) {
           error = fmt::format("{}: the construction runs along its even side, here of 2, where a PU off a cycle has "
                               "one neighbour on it, not the two it is fed from; that side must be at least 4",
                               t.describe());
           return false;
         }
         c = gossip_claim(zigzag_steps(along, 1), "gossip-onepacket-2d", r, cycle_forwarding(r));
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_cycles(r, onepacket_2d_plan(r.torus), out); }},
      {"gossip-rods-3d", "torus n1 x n2 x n3, n1 a multiple of 3, n2 a multiple of n1, n3 >= 3",
       "store-and-forward all-port non-combining", "gossip",
       "Meyer-Sibeyn, Section 4.2 (three cycles with zigzags (1,3,1,3,1) and (1,3,1,3,2); Theorem 6)",
       [](const Request& r, Claim& c, std::string& error) {
         if (!check_zigzag(r, 3, error)) return false;
         c = gossip_claim(zigzag_steps(r, 1), "gossip-rods-3d", r, cycle_forwarding(r));
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_cycles(r, zigzag_plan(r.torus), out); }},
      {"gossip-zigzag", "torus n1 x ... x nd, d >= 2, conditions (1)-(3) of Section 4.3.1",
       "store-and-forward all-port non-combining", "gossip",
       "Meyer-Sibeyn, Section 4.3 (d cycles of zigzag(d, j) laps; Theorem 7)",
       [](const Request& r, Claim& c, std::string& error) {
         if (!check_zigzag(r, 0, error)) return false;
         c = gossip_claim(zigzag_steps(r, 2), "gossip-zigzag", r, cycle_forwarding(r));
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_cycles(r, zigzag_plan(r.torus), out); }},
      {"gossip-flooding", "torus n1 x ... x nk, any k >= 1, at most 4096 PUs", "store-and-forward all-port non-combining",
       "gossip",
       "baseline: flooding with one first-in-first-out queue per link, what a user writes first (compare the "
       "Soch-Tvrdik optimum ceil((P-1)/4), the lower bound gossip-all-port-non-combining)",
       [](const Request& r, Claim& c, std::string& error) {
         if (r.torus.node_count() > 4096) {
           error = fmt::format("simulates P^2 states: at most 4096 PUs, not {}", r.torus.node_count());
           return false;
         }
         c = gossip_claim(flooding_steps(r.torus), "gossip-flooding", r, "no");  // queues hold packets back
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_flooding(r.torus, out); }},
  };
  return table;
}

const Generator* find_generator(const std::string& name) {
  for (const Generator& g : generators())
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace schedcheck::gen

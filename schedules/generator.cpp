// Generator registry: the table of generators that `schedcheck gen` lists and runs.
#include "generator.hpp"

#include <fmt/format.h>

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

namespace {

bool is_square(const Torus& torus) {
  for (uint32_t n : torus.sizes)
    if (n != torus.sizes[0]) return false;
  return true;
}

Claim claim(uint64_t steps, const std::string& name, const Torus& torus) {
  return {steps, name, {{"sizes", torus.describe()}}};
}

}  // namespace

const std::vector<Generator>& generators() {
  static const std::vector<Generator> table = {
      {"broadcast-diagonal-2d", "torus n1 x n2 (square: the paper's scheme; otherwise the extension of specs/lemmas.md)", "wormhole all-port dimension-order",
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
      {"broadcast-3d", "torus n1 x n2 x n3 (square: the paper's scheme; otherwise the extension)", "wormhole all-port dimension-order",
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
      {"broadcast-span", "torus n1 x ... x nk, any k >= 1 (square: the paper's scheme; otherwise the extension)", "wormhole all-port dimension-order",
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
      {"broadcast-dimension-by-dimension", "torus n1 x ... x nk, any k >= 1", "wormhole all-port dimension-order",
       "baseline: one all-port ring broadcast per dimension, ceil(log_3 n_d) steps each",
       [](const Request& r, Claim& c, std::string&) {
         c = claim(dimension_by_dimension_steps(r.torus), "broadcast-dimension-by-dimension", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_dimension_by_dimension(r.torus, out); }},
      {"broadcast-recursive-doubling", "torus n1 x ... x nk, any k >= 1", "wormhole one-port dimension-order",
       "baseline: one-port recursive doubling, dimension by dimension (Wang-Tseng, Section 1)",
       [](const Request& r, Claim& c, std::string&) {
         c = claim(recursive_doubling_steps(r.torus), "broadcast-recursive-doubling", r.torus);
         return true;
       },
       [](const Request& r, ScheduleText& out) { write_recursive_doubling(r.torus, out); }},
  };
  return table;
}

const Generator* find_generator(const std::string& name) {
  for (const Generator& g : generators())
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace schedcheck::gen

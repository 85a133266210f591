// JRS tables: the rows of Juurlink, Rao and Sibeyn's Tables 1 (circular arrays), 2 (n x n tori) and 3 (n x n x n tori), each cost measured by the core.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jrs_generator.hpp"

namespace schedcheck::lemmas {

// The core's cost of a generator's schedule, or nullopt if it was not
// verified or its cost claim does not hold.
std::optional<double> checked_cost(const std::string& generator, gen::JrsRequest request);

// The paper's surviving values, by (n, r).
using PaperValues = std::map<std::pair<uint32_t, double>, double>;

// Table 1: approach 1, approach 2 and the best circgos(n, a, b) for one n and r.
struct JrsRingCell {
  double r = 0;
  std::optional<double> approach_1, approach_2, circgos;  // none: not verified
  uint32_t a = 0, b = 0;                                  // circgos's cheapest (a, b)
  bool verified = false;                                  // all three, and circgos no worse than either approach
  std::optional<double> paper_approach_2;
};

struct JrsRingRow {
  uint32_t n = 0;
  std::vector<JrsRingCell> cells;  // one per r of jrs_table_1_ratios
};

inline const std::vector<uint32_t> jrs_table_1_sizes = {27, 81, 243, 729};
inline const std::vector<double> jrs_table_1_ratios = {2, 10, 50, 250};

// Calls `row` for each n; returns 2 if circgos cannot be prepared, else 0.
int jrs_table_1_rows(const std::function<void(const JrsRingRow&)>& row);

// Tables 2 and 3: an algorithm is a generator with the highdimgos phases it
// uses ("2,1"; none for torgos and cubgos, which choose their best (a, b)).
struct JrsAlgorithm {
  std::string name, generator, phases;
};

struct JrsTorusTable {
  uint32_t d = 2;
  std::vector<uint32_t> sizes;
  std::vector<double> ratios;
  std::vector<JrsAlgorithm> algorithms;  // the last is torgos or cubgos'
  PaperValues paper_first_row;           // surviving values of the first algorithm
};

// Approaches 11, 21 and 22, circgos per phase, and the best torgos on n x n tori.
JrsTorusTable jrs_table_2();
// highdimgos' with approaches 1 and 2 and circgos per phase, and the best cubgos', on n x n x n tori.
JrsTorusTable jrs_table_3();

struct JrsTorusCell {
  double r = 0;
  std::optional<double> cost;  // none: not verified
  uint32_t a = 0, b = 0;       // torgos's or cubgos's (a, b); 0 for highdimgos'
  std::string phases;          // highdimgos's phase list
  std::optional<double> paper;
};

struct JrsTorusRow {
  uint32_t n = 0;
  const JrsAlgorithm* algorithm = nullptr;
  bool first_of_size = false;  // the first algorithm of its n
  std::vector<JrsTorusCell> cells;
};

// Costs of every row in order, by r: costs[size index * algorithms + algorithm][r index].
using CostGrid = std::vector<std::vector<std::optional<double>>>;

// Calls `row` for each n and algorithm and fills `costs`; returns 2 if a
// generator cannot be prepared, 1 if a schedule failed the check, else 0.
int jrs_torus_rows(const JrsTorusTable& table, const std::function<void(const JrsTorusRow&)>& row, CostGrid& costs);

// Table 2: how much faster torgos is than approach 21 at most, and whether it
// is never slower than approaches 11, 21 and 22.
struct TorgosComparison {
  double ratio_over_approach_21 = 0;
  bool never_slower = true;
};
TorgosComparison compare_torgos(const JrsTorusTable& table, const CostGrid& costs);

// Table 3: how much faster cubgos' is at most than the cheapest highdimgos' entry of the same cell.
double cubgos_speedup(const JrsTorusTable& table, const CostGrid& costs);

}  // namespace schedcheck::lemmas

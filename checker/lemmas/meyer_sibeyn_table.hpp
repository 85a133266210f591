// Meyer-Sibeyn Table 2 (Section 5): gossip costs on n x n and n x n x n tori from checked schedules, bounds and the paper's formulas.
//
// specs/table-meyer-sibeyn-2.md describes the table. A cell is steps times
// (packet size / s + r); the steps come from a schedule the core verified
// (mark C), the core's lower bound (L), or the paper's step formula (F).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::lemmas {

inline constexpr uint32_t table2_n[3] = {4, 16, 64};
inline constexpr double table2_r[3] = {0.01, 0.1, 1};
inline constexpr const char* table2_r_text[3] = {"0.01", "0.1", "1"};
inline constexpr const char* table2_algorithm[3] = {"[14] Soch-Tvrdik", "Section 3", "Section 4"};

// Table 2 as printed: [n][algorithm][r, then d = 2 before d = 3].
inline constexpr long table2_paper[3][3][6] = {
    {{4, 11, 4, 12, 8, 21}, {4, 11, 5, 14, 12, 43}, {6, 19, 7, 21, 12, 37}},
    {{65, 689, 70, 751, 128, 1365}, {65, 702, 77, 887, 192, 2730}, {73, 818, 79, 891, 144, 1620}},
    {{1034, 44110, 1126, 48041, 2048, 87346},
     {1044, 44958, 1229, 56754, 3072, 174719},
     {1067, 46152, 1162, 50264, 2112, 91390}},
};

// The paper's value for n index ni, algorithm a, r index ri and d (2 or 3).
inline long table2_paper_value(int ni, int a, int ri, uint32_t d) { return table2_paper[ni][a][2 * ri + d - 2]; }

// The paper's cost formulas of Section 5, T_stv, T_opt and T_one (the last
// as printed, without the + 2 of its step count). `third` and `sixth` stand
// for 1/3 and 1/6 where d = 3, to test how the paper evaluated them.
double paper_formula(int algorithm, double n, uint32_t d, double r, double third, double sixth);

// Our steps for one algorithm, n and d: what they come from, and the packet
// each PU sends per step, as a fraction of s.
struct Table2Steps {
  double steps = 0;
  char mark = 'F';
  uint32_t packet_divisor = 1;  // packets of size s / packet_divisor
  std::string source;
};

// A cell where the paper's value is not its own formula rounded.
struct Table2Miss {
  int ni = 0, algorithm = 0, ri = 0;
  uint32_t d = 2;
  long paper = 0;
  double formula = 0;
};

struct Table2 {
  Table2Steps steps[3][3][2];  // [n][algorithm][d - 2]
  // How the paper's values follow its own formulas, rounded to the nearest unit.
  int exact_matches = 0;      // 1/3 and 1/6 exact, of 54 cells
  int truncated_matches = 0;  // 1/3 as 0.333 and 1/6 as 0.1666 where d = 3, of 54
  int with_plus_two = 0;      // Section 4 with the + 2 of its step count, of 18
  std::vector<Table2Miss> off_exact;

  // Our cost of a cell, before rounding.
  double ours(int ni, int a, int ri, uint32_t d) const;
};

// Builds the table, generating and checking the schedules it measures;
// nullopt with `error` when the core gives no bound or a schedule is not
// verified, since then there is no table.
std::optional<Table2> meyer_sibeyn_table_2(std::string& error);

}  // namespace schedcheck::lemmas

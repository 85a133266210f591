// JRS tables: the JRS gossips on rings and tori generated, checked, and set beside the paper's values.
#include "jrs_tables.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "check_text.hpp"

namespace schedcheck::lemmas {

std::optional<double> checked_cost(const std::string& name, gen::JrsRequest request) {
  const gen::JrsGenerator* g = gen::find_jrs_generator(name);
  if (!g || !g->prepare(request).empty()) return std::nullopt;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return std::nullopt;
  gen::write_jrs_schedule(out, *g, request);
  std::fclose(out);
  const std::string text(buffer, size);
  std::free(buffer);
  const Checked c = check_text(text);
  if (!c.verdict.verified || !c.verdict.cost || !c.verdict.claim_time_holds.value_or(false)) return std::nullopt;
  return c.verdict.cost;
}

namespace {

// A request on the n x ... x n torus of d dimensions, with the highdimgos
// phases given ("2,1"; none for torgos and cubgos).
gen::JrsRequest coloured_torus(uint32_t n, const std::string& phases, double r, uint32_t d) {
  gen::JrsRequest q;
  q.grid.sizes.assign(d, n);
  q.grid.torus = true;
  if (!phases.empty()) q.grid.phases = *gen::parse_phase_list(phases);
  q.r = r;
  q.best = phases.empty();
  return q;
}

// Table 2's surviving values: approach 11 on the 27 x 27 torus.
const PaperValues paper_approach_11 = {{{27, 10}, 442}, {{27, 50}, 1482}, {{27, 200}, 5382}, {{27, 500}, 13182}};

// Table 1's surviving values (the extracted text keeps one row): approach 2
// on n = 729 at the r of each column.
const PaperValues paper_approach_2 = {{{729, 2}, 4397}, {{729, 10}, 4493}, {{729, 50}, 4973}, {{729, 250}, 7373}};

std::optional<double> paper_value(const PaperValues& values, uint32_t n, double r) {
  const auto known = values.find({n, r});
  return known == values.end() ? std::nullopt : std::optional(known->second);
}

// The largest ratio of row `slower` to row `faster` over the cells both have.
double best_ratio(const CostGrid& costs, size_t slower, size_t faster) {
  double ratio = 0;
  for (size_t i = 0; i < costs[slower].size(); ++i)
    if (costs[slower][i] && costs[faster][i]) ratio = std::max(ratio, *costs[slower][i] / *costs[faster][i]);
  return ratio;
}

}  // namespace

int jrs_table_1_rows(const std::function<void(const JrsRingRow&)>& row) {
  for (uint32_t n : jrs_table_1_sizes) {
    JrsRingRow out{n, {}};
    for (double r : jrs_table_1_ratios) {
      JrsRingCell cell;
      cell.r = r;
      gen::JrsRequest request = gen::linear_request(n, true, r);
      cell.approach_1 = checked_cost("gossip-jrs-approach-1", request);
      cell.approach_2 = checked_cost("gossip-jrs-approach-2", request);
      gen::JrsRequest best = request;
      best.best = true;
      const gen::JrsGenerator* g = gen::find_jrs_generator("gossip-circgos");
      if (!g->prepare(best).empty()) return 2;
      cell.circgos = checked_cost("gossip-circgos", best);
      cell.a = best.a;
      cell.b = best.b;
      cell.verified = cell.approach_1 && cell.approach_2 && cell.circgos &&
                      *cell.circgos <= std::min(*cell.approach_1, *cell.approach_2) + 1e-9;
      cell.paper_approach_2 = paper_value(paper_approach_2, n, r);
      out.cells.push_back(cell);
    }
    row(out);
  }
  return 0;
}

JrsTorusTable jrs_table_2() {
  return {2,
          {9, 27},
          {10, 50, 200, 500},
          {{"approach 11", "gossip-highdimgos-coloured", "1,1"},
           {"approach 21", "gossip-highdimgos-coloured", "2,1"},
           {"approach 22", "gossip-highdimgos-coloured", "2,2"},
           {"circgos x2", "gossip-highdimgos-coloured", "circgos"},
           {"torgos (a,b)", "gossip-torgos-coloured", ""}},
          paper_approach_11};
}

JrsTorusTable jrs_table_3() {
  return {3,
          {4, 8, 9},
          {10, 50, 200, 500},
          {{"approach 111", "gossip-highdimgos-coloured", "1"},
           {"approach 222", "gossip-highdimgos-coloured", "2"},
           {"approach 211", "gossip-highdimgos-coloured", "2,1,1"},
           {"approach 221", "gossip-highdimgos-coloured", "2,2,1"},
           {"circgos x3", "gossip-highdimgos-coloured", "circgos"},
           {"cubgos' (a,b)", "gossip-cubgos-coloured", ""}},
          {}};
}

int jrs_torus_rows(const JrsTorusTable& table, const std::function<void(const JrsTorusRow&)>& row, CostGrid& costs) {
  int failed = 0;
  for (uint32_t n : table.sizes)
    for (const JrsAlgorithm& algorithm : table.algorithms) {
      const gen::JrsGenerator* g = gen::find_jrs_generator(algorithm.generator);
      const bool first = &algorithm == &table.algorithms.front();
      JrsTorusRow out{n, &algorithm, first, {}};
      std::vector<std::optional<double>> row_costs;
      for (double r : table.ratios) {
        gen::JrsRequest q = coloured_torus(n, algorithm.phases, r, table.d);
        if (!g->prepare(q).empty()) return 2;
        JrsTorusCell cell;
        cell.r = r;
        cell.cost = checked_cost(g->name, q);
        if (!cell.cost) failed = 1;
        cell.a = q.a;
        cell.b = q.b;
        if (!q.a) cell.phases = gen::phase_list_name(q.grid.phases);
        if (first) cell.paper = paper_value(table.paper_first_row, n, r);
        row_costs.push_back(cell.cost);
        out.cells.push_back(cell);
      }
      costs.push_back(row_costs);
      row(out);
    }
  return failed;
}

TorgosComparison compare_torgos(const JrsTorusTable& table, const CostGrid& costs) {
  // torgos against approach 21, n by n: rows 1 and 4 of each size's block.
  TorgosComparison c;
  for (size_t block = 0; block < table.sizes.size(); ++block) {
    const size_t base = block * table.algorithms.size();
    c.ratio_over_approach_21 = std::max(c.ratio_over_approach_21, best_ratio(costs, base + 1, base + 4));
    for (size_t i = 0; i < table.ratios.size(); ++i)
      for (size_t other : {0, 1, 2})
        if (costs[base + 4][i] && costs[base + other][i] && *costs[base + 4][i] > *costs[base + other][i] + 1e-9)
          c.never_slower = false;
  }
  return c;
}

double cubgos_speedup(const JrsTorusTable& table, const CostGrid& costs) {
  double ratio = 0;
  for (size_t block = 0; block < table.sizes.size(); ++block) {
    const size_t base = block * table.algorithms.size();
    for (size_t i = 0; i < table.ratios.size(); ++i) {
      std::optional<double> cheapest;
      for (size_t other = 0; other < 5; ++other)
        if (costs[base + other][i]) cheapest = std::min(cheapest.value_or(*costs[base + other][i]), *costs[base + other][i]);
      if (cheapest && costs[base + 5][i]) ratio = std::max(ratio, *cheapest / *costs[base + 5][i]);
    }
  }
  return ratio;
}

}  // namespace schedcheck::lemmas

// Tables: `schedcheck table NAME` chooses a table and prints its rows; broadcast-allport, search-broadcast, search-gossip, search-scatter and meyer-sibeyn-2 print here.
#include "table.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command_output.hpp"
#include "jrs_table.hpp"
#include "meyer_sibeyn_table.hpp"
#include "scatter_gather_table.hpp"
#include "scatter_search_table.hpp"
#include "torus_tables.hpp"

namespace schedcheck::cli {

namespace {

int broadcast_allport(bool json) {
  int code = 0;
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("broadcast, wormhole all-port dimension-order, k-D torus n x ... x n: steps measured by the checker\n");
    fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4}  {}\n", "k", "n", "P", "lower", "span",
               "formula", "gap", "2d/3d", "dxd", "note");
  }
  for (const lemmas::BroadcastAllportRow& r : lemmas::broadcast_allport_rows()) {
    if (r.failed) code = 1;
    const lemmas::Measured& span = r.span;
    if (json) {
      nlohmann::json row = {{"k", r.k},
                            {"n", r.n},
                            {"nodes", r.nodes},
                            {"lower_bound", span.lower_bound},
                            {"span", span.steps},
                            {"span_formula", span.claim},
                            {"dimension_by_dimension", r.dimension_by_dimension.steps},
                            {"note", r.note}};
      if (r.special) row[r.k == 2 ? "diagonal_2d" : "scheme_3d"] = r.special->steps;
      rows.push_back(row);
      continue;
    }
    fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4} {}\n", r.k, r.n, r.nodes, span.lower_bound,
               span.steps, span.claim, span.steps - span.lower_bound,
               r.special ? fmt::format("{}", r.special->steps) : std::string("-"), r.dimension_by_dimension.steps,
               r.note);
  }
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print(
        "lower: the core's lower bound, Lemma 1's ceil(log_(2k+1) n^k) or the larger layer count of dimension order "
        "(lemmas.md);\nspan: broadcast-span (for k = 2 and 3 also the 2d/3d column); formula: "
        "k*ceil(log_(2k+1) n) + (k-1)*[n >= 4];\ngap: span - lower; dxd: broadcast-dimension-by-dimension\n");
  return code;
}

int search_broadcast_table(bool json, double timeout) {
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("# Broadcast optima on small tori (wormhole, all-port), found by `schedcheck search`\n\n");
    fmt::print("Each optimum comes with a witness the core verified; 'unsat' times prove that one step fewer\n"
               "is impossible, and a count equal to the lower bound needs no proof. The search's free routes are the minimal\n"
               "paths, and the format's free routing allows any path: an unsat there (\"under minimal paths only\")\n"
               "refutes no count, so a free optimum rests on Lemma 1. Time limit per size and routing: {:g} s.\n\n",
               timeout);
    fmt::print("| torus | routing | lower bound | optimum | construction | tries (steps: answer, seconds) | marks |\n");
    fmt::print("|---|---|---|---|---|---|---|\n");
  }
  int code = 0;
  lemmas::search_broadcast_rows(timeout, [&](const lemmas::SearchBroadcastRow& r) {
    if (r.failed) code = 1;
    if (json) {
      rows.push_back({{"torus", r.torus}, {"routing", r.routing}, {"lemma_1", r.lemma_1},
                      {"optimum", r.found.optimum}, {"construction", r.construction.value_or(0)},
                      {"tries", r.found.tries}, {"marks", r.marks}});
      return;
    }
    fmt::print("| {} | {} | {} | {} | {} | {} |{} |\n", r.torus, r.routing, r.lemma_1, r.found.optimum,
               r.construction ? fmt::format("{}", *r.construction) : std::string("-"), r.found.tries, r.marks);
    std::fflush(stdout);
  });
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

// search-scatter: store-and-forward scatter and gather optima (specs/search-scatter.md).
int search_scatter_table(bool json, double timeout) {
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("# Scatter and gather optima on tori (store-and-forward, non-combining), found by `schedcheck search`\n\n");
    fmt::print("One message per node, from (scatter) or to (gather) the node 0; one packet per channel per step.\n"
               "Each optimum comes with a witness the core verified, and every count below it is refuted by the\n"
               "core's bound or by the solver. Time limit per search: {:g} s.\n\n",
               timeout);
    fmt::print("| torus | P | ports | lower bound | scatter | seconds | gather | seconds | tries (scatter; gather) |\n"
               "|---|---|---|---|---|---|---|---|---|\n");
  }
  int code = 0;
  lemmas::search_scatter_rows(16, 7, timeout, [&](const lemmas::SearchScatterRow& r) {
    if (r.failed) code = 1;
    if (json) {
      rows.push_back({{"torus", r.torus}, {"nodes", r.nodes}, {"ports", r.ports}, {"lower_bound", r.lower_bound},
                      {"bound", r.bound_name},
                      {"scatter", {{"optimum", r.scatter.optimum}, {"seconds", r.scatter.seconds}, {"tries", r.scatter.tries}}},
                      {"gather", {{"optimum", r.gather.optimum}, {"seconds", r.gather.seconds}, {"tries", r.gather.tries}}}});
      return;
    }
    fmt::print("| {} | {} | {} | {} ({}) | {}{} | {:.2f} | {}{} | {:.2f} | {}; {} |\n", r.torus, r.nodes, r.ports,
               r.lower_bound, r.bound_name, r.scatter.optimum, r.scatter.rejected ? " WITNESS-REJECTED" : "",
               r.scatter.seconds, r.gather.optimum, r.gather.rejected ? " WITNESS-REJECTED" : "", r.gather.seconds,
               r.scatter.tries, r.gather.tries);
    std::fflush(stdout);
  });
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

int search_gossip_table(bool json, double timeout) {
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("# Gossip optima on small tori (store-and-forward, full-port, non-combining), found by `schedcheck search`\n\n");
    fmt::print("Each optimum comes with a witness the core verified; the time-independent one also with the core's\n"
               "check of its forwarding maps. Time limit per size and search: {:g} s.\n\n", timeout);
    fmt::print("| torus | P | lower bound | optimum | seconds | tries (steps: answer, seconds) "
               "| time-independent | seconds | tries |\n|---|---|---|---|---|---|---|---|---|\n");
  }
  int code = 0;
  lemmas::search_gossip_rows(timeout, [&](const lemmas::SearchGossipRow& r) {
    const lemmas::Searched& free = r.free;
    const lemmas::Searched& fixed = r.time_independent;
    if (free.rejected || fixed.rejected) code = 1;
    if (json) {
      rows.push_back({{"torus", r.torus}, {"nodes", r.nodes}, {"lower_bound", r.lower_bound},
                      {"optimum", free.optimum}, {"seconds", free.seconds}, {"tries", free.tries},
                      {"time_independent", {{"optimum", fixed.optimum}, {"seconds", fixed.seconds}, {"tries", fixed.tries}}}});
      return;
    }
    fmt::print("| {} | {} | {} | {}{} | {:.2f} | {} | {}{} | {:.2f} | {} |\n", r.torus, r.nodes, r.lower_bound,
               free.optimum, free.rejected ? " WITNESS-REJECTED" : "", free.seconds, free.tries, fixed.optimum,
               fixed.rejected ? " WITNESS-REJECTED" : "", fixed.seconds, fixed.tries);
    std::fflush(stdout);
  });
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

// meyer-sibeyn-2: Table 2 of Meyer-Sibeyn, Section 5 (specs/table-meyer-sibeyn-2.md).
int meyer_sibeyn_2(bool json) {
  using lemmas::table2_algorithm;
  using lemmas::table2_n;
  using lemmas::table2_r;
  using lemmas::table2_r_text;
  std::string error;
  const auto built = lemmas::meyer_sibeyn_table_2(error);
  if (!built) {
    return program_error(error);
  }
  const lemmas::Table2& table = *built;
  const auto& steps = table.steps;

  if (json) {
    nlohmann::json rows = nlohmann::json::array();
    for (int ni = 0; ni < 3; ++ni)
      for (int a = 0; a < 3; ++a)
        for (int ri = 0; ri < 3; ++ri)
          for (uint32_t d = 2; d <= 3; ++d) {
            const lemmas::Table2Steps& s = steps[ni][a][d - 2];
            const double ours = table.ours(ni, a, ri, d);
            const long paper = lemmas::table2_paper_value(ni, a, ri, d);
            rows.push_back({{"n", table2_n[ni]},
                            {"d", d},
                            {"r", table2_r[ri]},
                            {"algorithm", table2_algorithm[a]},
                            {"paper", paper},
                            {"ours", ours},
                            {"ours_rounded", std::lround(ours)},
                            {"difference", std::lround(ours) - paper},
                            {"mark", std::string(1, s.mark)},
                            {"steps", s.steps},
                            {"packet", s.packet_divisor == 1 ? "s" : fmt::format("s/{}", s.packet_divisor)},
                            {"source", s.source},
                            {"paper_formula",
                             lemmas::paper_formula(a, table2_n[ni], d, table2_r[ri], 1.0 / 3, 1.0 / 6)}});
          }
    fmt::print("{}\n", rows.dump());
    return 0;
  }

  fmt::print("Meyer-Sibeyn, Table 2 (Section 5): time units of gossip on the n x n (d = 2) and n x n x n (d = 3) torus,\n"
             "T = steps * (packet size / s + r), packets of size s ([14], Section 4) or s/d (Section 3)\n");
  fmt::print("marks: C = steps of a schedule generated here and VERIFIED by the core\n"
             "       L = the core's lower bound ceil((P-1)/4), the Soch-Tvrdik optimum: a bound, not a generated schedule\n"
             "       F = the paper's step formula: no schedule checked for this size\n");
  fmt::print("ours is rounded to the nearest unit, as the paper's values are; diff = ours - paper\n\n");
  fmt::print("{:>3}  {:<17} {:<5} |{:^21}|{:^21}|{:^21}|\n", "n", "algorithm", "", "r = 0.01", "r = 0.1", "r = 1");
  fmt::print("{:>3}  {:<17} {:<5} |", "", "", "");
  for (int ri = 0; ri < 3; ++ri) fmt::print("{:>9} {:>10} |", "d=2", "d=3");
  fmt::print("\n");
  for (int ni = 0; ni < 3; ++ni) {
    for (int a = 0; a < 3; ++a) {
      const char* const kinds[3] = {"paper", "ours", "diff"};
      for (int k = 0; k < 3; ++k) {
        fmt::print("{:>3}  {:<17} {:<5} |", k == 0 && a == 0 ? fmt::format("{}", table2_n[ni]) : std::string(),
                   k == 0 ? table2_algorithm[a] : "", kinds[k]);
        for (int ri = 0; ri < 3; ++ri)
          for (uint32_t d = 2; d <= 3; ++d) {
            const long paper = lemmas::table2_paper_value(ni, a, ri, d);
            const long ours = std::lround(table.ours(ni, a, ri, d));
            std::string cell;
            if (k == 0) cell = fmt::format("{} ", paper);
            if (k == 1) cell = fmt::format("{}{}", ours, steps[ni][a][d - 2].mark);
            if (k == 2) cell = fmt::format("{:+} ", ours - paper);
            if (d == 2) fmt::print("{:>9}", cell);
            else fmt::print(" {:>10} |", cell);
          }
        fmt::print("\n");
      }
    }
  }

  fmt::print("\nsteps (the same for every r):\n");
  fmt::print("{:>3} {:>2}  {:<17} {:>9} {:<4} {:<6} {}\n", "n", "d", "algorithm", "steps", "mark", "packet", "from");
  for (uint32_t d = 2; d <= 3; ++d)
    for (int ni = 0; ni < 3; ++ni)
      for (int a = 0; a < 3; ++a) {
        const lemmas::Table2Steps& s = steps[ni][a][d - 2];
        const bool whole = s.steps == std::floor(s.steps);
        fmt::print("{:>3} {:>2}  {:<17} {:>9} {:<4} {:<6} {}\n", table2_n[ni], d, table2_algorithm[a],
                   whole ? fmt::format("{}", static_cast<uint64_t>(s.steps)) : fmt::format("{:.2f}", s.steps),
                   s.mark, s.packet_divisor == 1 ? "s" : fmt::format("s/{}", s.packet_divisor), s.source);
      }

  fmt::print("\nthe paper's values against its own formulas T_stv, T_opt, T_one (Section 5), rounded to the nearest "
             "unit:\n");
  fmt::print("  as printed, 1/3 and 1/6 exact: {} of 54 cells; the others:\n", table.exact_matches);
  for (const lemmas::Table2Miss& m : table.off_exact)
    fmt::print("    n={} {} r={} d={}: paper {}, formula {:.2f}\n", table2_n[m.ni], table2_algorithm[m.algorithm],
               table2_r_text[m.ri], m.d, m.paper, m.formula);
  fmt::print("  with 1/3 taken as 0.333 and 1/6 as 0.1666 where d = 3: {} of 54 cells\n", table.truncated_matches);
  fmt::print("  Section 4 with the + 2 of its step count n^d/(2d) + n^d/(2n) + 2: {} of 18 cells\n",
             table.with_plus_two);
  return 0;
}

}  // namespace

int print_table(const std::string& name, bool json, double timeout) {
  if (name == "broadcast-allport") return broadcast_allport(json);
  if (name == "search-broadcast") return search_broadcast_table(json, timeout);
  if (name == "search-gossip") return search_gossip_table(json, timeout);
  if (name == "search-scatter") return search_scatter_table(json, timeout);
  if (name == "meyer-sibeyn-2") return meyer_sibeyn_2(json);
  if (name == "scatter-gather") return scatter_gather_table(json, timeout);
  if (name == "gather") return gather_table(json, timeout);
  if (name == "multiport") return multiport_table(json);
  if (name == "jrs-1") return jrs_table_1(json);
  if (name == "jrs-2") return jrs_table_2(json);
  if (name == "jrs-3") return jrs_table_3(json);
  fmt::print(stderr,
             "schedcheck: error: no table '{}' (tables: broadcast-allport, search-broadcast, search-gossip, "
             "search-scatter, meyer-sibeyn-2, scatter-gather, gather, multiport, jrs-1, jrs-2, jrs-3)\n",
             name);
  return 2;
}

}  // namespace schedcheck::cli

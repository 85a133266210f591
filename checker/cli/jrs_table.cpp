// Tables jrs-1 to jrs-3: the rows lemmas/jrs_tables.hpp builds, as text columns beside the paper's values or JSON.
#include "jrs_table.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "jrs_tables.hpp"

namespace schedcheck::cli {

namespace {

// A cost as the table prints it: whole, or to two decimals (the coloured
// forms' thirds would otherwise print 17 digits).
std::string cost_text(double cost) {
  if (cost == static_cast<double>(static_cast<int64_t>(cost))) return fmt::format("{}", cost);
  return fmt::format("{:.2f}", cost);
}

// A cell beside the paper's surviving value: "value (ours - value)", or "-".
std::string paper_text(const std::optional<double>& paper, const std::optional<double>& ours) {
  return paper && ours ? fmt::format("{} ({:+})", *paper, *ours - *paper) : std::string("-");
}

}  // namespace

int jrs_table_1(bool json) {
  const std::vector<double>& ratios = lemmas::jrs_table_1_ratios;
  nlohmann::json rows = nlohmann::json::array();
  int failed = 0;
  if (!json) {
    fmt::print("Juurlink, Rao, Sibeyn, Table 1: gossip on a circular array of n PUs, wormhole all-port, in units of\n"
               "l*t_l with r = t_s/(l*t_l). Every entry is the cost the core measured on a generated schedule;\n"
               "circgos is the cheapest (a, b) by Lemma 5's formula (specs/lemmas.md), generated and checked.\n"
               "paper: the surviving value of the extracted Table 1, and ours minus it.\n\n{:>5} {:<13}",
               "n", "algorithm");
    for (double r : ratios) fmt::print(" {:>15}", fmt::format("r = {}", r));
    fmt::print("\n");
  }
  const int built = lemmas::jrs_table_1_rows([&](const lemmas::JrsRingRow& row) {
    std::vector<std::string> one, two, circ, paper;
    bool any_paper = false;
    for (const lemmas::JrsRingCell& c : row.cells) {
      if (!c.verified) failed = 1;
      if (json) {
        nlohmann::json j = {{"n", row.n},
                            {"r", c.r},
                            {"approach_1", c.approach_1.value_or(-1)},
                            {"approach_2", c.approach_2.value_or(-1)},
                            {"circgos", c.circgos.value_or(-1)},
                            {"a", c.a},
                            {"b", c.b},
                            {"verified", c.verified}};
        if (c.paper_approach_2) j["paper_approach_2"] = *c.paper_approach_2;
        rows.push_back(j);
        continue;
      }
      one.push_back(c.approach_1 ? fmt::format("{}", *c.approach_1) : "FAILED");
      two.push_back(c.approach_2 ? fmt::format("{}", *c.approach_2) : "FAILED");
      circ.push_back(c.circgos ? fmt::format("{} ({},{})", *c.circgos, c.a, c.b) : "FAILED");
      paper.push_back(paper_text(c.paper_approach_2, c.approach_2));
      any_paper = any_paper || (c.paper_approach_2 && c.approach_2);
    }
    if (json) return;
    auto print_row = [&](const std::string& n_text, const std::string& name, const std::vector<std::string>& cells) {
      fmt::print("{:>5} {:<13}", n_text, name);
      for (const std::string& c : cells) fmt::print(" {:>15}", c);
      fmt::print("\n");
    };
    print_row(std::to_string(row.n), "approach 1", one);
    print_row("", "approach 2", two);
    if (any_paper) print_row("", "  paper", paper);
    print_row("", "circgos (a,b)", circ);
  });
  if (built == 2) return 2;
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print("\ncircgos(n, n, b) is approach 1, so circgos is never worse than approach 1; the table fails if it\n"
               "is worse than approach 2. The paper's rows for n other than 729, and its circgos entries, are lost.\n");
  return failed;
}

namespace {

void print_header(const std::vector<double>& ratios) {
  fmt::print("{:>4} {:<14}", "n", "algorithm");
  for (double r : ratios) fmt::print(" {:>16}", fmt::format("r = {}", r));
  fmt::print("\n");
}

// Tables 2 and 3: each algorithm on each n x ... x n torus, the cost the core
// measured over r, the chosen (a, b) for torgos and cubgos, and the paper's
// surviving values where they can be placed.
int print_torus_table(const lemmas::JrsTorusTable& table, bool json, lemmas::CostGrid& costs) {
  nlohmann::json rows = nlohmann::json::array();
  const int built = lemmas::jrs_torus_rows(
      table,
      [&](const lemmas::JrsTorusRow& row) {
        std::vector<std::string> cells, paper;
        bool any_paper = false;
        for (const lemmas::JrsTorusCell& c : row.cells) {
          if (json) {
            nlohmann::json j = {{"n", row.n}, {"algorithm", row.algorithm->name}, {"r", c.r},
                                {"cost", c.cost.value_or(-1)}, {"verified", c.cost.has_value()}};
            if (c.a) j["a"] = c.a, j["b"] = c.b;
            else j["phases"] = c.phases;
            if (c.paper) j["paper"] = *c.paper;
            rows.push_back(j);
            continue;
          }
          std::string cell = c.cost ? cost_text(*c.cost) : "FAILED";
          if (c.a) cell += fmt::format(" ({},{})", c.a, c.b);
          cells.push_back(cell);
          paper.push_back(paper_text(c.paper, c.cost));
          any_paper = any_paper || (c.paper && c.cost);
        }
        if (json) return;
        fmt::print("{:>4} {:<14}", row.first_of_size ? std::to_string(row.n) : "", row.algorithm->name);
        for (const std::string& c : cells) fmt::print(" {:>16}", c);
        fmt::print("\n");
        if (any_paper) {
          fmt::print("{:>4} {:<14}", "", "  paper");
          for (const std::string& c : paper) fmt::print(" {:>16}", c);
          fmt::print("\n");
        }
      },
      costs);
  if (built == 2) return 2;
  if (json) fmt::print("{}\n", rows.dump());
  return built;
}

}  // namespace

int jrs_table_2(bool json) {
  const lemmas::JrsTorusTable table = lemmas::jrs_table_2();
  if (!json) {
    fmt::print("Juurlink, Rao, Sibeyn, Table 2: gossip on the n x n torus, wormhole all-port, in units of l*t_l with\n"
               "r = t_s/(l*t_l): highdimgos' (two colours) with approach i along the first axis and j along the\n"
               "second (approach ij; 12 is excluded, as in the paper), with the best circgos in each phase, and\n"
               "torgos (Section 5.2, coloured) with the (a, b) Lemma 7's reconstructed formula makes cheapest.\n"
               "Every entry is the cost the core measured on a generated schedule. paper: the surviving value of\n"
               "the extracted Table 2, and ours minus it.\n\n");
    print_header(table.ratios);
  }
  lemmas::CostGrid costs;
  const int failed = print_torus_table(table, json, costs);
  if (failed == 2) return 2;
  const lemmas::TorgosComparison torgos = lemmas::compare_torgos(table, costs);
  if (!json)
    fmt::print("\nThe surviving numbers \"442 1482 5382 13182\" are approach 11 on 27 x 27 at r = 10, 50, 200, 500\n"
               "(26 r + 182, the reconstruction exactly); the rest of Table 2 is lost. torgos is at most {:.2f} times\n"
               "as fast as approach 21 here (the paper: \"up to twice as fast\"), and {} than approaches 11, 21, 22.\n",
               torgos.ratio_over_approach_21, torgos.never_slower ? "never slower" : "SOMETIMES SLOWER");
  return failed || !torgos.never_slower;
}

int jrs_table_3(bool json) {
  const lemmas::JrsTorusTable table = lemmas::jrs_table_3();
  if (!json) {
    fmt::print("Juurlink, Rao, Sibeyn, Table 3: gossip on the n x n x n torus, wormhole all-port, in units of l*t_l\n"
               "with r = t_s/(l*t_l): highdimgos' (three colours) with approach 1 or 2 in each phase and with the\n"
               "best circgos in each phase, and cubgos' (Section 6, coloured) with the (a, b) Lemma 9's\n"
               "reconstructed formula makes cheapest. Every entry is the cost the core measured on a generated\n"
               "schedule (circgos needs a side that is a power: 8 and 9 have one, 4 too).\n\n");
    print_header(table.ratios);
  }
  lemmas::CostGrid costs;
  const int failed = print_torus_table(table, json, costs);
  if (failed == 2) return 2;
  if (!json)
    fmt::print("\ncubgos' is up to {:.2f} times as fast as the best of these highdimgos' choices at the same n and r.\n"
               "The extracted Table 3 keeps \"9 280 9 90824\", which matches no entry here at a round r\n"
               "(specs/lemmas.md).\n",
               lemmas::cubgos_speedup(table, costs));
  return failed;
}

}  // namespace schedcheck::cli

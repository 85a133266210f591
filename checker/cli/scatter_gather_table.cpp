// Tables of the flit model: the rows lemmas/flit_tables.hpp builds, as text columns or JSON.
#include "scatter_gather_table.hpp"

#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "flit_tables.hpp"

namespace schedcheck::cli {

int scatter_gather_table(bool json, double timeout) {
  nlohmann::json rows = nlohmann::json::array();
  int failed = 0;
  if (!json)
    fmt::print("Bhatt et al., flit model, one-port: times of gap-free streams from (scatter) and into (gather) the root,\n"
               "every schedule generated and checked by the core; optimum: the Z3 search over all dispatch times\n"
               "(gaps allowed), its witness checked by the core and the time below it unsat (specs/encoding.md).\n\n"
               "{:<26} {:>4} {:>5} | {:>5} {:>5} {:>7} {:>5} {:>7} | {:>5} {:>5} {:>5} {:>7}\n",
               "tree", "P", "L", "bound", "FDF", "nearest", "index", "optimum", "bound", "NRF", "index", "optimum");
  const int built = lemmas::scatter_gather_rows(timeout, [&](const lemmas::ScatterGatherRow& r) {
    const lemmas::Instance& in = *r.instance;
    if (!r.verified || !r.theorem_1_holds) failed = 1;
    const std::string flag = !r.verified ? "  (NOT VERIFIED)" : !r.theorem_1_holds ? "  (FASTER THAN THEOREM 1)" : "";
    if (json) {
      rows.push_back({{"tree", in.name},
                      {"topology", in.spec},
                      {"nodes", in.lengths.size()},
                      {"flits", r.flits},
                      {"scatter", {{"lower_bound", r.fdf.bound}, {"fdf", r.fdf.time}, {"nearest_first", r.nearest.time},
                                   {"index_order", r.index.time}, {"optimum", r.scatter_optimum.text}}},
                      {"gather", {{"lower_bound", r.nrf.bound}, {"nrf", r.nrf.time}, {"index_order", r.gather_index.time},
                                  {"optimum", r.gather_optimum.text}}},
                      {"verified", r.verified},
                      {"theorem_1_holds", r.theorem_1_holds}});
      return;
    }
    fmt::print("{:<26} {:>4} {:>5} | {:>5} {:>5} {:>7} {:>5} {:>7} | {:>5} {:>5} {:>5} {:>7}{}\n", in.name,
               in.lengths.size(), r.flits, r.fdf.bound, r.fdf.time, r.nearest.time, r.index.time,
               r.scatter_optimum.text, r.nrf.bound, r.nrf.time, r.gather_index.time, r.gather_optimum.text, flag);
  });
  if (built == 2) return 2;
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print("\nbound: the core's best lower bound (flit-root-stream or flit-message-distance, specs/lemmas.md);\n"
               "nearest: the worst gap-free order (Proposition 1's upper side); '-': not searched (more than 24\n"
               "trains); '<= T': a witness, the time below it not settled within the time limit.\n");
  return failed;
}

int gather_table(bool json, double timeout) {
  nlohmann::json out = nlohmann::json::array();
  int failed = 0;
  if (!json)
    fmt::print("Bhatt et al., Section 3, flit model, one-port: distributed gathers into node 0, whose every control\n"
               "flit (wake-up call, token, certificate, transmit order) is in the schedule and licenses what its\n"
               "receiver does next; every schedule generated and checked by the core. NRF is the offline optimum\n"
               "(Theorem 1), (5)-opt the Z3 optimum over schedules obeying inequality (5) on a path, its witness\n"
               "checked and the time below it unsat; 2b+c+m is Theorem 3's bound (specs/lemmas.md).\n\n"
               "{:<29} {:>4} {:>5} | {:>5} {:>5} | {:>5} {:>7} | {:>5} {:>7} {:>5}\n",
               "instance", "P", "m", "bound", "NRF", "tap", "(5)-opt", "cert", "2b+c+m", "sync");
  const int built = lemmas::gather_rows(timeout, [&](const lemmas::GatherRow& r) {
    const lemmas::Instance& in = *r.instance;
    if (!r.verified || !r.theorem_2_holds || !r.theorem_3_holds) failed = 1;
    const std::string tap_text = r.shoulder_tap ? std::to_string(r.shoulder_tap->time) : "-";
    const std::string flag = !r.verified          ? "  (NOT VERIFIED)"
                             : !r.theorem_2_holds ? "  (THEOREM 2 REFUTED)"
                             : !r.theorem_3_holds ? "  (ABOVE THEOREM 3)"
                                                  : "";
    if (json) {
      out.push_back({{"instance", in.name},
                     {"topology", in.spec},
                     {"nodes", in.lengths.size()},
                     {"flits", r.flits},
                     {"lower_bound", r.certification.bound},
                     {"nrf", r.nrf.time},
                     {"shoulder_tap", r.shoulder_tap ? nlohmann::json(r.shoulder_tap->time) : nlohmann::json(nullptr)},
                     {"optimum_obeying_5", r.optimum.text},
                     {"certification", r.certification.time},
                     {"theorem_3_bound", r.theorem_3_bound},
                     {"verified", r.verified},
                     {"theorem_2_holds", r.theorem_2_holds},
                     {"theorem_3_holds", r.theorem_3_holds}});
      return;
    }
    fmt::print("{:<29} {:>4} {:>5} | {:>5} {:>5} | {:>5} {:>7} | {:>5} {:>7} {:>5}{}\n", in.name, in.lengths.size(),
               r.flits, r.certification.bound, r.nrf.time, tap_text, r.optimum.text, r.certification.time,
               r.theorem_3_bound, r.sync, flag);
  });
  if (built == 2) return 2;
  if (json) fmt::print("{}\n", out.dump());
  else
    fmt::print("\nbound: the core's best lower bound under 'licensed' (flit-told-distance, flit-root-stream or\n"
               "flit-message-distance); tap: shoulder tapping (paths only); cert: transmission certification;\n"
               "sync: cert - NRF, the time certification's protocol costs over the offline optimum; '-': not a\n"
               "path, or too many trains to search; '<= T': a witness, the time below it not settled in time.\n");
  return failed;
}

int multiport_table(bool json) {
  nlohmann::json out = nlohmann::json::array();
  int failed = 0;
  if (!json)
    fmt::print("Bhatt et al., Section 4, flit model: scatter (gather) from (into) node 0, a corner, with lengths\n"
               "0..9 drawn from the seed; every schedule generated and checked by the core. One-port: FDF (NRF)\n"
               "on the breadth-first tree; all-port: one stream per root link of k edge-disjoint trees rooted at\n"
               "node 0 that together span the network (k = 1: the breadth-first tree; k = deg: one per link).\n\n"
               "{:<22} {:>4} {:>5} {:>3} | {:>8} | {:>5} {:>6} {:>6} {:>6} | {:>6}\n",
               "network", "P", "L", "deg", "one-port", "bound", "k=1", "k=2", "k=deg", "gather");
  const int built = lemmas::multiport_rows([&](const lemmas::MultiportRow& r) {
    const lemmas::Instance& in = *r.instance;
    if (!r.verified) failed = 1;
    if (json) {
      out.push_back({{"network", in.spec},
                     {"seed", in.name},
                     {"nodes", in.lengths.size()},
                     {"flits", r.flits},
                     {"root_degree", r.root_degree},
                     {"one_port", r.one_port.time},
                     {"all_port_bound", r.degree_trees.bound},
                     {"all_port_one_tree", r.one_tree.time},
                     {"all_port_two_trees", r.two_trees.time},
                     {"all_port_deg_trees", r.degree_trees.time},
                     {"gather_deg_trees", r.gather_degree_trees.time},
                     {"verified", r.verified}});
      return;
    }
    fmt::print("{:<22} {:>4} {:>5} {:>3} | {:>8} | {:>5} {:>6} {:>6} {:>6} | {:>6}{}\n", in.name, in.lengths.size(),
               r.flits, r.root_degree, r.one_port.time, r.degree_trees.bound, r.one_tree.time, r.two_trees.time,
               r.degree_trees.time, r.gather_degree_trees.time, r.verified ? "" : "  (NOT VERIFIED)");
  });
  if (built == 2) return 2;
  if (json) fmt::print("{}\n", out.dump());
  else
    fmt::print("\nbound: the core's best all-port lower bound (flit-root-stream: ceil(L/deg) + min delta - 1, or\n"
               "flit-message-distance); gather: the gather over deg trees (the scatter reversed in time).\n");
  return failed;
}

}  // namespace schedcheck::cli

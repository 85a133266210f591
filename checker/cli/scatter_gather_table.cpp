// Tables of the flit model: seeded trees and lengths, each schedule generated, checked, and compared with searched optima.
#include "scatter_gather_table.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check_text.hpp"
#include "flit_search.hpp"
#include "rooted_generator.hpp"

namespace schedcheck::cli {

namespace {

// One instance: a tree and its lengths, both drawn from a seed.
struct Instance {
  std::string name;
  std::string spec;  // --topology form
  std::vector<uint64_t> lengths;
};

// A random tree of n nodes (each node's parent among those before it) and
// lengths drawn from 0..20, zeros included, from one seed.
Instance seeded(uint32_t n, uint64_t seed) {
  std::mt19937_64 draw(seed);
  Instance in{fmt::format("random {} (seed {})", n, seed), "tree:-", {0}};
  for (uint32_t v = 1; v < n; ++v) in.spec += fmt::format(",{}", draw() % v);
  for (uint32_t v = 1; v < n; ++v) in.lengths.push_back(draw() % 21);
  return in;
}

// A path of n nodes rooted at one end, with lengths 0..max drawn from a seed.
Instance seeded_path(uint32_t n, uint64_t max, uint64_t seed) {
  std::mt19937_64 draw(seed);
  Instance in{fmt::format("path {} (seed {})", n, seed), fmt::format("path:{}", n), {0}};
  for (uint32_t v = 1; v < n; ++v) in.lengths.push_back(draw() % (max + 1));
  return in;
}

std::vector<Instance> instances() {
  std::vector<Instance> all = {
      {"format.md section 11", "tree:-,0,0,1", {0, 2, 3, 1}},
      {"Figure 1 (a path)", "path:6", {0, 0, 0, 0, 6, 2}},
      {"star of 6", "tree:-,0,0,0,0,0", {0, 5, 0, 3, 1, 4}},
      {"binary tree of 7", "tree:-,0,0,1,1,2,2", {0, 4, 1, 2, 0, 3, 5}},
  };
  for (uint64_t seed = 1; seed <= 4; ++seed) all.push_back(seeded(8, seed));
  for (uint64_t seed = 1; seed <= 2; ++seed) all.push_back(seeded(11, seed));
  all.push_back(seeded(40, 1));
  all.push_back(seeded(200, 1));
  return all;
}

// The core's verdict on a generator's schedule: its time and the best bound.
struct Measured {
  uint64_t time = 0;
  uint64_t bound = 0;
  bool verified = false;
};

std::optional<Measured> measure(const std::string& generator, const Instance& in, uint32_t trees = 0) {
  std::string error;
  auto network = gen::Network::parse(in.spec, error);
  const gen::RootedGenerator* g = gen::find_rooted_generator(generator);
  if (!network || !g) return std::nullopt;
  gen::RootedRequest request{std::move(*network), 0, in.lengths};
  request.trees = trees;
  const auto schedule = gen::plan_rooted(*g, request, error);
  if (!schedule) return std::nullopt;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return std::nullopt;
  gen::write_flit_schedule(out, *g, request, *schedule);
  std::fclose(out);
  const std::string text(buffer, size);
  std::free(buffer);
  const Verdict v = check_text(text).verdict;
  return Measured{v.time.value_or(0), v.best ? v.best->steps : 0, v.verified};
}

// Theorem 3's b and c for the tree of `in` (a tree or path topology): the
// worst-order broadcast time (the largest sum of children counts along a
// root-to-leaf path) and the certificate collection time 2(N-1).
std::pair<uint64_t, uint64_t> theorem_3_terms(const Instance& in) {
  std::string error;
  auto network = gen::Network::parse(in.spec, error);
  if (!network) return {0, 0};
  const gen::SpanningTree tree(*network, 0);
  const uint32_t n = network->node_count();
  std::vector<uint64_t> children(n, 0), along(n, 0);
  for (uint32_t v = 1; v < n; ++v) ++children[tree.parent[v]];
  uint64_t b = 0;
  for (uint32_t v = 0; v < n; ++v)
    for (uint32_t u = v; u != 0; u = tree.parent[u]) along[v] += children[tree.parent[u]];
  for (uint32_t v = 0; v < n; ++v) b = std::max(b, along[v]);
  return {b, 2 * uint64_t{n - 1}};
}

// The searched optimum, its witness re-checked by the core with the found
// time as its claim; "-" when the instance is too large to search here.
struct Searched {
  std::string text = "-";
  std::optional<uint64_t> time;
  bool proven = false;
  bool rejected = false;
};

Searched search_optimum(const Instance& in, bool scatter, double timeout, bool wake_up_chain = false) {
  Searched s;
  std::string error;
  auto network = gen::Network::parse(in.spec, error);
  if (!network) return s;
  search::FlitProblem problem;
  problem.collective = scatter ? search::FlitCollective::scatter : search::FlitCollective::gather;
  for (uint32_t v = 0; v < network->node_count(); ++v) {
    const auto n = network->neighbours(v);
    problem.neighbours.emplace_back(n.begin(), n.end());
  }
  problem.lengths = in.lengths;
  problem.wake_up_chain = wake_up_chain;
  // Every train pair is a disjunction: the search is for the small rows.
  if (!search::flit_problem_error(problem).empty() || search::flit_trains(problem).size() > search::max_flit_trains)
    return s;
  search::SearchLimits limits;
  limits.timeout_seconds = timeout;
  const search::SearchReport r = search::search_flit(problem, limits);
  if (!r.witness_steps) {
    s.text = "unknown";
    return s;
  }
  const uint64_t found = *r.witness_steps;
  bool below_refuted = false;
  for (const auto& a : r.attempts)
    if (a.outcome == search::Outcome::unsat && a.steps + 1 == found) below_refuted = true;
  const search::FlitBound bound = search::flit_lower_bound(problem);
  s.proven = below_refuted || found == bound.time;
  const std::string witness =
      fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\nclaim time={}\n{}", network->description(),
                  search::flit_model_line(problem), search::flit_collective_line(problem), found, r.witness);
  const Verdict v = check_text(witness).verdict;
  s.rejected = !v.verified || v.time != found;
  s.time = found;
  s.text = fmt::format("{}{}", s.proven ? "" : "<= ", found);
  return s;
}

}  // namespace

int scatter_gather_table(bool json, double timeout) {
  nlohmann::json rows = nlohmann::json::array();
  int failed = 0;
  if (!json)
    fmt::print("Bhatt et al., flit model, one-port: times of gap-free streams from (scatter) and into (gather) the root,\n"
               "every schedule generated and checked by the core; optimum: the Z3 search over all dispatch times\n"
               "(gaps allowed), its witness checked by the core and the time below it unsat (specs/encoding.md).\n\n"
               "{:<26} {:>4} {:>5} | {:>5} {:>5} {:>7} {:>5} {:>7} | {:>5} {:>5} {:>5} {:>7}\n",
               "tree", "P", "L", "bound", "FDF", "nearest", "index", "optimum", "bound", "NRF", "index", "optimum");
  for (const Instance& in : instances()) {
    uint64_t total = 0;
    for (uint64_t l : in.lengths) total += l;
    const auto fdf = measure("scatter-fdf", in), nearest = measure("scatter-nearest-first", in),
               index = measure("scatter-index-order", in), nrf = measure("gather-nrf", in),
               gather_index = measure("gather-index-order", in);
    if (!fdf || !nearest || !index || !nrf || !gather_index) return 2;
    const Searched scatter_opt = search_optimum(in, true, timeout), gather_opt = search_optimum(in, false, timeout);
    const bool all_verified = fdf->verified && nearest->verified && index->verified && nrf->verified &&
                              gather_index->verified && !scatter_opt.rejected && !gather_opt.rejected;
    // Theorem 1: nothing is faster than FDF, nor (reversed) than NRF.
    const bool theorem_holds = (!scatter_opt.time || *scatter_opt.time >= fdf->time) &&
                               (!gather_opt.time || *gather_opt.time >= nrf->time);
    if (!all_verified || !theorem_holds) failed = 1;
    const std::string flag = !all_verified ? "  (NOT VERIFIED)" : !theorem_holds ? "  (FASTER THAN THEOREM 1)" : "";
    if (json) {
      rows.push_back({{"tree", in.name},
                      {"topology", in.spec},
                      {"nodes", in.lengths.size()},
                      {"flits", total},
                      {"scatter", {{"lower_bound", fdf->bound}, {"fdf", fdf->time}, {"nearest_first", nearest->time},
                                   {"index_order", index->time}, {"optimum", scatter_opt.text}}},
                      {"gather", {{"lower_bound", nrf->bound}, {"nrf", nrf->time}, {"index_order", gather_index->time},
                                  {"optimum", gather_opt.text}}},
                      {"verified", all_verified},
                      {"theorem_1_holds", theorem_holds}});
      continue;
    }
    fmt::print("{:<26} {:>4} {:>5} | {:>5} {:>5} {:>7} {:>5} {:>7} | {:>5} {:>5} {:>5} {:>7}{}\n", in.name,
               in.lengths.size(), total, fdf->bound, fdf->time, nearest->time, index->time, scatter_opt.text,
               nrf->bound, nrf->time, gather_index->time, gather_opt.text, flag);
  }
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print("\nbound: the core's best lower bound (flit-root-stream or flit-message-distance, specs/lemmas.md);\n"
               "nearest: the worst gap-free order (Proposition 1's upper side); '-': not searched (more than 24\n"
               "trains); '<= T': a witness, the time below it not settled within the time limit.\n");
  return failed;
}

int gather_table(bool json, double timeout) {
  std::vector<Instance> rows = {
      {"Figure 2 kind (typical)", "path:8", {0, 2, 1, 3, 0, 2, 1, 2}},
      {"Figure 3 kind (non-monotone)", "path:6", {0, 6, 1, 0, 0, 1}},
      seeded_path(8, 4, 1),
      seeded_path(12, 4, 2),
      seeded_path(16, 20, 3),
      seeded_path(64, 20, 4),
  };
  for (Instance& in : instances()) rows.push_back(std::move(in));
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
  for (const Instance& in : rows) {
    uint64_t m = 0;
    for (size_t v = 1; v < in.lengths.size(); ++v) m += in.lengths[v];
    const bool path = in.spec.starts_with("path:");
    const auto nrf = measure("gather-nrf", in), cert = measure("gather-certification", in);
    const auto tap = path ? measure("gather-shoulder-tap", in) : std::nullopt;
    if (!nrf || !cert || (path && !tap)) return 2;
    const Searched optimum = path ? search_optimum(in, false, timeout, true) : Searched{};
    const auto [b, c] = theorem_3_terms(in);
    const bool verified = nrf->verified && cert->verified && (!tap || tap->verified) && !optimum.rejected;
    const bool theorem_2 = !tap || !optimum.proven || optimum.time == tap->time;
    const bool theorem_3 = cert->time <= 2 * b + c + m;
    if (!verified || !theorem_2 || !theorem_3) failed = 1;
    // The certification's time above the offline optimum: what its synchronization costs.
    const uint64_t sync = cert->time - nrf->time;
    const std::string tap_text = tap ? std::to_string(tap->time) : "-";
    const std::string flag = !verified    ? "  (NOT VERIFIED)"
                             : !theorem_2 ? "  (THEOREM 2 REFUTED)"
                             : !theorem_3 ? "  (ABOVE THEOREM 3)"
                                          : "";
    if (json) {
      out.push_back({{"instance", in.name},
                     {"topology", in.spec},
                     {"nodes", in.lengths.size()},
                     {"flits", m},
                     {"lower_bound", cert->bound},
                     {"nrf", nrf->time},
                     {"shoulder_tap", tap ? nlohmann::json(tap->time) : nlohmann::json(nullptr)},
                     {"optimum_obeying_5", optimum.text},
                     {"certification", cert->time},
                     {"theorem_3_bound", 2 * b + c + m},
                     {"verified", verified},
                     {"theorem_2_holds", theorem_2},
                     {"theorem_3_holds", theorem_3}});
      continue;
    }
    fmt::print("{:<29} {:>4} {:>5} | {:>5} {:>5} | {:>5} {:>7} | {:>5} {:>7} {:>5}{}\n", in.name, in.lengths.size(), m,
               cert->bound, nrf->time, tap_text, optimum.text, cert->time, 2 * b + c + m, sync, flag);
  }
  if (json) fmt::print("{}\n", out.dump());
  else
    fmt::print("\nbound: the core's best lower bound under 'licensed' (flit-told-distance, flit-root-stream or\n"
               "flit-message-distance); tap: shoulder tapping (paths only); cert: transmission certification;\n"
               "sync: cert - NRF, the time certification's protocol costs over the offline optimum; '-': not a\n"
               "path, or too many trains to search; '<= T': a witness, the time below it not settled in time.\n");
  return failed;
}

int multiport_table(bool json) {
  std::vector<Instance> rows;
  uint64_t seed = 1;
  for (const char* grid : {"mesh:4x4", "torus:4x4", "mesh:6x6", "torus:6x6", "mesh:8x8", "torus:8x8", "mesh:16x16",
                           "torus:16x16", "mesh:4x4x4", "torus:4x4x4"}) {
    std::string error;
    const auto network = gen::Network::parse(grid, error);
    if (!network) return 2;
    rows.push_back({fmt::format("{} (seed {})", grid, seed), grid,
                    gen::random_lengths(network->node_count(), 9, seed)});
    ++seed;
  }
  nlohmann::json out = nlohmann::json::array();
  int failed = 0;
  if (!json)
    fmt::print("Bhatt et al., Section 4, flit model: scatter (gather) from (into) node 0, a corner, with lengths\n"
               "0..9 drawn from the seed; every schedule generated and checked by the core. One-port: FDF (NRF)\n"
               "on the breadth-first tree; all-port: one stream per root link of k edge-disjoint trees rooted at\n"
               "node 0 that together span the network (k = 1: the breadth-first tree; k = deg: one per link).\n\n"
               "{:<22} {:>4} {:>5} {:>3} | {:>8} | {:>5} {:>6} {:>6} {:>6} | {:>6}\n",
               "network", "P", "L", "deg", "one-port", "bound", "k=1", "k=2", "k=deg", "gather");
  for (const Instance& in : rows) {
    std::string error;
    const auto network = gen::Network::parse(in.spec, error);
    const auto links = network->neighbours(0);
    const uint32_t degree = static_cast<uint32_t>(std::set<uint32_t>(links.begin(), links.end()).size());
    uint64_t total = 0;
    for (size_t v = 1; v < in.lengths.size(); ++v) total += in.lengths[v];
    const auto one_port = measure("scatter-fdf", in), one = measure("scatter-multitree", in, 1),
               two = measure("scatter-multitree", in, 2), all = measure("scatter-multitree", in, degree),
               gather = measure("gather-multitree", in, degree);
    if (!one_port || !one || !two || !all || !gather) return 2;
    const bool verified = one_port->verified && one->verified && two->verified && all->verified && gather->verified;
    if (!verified) failed = 1;
    if (json) {
      out.push_back({{"network", in.spec},
                     {"seed", in.name},
                     {"nodes", in.lengths.size()},
                     {"flits", total},
                     {"root_degree", degree},
                     {"one_port", one_port->time},
                     {"all_port_bound", all->bound},
                     {"all_port_one_tree", one->time},
                     {"all_port_two_trees", two->time},
                     {"all_port_deg_trees", all->time},
                     {"gather_deg_trees", gather->time},
                     {"verified", verified}});
      continue;
    }
    fmt::print("{:<22} {:>4} {:>5} {:>3} | {:>8} | {:>5} {:>6} {:>6} {:>6} | {:>6}{}\n", in.name, in.lengths.size(),
               total, degree, one_port->time, all->bound, one->time, two->time, all->time, gather->time,
               verified ? "" : "  (NOT VERIFIED)");
  }
  if (json) fmt::print("{}\n", out.dump());
  else
    fmt::print("\nbound: the core's best all-port lower bound (flit-root-stream: ceil(L/deg) + min delta - 1, or\n"
               "flit-message-distance); gather: the gather over deg trees (the scatter reversed in time).\n");
  return failed;
}

}  // namespace schedcheck::cli

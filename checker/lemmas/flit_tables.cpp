// Flit tables: seeded trees and lengths, each schedule generated and checked, and compared with searched optima.
#include "flit_tables.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>

#include <fmt/format.h>

#include "check_text.hpp"
#include "flit_search.hpp"
#include "rooted_generator.hpp"

namespace schedcheck::lemmas {

Instance seeded_tree(uint32_t n, uint64_t seed) {
  std::mt19937_64 draw(seed);
  Instance in{fmt::format("random {} (seed {})", n, seed), "tree:-", {0}};
  for (uint32_t v = 1; v < n; ++v) in.spec += fmt::format(",{}", draw() % v);
  for (uint32_t v = 1; v < n; ++v) in.lengths.push_back(draw() % 21);
  return in;
}

Instance seeded_path(uint32_t n, uint64_t max, uint64_t seed) {
  std::mt19937_64 draw(seed);
  Instance in{fmt::format("path {} (seed {})", n, seed), fmt::format("path:{}", n), {0}};
  for (uint32_t v = 1; v < n; ++v) in.lengths.push_back(draw() % (max + 1));
  return in;
}

std::vector<Instance> tree_instances() {
  std::vector<Instance> all = {
      {"format.md section 11", "tree:-,0,0,1", {0, 2, 3, 1}},
      {"Figure 1 (a path)", "path:6", {0, 0, 0, 0, 6, 2}},
      {"star of 6", "tree:-,0,0,0,0,0", {0, 5, 0, 3, 1, 4}},
      {"binary tree of 7", "tree:-,0,0,1,1,2,2", {0, 4, 1, 2, 0, 3, 5}},
  };
  for (uint64_t seed = 1; seed <= 4; ++seed) all.push_back(seeded_tree(8, seed));
  for (uint64_t seed = 1; seed <= 2; ++seed) all.push_back(seeded_tree(11, seed));
  all.push_back(seeded_tree(40, 1));
  all.push_back(seeded_tree(200, 1));
  return all;
}

std::optional<FlitMeasured> measure_flit(const std::string& generator, const Instance& in, uint32_t trees) {
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
  return FlitMeasured{v.time.value_or(0), v.best ? v.best->steps : 0, v.verified};
}

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

FlitSearched search_flit_optimum(const Instance& in, bool scatter, double timeout, bool wake_up_chain) {
  FlitSearched s;
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

int scatter_gather_rows(double timeout, const std::function<void(const ScatterGatherRow&)>& row) {
  for (const Instance& in : tree_instances()) {
    ScatterGatherRow r;
    r.instance = &in;
    for (uint64_t l : in.lengths) r.flits += l;
    const auto fdf = measure_flit("scatter-fdf", in), nearest = measure_flit("scatter-nearest-first", in),
               index = measure_flit("scatter-index-order", in), nrf = measure_flit("gather-nrf", in),
               gather_index = measure_flit("gather-index-order", in);
    if (!fdf || !nearest || !index || !nrf || !gather_index) return 2;
    r.fdf = *fdf, r.nearest = *nearest, r.index = *index, r.nrf = *nrf, r.gather_index = *gather_index;
    r.scatter_optimum = search_flit_optimum(in, true, timeout);
    r.gather_optimum = search_flit_optimum(in, false, timeout);
    r.verified = fdf->verified && nearest->verified && index->verified && nrf->verified && gather_index->verified &&
                 !r.scatter_optimum.rejected && !r.gather_optimum.rejected;
    r.theorem_1_holds = (!r.scatter_optimum.time || *r.scatter_optimum.time >= fdf->time) &&
                        (!r.gather_optimum.time || *r.gather_optimum.time >= nrf->time);
    row(r);
  }
  return 0;
}

int gather_rows(double timeout, const std::function<void(const GatherRow&)>& row) {
  std::vector<Instance> instances = {
      {"Figure 2 kind (typical)", "path:8", {0, 2, 1, 3, 0, 2, 1, 2}},
      {"Figure 3 kind (non-monotone)", "path:6", {0, 6, 1, 0, 0, 1}},
      seeded_path(8, 4, 1),
      seeded_path(12, 4, 2),
      seeded_path(16, 20, 3),
      seeded_path(64, 20, 4),
  };
  for (Instance& in : tree_instances()) instances.push_back(std::move(in));
  for (const Instance& in : instances) {
    GatherRow r;
    r.instance = &in;
    for (size_t v = 1; v < in.lengths.size(); ++v) r.flits += in.lengths[v];
    const bool path = in.spec.starts_with("path:");
    const auto nrf = measure_flit("gather-nrf", in), cert = measure_flit("gather-certification", in);
    const auto tap = path ? measure_flit("gather-shoulder-tap", in) : std::nullopt;
    if (!nrf || !cert || (path && !tap)) return 2;
    r.nrf = *nrf, r.certification = *cert, r.shoulder_tap = tap;
    if (path) r.optimum = search_flit_optimum(in, false, timeout, true);
    const auto [b, c] = theorem_3_terms(in);
    r.theorem_3_bound = 2 * b + c + r.flits;
    r.verified = nrf->verified && cert->verified && (!tap || tap->verified) && !r.optimum.rejected;
    r.theorem_2_holds = !tap || !r.optimum.proven || r.optimum.time == tap->time;
    r.theorem_3_holds = cert->time <= r.theorem_3_bound;
    r.sync = cert->time - nrf->time;
    row(r);
  }
  return 0;
}

int multiport_rows(const std::function<void(const MultiportRow&)>& row) {
  std::vector<Instance> instances;
  uint64_t seed = 1;
  for (const char* grid : {"mesh:4x4", "torus:4x4", "mesh:6x6", "torus:6x6", "mesh:8x8", "torus:8x8", "mesh:16x16",
                           "torus:16x16", "mesh:4x4x4", "torus:4x4x4"}) {
    std::string error;
    const auto network = gen::Network::parse(grid, error);
    if (!network) return 2;
    instances.push_back({fmt::format("{} (seed {})", grid, seed), grid,
                         gen::random_lengths(network->node_count(), 9, seed)});
    ++seed;
  }
  for (const Instance& in : instances) {
    std::string error;
    const auto network = gen::Network::parse(in.spec, error);
    const auto links = network->neighbours(0);
    MultiportRow r;
    r.instance = &in;
    r.root_degree = static_cast<uint32_t>(std::set<uint32_t>(links.begin(), links.end()).size());
    for (size_t v = 1; v < in.lengths.size(); ++v) r.flits += in.lengths[v];
    const auto one_port = measure_flit("scatter-fdf", in), one = measure_flit("scatter-multitree", in, 1),
               two = measure_flit("scatter-multitree", in, 2),
               all = measure_flit("scatter-multitree", in, r.root_degree),
               gather = measure_flit("gather-multitree", in, r.root_degree);
    if (!one_port || !one || !two || !all || !gather) return 2;
    r.one_port = *one_port, r.one_tree = *one, r.two_trees = *two, r.degree_trees = *all,
    r.gather_degree_trees = *gather;
    r.verified = one_port->verified && one->verified && two->verified && all->verified && gather->verified;
    row(r);
  }
  return 0;
}

}  // namespace schedcheck::lemmas

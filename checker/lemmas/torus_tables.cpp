// Torus tables: broadcast generators measured by the core, and Z3 optima whose witnesses the core re-checks.
#include "torus_tables.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "broadcast_search.hpp"
#include "check_text.hpp"
#include "gossip_search.hpp"
#include "proven.hpp"
#include "ti_gossip_search.hpp"

namespace schedcheck::lemmas {

namespace {

// The schedule of generator `name` for `request`, with its header, and its
// claim; nullopt for an unknown generator or one that does not take the size.
std::optional<std::string> generated(const std::string& name, const gen::Request& request, const std::string& model,
                                     gen::Claim& claim) {
  const gen::Generator* g = gen::find_generator(name);
  std::string error;
  if (!g || !g->claim(request, claim, error)) return std::nullopt;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return std::nullopt;
  // Closed and freed however the writing ends: a generator throws on a size it does not take.
  auto release = [&]() {
    std::fclose(out);
    std::string schedule(buffer, size);
    std::free(buffer);
    return schedule;
  };
  try {
    gen::ScheduleText text(out, request.torus, gen::Coord(request.torus.dimensions(), 0), true);
    text.header(model.empty() ? g->model : model, g->collective.empty() ? "broadcast source 0" : g->collective,
                claim);
    g->write(request, text);
  } catch (...) {
    release();
    throw;
  }
  return release();
}

}  // namespace

std::optional<TimeIndependentConstruction> time_independent_construction(const gen::Torus& torus) {
  // Meyer and Sibeyn's one-packet gossips, each with and without its variant
  // that leaves out switching: the core says which are time-independent.
  static const std::pair<const char*, bool> tries[] = {{"gossip-hamiltonian-pair", false},
                                                       {"gossip-onepacket-2d", false},
                                                       {"gossip-onepacket-2d", true},
                                                       {"gossip-zigzag", false},
                                                       {"gossip-zigzag", true}};
  std::optional<TimeIndependentConstruction> best;
  for (const auto& [name, variant] : tries) {
    gen::Claim claim;
    std::optional<std::string> schedule;
    try {
      schedule = generated(name, gen::Request{torus, variant}, "", claim);
    } catch (const std::exception&) {  // a construction that does not fit this size
    }
    if (!schedule) continue;
    const Verdict v = check_text(*schedule).verdict;
    if (!v.verified || !v.forwarding.analysed || v.forwarding.kind != ForwardingClass::time_independent) continue;
    if (!best || v.steps < best->steps)
      best = TimeIndependentConstruction{variant ? std::string(name) + " --time-independent" : name, v.steps};
  }
  return best;
}

std::optional<Measured> measure_broadcast(const std::string& name, const gen::Torus& torus, const std::string& model) {
  gen::Claim claim;
  const std::optional<std::string> schedule = generated(name, gen::Request{torus}, model, claim);
  if (!schedule) return std::nullopt;
  const Verdict v = check_text(*schedule).verdict;
  Measured m;
  m.steps = v.steps;
  m.claim = claim.steps;
  m.verified = v.verified;
  m.lower_bound = v.best ? v.best->steps : 0;
  return m;
}

std::vector<BroadcastAllportRow> broadcast_allport_rows() {
  const std::pair<uint32_t, uint32_t> ranges[] = {{2, 40}, {3, 16}, {4, 8}};
  const char* const schemes[] = {"broadcast-span", "broadcast-diagonal-2d", "broadcast-3d",
                                 "broadcast-dimension-by-dimension"};
  std::vector<BroadcastAllportRow> rows;
  for (auto [k, top] : ranges) {
    for (uint32_t n = 2; n <= top; ++n) {
      const gen::Torus torus{std::vector<uint32_t>(k, n)};
      std::optional<Measured> results[4];
      for (int i = 0; i < 4; ++i) results[i] = measure_broadcast(schemes[i], torus);
      BroadcastAllportRow row;
      row.k = k;
      row.n = n;
      row.nodes = torus.node_count();
      row.span = *results[0];
      row.special = k == 2 ? results[1] : results[2];
      row.dimension_by_dimension = *results[3];
      for (const auto& r : results) {
        if (!r) continue;
        if (!r->verified) {
          row.note += " NOT-VERIFIED";
          row.failed = true;
        }
        if (r->steps != r->claim) row.note += " measured!=formula";
      }
      if (row.span.steps == row.span.lower_bound) row.note += " optimal";
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

namespace {

// The core's best lower bound (at least 1) for a header with no steps.
uint32_t lower_bound_of(const std::string& header) {
  const Verdict empty = check_text(header).verdict;
  return empty.best ? static_cast<uint32_t>(std::max<uint64_t>(empty.best->steps, 1)) : 1;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

Searched searched(const search::SearchReport& r, const std::string& header, const std::string& claim_extra,
                  uint32_t lower, double seconds, int decimals) {
  Searched s;
  s.seconds = seconds;
  for (const auto& a : r.attempts)
    s.tries += fmt::format("{}{}: {} {:.{}f}{}", s.tries.empty() ? "" : "; ", a.steps, search::outcome_name(a.outcome),
                           a.seconds, decimals,
                           a.outcome == search::Outcome::unsat && a.stricter_routing
                               ? fmt::format(" (under {} only)", a.routing)
                               : "");
  const search::Proven p = search::proven({lower, "", ""}, r);
  if (!r.witness_steps) {
    if (p.impossible_below > lower) s.optimum = fmt::format("> {} (unknown)", p.impossible_below - 1);
    return s;
  }
  const std::string witness = fmt::format("{}claim steps={}{}\n{}", header, *r.witness_steps, claim_extra, r.witness);
  s.rejected = !check_text(witness).verdict.verified;
  s.steps = r.witness_steps;
  s.proven = p.optimal;
  s.optimum = fmt::format("{}{}", s.proven ? "" : "<= ", *r.witness_steps);
  return s;
}

std::vector<std::vector<uint32_t>> search_broadcast_sizes() {
  std::vector<std::vector<uint32_t>> sizes;
  for (uint32_t a = 2; a <= 8; ++a)
    for (uint32_t b = a; b <= 8; ++b) sizes.push_back({a, b});
  for (uint32_t a = 2; a <= 4; ++a)
    for (uint32_t b = a; b <= 4; ++b)
      for (uint32_t c = b; c <= 4; ++c) sizes.push_back({a, b, c});
  return sizes;
}

void search_broadcast_rows(double timeout, const std::function<void(const SearchBroadcastRow&)>& row) {
  const std::vector<std::vector<uint32_t>> sizes = search_broadcast_sizes();
  const std::pair<search::RouteRule, const char*> rules[] = {
      {search::RouteRule::dimension_order, "dimension-order"},
      {search::RouteRule::dimension_order_shorter, "dimension-order-shorter"},
      {search::RouteRule::shortest, "free"}};
  for (const auto& sz : sizes) {
    const gen::Torus torus{sz};
    const auto construction = measure_broadcast("broadcast-span", torus);
    for (const auto& [rule, rule_name] : rules) {
      search::BroadcastProblem p;
      p.grid.sizes = sz;
      p.rule = rule;
      const std::string header = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective broadcast source 0\n",
                                             p.grid.describe(), search::broadcast_model_line(p));
      const uint32_t lower = lower_bound_of(header);
      const uint32_t upper = construction ? static_cast<uint32_t>(construction->steps) : lower + 8;
      search::SearchLimits limits;
      limits.timeout_seconds = timeout;
      const search::SearchReport r = search::search_broadcast(p, lower, std::max(upper, lower), limits);
      SearchBroadcastRow out;
      out.torus = p.grid.describe();
      out.routing = rule_name;
      out.lemma_1 = lower;
      out.found = searched(r, header, "", lower, 0, 1);
      if (construction) out.construction = construction->steps;
      if (out.found.rejected) {
        out.marks += " WITNESS-REJECTED";
        out.failed = true;
      }
      if (out.found.steps && construction && *out.found.steps < construction->steps &&
          rule == search::RouteRule::dimension_order)
        out.marks += " construction-not-optimal";
      if (out.found.proven && *out.found.steps > lower) out.marks += " lemma-1-not-reached";
      row(out);
    }
  }
}

void search_gossip_rows(double timeout, const std::function<void(const SearchGossipRow&)>& row) {
  std::vector<std::vector<uint32_t>> sizes;
  for (uint32_t a = 2; a <= 6; ++a)
    for (uint32_t b = a; b <= 6; ++b) sizes.push_back({a, b});
  sizes.push_back({2, 2, 2});
  sizes.push_back({2, 2, 3});
  sizes.push_back({2, 3, 3});
  sizes.push_back({3, 3, 3});
  sizes.push_back({3, 3, 4});
  for (const auto& sz : sizes) {
    search::GossipProblem p;
    p.grid.sizes = sz;
    const std::string header = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective gossip\n",
                                           p.grid.describe(), search::gossip_model_line(p));
    const uint32_t lower = lower_bound_of(header);
    search::SearchLimits limits;
    limits.timeout_seconds = timeout;
    auto t0 = std::chrono::steady_clock::now();
    const search::SearchReport any = search::search_gossip(p, lower, lower + 16, limits);
    SearchGossipRow out;
    out.torus = p.grid.describe();
    out.nodes = p.grid.node_count();
    out.lower_bound = lower;
    out.free = searched(any, header, "", lower, seconds_since(t0), 2);
    t0 = std::chrono::steady_clock::now();
    const search::SearchReport fixed_maps = search::search_time_independent_gossip(p.grid, lower, lower + 16, limits);
    out.time_independent = searched(fixed_maps, header, " time-independent=yes", lower, seconds_since(t0), 2);
    row(out);
  }
}

}  // namespace schedcheck::lemmas

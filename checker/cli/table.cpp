// Tables: broadcast-allport, Lemma 1 against every broadcast generator's measured step count.
#include "table.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "broadcast_search.hpp"
#include "gossip_search.hpp"
#include "checker.hpp"
#include "generator.hpp"

namespace schedcheck::cli {

namespace {

struct Measured {
  uint64_t steps = 0;
  uint64_t claim = 0;
  uint64_t lower_bound = 0;
  bool verified = false;
};

// Generates into memory and checks the text with the core: the table shows
// what the checker measured, never what a generator says of itself.
std::optional<Measured> measure(const std::string& name, const gen::Torus& torus) {
  const gen::Generator* g = gen::find_generator(name);
  gen::Request request{torus};
  gen::Claim claim;
  std::string error;
  if (!g || !g->claim(request, claim, error)) return std::nullopt;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return std::nullopt;
  {
    gen::ScheduleText text(out, torus, gen::Coord(torus.dimensions(), 0), true);
    text.header(g->model, "broadcast source 0", claim);
    g->write(request, text);
  }
  std::fclose(out);
  const std::string schedule(buffer, size);
  std::free(buffer);
  LineSource source{std::string_view(schedule)};
  Diagnostics diag(name, 1);
  Header header;
  const Verdict v = check_schedule(source, header, diag);
  Measured m;
  m.steps = v.steps;
  m.claim = claim.steps;
  m.verified = v.verified;
  m.lower_bound = v.best ? v.best->steps : 0;
  return m;
}

int broadcast_allport(bool json) {
  // The sizes of the generator sweep (tests/generators/sweep.cpp).
  const std::pair<uint32_t, uint32_t> ranges[] = {{2, 40}, {3, 16}, {4, 8}};
  const char* const schemes[] = {"broadcast-span", "broadcast-diagonal-2d", "broadcast-3d",
                                 "broadcast-dimension-by-dimension"};
  int code = 0;
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("broadcast, wormhole all-port dimension-order, k-D torus n x ... x n: steps measured by the checker\n");
    fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4}  {}\n", "k", "n", "P", "lemma-1", "span",
               "formula", "gap", "2d/3d", "dxd", "note");
  }
  for (auto [k, top] : ranges) {
    for (uint32_t n = 2; n <= top; ++n) {
      const gen::Torus torus{std::vector<uint32_t>(k, n)};
      std::optional<Measured> results[4];
      for (int i = 0; i < 4; ++i) results[i] = measure(schemes[i], torus);
      const Measured& span = *results[0];
      const auto& special = k == 2 ? results[1] : results[2];
      const Measured& dxd = *results[3];
      std::string note;
      for (const auto& r : results) {
        if (!r) continue;
        if (!r->verified) {
          note += " NOT-VERIFIED";
          code = 1;
        }
        if (r->steps != r->claim) note += " measured!=formula";
      }
      if (span.steps == span.lower_bound) note += " optimal";
      if (json) {
        nlohmann::json row = {{"k", k},
                              {"n", n},
                              {"nodes", torus.node_count()},
                              {"lemma_1", span.lower_bound},
                              {"span", span.steps},
                              {"span_formula", span.claim},
                              {"dimension_by_dimension", dxd.steps},
                              {"note", note}};
        if (special) row[k == 2 ? "diagonal_2d" : "scheme_3d"] = special->steps;
        rows.push_back(row);
        continue;
      }
      fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4} {}\n", k, n, torus.node_count(),
                 span.lower_bound, span.steps, span.claim, span.steps - span.lower_bound,
                 special ? fmt::format("{}", special->steps) : std::string("-"), dxd.steps, note);
    }
  }
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print(
        "lemma-1: ceil(log_(2k+1) n^k); span: broadcast-span (for k = 2 and 3 also the 2d/3d column); formula: "
        "k*ceil(log_(2k+1) n) + (k-1)*[n >= 4];\ngap: span - lemma-1; dxd: broadcast-dimension-by-dimension\n");
  return code;
}

// The core's best lower bound (at least 1) for a header with no steps.
uint32_t lower_bound_of(const std::string& header) {
  LineSource lines{std::string_view(header)};
  Diagnostics diag("table", 1);
  Header h;
  const Verdict empty = check_schedule(lines, h, diag);
  return empty.best ? static_cast<uint32_t>(std::max<uint64_t>(empty.best->steps, 1)) : 1;
}

// The optimum of broadcast on every 2-D torus n1 x n2 (2 <= n1 <= n2 <= 8)
// and 3-D torus up to 4x4x4, under each routing variant, searched from Lemma
// 1 up to the Wang-Tseng construction's count; every witness is re-checked.
int search_broadcast_table(bool json, double timeout) {
  std::vector<std::vector<uint32_t>> sizes;
  for (uint32_t a = 2; a <= 8; ++a)
    for (uint32_t b = a; b <= 8; ++b) sizes.push_back({a, b});
  for (uint32_t a = 2; a <= 4; ++a)
    for (uint32_t b = a; b <= 4; ++b)
      for (uint32_t c = b; c <= 4; ++c) sizes.push_back({a, b, c});
  const std::pair<search::RouteRule, const char*> rules[] = {
      {search::RouteRule::dimension_order, "dimension-order"},
      {search::RouteRule::dimension_order_shorter, "dimension-order-shorter"},
      {search::RouteRule::shortest, "free (shortest paths)"}};
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("# Broadcast optima on small tori (wormhole, all-port), found by `schedcheck search`\n\n");
    fmt::print("Each optimum comes with a witness the core verified; 'unsat' times prove that one step fewer\n"
               "is impossible, and a count equal to Lemma 1 needs no proof. Time limit per size and routing: {:g} s.\n\n",
               timeout);
    fmt::print("| torus | routing | lemma 1 | optimum | construction | tries (steps: answer, seconds) | marks |\n");
    fmt::print("|---|---|---|---|---|---|---|\n");
  }
  int code = 0;
  for (const auto& sz : sizes) {
    const gen::Torus torus{sz};
    const auto construction = measure("broadcast-span", torus);
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
      std::string tries, marks;
      for (const auto& a : r.attempts)
        tries += fmt::format("{}{}: {} {:.1f}", tries.empty() ? "" : "; ", a.steps, search::outcome_name(a.outcome),
                             a.seconds);
      std::string optimum = "unknown";
      if (r.witness_steps) {
        const std::string witness = fmt::format("{}claim steps={}\n{}", header, *r.witness_steps, r.witness);
        LineSource wl{std::string_view(witness)};
        Diagnostics wd("witness", 1);
        Header wh;
        if (!check_schedule(wl, wh, wd).verified) {
          marks += " WITNESS-REJECTED";
          code = 1;
        }
        const bool proven = *r.witness_steps == lower ||
                            (r.attempts.size() >= 2 && r.attempts[r.attempts.size() - 2].outcome == search::Outcome::unsat);
        optimum = proven ? fmt::format("{}", *r.witness_steps) : fmt::format("<= {}", *r.witness_steps);
        if (construction && *r.witness_steps < construction->steps && rule == search::RouteRule::dimension_order)
          marks += " construction-not-optimal";
        if (proven && *r.witness_steps > lower) marks += " lemma-1-not-reached";
      } else {
        uint32_t refuted = 0;
        for (const auto& a : r.attempts)
          if (a.outcome == search::Outcome::unsat) refuted = a.steps;
        optimum = refuted ? fmt::format("> {} (unknown)", refuted) : "unknown";
      }
      if (json) {
        rows.push_back({{"torus", p.grid.describe()}, {"routing", rule_name}, {"lemma_1", lower},
                        {"optimum", optimum}, {"construction", construction ? construction->steps : 0},
                        {"tries", tries}, {"marks", marks}});
      } else {
        fmt::print("| {} | {} | {} | {} | {} | {} |{} |\n", p.grid.describe(), rule_name, lower, optimum,
                   construction ? fmt::format("{}", construction->steps) : std::string("-"), tries, marks);
        std::fflush(stdout);
      }
    }
  }
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

// Store-and-forward, full-port, non-combining gossip on 2-D tori up to 6x6
// and 3-D tori up to 3x3x4: the optimum against the counting bound
// ceil((P-1)/deg) (Soch-Tvrdik on 2-D tori).
int search_gossip_table(bool json, double timeout) {
  std::vector<std::vector<uint32_t>> sizes;
  for (uint32_t a = 2; a <= 6; ++a)
    for (uint32_t b = a; b <= 6; ++b) sizes.push_back({a, b});
  sizes.push_back({2, 2, 2});
  sizes.push_back({2, 2, 3});
  sizes.push_back({2, 3, 3});
  sizes.push_back({3, 3, 3});
  sizes.push_back({3, 3, 4});
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("# Gossip optima on small tori (store-and-forward, full-port, non-combining), found by `schedcheck search`\n\n");
    fmt::print("Each optimum comes with a witness the core verified. Time limit per size: {:g} s.\n\n", timeout);
    fmt::print("| torus | P | lower bound | optimum | seconds | tries (steps: answer, seconds) |\n|---|---|---|---|---|---|\n");
  }
  int code = 0;
  for (const auto& sz : sizes) {
    search::GossipProblem p;
    p.grid.sizes = sz;
    const std::string header = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective gossip\n",
                                           p.grid.describe(), search::gossip_model_line(p));
    const uint32_t lower = lower_bound_of(header);
    search::SearchLimits limits;
    limits.timeout_seconds = timeout;
    const auto t0 = std::chrono::steady_clock::now();
    const search::SearchReport r = search::search_gossip(p, lower, lower + 16, limits);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::string tries;
    for (const auto& a : r.attempts)
      tries += fmt::format("{}{}: {} {:.2f}", tries.empty() ? "" : "; ", a.steps, search::outcome_name(a.outcome),
                           a.seconds);
    std::string optimum = "unknown";
    if (r.witness_steps) {
      const std::string witness = fmt::format("{}{}", header, r.witness);
      LineSource wl{std::string_view(witness)};
      Diagnostics wd("witness", 1);
      Header wh;
      if (!check_schedule(wl, wh, wd).verified) code = 1;
      const bool proven = *r.witness_steps == lower ||
                          (r.attempts.size() >= 2 && r.attempts[r.attempts.size() - 2].outcome == search::Outcome::unsat);
      optimum = fmt::format("{}{}", proven ? "" : "<= ", *r.witness_steps);
    }
    if (json) {
      rows.push_back({{"torus", p.grid.describe()}, {"nodes", p.grid.node_count()}, {"lower_bound", lower},
                      {"optimum", optimum}, {"seconds", seconds}, {"tries", tries}});
    } else {
      fmt::print("| {} | {} | {} | {} | {:.2f} | {} |\n", p.grid.describe(), p.grid.node_count(), lower, optimum,
                 seconds, tries);
      std::fflush(stdout);
    }
  }
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

}  // namespace

int print_table(const std::string& name, bool json, double timeout) {
  if (name == "broadcast-allport") return broadcast_allport(json);
  if (name == "search-broadcast") return search_broadcast_table(json, timeout);
  if (name == "search-gossip") return search_gossip_table(json, timeout);
  fmt::print(stderr, "schedcheck: error: no table '{}' (tables: broadcast-allport, search-broadcast, search-gossip)\n",
             name);
  return 2;
}

}  // namespace schedcheck::cli

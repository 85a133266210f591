// Tables: broadcast-allport (Lemma 1), search-broadcast and search-gossip (optima), meyer-sibeyn-2 (MS Table 2).
#include "table.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "broadcast_search.hpp"
#include "gossip_search.hpp"
#include "ti_gossip_search.hpp"
#include "check_text.hpp"
#include "checker.hpp"
#include "generator.hpp"
#include "jrs_table.hpp"
#include "scatter_gather_table.hpp"

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
  const Verdict v = check_text(schedule).verdict;
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
  const Verdict empty = check_text(header).verdict;
  return empty.best ? static_cast<uint32_t>(std::max<uint64_t>(empty.best->steps, 1)) : 1;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One search of a table row: the optimum as far as it is proven, with the
// solver's tries; `rejected` when the core does not verify the witness.
struct Searched {
  std::string optimum = "unknown";
  std::string tries;
  double seconds = 0;
  std::optional<uint32_t> steps;  // the witness's
  bool proven = false;            // the witness's count is the optimum
  bool rejected = false;
};

// The witness is checked against `header` plus its step count as a claim
// (and `claim_extra`, e.g. " time-independent=yes"); seconds print with
// `decimals` digits.
Searched searched(const search::SearchReport& r, const std::string& header, const std::string& claim_extra,
                  uint32_t lower, double seconds, int decimals) {
  Searched s;
  s.seconds = seconds;
  for (const auto& a : r.attempts)
    s.tries += fmt::format("{}{}: {} {:.{}f}", s.tries.empty() ? "" : "; ", a.steps, search::outcome_name(a.outcome),
                           a.seconds, decimals);
  uint32_t refuted = 0;
  for (const auto& a : r.attempts)
    if (a.outcome == search::Outcome::unsat) refuted = a.steps;
  if (!r.witness_steps) {
    if (refuted) s.optimum = fmt::format("> {} (unknown)", refuted);
    return s;
  }
  const std::string witness = fmt::format("{}claim steps={}{}\n{}", header, *r.witness_steps, claim_extra, r.witness);
  s.rejected = !check_text(witness).verdict.verified;
  s.steps = r.witness_steps;
  s.proven = *r.witness_steps == lower || refuted + 1 == *r.witness_steps;
  s.optimum = fmt::format("{}{}", s.proven ? "" : "<= ", *r.witness_steps);
  return s;
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
      const Searched found = searched(r, header, "", lower, 0, 1);
      const std::string& optimum = found.optimum;
      const std::string& tries = found.tries;
      std::string marks;
      if (found.rejected) {
        marks += " WITNESS-REJECTED";
        code = 1;
      }
      if (found.steps && construction && *found.steps < construction->steps &&
          rule == search::RouteRule::dimension_order)
        marks += " construction-not-optimal";
      if (found.proven && *found.steps > lower) marks += " lemma-1-not-reached";
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
// ceil((P-1)/deg) (Soch-Tvrdik on 2-D tori), and the fewest steps with
// time-independent forwarding (one packet per PU, property 9), each
// searched from that bound up.
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
    fmt::print("Each optimum comes with a witness the core verified; the time-independent one also with the core's\n"
               "check of its forwarding maps. Time limit per size and search: {:g} s.\n\n", timeout);
    fmt::print("| torus | P | lower bound | optimum | seconds | tries (steps: answer, seconds) "
               "| time-independent | seconds | tries |\n|---|---|---|---|---|---|---|---|---|\n");
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
    auto t0 = std::chrono::steady_clock::now();
    const search::SearchReport any = search::search_gossip(p, lower, lower + 16, limits);
    const Searched free = searched(any, header, "", lower, seconds_since(t0), 2);
    t0 = std::chrono::steady_clock::now();
    const search::SearchReport fixed_maps = search::search_time_independent_gossip(p.grid, lower, lower + 16, limits);
    const Searched fixed = searched(fixed_maps, header, " time-independent=yes", lower, seconds_since(t0), 2);
    if (free.rejected || fixed.rejected) code = 1;
    if (json) {
      rows.push_back({{"torus", p.grid.describe()}, {"nodes", p.grid.node_count()}, {"lower_bound", lower},
                      {"optimum", free.optimum}, {"seconds", free.seconds}, {"tries", free.tries},
                      {"time_independent", {{"optimum", fixed.optimum}, {"seconds", fixed.seconds}, {"tries", fixed.tries}}}});
    } else {
      fmt::print("| {} | {} | {} | {}{} | {:.2f} | {} | {}{} | {:.2f} | {} |\n", p.grid.describe(),
                 p.grid.node_count(), lower, free.optimum, free.rejected ? " WITNESS-REJECTED" : "", free.seconds,
                 free.tries, fixed.optimum, fixed.rejected ? " WITNESS-REJECTED" : "", fixed.seconds, fixed.tries);
      std::fflush(stdout);
    }
  }
  if (json) fmt::print("{}\n", rows.dump());
  return code;
}

// ---------------------------------------------------------------------------
// meyer-sibeyn-2: Table 2 of Meyer-Sibeyn, Section 5 (specs/table-meyer-sibeyn-2.md).
// ---------------------------------------------------------------------------

// A generated schedule as the core judged it.
struct Streamed {
  Verdict verdict;
  std::string problem;  // why it is not verified (the first diagnostic or the generator's error); empty when it is
};

// Runs generator `name` into a pipe while the core checks the other end: a
// 64x64 gossip is hundreds of MB of text that need never be held in memory,
// and writing and checking overlap.
Streamed stream_and_check(const std::string& name, const gen::Torus& torus) {
  Streamed result;
  const gen::Generator* g = gen::find_generator(name);
  gen::Request request{torus};
  gen::Claim claim;
  std::string error;
  if (!g || !g->claim(request, claim, error)) {
    result.problem = g ? error : "no such generator";
    return result;
  }
  int fds[2];
  if (::pipe(fds) != 0) {
    result.problem = fmt::format("pipe: {}", std::strerror(errno));
    return result;
  }
  // Large writes into a large pipe: the two threads then trade the CPU a few
  // hundred times per schedule instead of once per page.
  constexpr int chunk = 1 << 20;
  ::fcntl(fds[1], F_SETPIPE_SZ, chunk);  // a hint: the default size works, only slower
  std::string writer_error;
  std::thread writer([&] {
    std::FILE* out = ::fdopen(fds[1], "w");
    if (!out) {
      writer_error = fmt::format("fdopen: {}", std::strerror(errno));
      ::close(fds[1]);
      return;
    }
    std::setvbuf(out, nullptr, _IOFBF, chunk);
    try {
      gen::ScheduleText text(out, torus, gen::Coord(torus.dimensions(), 0), true);
      text.header(g->model, g->collective.empty() ? "broadcast source 0" : g->collective, claim);
      g->write(request, text);
    } catch (const std::exception& e) {
      writer_error = e.what();
    }
    std::fclose(out);
  });
  {
    LineSource source(fds[0]);
    Diagnostics diag(fmt::format("{}({})", name, torus.describe()), 1);
    Header header;
    CheckOptions options;
    options.per_step_stats = false;
    result.verdict = check_schedule(source, header, diag, options);
    if (!diag.kept().empty()) result.problem = diag.format(diag.kept().front());
  }
  // The core stops at its first error; the writer must still be able to finish.
  char sink[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fds[0], sink, sizeof sink);
    if (got > 0 || (got < 0 && errno == EINTR)) continue;
    break;
  }
  writer.join();
  ::close(fds[0]);
  if (!writer_error.empty()) result.problem = "the generator failed: " + writer_error;
  if (result.problem.empty() && !result.verdict.verified) result.problem = "not verified";
  return result;
}

// The core's in-degree bound for full-port store-and-forward non-combining
// gossip on the n x n torus, ceil((P-1)/4), which is the Soch-Tvrdik optimum
// there; as `schedcheck bound gossip` gives it, from the header alone. Taken
// by name: on small tori the distance bound can be as large and come first.
std::optional<LowerBound> soch_tvrdik_bound(uint32_t n) {
  const std::string text = fmt::format(
      "schedcheck 1\ntopology torus {}x{}\nmodel store-and-forward all-port non-combining\ncollective gossip\n", n, n);
  for (const LowerBound& b : check_text(text).verdict.bounds)
    if (b.name == "gossip-all-port-non-combining") return b;
  return std::nullopt;
}

constexpr uint32_t table2_n[3] = {4, 16, 64};
constexpr double table2_r[3] = {0.01, 0.1, 1};
constexpr const char* table2_r_text[3] = {"0.01", "0.1", "1"};
constexpr const char* table2_algorithm[3] = {"[14] Soch-Tvrdik", "Section 3", "Section 4"};

// Table 2 as printed: [n][algorithm][r, then d = 2 before d = 3].
constexpr long table2_paper[3][3][6] = {
    {{4, 11, 4, 12, 8, 21}, {4, 11, 5, 14, 12, 43}, {6, 19, 7, 21, 12, 37}},
    {{65, 689, 70, 751, 128, 1365}, {65, 702, 77, 887, 192, 2730}, {73, 818, 79, 891, 144, 1620}},
    {{1034, 44110, 1126, 48041, 2048, 87346},
     {1044, 44958, 1229, 56754, 3072, 174719},
     {1067, 46152, 1162, 50264, 2112, 91390}},
};

// The paper's cost formulas of Section 5, T_stv, T_opt and T_one (the last
// as printed, without the + 2 of its step count). `third` and `sixth` stand
// for 1/3 and 1/6 where d = 3, to test how the paper evaluated them.
double paper_formula(int algorithm, double n, uint32_t d, double r, double third, double sixth) {
  const double nd = std::pow(n, d);
  const double inverse_d = d == 3 ? third : 1.0 / d;
  switch (algorithm) {
    case 0: return nd * (d == 3 ? sixth : 1.0 / (2 * d)) * (1 + r);
    case 1: return nd / 2 * (inverse_d + r);
    default: return std::pow(n, d - 1) / 2 * (n * inverse_d + 1) * (1 + r);
  }
}

// Section 3 with d = 3 is checked up to this n: 64x64x64 would take the
// search for three Hamiltonian cycles hours (it grows about with P^2), and
// its schedule has about 2^37 packet-hops.
constexpr uint32_t table2_largest_3d_checked = 16;

// Our steps for one algorithm, n and d: what they come from, and the packet
// each PU sends per step, as a fraction of s.
struct Table2Steps {
  double steps = 0;
  char mark = 'F';
  uint32_t packet_divisor = 1;  // packets of size s / packet_divisor
  std::string source;
};

int meyer_sibeyn_2(bool json) {
  Table2Steps steps[3][3][2];  // [n][algorithm][d - 2]
  for (int ni = 0; ni < 3; ++ni) {
    const uint32_t n = table2_n[ni];
    const double nn = n;
    const gen::Torus torus{{n, n}};
    const std::optional<LowerBound> bound = soch_tvrdik_bound(n);
    if (!bound) {
      fmt::print(stderr, "schedcheck: error: the core gives no gossip-all-port-non-combining bound on torus {}x{}\n",
                 n, n);
      return 2;
    }
    steps[ni][0][0] = {static_cast<double>(bound->steps), 'L', 1,
                       fmt::format("the core's lower bound {}, {} ({})", bound->name, bound->formula, bound->source)};
    const char* const generators[2] = {"gossip-hamiltonian-2d", "gossip-onepacket-2d"};
    for (int a = 1; a <= 2; ++a) {
      const Streamed s = stream_and_check(generators[a - 1], torus);
      if (!s.problem.empty()) {
        fmt::print(stderr, "schedcheck: error: {} on torus {} is not VERIFIED: {}\n", generators[a - 1],
                   torus.describe(), s.problem);
        return 2;
      }
      steps[ni][a][0] = {static_cast<double>(s.verdict.steps), 'C', a == 1 ? 2U : 1U,
                         fmt::format("{} on torus {}: VERIFIED, forwarding {}", generators[a - 1], torus.describe(),
                                     to_string(s.verdict.forwarding.kind))};
    }
    const double cube = nn * nn * nn;
    steps[ni][0][1] = {cube / 6, 'F', 1, "n^3/6 (the paper's n^d/(2d))"};
    steps[ni][1][1] = {cube / 2, 'F', 3, "n^3/2 (not built: gossip-hamiltonian-3d's search grows about with P^2)"};
    if (n <= table2_largest_3d_checked) {
      const gen::Torus cube_torus{{n, n, n}};
      const Streamed s = stream_and_check("gossip-hamiltonian-3d", cube_torus);
      if (!s.problem.empty()) {
        fmt::print(stderr, "schedcheck: error: gossip-hamiltonian-3d on torus {} is not VERIFIED: {}\n",
                   cube_torus.describe(), s.problem);
        return 2;
      }
      steps[ni][1][1] = {static_cast<double>(s.verdict.steps), 'C', 3,
                         fmt::format("gossip-hamiltonian-3d on torus {}: VERIFIED, forwarding {}",
                                     cube_torus.describe(), to_string(s.verdict.forwarding.kind))};
    }
    steps[ni][2][1] = {cube / 6 + nn * nn / 2 + 2, 'F', 1,
                       "n^3/6 + n^2/2 + 2 (Section 5; gossip-rods-3d needs n1 a multiple of 3)"};
  }

  // How the paper's values follow its own formulas, rounded to the nearest unit.
  int exact_matches = 0, truncated_matches = 0, with_plus_two = 0;
  std::vector<std::string> off_exact;
  for (int ni = 0; ni < 3; ++ni)
    for (int a = 0; a < 3; ++a)
      for (int ri = 0; ri < 3; ++ri)
        for (uint32_t d = 2; d <= 3; ++d) {
          const long paper = table2_paper[ni][a][2 * ri + d - 2];
          const double n = table2_n[ni], r = table2_r[ri];
          const double formula = paper_formula(a, n, d, r, 1.0 / 3, 1.0 / 6);
          const long exact = std::lround(formula);
          exact_matches += exact == paper;
          truncated_matches += std::lround(paper_formula(a, n, d, r, 0.333, 0.1666)) == paper;
          if (a == 2) with_plus_two += std::lround(formula + 2 * (1 + r)) == paper;
          if (exact != paper)
            off_exact.push_back(fmt::format("n={} {} r={} d={}: paper {}, formula {:.2f}", table2_n[ni],
                                            table2_algorithm[a], table2_r_text[ri], d, paper, formula));
        }

  auto ours_of = [&](int ni, int a, int ri, uint32_t d) {
    const Table2Steps& s = steps[ni][a][d - 2];
    return s.steps * (1.0 / s.packet_divisor + table2_r[ri]);
  };

  if (json) {
    nlohmann::json rows = nlohmann::json::array();
    for (int ni = 0; ni < 3; ++ni)
      for (int a = 0; a < 3; ++a)
        for (int ri = 0; ri < 3; ++ri)
          for (uint32_t d = 2; d <= 3; ++d) {
            const Table2Steps& s = steps[ni][a][d - 2];
            const double ours = ours_of(ni, a, ri, d);
            const long paper = table2_paper[ni][a][2 * ri + d - 2];
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
                            {"paper_formula", paper_formula(a, table2_n[ni], d, table2_r[ri], 1.0 / 3, 1.0 / 6)}});
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
            const long paper = table2_paper[ni][a][2 * ri + d - 2];
            const long ours = std::lround(ours_of(ni, a, ri, d));
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
        const Table2Steps& s = steps[ni][a][d - 2];
        const bool whole = s.steps == std::floor(s.steps);
        fmt::print("{:>3} {:>2}  {:<17} {:>9} {:<4} {:<6} {}\n", table2_n[ni], d, table2_algorithm[a],
                   whole ? fmt::format("{}", static_cast<uint64_t>(s.steps)) : fmt::format("{:.2f}", s.steps),
                   s.mark, s.packet_divisor == 1 ? "s" : fmt::format("s/{}", s.packet_divisor), s.source);
      }

  fmt::print("\nthe paper's values against its own formulas T_stv, T_opt, T_one (Section 5), rounded to the nearest "
             "unit:\n");
  fmt::print("  as printed, 1/3 and 1/6 exact: {} of 54 cells; the others:\n", exact_matches);
  for (const std::string& cell : off_exact) fmt::print("    {}\n", cell);
  fmt::print("  with 1/3 taken as 0.333 and 1/6 as 0.1666 where d = 3: {} of 54 cells\n", truncated_matches);
  fmt::print("  Section 4 with the + 2 of its step count n^d/(2d) + n^d/(2n) + 2: {} of 18 cells\n", with_plus_two);
  return 0;
}

}  // namespace

int print_table(const std::string& name, bool json, double timeout) {
  if (name == "broadcast-allport") return broadcast_allport(json);
  if (name == "search-broadcast") return search_broadcast_table(json, timeout);
  if (name == "search-gossip") return search_gossip_table(json, timeout);
  if (name == "meyer-sibeyn-2") return meyer_sibeyn_2(json);
  if (name == "scatter-gather") return scatter_gather_table(json, timeout);
  if (name == "gather") return gather_table(json, timeout);
  if (name == "multiport") return multiport_table(json);
  if (name == "jrs-1") return jrs_table_1(json);
  if (name == "jrs-2") return jrs_table_2(json);
  if (name == "jrs-3") return jrs_table_3(json);
  fmt::print(stderr,
             "schedcheck: error: no table '{}' (tables: broadcast-allport, search-broadcast, search-gossip, "
             "meyer-sibeyn-2, scatter-gather, gather, multiport, jrs-1, jrs-2, jrs-3)\n",
             name);
  return 2;
}

}  // namespace schedcheck::cli

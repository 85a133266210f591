// `bound time-independent-gossip`: options and printing of Meyer-Sibeyn's Section 2 and of the surveys of all cycle pairs.
//
// The figures come from lemmas/time_independent_bound.hpp. The derivation prints what the paper's Example 1 prints: sets that depend
// on nodes the --cycle window does not show are printed as "⊇ {...}" and
// their sizes as ">=". Details go to stderr and one BOUND line to stdout, as
// for the other bounds; --json prints one object instead.
#include "time_independent_command.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command_output.hpp"
#include "grid_spec.hpp"
#include "time_independent_bound.hpp"
#include "two_cycle_gossip.hpp"

namespace schedcheck::cli {
namespace {

namespace two_cycle = lemmas::two_cycle;
using two_cycle::KnownSet;

constexpr int exit_holds = 0;
constexpr int exit_refuted = 1;

// The surveys try every cycle, so they stop where a run takes seconds: K_12
// (1.8 million cycles) takes about 2 s, K_13 twelve times as many cycles;
// the 6x6 torus (485472 pairs) takes about 3 s.
constexpr uint32_t largest_complete_graph = 12;
constexpr uint32_t largest_torus = 36;
constexpr uint32_t largest_derivation = 1u << 24;

// "35 11 7" (blanks: spaces or tabs) to node indices; nullopt with `error` naming --cycle.
std::optional<std::vector<uint32_t>> node_list(const std::string& text, std::string& error) {
  std::vector<uint32_t> out;
  size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ' ' || text[at] == '\t') {
      ++at;
      continue;
    }
    size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    const std::string word = text.substr(at, end - at);
    uint64_t v = 0;
    if (!whole_number(word, v) || v > UINT32_MAX) {
      error = fmt::format("--cycle: '{}' is not a node index (expected blank-separated whole numbers)", word);
      return std::nullopt;
    }
    out.push_back(static_cast<uint32_t>(v));
    at = end;
  }
  if (out.empty()) error = "--cycle: no nodes given";
  return out.empty() ? std::nullopt : std::optional(out);
}

std::string listed(const std::vector<uint32_t>& v) { return fmt::format("{{{}}}", fmt::join(v, ", ")); }

// Ascending runs of three or more as "a..b", the way the paper writes A_i.
std::string as_runs(const std::vector<uint32_t>& v) {
  std::vector<std::string> parts;
  for (size_t at = 0; at < v.size();) {
    size_t end = at + 1;
    while (end < v.size() && v[end] == v[end - 1] + 1) ++end;
    if (end - at >= 3) {
      parts.push_back(fmt::format("{}..{}", v[at], v[end - 1]));
    } else {
      for (size_t k = at; k < end; ++k) parts.push_back(std::to_string(v[k]));
    }
    at = end;
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

// "= {...}" when the set is known exactly, "⊇ {...}" when the window shows only part of it.
std::string known(const KnownSet& s) { return fmt::format("{} {}", s.exact ? "=" : "⊇", listed(s.elements)); }
std::string at_least(const KnownSet& s, uint32_t size) { return fmt::format("{} {}", s.exact ? "=" : ">=", size); }

// P/10 as the paper's threshold: "4" for P = 40, "3.3" for P = 33.
std::string tenth(uint32_t P) {
  return P % 10 == 0 ? std::to_string(P / 10) : fmt::format("{}.{}", P / 10, P % 10);
}

nlohmann::json known_json(const KnownSet& s) { return {{"elements", s.elements}, {"exact", s.exact}}; }

// --P N --i I --cycle "...".
int derive_one(const Arguments& args, uint32_t P) {
  const auto i_text = args.value("--i");
  if (!i_text) return program_error("bound time-independent-gossip: --cycle needs --i (the PU i of Section 2)");
  uint64_t i_value = 0;
  if (!whole_number(*i_text, i_value) || i_value >= P)
    return program_error(fmt::format("--i '{}': expected a PU from 0 to P-1 = {}", *i_text, P - 1));
  const auto i = static_cast<uint32_t>(i_value);
  std::string error;
  auto order = node_list(*args.value("--cycle"), error);
  if (!order) return program_error(error);
  auto cycle = two_cycle::known_cycle(P, std::move(*order), error);
  if (!cycle) return program_error("--cycle: " + error);
  if (!cycle->shows(i)) return program_error(fmt::format("--cycle: i = {} (--i) is not in the window", i));
  const uint32_t h = two_cycle::quarter(P);
  if (!cycle->whole()) {
    const int64_t before = cycle->position[i], after = static_cast<int64_t>(cycle->order.size()) - 1 - before;
    if (before < h || after < h)
      return program_error(fmt::format(
          "--cycle: B_{} needs the P/4 = {} nodes on each side of {} on the second cycle; the window shows {} "
          "before and {} after it (give the whole cycle, or a window of at least 2*P/4+1 = {} nodes around {})",
          i, h, i, before, after, 2 * h + 1, i));
  }
  const lemmas::PairBound bound = lemmas::pair_bound(*cycle, i);
  const two_cycle::Derivation& d = bound.derivation;
  const auto& shared = bound.shared_edges;
  const uint64_t theorem = bound.theorem_bound;
  const uint32_t k_i = bound.k_i;
  const std::optional<uint32_t>& steps = bound.steps;
  const std::optional<uint32_t>& largest_k = bound.largest_k;
  const bool refuted = bound.refuted;

  if (args.flag("--json")) {
    nlohmann::json j;
    j["collective"] = "time-independent-gossip";
    j["P"] = P;
    j["i"] = i;
    j["quarter"] = h;
    j["window"] = cycle->order.size();
    j["whole_cycle"] = cycle->whole();
    j["A_i"] = d.A_i;
    j["complement_A_i"] = d.complement_A_i;
    j["B_i"] = known_json(d.B_i);
    j["A_i_cap_B_i_minus_i"] = known_json(d.A_B_i);
    j["k_i"] = k_i;
    j["C_i"] = d.C_i;
    if (d.i_prime) {
      j["i_prime"] = *d.i_prime;
      j["median_position"] = d.median;
      j["A_i_prime"] = d.A_i_prime;
      j["B_i_prime"] = known_json(d.B_i_prime);
      j["A_i_prime_cap_B_i_prime"] = known_json(d.A_B_i_prime);
      j["k_i_prime"] = {{"value", d.k_i_prime}, {"exact", d.B_i_prime.exact}};
    }
    nlohmann::json edges = nlohmann::json::array();
    for (const auto& [a, b] : shared) edges.push_back({a, b});
    j["shared_edges"] = edges;
    j["theorem_1_bound"] = theorem;
    j["counting_bound"] = bound.counting_bound;
    if (steps) {
      j["gossip_steps"] = *steps;
      j["largest_k"] = *largest_k;
    }
    fmt::print("{}\n", j.dump());
    return refuted ? exit_refuted : exit_holds;
  }

  fmt::print(stderr, "Meyer-Sibeyn, Section 2: P = {}, i = {}, P/4 = {} (rounded down); the second cycle {}\n", P, i,
             h,
             cycle->whole() ? std::string("is given whole")
                            : fmt::format("is known on {} consecutive nodes", cycle->order.size()));
  fmt::print(stderr, "  A_{} = {}\n", i, as_runs(d.A_i));
  fmt::print(stderr, "  complement(A_{}) = {}\n", i, as_runs(d.complement_A_i));
  fmt::print(stderr, "  B_{} {}\n", i, known(d.B_i));
  fmt::print(stderr, "  A_{} ∩ B_{} \\ {{{}}} {}\n", i, i, i, known(d.A_B_i));
  if (bound.k_i_reaches_tenth)
    fmt::print(stderr,
               "  k_{} = {} >= P/10 = {}: PU {} itself has enough multi-receives; i' as the proof would choose it:\n", i,
               k_i, tenth(P), i);
  else
    fmt::print(stderr, "  k_{} = {} < P/10 = {}, so i' is chosen\n", i, k_i, tenth(P));
  if (d.C_i.empty()) {
    fmt::print(stderr, "  C_{} = complement(A_{}) ∩ B_{} is empty: there is no i'\n", i, i, i);
  } else {
    fmt::print(stderr, "  C_{} = complement(A_{}) ∩ B_{} = {}  (from {}, the smallest element larger than {})\n",
               i, i, i, listed(d.C_i), d.C_i.front(), i);
    fmt::print(stderr, "  |C_{}| = {}\n", i, d.C_i.size());
    const uint32_t ip = *d.i_prime;
    fmt::print(stderr, "  i' = {}  (the median: element {} of {})\n", ip, d.median, d.C_i.size());
    fmt::print(stderr, "  A_{} = {}\n", ip, as_runs(d.A_i_prime));
    fmt::print(stderr, "  B_{} {}\n", ip, known(d.B_i_prime));
    fmt::print(stderr, "  A_{} ∩ B_{} {}\n", ip, ip, known(d.A_B_i_prime));
    fmt::print(stderr, "  k_{} = |A_{} ∩ B_{} \\ {{{}}}| {}  (P/10 = {})\n", ip, ip, ip, ip,
               at_least(d.B_i_prime, d.k_i_prime), tenth(P));
  }
  fmt::print(stderr,
             "  Theorem 1: ceil(11/40*P - 1) = ceil(11*{}/40 - 1) = {} steps; counting bound ceil((P-1)/4) = {}\n", P,
             theorem, bound.counting_bound);
  if (steps)
    fmt::print(stderr, "  gossip along both cycles: {} steps; the largest k_i over all i is {}\n", *steps, *largest_k);
  if (!shared.empty()) {
    std::vector<std::string> edges;
    for (const auto& [a, b] : shared) edges.push_back(fmt::format("{}-{}", a, b));
    fmt::print(stderr,
               "schedcheck: note: --cycle: the second cycle shares {} edge(s) with the first ({}): the cycles are not "
               "edge-disjoint there, and Theorem 1 speaks only of edge-disjoint cycles\n",
               shared.size(), fmt::join(edges, ", "));
  }

  std::string summary = fmt::format("i = {}: k_{} = {}", i, i, k_i);
  if (d.i_prime)
    summary += fmt::format(", |C_{}| = {}, i' = {}, k_{} {}", i, d.C_i.size(), *d.i_prime, *d.i_prime,
                           at_least(d.B_i_prime, d.k_i_prime));
  if (steps) summary += fmt::format("; the pair gossips in {} steps", *steps);
  fmt::print("BOUND time-independent-gossip, P = {}: {} steps (Meyer-Sibeyn, Theorem 1){}; {}\n", P, theorem,
             refuted ? ", BEATEN by this pair" : "", summary);
  return refuted ? exit_refuted : exit_holds;
}

// A survey's figures: text on stderr and one BOUND line, or one JSON object.
// `node_names` names the graph's nodes where the first cycle is not simply
// 0, 1, ..., P-1 (the torus); it is empty for K_N.
int report_survey(const Arguments& args, const std::string& graph, const two_cycle::Survey& s,
                  const std::vector<std::string>& node_names) {
  const lemmas::SurveyBound bound = lemmas::survey_bound(s);
  const uint64_t theorem = bound.theorem_bound;
  const bool refuted = bound.refuted;
  auto first_names = [&](const two_cycle::CyclePair& pair) {
    std::vector<std::string> names;
    for (uint32_t v : pair.first) names.push_back(node_names[v]);
    return names;
  };
  auto pair_json = [&](const two_cycle::CyclePair& pair) {
    nlohmann::json j{{"second", pair.second}, {"steps", pair.steps}, {"largest_k", pair.largest_k}};
    if (!node_names.empty()) j["first"] = first_names(pair);
    return j;
  };
  if (args.flag("--json")) {
    nlohmann::json j{{"collective", "time-independent-gossip"}, {"graph", graph},       {"P", s.P},
                     {"pairs", s.pairs},                         {"counting_bound", bound.counting_bound},
                     {"theorem_1_bound", theorem}};
    if (s.pairs > 0) {
      j["fewest_steps"] = s.fewest_steps;
      j["pairs_with_fewest"] = s.pairs_with_fewest;
      j["most_steps"] = s.most_steps;
      j["pairs_at_counting_bound"] = s.pairs_at_counting_bound;
      j["fewest_largest_k"] = s.fewest_largest_k;
      j["pairs_without_tenth"] = s.pairs_without_tenth;
      j["every_pair_meets_theorem_1"] = !refuted;
      j["fastest_pair"] = pair_json(*s.fastest);
      if (s.beating) j["beating_pair"] = pair_json(*s.beating);
    }
    fmt::print("{}\n", j.dump());
    return refuted ? exit_refuted : exit_holds;
  }
  fmt::print(stderr, "time-independent gossip on every pair of edge-disjoint Hamiltonian cycles of {} (P = {}):\n",
             graph, s.P);
  fmt::print(stderr, "  pairs: {} (each unordered pair once)\n", s.pairs);
  if (s.pairs == 0) {
    fmt::print("BOUND time-independent-gossip on {} (P = {}): no pair of edge-disjoint Hamiltonian cycles\n", graph,
               s.P);
    return exit_holds;
  }
  fmt::print(stderr, "  steps: fewest {} ({} pairs), most {}\n", s.fewest_steps, s.pairs_with_fewest, s.most_steps);
  fmt::print(stderr, "  counting bound ceil((P-1)/4) = {}: met by {} pairs\n", bound.counting_bound,
             s.pairs_at_counting_bound);
  fmt::print(stderr, "  Theorem 1 bound ceil(11P/40 - 1) = {}: {}\n", theorem,
             refuted ? "BEATEN by the pair below" : "every pair needs at least that");
  fmt::print(stderr, "  largest k_i (P/4 = {}): at least {} in every pair; pairs in which every k_i < P/10 = {}: {}\n",
             two_cycle::quarter(s.P), s.fewest_largest_k, tenth(s.P), s.pairs_without_tenth);
  auto print_pair = [&](const char* what, const two_cycle::CyclePair& pair) {
    fmt::print(stderr, "  {} ({} steps, largest k_i {}):\n", what, pair.steps, pair.largest_k);
    if (!node_names.empty()) fmt::print(stderr, "    first cycle: {}\n", fmt::join(first_names(pair), " "));
    fmt::print(stderr, "    second cycle, numbered along the first: --P {} --i 0 --cycle \"{}\"\n", s.P,
               fmt::join(pair.second, " "));
  };
  print_pair("a fastest pair", *s.fastest);
  if (s.beating) print_pair("a pair faster than Theorem 1 allows", *s.beating);
  fmt::print("BOUND time-independent-gossip on {} (P = {}): {} pairs, fewest {} steps, most {}; Theorem 1 bound {} {}\n",
             graph, s.P, s.pairs, s.fewest_steps, s.most_steps, theorem, refuted ? "FAILS" : "holds for every pair");
  return refuted ? exit_refuted : exit_holds;
}

int survey_torus(const Arguments& args) {
  std::string error;
  const auto g = parse_grid_spec(*args.value("--topology"), {"torus"}, largest_torus, error);
  if (!g) return program_error(error);
  if (g->sizes.size() != 2 || g->sizes[0] < 3 || g->sizes[1] < 3)
    return program_error(fmt::format("--topology '{}': time-independent-gossip surveys 2-D tori torus:AxB with A, B >= 3 "
                                     "(two edge-disjoint Hamiltonian cycles cover every link there)",
                                     *args.value("--topology")));
  const uint32_t n1 = g->sizes[0], n2 = g->sizes[1];
  if (n1 * n2 > largest_torus)
    return program_error(fmt::format("--topology '{}': {} nodes; the exhaustive survey takes at most {}", 
                                     *args.value("--topology"), n1 * n2, largest_torus));
  std::vector<std::string> names;
  for (uint32_t v = 0; v < n1 * n2; ++v) names.push_back(fmt::format("({},{})", v % n1, v / n1));
  return report_survey(args, fmt::format("torus {}x{}", n1, n2), two_cycle::survey_torus(n1, n2), names);
}

}  // namespace

int run_time_independent_bound(const Arguments& args) {
  for (const char* fixed : {"--model", "--source", "--root", "--parts"})
    if (args.flag(fixed))
      return program_error(fmt::format("bound time-independent-gossip takes no {}: the model is fixed "
                                       "(store-and-forward, all-port, one packet per PU, forwarding along two "
                                       "Hamiltonian cycles)",
                                       fixed));
  const bool has_P = args.flag("--P"), has_cycle = args.flag("--cycle");
  if (args.flag("--topology")) {
    if (has_P || has_cycle || args.flag("--i"))
      return program_error("bound time-independent-gossip: --topology surveys a torus; it takes no --P, --i or --cycle");
    return survey_torus(args);
  }
  if (!has_P)
    return program_error("bound time-independent-gossip needs --P N (with --i and --cycle, or alone for K_N) or "
                         "--topology torus:AxB");
  const std::string P_text = *args.value("--P");
  uint64_t P_value = 0;
  if (!whole_number(P_text, P_value) || P_value < 3 || P_value > UINT32_MAX)
    return program_error(fmt::format("--P '{}': expected a whole number of at least 3", P_text));
  const auto P = static_cast<uint32_t>(P_value);
  // The sets are lists of up to P/2 nodes, and the window is indexed by node.
  if (has_cycle && P > largest_derivation)
    return program_error(fmt::format("--P {}: --cycle takes at most P = {}", P, largest_derivation));
  if (has_cycle) return derive_one(args, P);
  if (args.flag("--i")) return program_error("bound time-independent-gossip: --i needs --cycle (the second cycle)");
  if (P > largest_complete_graph)
    return program_error(fmt::format("--P {}: without --cycle every second cycle on K_{} is enumerated, which is done "
                                     "only up to P = {}",
                                     P, P, largest_complete_graph));
  return report_survey(args, fmt::format("K_{}", P), two_cycle::survey_complete_graph(P), {});
}

}  // namespace schedcheck::cli

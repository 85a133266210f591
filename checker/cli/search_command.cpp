// Search command: instance from the options, the climb, the core's re-check of the witness, the verdict.
#include "search_command.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "broadcast_search.hpp"
#include "flit_search.hpp"
#include "gossip_search.hpp"
#include "sf_scatter_search.hpp"
#include "solver_memory.hpp"
#include "ti_gossip_search.hpp"
#include "hamiltonian_search.hpp"
#include "check_text.hpp"
#include "command_output.hpp"
#include "checker.hpp"
#include "grid_spec.hpp"
#include "topology_option.hpp"
#include "diagnostic.hpp"
#include "lower_bounds.hpp"
#include "model.hpp"
#include "proven.hpp"
#include "reader.hpp"

namespace schedcheck::cli {

namespace {

constexpr int exit_decided = exit_verified;

std::optional<uint32_t> count_option(const Arguments& args, const char* name, std::string& error) {
  const auto v = args.value(name);
  if (!v) return std::nullopt;
  uint32_t n = 0;
  auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
  if (ec == std::errc::result_out_of_range && end == v->data() + v->size())
    error = fmt::format("{} {} is out of range (at most {})", name, *v, UINT32_MAX);
  else if (ec != std::errc{} || end != v->data() + v->size())
    error = fmt::format("{} takes a whole number, not '{}'", name, *v);
  return n;
}

// The answer for 0 steps, from the core's verdict on the header alone.
search::SearchReport zero_step_report(bool header_verified) {
  search::SearchReport report;
  report.attempts.emplace_back(0, header_verified ? search::Outcome::sat : search::Outcome::unsat, 0.0);
  if (header_verified) report.witness_steps = 0;
  return report;
}

// "torus:5x5", "mesh:3x4", "ring:8", "path:8".
std::optional<search::Grid> grid_option(const std::string& spec, std::string& error) {
  const auto g = parse_grid_spec(spec, {"torus", "ring", "mesh", "path"}, 64, error);
  if (!g) return std::nullopt;
  const search::Grid grid{g->sizes, g->wraps()};
  if (grid.node_count() > search::max_search_nodes) {
    error = fmt::format("--topology '{}': the search is for small networks (at most {} nodes)", spec,
                        search::max_search_nodes);
    return std::nullopt;
  }
  return grid;
}

// "5", "1,2" or "(1,2)": a node of the grid by index or coordinates.
std::optional<uint32_t> root_option(const search::Grid& grid, std::string text, std::string& error) {
  if (text.starts_with('(') && text.ends_with(')')) text = text.substr(1, text.size() - 2);
  std::vector<uint32_t> numbers;
  bool valid = true;
  for (size_t at = 0; valid && at <= text.size();) {
    const size_t comma = std::min(text.find(',', at), text.size());
    uint32_t x = 0;
    auto [end, ec] = std::from_chars(text.data() + at, text.data() + comma, x);
    valid = ec == std::errc{} && end == text.data() + comma;
    numbers.push_back(x);
    at = comma + 1;
  }
  uint32_t v = 0;
  if (valid && numbers.size() == 1) {
    v = numbers[0];
    valid = v < grid.node_count();
  } else {
    valid = valid && numbers.size() == grid.dimensions();
    for (uint32_t d = 0; valid && d < grid.dimensions(); ++d) {
      valid = numbers[d] < grid.sizes[d];
      v += numbers[d] * grid.stride(d);
    }
  }
  if (!valid) {
    error = fmt::format("--root '{}': not a node of the {} (an index, or coordinates as 1,2)", text, grid.describe());
    return std::nullopt;
  }
  return v;
}

// Applies the comma-separated --model tokens; the first unknown token, if any,
// is the error. `ports_given` is set when a token names the ports.
std::optional<std::string> apply_model_tokens(Model& model, const std::string& tokens, bool* ports_given = nullptr) {
  for (size_t at = 0; at <= tokens.size();) {
    const size_t comma = std::min(tokens.find(',', at), tokens.size());
    std::string_view token = std::string_view(tokens).substr(at, comma - at), axis;
    if (!apply_model_token(model, token, axis))
      return fmt::format("--model: unknown token '{}' (see specs/format.md)", token);
    if (ports_given) *ports_given |= axis == "ports";
    at = comma + 1;
  }
  return std::nullopt;
}

// True when --model asks for store-and-forward switching (scatter and gather
// then go to the store-and-forward search, otherwise to the flit model's).
bool store_and_forward_asked(const Arguments& args) {
  Model model;
  return !apply_model_tokens(model, args.value("--model").value_or("")) &&
         model.switching == Switching::store_and_forward;
}

// The header the witness is written under, and the core's lower bounds for it.
std::string witness_header(const std::string& topology, const std::string& model, const std::string& collective,
                           uint32_t steps, const std::string& claim_extra = "") {
  return fmt::format(
      "schedcheck 1\n# found by schedcheck search\ntopology {}\nmodel {}\ncollective {}\nclaim steps={} name=search{}\n",
      topology, model, collective, steps, claim_extra);
}

// "5702 variables, 253101 clauses", from the CNF's problem line, so that a
// reader tells a CNF that Z3's preprocessing already decided ("p cnf 0 1",
// one empty clause) from one left to the SAT solver.
std::string dimacs_size(std::string_view cnf) {
  for (size_t at = 0; at < cnf.size();) {
    const size_t end = std::min(cnf.find('\n', at), cnf.size());
    const std::string_view line = cnf.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with("p cnf ")) continue;
    const std::string_view counts = line.substr(6);
    const size_t blank = counts.find(' ');
    if (blank == std::string_view::npos) break;
    return fmt::format("{} variables, {} clauses", counts.substr(0, blank), counts.substr(blank + 1));
  }
  return "no problem line";
}

}  // namespace

// `search hamiltonian`: d edge-disjoint Hamiltonian cycles, written as the
// gossip they carry and re-checked by the core.
int run_hamiltonian(const Arguments& args, const search::Grid& grid) {
  if (!grid.wraps) return program_error("search hamiltonian: needs a torus (or ring)");
  for (const char* other : {"--dimacs", "--sat-model", "--cnf"})
    if (args.flag(other)) return program_error(fmt::format("search hamiltonian: {} is for broadcast and gossip", other));
  for (const char* other : {"--code-anchored", "--last-hops", "--symmetric-class"})
    if (args.flag(other)) return program_error(fmt::format("search hamiltonian: {} is for broadcast", other));
  std::string error;
  const double timeout = seconds_option(args, "--timeout", 600, error);
  if (!error.empty()) return program_error(error);
  fmt::print(stderr, "search: {} edge-disjoint Hamiltonian cycles of the {}: solving...\n", grid.dimensions(),
             grid.describe());
  const search::HamiltonianReport r = search::search_hamiltonian(grid, timeout);
  fmt::print(stderr, "search: {} in {:.2f} s\n", search::outcome_name(r.outcome), r.seconds);
  const std::string where = fmt::format("{} edge-disjoint Hamiltonian cycles of the {}", grid.dimensions(), grid.describe());
  if (r.outcome == search::Outcome::unsat) {
    fmt::print("NONE: there are no {} (proof in {:.2f} s)\n", where, r.seconds);
    return exit_decided;
  }
  if (r.outcome == search::Outcome::unknown) {
    fmt::print("UNKNOWN: {}: no answer within the time limit\n", where);
    return exit_gave_up;
  }
  std::string text = fmt::format(
      "schedcheck 1\n# gossip along {}, each PU's data in {} parts, part c both ways round cycle c\n", where,
      grid.dimensions());
  for (size_t c = 0; c < r.cycles.size(); ++c) {
    text += fmt::format("# cycle {}:", c);
    for (uint32_t v : r.cycles[c]) text += fmt::format(" {}", v);
    text += "\n";
  }
  text += fmt::format("topology {}\nmodel store-and-forward all-port free non-combining\ncollective gossip parts {}\n"
                      "claim steps={} name=hamiltonian-cycles\n",
                      grid.describe(), grid.dimensions(), r.steps);
  text += r.gossip;
  const lemmas::Checked c = lemmas::check_text(text);
  if (!c.verdict.verified) {
    fmt::print(stderr, "{}", c.errors);
    return program_error("the cycles' gossip failed the core's check: a bug in the encoding");
  }
  if (const auto error = write_output(args, text, false)) return program_error(*error);
  fmt::print("FOUND {} in {:.2f} s; their gossip (parts {}): steps={} lower-bound={} VERIFIED by the core\n", where,
             r.seconds, grid.dimensions(), c.verdict.steps, c.verdict.best ? c.verdict.best->steps : 0);
  return exit_decided;
}

namespace {

// The network as each node's neighbours, in channel order, so that the
// breadth-first spanning tree is the same on every run.
std::vector<std::vector<uint32_t>> neighbours_of(const Topology& topology) {
  std::vector<std::vector<uint32_t>> out(topology.node_count());
  for (ChannelId c = 0; c < topology.channel_slots(); ++c)
    if (topology.channel_exists(c)) out[topology.channel_tail(c)].push_back(topology.channel_head(c));
  return out;
}

// True when the root's component is a tree (links = nodes - 1): every route
// is then the tree path, and the search covers every schedule.
bool routes_are_unique(const Topology& topology, const std::vector<uint32_t>& parent, uint32_t root) {
  uint64_t nodes = 0, channels = 0;
  for (NodeId v = 0; v < topology.node_count(); ++v)
    if (v == root || parent[v] != search::no_parent) ++nodes;
  for (ChannelId c = 0; c < topology.channel_slots(); ++c) {
    if (!topology.channel_exists(c)) continue;
    const NodeId tail = topology.channel_tail(c);
    if (tail == root || parent[tail] != search::no_parent) ++channels;
  }
  return channels == 2 * (nodes - 1);
}

std::string parents_text(const std::vector<uint32_t>& parent, uint32_t root) {
  std::string s;
  for (uint32_t v = 0; v < parent.size(); ++v)
    s += v == root ? " -" : parent[v] == search::no_parent ? " ?" : fmt::format(" {}", parent[v]);
  return s.substr(1);
}

}  // namespace

// `search scatter|gather`: the least time of a flit-model schedule over the
// routes of a breadth-first spanning tree from the root (on a tree: every
// schedule), with the witness re-checked by the core and the time below it
// refuted by the solver or by a lower bound.
int run_flit_search(const Arguments& args, const std::string& collective) {
  for (const char* other :
       {"--steps", "--claim-steps", "--dimacs", "--sat-model", "--cnf", "--time-independent", "--code-anchored",
        "--last-hops", "--symmetric-class", "--periods", "--translations"})
    if (args.flag(other))
      return program_error(fmt::format("search {}: {} is not for the flit model, whose search finds the least time "
                                       "(--model store-and-forward,... counts steps)",
                                       collective, other));
  const auto spec = args.value("--topology");
  if (!spec) return program_error(fmt::format("search {} needs --topology (e.g. tree:-,0,0,1 or mesh:3x3)", collective));
  const auto line = topology_line(*spec);
  if (!line)
    return program_error(fmt::format("--topology '{}': expected tree:PARENTS, graph:N:EDGES, path:N, ring:N, "
                                     "mesh:AxB or torus:AxB",
                                     *spec));

  Model model;
  bool ports_given = false;
  if (auto bad = apply_model_tokens(model, args.value("--model").value_or("flit,one-port"), &ports_given))
    return program_error(*bad);
  // The witnesses are offline schedules: no control flits, so not `licensed`.
  if (model.switching != Switching::flit || model.routing != Routing::free ||
      model.combining != Combining::non_combining || model.licensed)
    return program_error(fmt::format("search {}: the flit model only, free routing, non-combining, offline "
                                     "(--model flit,one-port or flit,all-port)",
                                     collective));
  if (!ports_given) model.ports = Ports::one_port;  // Bhatt et al.'s single-port regimen

  if (args.flag("--lengths") && args.flag("--length"))
    return program_error("--lengths and --length exclude each other");
  std::string lengths = "length 1";
  if (auto list = args.value("--lengths")) {
    std::replace(list->begin(), list->end(), ',', ' ');
    lengths = "lengths " + *list;
  } else if (auto one = args.value("--length")) {
    lengths = "length " + *one;
  }
  const std::string root = node_option_text(args.value("--root").value_or("0"));

  // The instance through the core's reader: the same validation as a file's.
  const std::string header_text = fmt::format("schedcheck 1\n{}\nmodel {}\ncollective {} root {} {}\n", *line,
                                              describe(model), collective, root, lengths);
  LineSource source{std::string_view(header_text)};
  Diagnostics diag("<options>", 20);
  Header header;
  Reader reader(source, diag);
  if (!reader.read_header(header) || diag.total() > 0) {
    // Name the option, not a line of the synthetic header.
    static constexpr const char* line_option[] = {"", "", "--topology", "--model", "--root, --lengths or --length"};
    for (const Diagnostic& d : diag.kept())
      fmt::print(stderr, "schedcheck: error: {}: {}: {}\n", d.pos.line < 5 ? line_option[d.pos.line] : "?",
                 property_name(d.property), visible(d.message));
    return exit_usage;
  }
  const Topology& topology = *header.topology;
  if (topology.node_count() > search::max_search_nodes)
    return program_error(fmt::format("--topology '{}': the search is for small networks (at most {} nodes)", *spec,
                                     search::max_search_nodes));

  search::FlitProblem problem;
  problem.collective = collective == "scatter" ? search::FlitCollective::scatter : search::FlitCollective::gather;
  problem.neighbours = neighbours_of(topology);
  problem.root = header.collective.root;
  for (NodeId v = 0; v < topology.node_count(); ++v) problem.lengths.push_back(header.collective.message_length(v));
  problem.one_port = model.ports == Ports::one_port;
  problem.strengthen = !args.flag("--plain");
  if (const std::string why = search::flit_problem_error(problem); !why.empty())
    return program_error(fmt::format("search {}: {}", collective, why));

  const std::vector<uint32_t> parent = search::flit_spanning_tree(problem);
  const bool unique = routes_are_unique(topology, parent, problem.root);
  const std::string scope = unique ? "over every schedule (a tree: one route per message)"
                                   : "over dispatch times, routes on a breadth-first spanning tree from the root";
  // The search's own bound counts the tree's channels out of the root: it
  // holds for routes on the tree. The core's holds for every schedule.
  const search::FlitBound tree_bound = search::flit_lower_bound(problem);
  const lemmas::Checked header_alone = lemmas::check_text(header_text);
  const search::FlitBound bound =
      header_alone.verdict.best ? search::FlitBound{header_alone.verdict.best->steps, header_alone.verdict.best->name}
                                : tree_bound;
  const std::string model_line = search::flit_model_line(problem);
  const std::string where =
      fmt::format("{} on {} root {}, {}, {}", collective, topology.describe(), problem.root, model_line, scope);
  if (!unique)
    fmt::print(stderr, "search: routes fixed to the breadth-first spanning tree from {}, parents {}\n", problem.root,
               parents_text(parent, problem.root));

  std::string error;
  const double timeout = seconds_option(args, "--timeout", 600, error);
  if (!error.empty()) return program_error(error);
  search::SearchLimits limits;
  limits.timeout_seconds = timeout;
  limits.trying = [](uint32_t time) { fmt::print(stderr, "search: time {}: solving...\n", time); };
  limits.progress = [](const search::Attempt& a) {
    fmt::print(stderr, "search: time {}: {} in {:.2f} s\n", a.steps, search::outcome_name(a.outcome), a.seconds);
  };
  const search::SearchReport report = search::search_flit(problem, limits);

  const search::FlitConclusion conclusion = search::conclude_flit(report, bound, tree_bound, unique);
  std::string witness;
  std::optional<uint64_t> checked_time;
  if (report.witness_steps) {
    const uint32_t time = *report.witness_steps;
    witness = fmt::format(
        "schedcheck 1\n# found by schedcheck search {}: the least time over dispatch times (gaps allowed),\n"
        "# routes along the breadth-first spanning tree from the root, parents {}{}\n"
        "{}\nmodel {}\ncollective {}\nclaim time={} name={}\n{}",
        collective, parents_text(parent, problem.root), unique ? " (the only routes: a tree)" : "", *line,
        model_line, search::flit_collective_line(problem), time,
        conclusion.kind == search::FlitConclusion::Kind::optimum ? "search-optimum" : "search",
        report.witness);
    const lemmas::Checked c = lemmas::check_text(witness);
    if (!c.verdict.verified || c.verdict.time != time) {
      fmt::print(stderr, "{}the witness:\n{}", c.errors, witness);
      return program_error(fmt::format("the solver's witness (time {}) failed the core's check{}: a bug in the encoding",
                                       time, c.verdict.time ? fmt::format(" (time {})", *c.verdict.time) : ""));
    }
    checked_time = c.verdict.time;
    if (const auto error = write_output(args, witness, false)) return program_error(*error);
  } else if (!report.gave_up) {
    // The gap-free stream is a schedule: an unsat answer at its time is wrong.
    return program_error(fmt::format("search {}: the solver found no schedule by the gap-free time {}: a bug in the "
                                     "encoding",
                                     collective, search::flit_gap_free_time(problem)));
  }

  std::string verdict;
  int code = exit_gave_up;
  const std::string bound_text = fmt::format("lower-bound={} ({})", bound.time, bound.name);
  switch (conclusion.kind) {
    case search::FlitConclusion::Kind::optimum:
      verdict = fmt::format("OPTIMUM {}: time={} {}; {}; witness VERIFIED by the core", where, *checked_time,
                            bound_text, conclusion.proof);
      code = exit_decided;
      break;
    case search::FlitConclusion::Kind::least_on_tree:
      verdict = fmt::format("FOUND {}: time={} {}; the least on the tree's routes ({}), other routes not searched; "
                            "witness VERIFIED by the core",
                            where, *checked_time, bound_text, conclusion.tree_proof);
      break;
    case search::FlitConclusion::Kind::found:
      verdict = fmt::format("FOUND {}: time={} {}; every time below {} is impossible, {} to {} undecided within the "
                            "time limit; witness VERIFIED by the core",
                            where, *checked_time, bound_text, conclusion.least, conclusion.least,
                            *report.witness_steps - 1);
      break;
    case search::FlitConclusion::Kind::gave_up:
      verdict = fmt::format("GAVE-UP {}: {}; every time below {} is impossible", where, bound_text, conclusion.least);
      break;
  }
  if (args.flag("--json")) {
    nlohmann::json attempts = nlohmann::json::array();
    for (const auto& a : report.attempts)
      attempts.push_back({{"time", a.steps}, {"outcome", search::outcome_name(a.outcome)}, {"seconds", a.seconds}});
    nlohmann::json j = {{"verdict", verdict.substr(0, verdict.find(' '))},
                        {"collective", collective},
                        {"topology", topology.describe()},
                        {"root", problem.root},
                        {"lengths", problem.lengths},
                        {"model", model_line},
                        {"routes", unique ? "tree" : "breadth-first-spanning-tree"},
                        {"plain", !problem.strengthen},
                        {"parents", parents_text(parent, problem.root)},
                        {"lower_bound", bound.time},
                        {"lower_bound_name", bound.name},
                        {"attempts", attempts},
                        {"exit_code", code}};
    if (report.witness_steps) {
      j["time"] = *report.witness_steps;
      j["witness"] = witness;
    }
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print("{}\n", verdict);
  }
  return code;
}

namespace {

// A tree: or graph: --topology, validated by the core's reader as a file's
// line would be: each node's neighbours, and the line's text after "topology ".
std::optional<std::vector<std::vector<uint32_t>>> rooted_graph_option(const std::string& spec, std::string& text,
                                                                    std::string& error) {
  const auto line = topology_line(spec);
  const std::string header = fmt::format("schedcheck 1\n{}\nmodel store-and-forward all-port\ncollective gossip\n",
                                         line.value_or(""));
  LineSource source{std::string_view(header)};
  Diagnostics diag("<options>", 1);
  Header parsed;
  Reader reader(source, diag);
  if (!line || !reader.read_header(parsed) || !parsed.topology) {
    error = fmt::format("--topology '{}': {}", spec,
                        diag.kept().empty() ? "expected tree:PARENTS or graph:N:EDGES" : visible(diag.kept()[0].message));
    return std::nullopt;
  }
  if (parsed.topology->node_count() > search::max_search_nodes) {
    error = fmt::format("--topology '{}': the search is for small networks (at most {} nodes)", spec,
                        search::max_search_nodes);
    return std::nullopt;
  }
  text = line->substr(std::string_view("topology ").size());
  return neighbours_of(*parsed.topology);
}

// A node of a tree or graph: its index.
std::optional<uint32_t> index_root_option(const std::vector<std::vector<uint32_t>>& neighbours,
                                          const std::string& text, std::string& error) {
  uint32_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v >= neighbours.size()) {
    error = fmt::format("--root '{}': not a node index of the network (0..{})", text, neighbours.size() - 1);
    return std::nullopt;
  }
  return v;
}

bool reaches_every_node(const std::vector<std::vector<uint32_t>>& neighbours, uint32_t root) {
  std::vector<bool> seen(neighbours.size(), false);
  std::vector<uint32_t> queue{root};
  seen[root] = true;
  for (size_t i = 0; i < queue.size(); ++i)
    for (const uint32_t u : neighbours[queue[i]])
      if (!seen[u]) seen[u] = true, queue.push_back(u);
  return queue.size() == neighbours.size();
}

// Out of memory is a limit like the time: the search gives up (exit 3).
[[noreturn]] void give_up_out_of_memory(uint64_t memory_mib, bool asked) {
  fmt::print(stderr, "schedcheck: error: search gave up: Z3 needed more than the {} MiB it may take ({})\n",
             memory_mib, asked ? "--memory"
                               : "three quarters of this machine's memory or of the process's limit; --memory sets it");
  // Z3 does not free all it held when it raises this exception, and its
  // contexts may be large: the process ends at once.
  std::fflush(nullptr);
  std::_Exit(exit_gave_up);
}

}  // namespace

int run_search(const Arguments& args) {
  // --json is one JSON line on stdout: a witness there too would break it.
  if (args.flag("--json") && args.value("-o") == "-")
    return program_error("search --json prints one JSON line on stdout: write the witness to a file (-o FILE)");
  if (args.positional.size() != 1)
    return program_error("search needs one of: broadcast, gossip, hamiltonian, scatter, gather");
  const std::string& collective = args.positional[0];
  std::string error;
  const std::optional<uint32_t> memory = count_option(args, "--memory", error);
  // A Z3 context alone takes about 17 MiB, and below that Z3 cannot start.
  constexpr uint32_t least_memory = 64;
  if (!error.empty() || (memory && *memory < least_memory))
    return program_error(fmt::format("--memory takes a whole number of MiB, at least {} (Z3 takes about 17 alone), "
                                     "not '{}'",
                                     least_memory, args.value("--memory").value_or("")));
  const uint64_t memory_mib = memory ? *memory : search::default_solver_memory_mib();
  if (memory_mib > 0) search::limit_solver_memory(memory_mib);
  const bool rooted = collective == "scatter" || collective == "gather";
  // scatter and gather: the flit model's search unless store-and-forward is asked.
  if (rooted && !store_and_forward_asked(args)) return run_flit_search(args, collective);
  if (!rooted && collective != "broadcast" && collective != "gossip" && collective != "hamiltonian")
    return program_error(
        fmt::format("search {}: no such search (broadcast, gossip, hamiltonian, scatter, gather)", collective));
  const auto spec = args.value("--topology");
  if (!spec) return program_error("search needs --topology (e.g. torus:5x5)");
  // Store-and-forward scatter and gather also run on trees and graphs.
  const bool graph = rooted && (spec->starts_with("tree:") || spec->starts_with("graph:"));
  std::optional<search::Grid> grid;
  std::vector<std::vector<uint32_t>> neighbours;
  std::string topology_text;  // the topology line after "topology "
  if (graph) {
    const auto graph_neighbours = rooted_graph_option(*spec, topology_text, error);
    if (!graph_neighbours) return program_error(error);
    neighbours = *graph_neighbours;
  } else {
    grid = grid_option(*spec, error);
    if (!grid) return program_error(error);
    topology_text = grid->describe();
  }
  if (collective == "hamiltonian") {
    try {
      return run_hamiltonian(args, *grid);
    } catch (const std::exception& e) {
      if (!search::solver_out_of_memory(e)) throw;
      give_up_out_of_memory(memory_mib, memory.has_value());
    }
  }

  Model model;
  model.switching = Switching::wormhole;
  if (auto bad = apply_model_tokens(model, args.value("--model").value_or("wormhole,all-port,dimension-order")))
    return program_error(*bad);
  if (model.switching == Switching::flit)
    return program_error(fmt::format("search {}: the flit model is searched for scatter and gather only", collective));
  const bool gossip = collective == "gossip";
  if ((gossip || rooted) && (model.switching != Switching::store_and_forward || model.combining == Combining::combining))
    return program_error(fmt::format("search {}: store-and-forward, non-combining only (e.g. --model "
                                     "store-and-forward,all-port)",
                                     collective));
  if (rooted)
    for (const char* flit_only : {"--lengths", "--length"})
      if (args.flag(flit_only))
        return program_error(fmt::format("search {}: {} is for the flit model (store-and-forward: one packet per message)",
                                         collective, flit_only));
  const bool time_independent = args.flag("--time-independent");
  if (time_independent && (!gossip || model.ports != Ports::all_port || !grid->wraps))
    return program_error("--time-independent: gossip on a torus, store-and-forward all-port only");
  if (time_independent && args.flag("--plain"))
    return program_error("--time-independent has one encoding: no --plain");

  search::BroadcastProblem broadcast;
  if (grid) broadcast.grid = *grid;
  broadcast.one_port = model.ports == Ports::one_port;
  broadcast.rule = model.switching == Switching::store_and_forward ? search::RouteRule::single_hop
                   : model.routing == Routing::dimension_order      ? search::RouteRule::dimension_order
                   : model.routing == Routing::dimension_order_shorter ? search::RouteRule::dimension_order_shorter
                                                                      : search::RouteRule::shortest;
  broadcast.strengthen = !args.flag("--plain");
  broadcast.stricter_routing_first = !args.flag("--one-routing");
  broadcast.symmetric_first = broadcast.strengthen && !args.flag("--no-symmetric-first");
  broadcast.flow_first = broadcast.shorter_way_spread = broadcast.symmetric_first;
  search::GossipProblem gossip_problem;
  if (grid) gossip_problem.grid = *grid;
  gossip_problem.one_port = broadcast.one_port;
  gossip_problem.strengthen = broadcast.strengthen;
  search::SfRootedProblem rooted_problem;
  if (grid) rooted_problem.grid = *grid;
  rooted_problem.neighbours = neighbours;
  rooted_problem.collective = collective == "scatter" ? search::RootedCollective::scatter : search::RootedCollective::gather;
  rooted_problem.one_port = broadcast.one_port;
  rooted_problem.strengthen = broadcast.strengthen;
  if (rooted) {
    const std::string root_text = args.value("--root").value_or("0");
    const auto root = grid ? root_option(*grid, root_text, error) : index_root_option(neighbours, root_text, error);
    if (!root) return program_error(error);
    rooted_problem.root = *root;
    if (graph && !reaches_every_node(neighbours, *root))
      return program_error(fmt::format("--topology '{}': a node the root {} does not reach can take no message", *spec,
                                       *root));
  }
  const std::string model_line = rooted   ? search::sf_rooted_model_line(rooted_problem)
                                 : gossip ? search::gossip_model_line(gossip_problem)
                                          : search::broadcast_model_line(broadcast);
  const std::string collective_line = rooted   ? search::sf_rooted_collective_line(rooted_problem)
                                      : gossip ? "gossip"
                                               : "broadcast source 0";

  // The core's lower bounds for the same instance, through its own reader.
  const std::string header_text =
      fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n", topology_text, model_line, collective_line);
  const lemmas::Checked empty = lemmas::check_text(header_text);
  const uint64_t lower = empty.verdict.best ? empty.verdict.best->steps : 0;
  search::StepLowerBound bound;
  if (empty.verdict.best) bound = {static_cast<uint32_t>(lower), empty.verdict.best->name, empty.verdict.best->source};

  const auto exact = count_option(args, "--steps", error);
  const auto claim = count_option(args, "--claim-steps", error);
  if (!error.empty()) return program_error(error);
  const auto timeout = seconds_option(args, "--timeout", 600, error);
  // Half the time for one count by default: an unknown count leaves time to
  // find a witness one step above it. One count alone has all the time.
  const auto count_timeout = seconds_option(args, "--count-timeout", exact || claim ? timeout : timeout / 2, error);
  if (!error.empty()) return program_error(error);
  if (gossip && args.flag("--count-timeout") && !time_independent)
    return program_error("search gossip: --count-timeout goes with --time-independent (and broadcast, scatter, "
                         "gather)");
  if (gossip && (args.flag("--one-routing") || args.flag("--no-symmetric-first")))
    return program_error(fmt::format("search gossip: {} is for broadcast",
                                     args.flag("--one-routing") ? "--one-routing" : "--no-symmetric-first"));
  if (rooted && (args.flag("--one-routing") || args.flag("--no-symmetric-first")))
    return program_error(fmt::format("search {}: {} is for broadcast", collective,
                                     args.flag("--one-routing") ? "--one-routing" : "--no-symmetric-first"));
  uint32_t first = static_cast<uint32_t>(std::max<uint64_t>(lower, 1)), last = first + 256;
  if (exact) first = last = *exact;
  if (claim) first = last = *claim;
  // Zero steps takes no solver: its one schedule is the header alone, which
  // the core has just checked (it verifies where nothing has to move).
  const bool zero_steps = exact || claim ? first == 0 : lower == 0 && empty.verdict.verified;
  // A count below the core's bound takes no solver either: the lemma refutes it.
  // (--split, --dimacs and --sat-model work on the count's encoding itself.)
  const bool on_encoding = args.flag("--split") || args.flag("--dimacs") || args.flag("--sat-model");
  const bool below_bound = (exact || claim) && first > 0 && first < lower && !on_encoding;
  if (zero_steps && (exact || claim) && on_encoding)
    return program_error("0 steps takes no solver: its one schedule is the header alone (schedcheck check decides it)");

  // One count split into cubes (--split P), decided cube by cube, or one
  // cube of it alone (--cube K) for jobs that decide a hard count together.
  const auto split = count_option(args, "--split", error);
  const auto cube = count_option(args, "--cube", error);
  if (!error.empty()) return program_error(error);
  uint64_t cubes = 0;
  if (split || cube) {
    if (gossip || rooted) return program_error(fmt::format("search {}: --split and --cube are for broadcast", collective));
    if (!split) return program_error("--cube K picks a cube of --split PORTS");
    if (!exact || claim) return program_error("--split splits one count: give it with --steps S (no --claim-steps)");
    const uint32_t ports = 2 * grid->dimensions();
    if (*split < 1 || *split > ports)
      return program_error(fmt::format("--split {}: the source has ports 1..{} to split on", *split, ports));
    broadcast.split_ports = *split;
    cubes = search::broadcast_cube_count(broadcast);
    if (cube && *cube >= cubes)
      return program_error(fmt::format("--cube {}: --split {} makes cubes 0..{}", *cube, *split, cubes - 1));
    if (args.flag("--dimacs")) return program_error("--dimacs writes the whole count's encoding: no --split or --cube");
  }
  if (args.flag("--dimacs") && args.flag("--sat-model"))
    return program_error("--dimacs writes a count's CNF and --sat-model reads a model of one: one at a time");
  // The classes below restrict a count's CNF, for a SAT solver outside, or
  // read its model back: never a run of the search itself.
  const bool on_cnf = args.flag("--dimacs") || args.flag("--sat-model");
  if (args.flag("--code-anchored")) {
    // A class whose unsat refutes nothing: for a SAT solver outside, never
    // a verdict on the count.
    if (gossip || rooted || !grid->wraps || !on_cnf)
      return program_error("--code-anchored: broadcast on a torus, with --dimacs or --sat-model (its unsat refutes "
                           "only the class, so the search does not decide a count by it)");
    broadcast.code_anchored = true;
  }
  if (const auto group = args.value("--symmetric-class")) {
    if (gossip || rooted || !on_cnf ||
        (*group != "all" && *group != "point"))
      return program_error(fmt::format("--symmetric-class '{}': all or point, for broadcast with --dimacs or "
                                       "--sat-model (its unsat refutes only the class, so the search does not "
                                       "decide a count by it)",
                                       *group));
    broadcast.symmetric_only =
        *group == "all" ? search::SymmetryGroup::all : search::SymmetryGroup::point_reflection;
  }
  if (args.flag("--last-hops")) {
    const std::optional<uint32_t> hops = count_option(args, "--last-hops", error);
    if (!error.empty()) return program_error(error);
    if (gossip || rooted || broadcast.rule == search::RouteRule::single_hop ||
        !on_cnf || *hops == 0 || args.flag("--code-anchored"))
      return program_error("--last-hops H: wormhole broadcast, H >= 1, with --dimacs or --sat-model and without "
                           "--code-anchored (whose last step has 2 hops already); its unsat refutes only the class, so "
                           "the search does not decide a count by it");
    broadcast.last_step_hops = *hops;
  }

  // A class of time-independent schedules, whose unsat refutes nothing, like --code-anchored.
  search::Translations invariant;
  std::string class_text;  // for the export's line
  if (args.flag("--periods") && args.flag("--translations"))
    return program_error("--periods and --translations each name a class: one at a time");
  for (const char* option : {"--periods", "--translations"})
    if (args.flag(option) && (!time_independent || !on_cnf))
      return program_error(fmt::format("{}: time-independent gossip, with --dimacs or --sat-model (its unsat refutes "
                                       "only the class, so the search does not decide a count by it)",
                                       option));
  // An example for the errors below: reached only with a torus (time-independent gossip).
  auto ones = [&] { return fmt::format("{}", fmt::join(std::vector<int>(grid->dimensions(), 1), "x")); };
  if (const auto text = args.value("--periods")) {
    const std::optional<std::vector<uint32_t>> sizes = parse_sides(*text);
    bool divide = sizes && sizes->size() == grid->dimensions();
    for (size_t d = 0; divide && d < sizes->size(); ++d) divide = (*sizes)[d] > 0 && grid->sizes[d] % (*sizes)[d] == 0;
    if (!divide)
      return program_error(fmt::format("--periods '{}': one period per dimension of {}, each dividing its side, like "
                                       "{}",
                                       *text, topology_text, ones()));
    invariant = search::periodic_translations(*sizes);
    class_text = fmt::format("maps repeating with periods {}", fmt::join(*sizes, "x"));
  }
  if (const auto text = args.value("--translations")) {
    std::vector<std::string> named;
    for (size_t at = 0; at <= text->size();) {
      const size_t comma = std::min(text->find(',', at), text->size());
      const std::optional<std::vector<uint32_t>> shift = parse_sides(text->substr(at, comma - at));
      bool moves = false;  // a shift of whole laps leaves every PU where it is
      for (size_t d = 0; shift && shift->size() == grid->dimensions() && d < shift->size(); ++d)
        moves = moves || (*shift)[d] % grid->sizes[d] != 0;
      if (!moves)
        return program_error(fmt::format("--translations '{}': translations separated by commas, each one shift per "
                                         "dimension of {} that moves a PU, like {}",
                                         *text, topology_text, ones()));
      invariant.push_back(*shift);
      named.push_back(fmt::format("{}", fmt::join(*shift, "x")));
      at = comma + 1;
    }
    class_text = fmt::format("maps invariant under the translations {}", fmt::join(named, ","));
  }

  if (auto path = args.value("--dimacs")) {
    // The encoding of one count, for an independent SAT solver to decide.
    if (!exact && !claim) return program_error("--dimacs needs --steps S");
    const std::string cnf = time_independent ? search::time_independent_gossip_dimacs(*grid, first, invariant)
                            : gossip         ? search::gossip_dimacs(gossip_problem, first)
                            : rooted         ? search::sf_rooted_dimacs(rooted_problem, first)
                                             : search::broadcast_dimacs(broadcast, first);
    std::ofstream out(*path);
    if (!(out << cnf)) return program_error(fmt::format("cannot write '{}'", *path));
    // The routing exported is the one asked (--one-routing or not: the stricter
    // run is the climb's, not the encoding's), so the CNF is the encoding
    // whose unsat `--steps S` reports; free routing's routes are the minimal paths.
    const bool minimal = !gossip && !rooted && broadcast.rule == search::RouteRule::shortest;
    std::string classes;  // each a witness class: its model settles the count, its unsat refutes it alone
    auto add_class = [&](const std::string& name) {
      classes += fmt::format(", {} (its unsat refutes the class only)", name);
    };
    if (broadcast.code_anchored) add_class("code-anchored class");
    if (broadcast.last_step_hops > 0)
      add_class(fmt::format("last step of paths of at most {} hop{}", broadcast.last_step_hops,
                            broadcast.last_step_hops == 1 ? "" : "s"));
    if (broadcast.symmetric_only)
      add_class(*broadcast.symmetric_only == search::SymmetryGroup::all
                    ? "mapped to itself by every automorphism fixing the source"
                    : "mapped to itself by the point reflection");
    if (!class_text.empty()) add_class(class_text);
    fmt::print("DIMACS steps={} ({} {}, {}{}{}{}{}) written to {}: {}\n", first, collective, topology_text, model_line,
               minimal ? ", routes: minimal paths only" : "", time_independent ? ", time-independent forwarding" : "",
               broadcast.strengthen ? "" : ", plain encoding", classes, *path, dimacs_size(cnf));
    return exit_decided;
  }

  // Another SAT solver's model of the count's CNF: the schedule it describes.
  std::optional<search::NamedValues> sat_model;
  const auto sat_model_path = args.value("--sat-model"), cnf_path = args.value("--cnf");
  if (sat_model_path || cnf_path) {
    if ((gossip && !time_independent) || rooted)
      return program_error(
          fmt::format("search {}: --sat-model is for broadcast and time-independent gossip", collective));
    if (!sat_model_path || !cnf_path) return program_error("--sat-model FILE and --cnf FILE go together");
    if (!exact) return program_error("--sat-model reads the model of one count: give the count with --steps S");
    if (cubes > 0) return program_error("--sat-model is a model of the whole count: no --split or --cube");
    std::ifstream cnf(*cnf_path), model(*sat_model_path);
    if (!cnf || !model) return program_error(fmt::format("cannot read '{}'", cnf ? *sat_model_path : *cnf_path));
    std::string error;
    sat_model = search::read_sat_model(cnf, model, error);
    if (!sat_model) return program_error(fmt::format("--sat-model '{}' of --cnf '{}': {}", *sat_model_path, *cnf_path,
                                                     error));
  }

  search::SearchLimits limits;
  limits.timeout_seconds = timeout;
  limits.count_timeout = [count_timeout](uint32_t) { return count_timeout; };
  limits.trying = [](uint32_t steps) { fmt::print(stderr, "search: {} steps: solving...\n", steps); };
  limits.progress = [](const search::Attempt& a) {
    fmt::print(stderr, "search: {} steps: {} in {:.2f} s{}\n", a.steps, search::outcome_name(a.outcome), a.seconds,
               a.routing.empty() ? "" : fmt::format(" under {}", a.routing));
  };
  std::string unset;  // a send of the encoding that --sat-model's model leaves unset
  search::SearchReport report = zero_steps ? zero_step_report(empty.verdict.verified) : search::SearchReport{};
  try {
    if (!zero_steps && !below_bound)
      report = sat_model && time_independent
                   ? search::search_time_independent_gossip_from_model(*grid, first, *sat_model, limits, unset,
                                                                       invariant)
             : sat_model ? search::search_broadcast_from_model(broadcast, first, *sat_model, limits, unset)
             : cubes > 0  ? search::search_broadcast_cubes(broadcast, first, cube.value_or(0),
                                                           cube.value_or(cubes - 1), limits)
             : time_independent ? search::search_time_independent_gossip(*grid, first, last, limits)
             : gossip           ? search::search_gossip(gossip_problem, first, last, limits)
             : rooted           ? search::search_sf_rooted(rooted_problem, first, last, limits)
                                : search::search_broadcast(broadcast, first, last, limits);
  } catch (const std::exception& e) {
    if (!search::solver_out_of_memory(e)) throw;
    give_up_out_of_memory(memory_mib, memory.has_value());
  }

  if (!unset.empty())
    return program_error(fmt::format("the model in '{}' sets no value for {}, a variable of this count's encoding: the "
                                     "CNF '{}' is another instance's",
                                     *sat_model_path, unset, *cnf_path));
  if (sat_model && !report.attempts.empty() && report.attempts.back().outcome == search::Outcome::unsat)
    return program_error(fmt::format("the model in '{}' of the CNF '{}' is no schedule of this count's encoding",
                                     *sat_model_path, *cnf_path));

  // The routing whose run found the witness, when it is not the one asked.
  std::string witness_routing;
  for (const search::Attempt& a : report.attempts)
    if (a.outcome == search::Outcome::sat && a.stricter_routing) witness_routing = a.routing;
  std::string witness;
  if (report.witness_steps) {
    // A time-independent witness claims it, and the core checks the claim.
    // A witness found under a stricter routing is checked under the routing asked.
    witness = witness_header(topology_text, model_line, collective_line, *report.witness_steps,
                             time_independent ? " time-independent=yes" : "") +
              report.witness;
    // The run is named by its routing ("dimension-order-shorter") or, free
    // routing's own run, by the paths it searches ("minimal paths").
    // A structured run ("symmetric dimension-order-shorter", "point-symmetric
    // ...", "perfect-code ...") says so in a line of its own.
    if (!witness_routing.empty()) {
      constexpr std::pair<std::string_view, std::string_view> classes[] = {
          {"symmetric ", "every automorphism of the torus that fixes the source and keeps the routing maps it to "
                         "itself"},
          {"point-symmetric ", "the reflection of the torus through the source (x -> -x in every dimension) maps "
                               "it to itself"},
          {"perfect-code ", "its last step informs every neighbour of the perfect Lee code {x : x1 + 2 x2 + ... + "
                            "k xk = 0 mod 2k+1} by single hops"},
          {"max-flow ", "every step's paths are a maximum flow out of the nodes informed before it, one path per "
                        "channel, any paths (not only minimal ones)"},
          {"spread ", "each step before the last informs, greedily, the farthest nodes that a path over channels "
                      "still unused reaches; the last step reaches every node left"}};
      std::string paths = witness_routing;
      std::string comment;
      for (const auto& [prefix, what] : classes)
        if (paths.starts_with(prefix)) {
          comment = fmt::format("# a {}schedule: {}\n", prefix, what);
          paths.erase(0, prefix.size());
        }
      if (paths != "paths")  // "max-flow paths" has said what its paths are
        comment += fmt::format("# its paths are {}{}\n", paths, paths.ends_with(" paths") ? "" : " paths");
      witness.insert(witness.find("topology "), comment);
    }
    const lemmas::Checked c = lemmas::check_text(witness);
    if (!c.verdict.verified) {
      fmt::print(stderr, "{}the witness:\n{}", c.errors, witness);
      return program_error("the solver's witness failed the core's check: a bug in the encoding");
    }
    if (const auto error = write_output(args, witness, false)) return program_error(*error);
  }

  search::Asked asked;
  if (exact || claim) asked.steps = claim ? *claim : *exact;
  asked.kind = cubes > 0 ? (cube ? search::Asked::Kind::cube : search::Asked::Kind::cubes)
               : exact || claim ? search::Asked::Kind::count
                                : search::Asked::Kind::climb;
  asked.below_bound = below_bound;
  asked.cube = cube.value_or(0);
  asked.cubes = cubes;
  asked.split_ports = split.value_or(0);
  if (sat_model) asked.witness_from = fmt::format("the SAT solver's model in {}", *sat_model_path);
  else if (!witness_routing.empty()) asked.witness_from = fmt::format("found under {}", witness_routing);
  const search::Conclusion conclusion = search::conclude(bound, report, asked);
  const search::Proven& proven = conclusion.proven;
  const std::string where =
      fmt::format("{} {}{}, {}", collective, topology_text,
                  rooted ? " root " + search::sf_node_name(rooted_problem, rooted_problem.root) : std::string(),
                  model_line);
  const std::string verdict =
      fmt::format("{}{}{} ({}){}", conclusion.word,
                  conclusion.steps ? fmt::format(" steps={}", *conclusion.steps) : "",
                  conclusion.with_lower_bound ? fmt::format(" lower-bound={}", lower) : "", where, conclusion.tail);
  const int code = conclusion.decided ? exit_decided : exit_gave_up;
  if (args.flag("--json")) {
    nlohmann::json attempts = nlohmann::json::array();
    for (const auto& a : report.attempts) {
      nlohmann::json j = {{"steps", a.steps}, {"outcome", search::outcome_name(a.outcome)}, {"seconds", a.seconds}};
      if (!a.routing.empty()) {
        j["routing"] = a.routing;
        j["stricter_routing"] = a.stricter_routing;
      }
      attempts.push_back(j);
    }
    nlohmann::json j = {{"verdict", conclusion.word},
                        {"collective", collective},
                        {"topology", topology_text},
                        {"model", model_line},
                        {"collective_line", collective_line},
                        {"lower_bound", lower},
                        {"lower_bound_name", bound.name},
                        {"impossible_below", proven.impossible_below},
                        {"unknown_steps", proven.unknown},
                        {"optimal", proven.optimal},
                        {"proven", proven.text},
                        {"attempts", attempts},
                        {"exit_code", code}};
    // The forwarding the search asked for, which the witness's claim states and the core checks.
    if (time_independent) j["forwarding"] = "time-independent";
    if (sat_model) j["witness_from"] = "sat-model";
    if (cubes > 0) {
      j["split_ports"] = *split;
      j["cubes"] = cubes;
      j["cubes_refuted"] = report.cubes_refuted;
      if (cube) j["cube"] = *cube;
    }
    if (report.witness_steps) {
      j["steps"] = *report.witness_steps;
      j["witness"] = witness;
      if (!witness_routing.empty()) j["witness_routing"] = witness_routing;
    }
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print("{}\n", verdict);
  }
  // The answer is out; deleting the solvers' Z3 contexts could take minutes
  // (SearchReport::solvers), so the process ends without it.
  if (report.solvers) {
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}

}  // namespace schedcheck::cli

// schedcheck: the command line; one function per subcommand, each a thin layer over the core.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "checker.hpp"
#include "command_output.hpp"
#include "gap_free_stream.hpp"
#include "generator.hpp"
#include "grid_spec.hpp"
#include "interop_command.hpp"
#include "json_schedule.hpp"
#include "lower_bounds.hpp"
#include "options.hpp"
#include "reader.hpp"
#include "render_command.hpp"
#include "jrs_generator.hpp"
#include "rooted_generator.hpp"
#include "schedule_writer.hpp"
#include "search_command.hpp"
#include "search_jobs_command.hpp"
#include "table.hpp"
#include "time_independent_command.hpp"
#include "topology_option.hpp"
#include "verdict_output.hpp"

namespace schedcheck::cli {
namespace {

bool is_json_path(const std::string& path) { return path.size() > 5 && path.ends_with(".json"); }

// An open input: a file descriptor streamed by LineSource, or (for the JSON
// form) the text the JSON converts to.
struct Input {
  int fd = -1;
  std::string text;
  std::optional<LineSource> source;
  ~Input() {
    if (fd > 0) ::close(fd);
  }
};

bool open_input(const std::string& path, Input& in, std::string& error) {
  if (is_json_path(path)) {
    std::ifstream file(path);
    if (!file) {
      error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
      return false;
    }
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(file);
    } catch (const nlohmann::json::exception& e) {
      error = fmt::format("{}: not JSON: {}", path, e.what());
      return false;
    }
    std::string why;
    auto text = json_to_text(j, why);
    if (!text) {
      error = fmt::format("{}: {}", path, why);
      return false;
    }
    in.text = std::move(*text);
    in.source.emplace(std::string_view(in.text));
    return true;
  }
  in.fd = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY);
  if (in.fd < 0) {
    error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
    return false;
  }
  in.source.emplace(in.fd);
  return true;
}

// --max-errors N, N >= 1; nullopt (after a message) when N is not a count.
std::optional<size_t> max_errors(const Arguments& args) {
  const auto v = args.value("--max-errors");
  if (!v) return 20;
  uint64_t n = 0;
  if (!whole_number(*v, n) || n == 0 || n > SIZE_MAX) {
    program_error(fmt::format("--max-errors takes a whole number of at least 1, not '{}'", *v));
    return std::nullopt;
  }
  return n;
}

int run_check(const Arguments& args) {
  if (args.positional.empty()) return program_error("check needs at least one FILE (or - for stdin)");
  const auto limit = max_errors(args);
  if (!limit) return exit_usage;
  const bool json = args.flag("--json");
  int worst = exit_verified;
  for (const std::string& path : args.positional) {
    // MSCCL XML and msccl-tools JSON: translated, checked, errors mapped back (interop_command.hpp).
    if (const auto code = check_foreign(path, args, *limit, json)) {
      worst = std::max(worst, *code);
      continue;
    }
    // --topology says what network an MSCCL file runs on; a schedule names its own.
    if (args.flag("--topology")) {
      worst = std::max(worst, program_error(fmt::format(
                                  "--topology is for MSCCL and msccl-tools files; {} names its own topology", path)));
      continue;
    }
    Input in;
    std::string error;
    if (!open_input(path, in, error)) {
      worst = std::max(worst, program_error(error));
      continue;
    }
    Diagnostics diag(path, *limit);
    Header header;
    CheckOptions options;
    options.per_step_stats = json;
    const Verdict verdict = check_schedule(*in.source, header, diag, options);
    const int code = exit_code(verdict, diag);
    worst = std::max(worst, code);
    if (json) {
      print_verdict_json(path, header, verdict, diag);
    } else {
      print_diagnostics(diag, verdict.stopped);
      if (diag.total() > 0 && is_json_path(path))
        fmt::print(stderr, "{}: note: positions are lines of its text form: schedcheck convert {}\n", path, path);
      fmt::print("{}\n", verdict_line(path, header, verdict, diag));
    }
    std::fflush(stdout);
  }
  return worst;
}

// Bhatt et al., Section 1.3 and Theorem 1 on one instance: the optimal
// gap-free order and the worst, message by message, between Proposition 1's
// two sides.
void print_gap_free_streams(const Header& header) {
  const Topology& topo = *header.topology;
  const Collective& coll = header.collective;
  const bool scatter = coll.kind == CollectiveKind::scatter;
  const lemmas::Stream best = lemmas::gap_free_stream(topo, coll, lemmas::StreamOrder::farthest_first);
  const lemmas::Stream worst = lemmas::gap_free_stream(topo, coll, lemmas::StreamOrder::nearest_first);
  uint64_t total = 0;
  uint32_t near = UINT32_MAX, far = 0;
  for (const lemmas::StreamEntry& e : best.entries) {
    total += e.length;
    near = std::min(near, e.distance);
    far = std::max(far, e.distance);
  }
  auto print_stream = [&](const char* title, const lemmas::Stream& stream) {
    fmt::print(stderr, "  {}:\n    {:>4} {:>6} {:>6} {:>8} {:>8} {:>8}\n", title, "j", "node", "delta", "l",
               "leaves", "arrives");
    for (size_t j = 0; j < stream.entries.size(); ++j) {
      const lemmas::StreamEntry& e = stream.entries[j];
      // A message that arrives before the stream's time lies in the shadow
      // of one that arrives later: its slanted side does not set the time.
      fmt::print(stderr, "    {:>4} {:>6} {:>6} {:>8} {:>8} {:>8}{}\n", j + 1, topo.node_name(e.node), e.distance,
                 e.length, e.dispatch, e.arrival, e.arrival == stream.time ? "  <- sets the time" : "");
    }
    fmt::print(stderr, "    time {}\n", stream.time);
  };
  fmt::print(stderr, "gap-free streams {} the root (Bhatt et al., Section 1.3: the j-th message {} the root's port in "
             "the units after the j-1 before it, L = {} flits in all):\n",
             scatter ? "from" : "into", scatter ? "leaves by" : "enters by", total);
  print_stream(scatter ? "farthest destination first (Theorem 1: optimal)"
                       : "nearest received first (Theorem 1 reversed in time: optimal)",
               best);
  print_stream(scatter ? "nearest destination first (the worst gap-free order: it ends with a farthest message)"
                       : "farthest received first (the worst gap-free order)",
               worst);
  fmt::print(stderr, "  Proposition 1: L + min delta - 1 = {} <= T(sigma) <= L + max delta - 1 = {} for every gap-free "
             "order sigma\n",
             total + near - 1, total + far - 1);
  fmt::print("STREAMS {} on {}, {}: {} {}, {} {}, proposition-1 [{}, {}]\n", collective_kind_name(coll.kind),
             topo.describe(), describe(header.model), scatter ? "farthest-first" : "nearest-received-first", best.time,
             scatter ? "nearest-first" : "farthest-received-first", worst.time, total + near - 1, total + far - 1);
}

int run_bound(const Arguments& args) {
  if (args.positional.size() != 1)
    return program_error("bound needs one collective: broadcast, gossip, scatter, gather or concentration");
  if (args.positional[0] == "time-independent-gossip") return run_time_independent_bound(args);
  const auto topo = args.value("--topology");
  if (!topo) return program_error("bound needs --topology (e.g. torus:7x7x7)");
  const auto line = topology_line(*topo);
  if (!line) return program_error(fmt::format("--topology '{}': expected KIND:SIZES such as torus:7x7x7", *topo));
  std::string model = args.value("--model").value_or("");
  for (char& ch : model) ch = ch == ',' ? ' ' : ch;
  const std::string& kind = args.positional[0];
  std::string collective = "collective " + kind;
  if (kind == "broadcast") collective += " source " + node_option_text(args.value("--source").value_or("0"));
  else if (kind != "gossip") collective += " root " + node_option_text(args.value("--root").value_or("0"));
  if (auto parts = args.value("--parts")) collective += " parts " + *parts;
  if (auto length = args.value("--length")) collective += " length " + *length;
  if (auto lengths = args.value("--lengths")) {
    std::string list = *lengths;
    for (char& ch : list) ch = ch == ',' ? ' ' : ch;
    collective += " lengths " + list;
  }
  std::string cost;
  if (args.flag("--ts") != args.flag("--tl")) return program_error("--ts and --tl go together: the cost of a step is ts + tl * flits");
  if (args.flag("--ts"))
    cost = fmt::format("cost ts={} tl={}\n", args.value("--ts").value_or("0"), args.value("--tl").value_or("0"));
  const std::string text = fmt::format("schedcheck 1\n{}\nmodel {}\n{}\n{}", *line, model, collective, cost);

  LineSource source{std::string_view(text)};
  Diagnostics diag("<options>", 20);
  Header header;
  Reader reader(source, diag);
  if (!reader.read_header(header) || diag.total() > 0) {
    // Name the option, not a line of the synthetic header.
    static constexpr const char* line_option[] = {"", "", "--topology", "--model", "collective options",
                                                  "--ts/--tl"};
    for (const Diagnostic& d : diag.kept())
      fmt::print(stderr, "schedcheck: error: {}: {}: {}\n", d.pos.line < 6 ? line_option[d.pos.line] : "?",
                 property_name(d.property), visible(d.message));
    return exit_usage;
  }
  if (header.cost && !header.model.step_synchronous())
    return program_error("--ts/--tl: the flit model counts time in flit units and takes no cost");
  const auto bounds = lower_bounds(*header.topology, header.model, header.collective);
  const LowerBound* best = best_bound(bounds);
  const std::vector<CostBound> cost_bounds =
      header.cost ? cost_lower_bounds(*header.topology, header.model, header.collective, best ? best->steps : 0,
                                      header.cost->ts, header.cost->tl)
                  : std::vector<CostBound>{};
  const CostBound* cost_bound = best_cost_bound(cost_bounds);
  if (args.flag("--json")) {
    nlohmann::json j;
    j["topology"] = header.topology->describe();
    j["model"] = describe(header.model);
    j["collective"] = kind;
    j["nodes"] = header.topology->node_count();
    nlohmann::json list = nlohmann::json::array();
    for (const LowerBound& b : bounds) list.push_back(bound_json(b, header.model));
    j["lower_bounds"] = list;
    if (best) j["lower_bound"] = {{"name", best->name}, {measure_name(header.model), best->steps}};
    auto cost_json = [](const CostBound& b) -> nlohmann::json {
      return {{"name", b.name}, {"cost", b.cost}, {"source", b.source}, {"formula", b.formula}, {"argument", b.argument}};
    };
    nlohmann::json cost_list = nlohmann::json::array();
    for (const CostBound& b : cost_bounds) cost_list.push_back(cost_json(b));
    if (header.cost) j["cost_lower_bounds"] = cost_list;
    if (cost_bound) j["cost_lower_bound"] = cost_json(*cost_bound);
    fmt::print("{}\n", j.dump());
    return exit_verified;
  }
  fmt::print(stderr, "lower bounds for {} on {} (P = {}), {}:\n", kind, header.topology->describe(),
             header.topology->node_count(), describe(header.model));
  const char* unit = header.model.step_synchronous() ? "steps" : "time units";
  for (const LowerBound& b : bounds)
    fmt::print(stderr, "  {} = {} {}  [{}]\n    formula: {}\n    why: {}\n", b.name, b.steps, unit, b.source,
               b.formula, b.argument);
  for (const CostBound& b : cost_bounds)
    fmt::print(stderr, "  {} = {} (cost, ts={} tl={})  [{}]\n    formula: {}\n    why: {}\n", b.name, b.cost,
               header.cost->ts, header.cost->tl, b.source, b.formula, b.argument);
  if (best)
    fmt::print("BOUND {} on {}, {}: {} {} ({}){}\n", kind, header.topology->describe(), describe(header.model),
               best->steps, unit, best->name,
               cost_bound ? fmt::format(", cost {} ({})", cost_bound->cost, cost_bound->name) : "");
  else
    fmt::print("BOUND {} on {}, {}: no lower bound applies\n", kind, header.topology->describe(),
               describe(header.model));
  const bool streams = !header.model.step_synchronous() && header.collective.has_root() &&
                       header.collective.kind != CollectiveKind::broadcast && best;
  if (streams) print_gap_free_streams(header);
  return exit_verified;
}

// Writes to -o FILE or stdout.
int write_result(const Arguments& args, const std::string& text) {
  if (const auto error = write_output(args, text, true)) return program_error(*error);
  return exit_verified;
}

int parse_exit(const Diagnostics& diag) {
  if (diag.total() == 0) return exit_verified;
  return diag.has_syntax_errors() ? exit_usage : 1;
}

int run_print(const Arguments& args) {
  if (args.positional.size() != 1) return program_error("print needs one FILE");
  Input in;
  std::string error;
  if (!open_input(args.positional[0], in, error)) return program_error(error);
  const NodeNaming naming = args.flag("--indices") ? NodeNaming::indices : NodeNaming::coordinates;
  const auto limit = max_errors(args);
  if (!limit) return exit_usage;
  Diagnostics diag(args.positional[0], *limit);
  const auto out = canonical_text(*in.source, diag, naming);
  print_diagnostics(diag);
  if (!out) return exit_usage;
  const int code = write_result(args, *out);
  return code != exit_verified ? code : parse_exit(diag);
}

int run_convert(const Arguments& args) {
  if (args.positional.size() != 1) return program_error("convert needs one FILE");
  const std::string& path = args.positional[0];
  const std::string to = args.value("--to").value_or(is_json_path(path) ? "text" : "json");
  if (to != "json" && to != "text") return program_error("--to takes json or text");
  Input in;
  std::string error;
  if (!open_input(path, in, error)) return program_error(error);
  const NodeNaming naming = args.flag("--indices") ? NodeNaming::indices : NodeNaming::coordinates;
  const auto limit = max_errors(args);
  if (!limit) return exit_usage;
  Diagnostics diag(path, *limit);
  if (to == "text") {
    // Through the core's reader, so what is written is what the checker reads.
    const auto out = canonical_text(*in.source, diag, naming);
    print_diagnostics(diag);
    if (!out) return exit_usage;
    if (diag.total() > 0) return parse_exit(diag);
    return write_result(args, *out);
  }
  auto j = text_to_json(*in.source, diag, naming);
  print_diagnostics(diag);
  if (!j) return parse_exit(diag) == exit_verified ? exit_usage : parse_exit(diag);
  return write_result(args, j->dump(1) + "\n");
}

// "torus:7x7x7" or "ring:8" as the generators' torus; nullopt with a message otherwise.
std::optional<gen::Torus> torus_arg(const std::string& spec, std::string& error) {
  const auto g = parse_grid_spec(spec, {"torus", "ring"}, 65536, error);
  if (!g) return std::nullopt;
  const gen::Torus torus{g->sizes};
  if (torus.node_count() > (uint64_t{1} << 26)) {
    error = fmt::format("--topology '{}': more than 2^26 nodes", spec);
    return std::nullopt;
  }
  return torus;
}

// "--source 1,2,3" (coordinates) or an index.
std::optional<gen::Coord> source_arg(const gen::Torus& torus, const std::string& text, std::string& error) {
  std::vector<uint64_t> values;
  std::string_view rest = text;
  if (rest.size() >= 2 && rest.front() == '(' && rest.back() == ')') rest = rest.substr(1, rest.size() - 2);
  for (;;) {
    const size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    uint64_t v = 0;
    if (!whole_number(part, v)) {
      error = fmt::format("--source '{}': expected coordinates like 1,2,3 or (1,2,3), or an index", text);
      return std::nullopt;
    }
    values.push_back(v);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (values.size() == 1 && torus.dimensions() > 1) {
    if (values[0] >= torus.node_count()) {
      error = fmt::format("--source {}: not a node of the torus {}", text, torus.describe());
      return std::nullopt;
    }
    return torus.coord(values[0]);
  }
  if (values.size() != torus.dimensions()) {
    error = fmt::format("--source '{}': the torus {} has {} dimensions", text, torus.describe(), torus.dimensions());
    return std::nullopt;
  }
  gen::Coord c;
  for (size_t d = 0; d < values.size(); ++d) {
    if (values[d] >= torus.sizes[d]) {
      error = fmt::format("--source '{}': coordinate {} is outside 0..{}", text, d + 1, torus.sizes[d] - 1);
      return std::nullopt;
    }
    c.push_back(static_cast<int64_t>(values[d]));
  }
  return c;
}

// Where gen writes: -o FILE, or stdout. --check reads FILE back, so it
// needs one, and a regular file.
struct GenOutput {
  std::optional<std::string> path;
  std::FILE* file = nullptr;
};

// Opens the output; an exit code, after a message, when it cannot.
std::optional<int> open_gen_output(const Arguments& args, GenOutput& out) {
  out.path = output_path(args);
  if (args.flag("--check") && !out.path) return program_error("--check needs -o FILE");
  out.file = out.path ? std::fopen(out.path->c_str(), "w") : stdout;
  if (!out.file) return program_error(fmt::format("cannot write '{}': {}", *out.path, std::strerror(errno)));
  // Large writes: a pipe's reader (`| schedcheck check -`) then wakes once
  // per MiB, not once per page.
  std::setvbuf(out.file, nullptr, _IOFBF, size_t{1} << 20);
  // --check reads the file back; a device or a pipe would give back nothing.
  struct stat written_to {};
  if (args.flag("--check") && (fstat(fileno(out.file), &written_to) != 0 || !S_ISREG(written_to.st_mode))) {
    std::fclose(out.file);
    return program_error(
        fmt::format("--check reads FILE back after writing it: '{}' is not a regular file", *out.path));
  }
  return std::nullopt;
}

// Closes the output and, with --check, has the core check what was written:
// a generator's output is never taken on trust.
int close_gen_output(const Arguments& args, GenOutput& out) {
  const bool written = std::fflush(out.file) == 0 && !std::ferror(out.file);
  if (out.path) std::fclose(out.file);
  if (!written) return program_error(fmt::format("cannot write '{}'", out.path.value_or("stdout")));
  if (!args.flag("--check")) return exit_verified;
  Arguments check_args;
  check_args.command = "check";
  check_args.positional.push_back(*out.path);
  return run_check(check_args);
}

// A whole number of the option, at most `max`; nullopt, after a message, otherwise.
std::optional<uint64_t> whole_arg(const std::string& option, std::string_view text, uint64_t max) {
  uint64_t value = 0;
  if (whole_number(text, value) && value <= max) return value;
  program_error(fmt::format("{} takes whole numbers from 0 to {}, not '{}'", option, max, text));
  return std::nullopt;
}

// --lengths L0,L1,... | --length L | --random-lengths MAX [--seed S], one
// length per node (default: every message 1 flit); nullopt after a message.
std::optional<std::vector<uint64_t>> lengths_arg(const Arguments& args, uint32_t nodes) {
  const int given = args.flag("--lengths") + args.flag("--length") + args.flag("--random-lengths");
  if (given > 1) {
    program_error("--lengths, --length and --random-lengths exclude each other");
    return std::nullopt;
  }
  if (args.flag("--seed") && !args.flag("--random-lengths")) {
    program_error("--seed goes with --random-lengths");
    return std::nullopt;
  }
  if (auto list = args.value("--lengths")) {
    std::vector<uint64_t> lengths;
    std::string_view rest = *list;
    for (;;) {
      const size_t comma = rest.find(',');
      const auto length = whole_arg("--lengths", rest.substr(0, comma), gen::max_message_length);
      if (!length) return std::nullopt;
      lengths.push_back(*length);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    return lengths;
  }
  if (auto max = args.value("--random-lengths")) {
    const auto top = whole_arg("--random-lengths", *max, gen::max_message_length);
    const auto seed = whole_arg("--seed", args.value("--seed").value_or("1"), UINT64_MAX);
    if (!top || !seed) return std::nullopt;
    return gen::random_lengths(nodes, *top, *seed);
  }
  const auto length = whole_arg("--length", args.value("--length").value_or("1"), gen::max_message_length);
  if (!length) return std::nullopt;
  return std::vector<uint64_t>(nodes, *length);
}

// The options of one registry that the other's generators do not take.
constexpr const char* torus_options[] = {"--source", "--time-independent"};
constexpr const char* rooted_options[] = {"--root", "--lengths", "--length", "--random-lengths", "--seed", "--tree",
                                          "--trees"};

// A scatter or gather generator of the flit model (rooted_generator.hpp).
int run_rooted_gen(const Arguments& args, const gen::RootedGenerator& g) {
  for (const char* option : torus_options)
    if (args.flag(option))
      return program_error(fmt::format("{} does not take {} (the torus generators do; this one takes --root)", g.name,
                                       option));
  const auto spec = args.value("--topology");
  if (!spec) return program_error(fmt::format("{} needs --topology (e.g. tree:-,0,0,1 or mesh:3x4)", g.name));
  std::string error;
  auto network = gen::Network::parse(*spec, error);
  if (!network) return program_error(fmt::format("--topology '{}': {}", *spec, error));
  const std::string root_text = args.value("--root").value_or("0");
  uint64_t root = 0;
  if (!whole_number(root_text, root) || root >= network->node_count())
    return program_error(fmt::format("--root '{}': not a node of the {} (nodes 0..{})", root_text,
                                     network->description(), network->node_count() - 1));
  auto lengths = lengths_arg(args, network->node_count());
  if (!lengths) return exit_usage;
  const std::string tree = args.value("--tree").value_or("breadth-first");
  if (tree != "breadth-first" && tree != "broadcast")
    return program_error(fmt::format("--tree '{}': breadth-first or broadcast", tree));
  // These build their own routes: the multitree generators their k trees, shoulder tapping the path itself.
  if (args.flag("--tree") && (g.name.ends_with("-multitree") || g.name == "gather-shoulder-tap"))
    return program_error(fmt::format("{} does not take --tree (it builds its own routes)", g.name));
  uint64_t trees = 0;
  if (const auto text = args.value("--trees")) {
    if (!g.name.ends_with("-multitree"))
      return program_error(fmt::format("{} does not take --trees (scatter-multitree and gather-multitree do)", g.name));
    if (!whole_number(*text, trees) || trees == 0 || trees > UINT32_MAX)
      return program_error(fmt::format("--trees '{}': a number of trees, 1 or more", *text));
  }
  const gen::RootedRequest request{std::move(*network), static_cast<uint32_t>(root), std::move(*lengths),
                                   tree == "broadcast" ? gen::TreeKind::broadcast : gen::TreeKind::breadth_first,
                                   static_cast<uint32_t>(trees)};
  const auto schedule = gen::plan_rooted(g, request, error);
  if (!schedule) return program_error(fmt::format("{}: {}", g.name, error));

  GenOutput out;
  if (auto failed = open_gen_output(args, out)) return *failed;
  gen::write_flit_schedule(out.file, g, request, *schedule);
  return close_gen_output(args, out);
}

// A Juurlink-Rao-Sibeyn gossip generator (jrs_generator.hpp).
int run_jrs_gen(const Arguments& args, const gen::JrsGenerator& g) {
  for (const char* option : {"--source", "--time-independent", "--root", "--lengths", "--length", "--random-lengths",
                             "--seed", "--tree", "--trees"})
    if (args.flag(option)) return program_error(fmt::format("{} does not take {}", g.name, option));
  const auto spec = args.value("--topology");
  if (!spec) return program_error(fmt::format("{} needs --topology ({})", g.name, g.topology));
  gen::JrsRequest request;
  const std::string_view text = *spec;
  const size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  request.grid.torus = kind == "ring" || kind == "torus";
  uint64_t nodes = 1;
  if (const auto sides = colon == std::string_view::npos ? std::nullopt : parse_sides(text.substr(colon + 1)))
    for (const uint32_t n : *sides) {
      if (n == 0 || n > (1u << 20) || nodes > (1u << 22) / n || request.grid.sizes.size() >= 16) {
        nodes = UINT64_MAX;  // the product stays in range
        break;
      }
      request.grid.sizes.push_back(n);
      nodes *= n;
    }
  const bool one_side = kind == "ring" || kind == "path";
  if ((!one_side && kind != "torus" && kind != "mesh") || request.grid.sizes.empty() ||
      (one_side && request.grid.sizes.size() != 1) || nodes > (1u << 22))
    return program_error(fmt::format("--topology '{}': {} takes {} (at most 2^22 PUs)", *spec, g.name, g.topology));
  if (const auto phases = args.value("--phases")) {
    if (!g.name.starts_with("gossip-highdimgos"))
      return program_error(fmt::format("{} does not take --phases (gossip-highdimgos does)", g.name));
    const auto list = gen::parse_phase_list(*phases);
    if (!list) return program_error(fmt::format("--phases '{}': each phase is 1, 2, circgos or circgos:A:B", *phases));
    request.grid.phases = *list;
  } else if (g.name.starts_with("gossip-highdimgos")) {
    return program_error(fmt::format("{} needs --phases (e.g. 2,1 for approach 21)", g.name));
  }
  if (const auto r = args.value("--r")) {
    auto [end, ec] = std::from_chars(r->data(), r->data() + r->size(), request.r);
    if (ec != std::errc{} || end != r->data() + r->size() || !std::isfinite(request.r) || request.r < 0 ||
        request.r > 1e12)
      return program_error(fmt::format("--r '{}': the start-up ratio t_s/(l*t_l), a number from 0 to 10^12", *r));
  }
  for (const auto& [option, value] : {std::pair{"--a", &request.a}, std::pair{"--b", &request.b}})
    if (const auto v = args.value(option)) {
      uint64_t x = 0;
      if (!whole_number(*v, x) || x > (1u << 20))
        return program_error(fmt::format("{} '{}': a whole number up to 2^20", option, *v));
      *value = static_cast<uint32_t>(x);
    }
  request.best = args.flag("--best");
  const bool bridgeheads = g.name.find("circgos") != std::string::npos || g.name.find("torgos") != std::string::npos ||
                           g.name.find("cubgos") != std::string::npos;
  if (!bridgeheads && (request.a || request.b || request.best || args.flag("--a") || args.flag("--b")))
    return program_error(
        fmt::format("{} takes no --a, --b or --best (gossip-circgos, -torgos and -cubgos do)", g.name));
  if (request.best && (args.flag("--a") || args.flag("--b")))
    return program_error("--best chooses a and b: give either --best or --a and --b");
  if (const std::string refused = g.prepare(request); !refused.empty())
    return program_error(fmt::format("{}: {}", g.name, refused));

  GenOutput out;
  if (auto failed = open_gen_output(args, out)) return *failed;
  gen::write_jrs_schedule(out.file, g, request);
  return close_gen_output(args, out);
}

void print_generator(std::string_view name, std::string_view topology, std::string_view model,
                     std::string_view collective, std::string_view source) {
  fmt::print("{}\n  topology:   {}\n  model:      {}\n  collective: {}\n  source:     {}\n", name, topology, model,
             collective, source);
}

int run_gen(const Arguments& args) {
  if (args.flag("--list")) {
    for (const gen::Generator& g : gen::generators())
      print_generator(g.name, g.topology, g.model, g.collective.empty() ? "broadcast source NODE" : g.collective,
                      g.source);
    for (const gen::RootedGenerator& g : gen::rooted_generators())
      print_generator(g.name, gen::rooted_topologies, g.model,
                      g.kind + " root NODE lengths L0 ... L(P-1)", g.source);
    for (const gen::JrsGenerator& g : gen::jrs_generators())
      print_generator(g.name, g.topology, g.model, "gossip length 1, cost ts=r tl=1 (--r R)", g.source);
    return exit_verified;
  }
  if (args.positional.size() != 1) return program_error("gen needs one generator NAME (see 'schedcheck gen --list')");
  if (const gen::RootedGenerator* rooted = gen::find_rooted_generator(args.positional[0]))
    return run_rooted_gen(args, *rooted);
  if (const gen::JrsGenerator* jrs = gen::find_jrs_generator(args.positional[0])) return run_jrs_gen(args, *jrs);
  const gen::Generator* g = gen::find_generator(args.positional[0]);
  if (!g) return program_error(fmt::format("no generator '{}' (see 'schedcheck gen --list')", args.positional[0]));
  for (const char* option : rooted_options)
    if (args.flag(option))
      return program_error(fmt::format("{} does not take {} (the scatter and gather generators do)", g->name, option));
  const auto spec = args.value("--topology");
  if (!spec) return program_error("gen needs --topology (e.g. torus:7x7)");
  std::string error;
  auto torus = torus_arg(*spec, error);
  if (!torus) return program_error(error);
  auto source = source_arg(*torus, args.value("--source").value_or("0"), error);
  if (!source) return program_error(error);
  gen::Request request{*torus, args.flag("--time-independent")};
  gen::Claim claim;
  if (!g->claim(request, claim, error)) return program_error(fmt::format("{}: {}", g->name, error));

  GenOutput out;
  if (auto failed = open_gen_output(args, out)) return *failed;
  // Node names relative to the source: the generators place the source at the origin.
  gen::ScheduleText text(out.file, *torus, *source, args.flag("--indices"));
  text.comment(fmt::format("{} on the torus {}: {}", g->name, torus->describe(), g->source));
  text.header(g->model,
              g->collective.empty() ? "broadcast source " + text.node(gen::Coord(torus->dimensions(), 0)) : g->collective,
              claim);
  try {
    g->write(request, text);
  } catch (const std::exception& e) {  // a construction that does not fit this size
    if (out.path) std::fclose(out.file);
    return program_error(fmt::format("{}: {}", g->name, e.what()));
  }
  return close_gen_output(args, out);
}

}  // namespace
}  // namespace schedcheck::cli

int main(int argc, char** argv) {
  using namespace schedcheck::cli;
  std::string error;
  auto args = parse_arguments(argc, argv, error);
  if (!args) {
    fmt::print(stderr, "schedcheck: error: {}\n\n{}", error, help_text(""));
    return exit_usage;
  }
  if (args->command == "--version") {
    fmt::print("schedcheck 0.1.0 (format version {})\n", schedcheck::format_version);
    return 0;
  }
  if (args->command == "help") {
    fmt::print("{}", help_text(args->positional.empty() ? "" : args->positional[0]));
    return 0;
  }
  if (args->flag("--help")) {
    fmt::print("{}", help_text(args->command));
    return 0;
  }
  try {
    if (args->command == "check") return run_check(*args);
    if (args->command == "bound") return run_bound(*args);
    if (args->command == "print") return run_print(*args);
    if (args->command == "convert") return run_convert(*args);
    if (args->command == "gen") return run_gen(*args);
    if (args->command == "search") return run_search(*args);
    if (args->command == "import") return run_import(*args);
    if (args->command == "export") return run_export(*args);
    if (args->command == "render") return run_render(*args);
    if (args->command == "table") {
      if (wants_search_jobs(*args)) return run_search_jobs(*args);
      if (args->positional.size() != 1) return program_error(
            "table needs one NAME (broadcast-allport, search-broadcast, search-gossip, search-scatter, meyer-sibeyn-2, scatter-gather, gather, multiport, jrs-1, jrs-2, jrs-3)");
      std::string error;
      const double timeout = seconds_option(*args, "--timeout", 60, error);
      if (!error.empty()) return program_error(error);
      return print_table(args->positional[0], args->flag("--json"), timeout);
    }
  } catch (const std::bad_alloc&) {
    return program_error("out of memory (the network or the collective is too large for this machine)");
  } catch (const std::exception& e) {
    return program_error(e.what());
  }
  return program_error("unknown command");
}

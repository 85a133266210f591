// Options: the table, the parser it drives, and the help text it drives.
#include "options.hpp"

#include <fmt/format.h>

namespace schedcheck::cli {

const std::vector<CommandSpec> command_table = {
    {"check", "check FILE...", "verify schedules; one verdict line per file on stdout, errors on stderr"},
    {"bound", "bound COLLECTIVE --topology SPEC --model LIST",
     "print every lower bound that applies, with its source, formula and value"},
    {"print", "print FILE", "echo a schedule as the checker understood it, in canonical form"},
    {"convert", "convert FILE", "convert a schedule between the text form and the JSON form"},
    {"gen", "gen NAME --topology SPEC [--source NODE | --root NODE --lengths L0,L1,...] [-o FILE] [--check] | gen --list",
     "write the schedule of a generator (schedules/), with a claim line of the steps (flit model: the time) it promises"},
    {"search", "search broadcast|gossip|hamiltonian --topology SPEC --model LIST [--min | --steps S | --claim-steps S] [--timeout SECONDS] [--count-timeout SECONDS] [--memory MIB] [--one-routing] [--no-symmetric-first] [--split PORTS [--cube K]] [--dimacs FILE | --sat-model FILE --cnf FILE] [--code-anchored] [--last-hops H] [--symmetric-class all|point] [--periods AxB | --translations AxB[,AxB...]] [-o FILE] | search scatter|gather --topology SPEC --model store-and-forward,all-port|store-and-forward,one-port [--root NODE] [--min | --steps S] [--timeout SECONDS] [--count-timeout SECONDS] [-o FILE] | search scatter|gather --topology SPEC [--root NODE] [--lengths L0,L1,... | --length L] [--model flit,one-port|flit,all-port] [--timeout SECONDS] [-o FILE]",
     "find a schedule with the fewest steps (scatter, gather: the least time in the flit model) with Z3, or decide a step count; the core re-checks every witness"},
    {"table", "table NAME | table search-broadcast|search-gossip --emit-jobs DIR [--sizes SPEC] [--timeout SECONDS] [--enumeration CHOICES] [--periodic-classes] | table search-broadcast|search-gossip --merge DIR [--sizes SPEC] [--accept-z3] [--json]", "print a table over many sizes (broadcast-allport, search-broadcast, search-gossip, search-scatter, meyer-sibeyn-2, scatter-gather, gather, multiport, jrs-1, jrs-2, jrs-3), measured by the checker; search-broadcast and search-gossip (its time-independent column) also as independent jobs for GNU parallel or a Slurm array, merged with every witness re-checked and every unsat below an optimum confirmed by cadical (exit 3: an entry left open or resting on Z3 alone)"},
    {"render", "render FILE [-o OUT.svg | -o OUT.html] [--step S | --step all] [--errors]",
     "draw a schedule the core parsed: a step on the network (arrows along each transfer's hops, coloured by "
     "message), every step in one HTML page with a slider, or a flit schedule's space-time diagram; exit 1 when "
     "the drawing marks errors (--errors: every error check finds, in red), 2 for schedules too large to draw"},
    {"import", "import msccl FILE [--topology SPEC] [-o OUT]",
     "translate an MSCCL XML algorithm (needs --topology) or an msccl-tools JSON algorithm into the format, each "
     "transfer keeping its place in FILE (specs/interop.md); check takes such files directly"},
    {"export", "export msccl FILE [-o OUT.xml]",
     "write a store-and-forward schedule (gossip as allgather, broadcast, scatter, gather) as MSCCL XML"},
};

const std::vector<OptionSpec> option_table = {
    {"--json", "", "check bound table search", "print the result as JSON (one object per file, one per line)"},
    {"--max-errors", "N", "check print convert", "report at most N errors per file (default 20)"},
    {"--topology", "SPEC", "bound gen search check import",
     "torus:5x5, mesh:4x6, ring:8, path:8, tree:-,0,0,1 or graph:4:0-1,1-2,2-3 (gen: tori, except for the scatter "
     "and gather generators; check, import: the network an MSCCL or msccl-tools file runs on)"},
    {"--model", "LIST", "bound search",
     "comma-separated model tokens, e.g. wormhole,all-port,dimension-order (see specs/format.md)"},
    {"--source", "NODE", "bound gen", "broadcast source (default 0); coordinates as 1,2,3 or (1,2,3), or an index"},
    {"--root", "NODE", "bound gen search", "scatter, gather or concentration root (default 0); gen and the flit search: a node index"},
    {"--lengths", "L0,L1,...", "bound gen search",
     "scatter and gather: each node's message length in flits, in node-index order (0: a null message)"},
    {"--length", "L", "bound gen search", "scatter and gather: every message L flits (the default: 1)"},
    {"--random-lengths", "MAX", "gen",
     "scatter and gather generators: each length drawn uniformly from 0..MAX, the same on every machine"},
    {"--seed", "S", "gen", "the seed of --random-lengths (default 1)"},
    {"--tree", "KIND", "gen",
     "scatter and gather generators off a tree: the spanning tree the routes follow, breadth-first (shortest "
     "routes, the default) or broadcast (a greedy single-port broadcast's tree)"},
    {"--ts", "T", "bound", "with --tl: the cost model's start-up time per step; bound then also states the cost bound"},
    {"--tl", "L", "bound", "with --ts: the cost model's time per flit"},
    {"--r", "R", "gen",
     "gossip-jrs-*, gossip-circgos: the start-up ratio r = t_s/(l*t_l) of the cost line (default 1)"},
    {"--a", "A", "gen", "gossip-circgos: the bridgeheads of phase 1, and their factor per round of phase 3"},
    {"--b", "B", "gen", "gossip-circgos: the steps of each round of phase 3"},
    {"--phases", "LIST", "gen",
     "gossip-highdimgos(-coloured), which need it: the 1-D algorithm of each phase, comma-separated: 1, 2, circgos (best a, b) or "
     "circgos:A:B; one for every axis, or one per axis (approach ij: i,j)"},
    {"--best", "", "gen", "gossip-circgos: choose a and b for the size and --r, the cheapest by Lemma 5's formula"},
    {"--trees", "K", "gen",
     "scatter-multitree, gather-multitree: the number of edge-disjoint trees rooted at the root (default: one per "
     "link of the root)"},
    {"--parts", "N", "bound", "packets per PU for gossip (default 1)"},
    {"--P", "N", "bound",
     "time-independent-gossip: PUs 0..N-1 along the first cycle; alone, every second cycle on K_N (N <= 12)"},
    {"--i", "I", "bound", "time-independent-gossip: the PU i of Meyer-Sibeyn's Section 2 (with --cycle)"},
    {"--cycle", "NODES", "bound",
     "time-independent-gossip: the second cycle, or a window of it around i, as blank-separated PUs"},
    {"--indices", "", "print convert gen", "write nodes as indices instead of coordinates"},
    {"--list", "", "gen", "list the generators, their topologies, models and paper sections"},
    {"--check", "", "gen", "check the written schedule (-o FILE) with the core and print its verdict"},
    {"--to", "FORM", "convert", "json or text (default: the other form than the input's)"},
    {"-o", "FILE", "print convert gen search render import export", "write to FILE instead of stdout (- is stdout; search: the witness, written only with -o, - putting it before the verdict)"},
    {"--min", "", "search", "climb from the best lower bound to the fewest steps (the default)"},
    {"--steps", "S", "search", "decide whether S steps suffice"},
    {"--claim-steps", "S", "search", "test a claim of at most S steps: sat gives a witness, unsat a proof"},
    {"--timeout", "SECONDS", "search table", "give up after SECONDS (search: default 600, exit code 3; table: per size, default 60; --emit-jobs: per job, default 600)"},
    {"--memory", "MIB", "search", "give up (exit code 3) when Z3 would take more than MIB mebibytes, at least 64 (default: three quarters of this machine's memory or of the process's limit, if lower)"},
    {"--emit-jobs", "DIR", "table",
     "search-broadcast, search-gossip: print one shell command line per (torus, routing, step count) job (gossip: "
     "per (torus, step count) of time-independent forwarding), nothing else, for "
     "GNU parallel or a Slurm array; each writes DIR/NAME.json and its witness DIR/NAME.sched, and after an unsat "
     "or unknown cadical's answer on the same count's CNF, DIR/NAME.cadical"},
    {"--merge", "DIR", "table",
     "search-broadcast, search-gossip: merge the jobs' results in DIR into the table, every witness re-checked by "
     "the core, every unsat below an optimum checked against cadical's answer on its CNF; missing, unknown and timed-out counts "
     "are left open"},
    {"--accept-z3", "", "table",
     "--merge: an optimum resting on one solver's unsat (Z3's that cadical did not confirm, or cadical's where Z3 "
     "gave no answer) counts as proven (exit 0, still marked z3-only or cadical-only); without it such an entry "
     "exits 3"},
    {"--enumeration", "CHOICES", "table",
     "search-gossip --emit-jobs: the choices the enumeration of translation-invariant schedules may make per torus "
     "and step count (default 268435456; 0: none), written to DIR/sweep.txt for --merge"},
    {"--periodic-classes", "", "table",
     "search-gossip --emit-jobs: also, at each torus's lower bound left to jobs, one job per class of translations "
     "(search gossip --periods or --translations, decided by cadical; every group on tori of at most 256 PUs, the "
     "boxes on larger ones): a witness of one decides the entry, an unsat refutes its class only"},
    {"--sizes", "SPEC", "table",
     "--emit-jobs: the tori, a comma list of AxB(xC) and ranges LO..HI (sides between the two "
     "ends, non-decreasing), default 2x2..8x8,2x2x2..4x4x4 (search-gossip: 2x2..8x8,2x2x2..3x3x4); --merge reads them from DIR/sweep.txt unless given"},
    {"--count-timeout", "SECONDS", "search",
     "broadcast, store-and-forward scatter and gather, time-independent gossip: the time one step count may take; an unknown count is reported and the climb goes on (default: "
     "half of --timeout; all of it with --steps or --claim-steps)"},
    {"--one-routing", "", "search",
     "broadcast: search the routing asked alone, not first the stricter shorter-way routing whose witnesses are "
     "its witnesses"},
    {"--no-symmetric-first", "", "search",
     "broadcast: no structured first tries (each a third of the count's time left, whose witness settles the count "
     "and whose unsat refutes nothing): under free routing, steps that are each a maximum flow; the schedules "
     "whose last step informs every neighbour of a perfect Lee "
     "code by single hops (tori whose sides are multiples of 2k+1), then those that the automorphisms fixing the "
     "source map to themselves, then under dimension order steps on shorter-way paths spread greedily, the last "
     "decided by Z3"},
    {"--split", "PORTS", "search",
     "broadcast with --steps S: decide the count cube by cube, one cube per choice of the source's path (or none) "
     "out of each of its first PORTS ports in step 1, the routing asked alone"},
    {"--cube", "K", "search",
     "broadcast with --split: search cube K alone (0-based; the count has a schedule iff some cube has one; a cube's "
     "unsat is CUBE-UNSAT)"},
    {"--plain", "", "search", "the plain encoding: no redundant constraints, no symmetry breaking"},
    {"--time-independent", "", "gen search",
     "gossip where every PU forwards from each side to fixed directions in every step (Meyer-Sibeyn)"},
    {"--dimacs", "FILE", "search",
     "with --steps S (S >= 1): write that count's encoding as DIMACS CNF instead of solving, its variables named in "
     "'c N name' lines"},
    {"--sat-model", "FILE", "search",
     "broadcast and time-independent gossip with --steps S and --cnf: the schedule of another SAT solver's model (its 's SATISFIABLE' and 'v' "
     "lines in FILE) of the CNF that --dimacs wrote for that count, checked by the core"},
    {"--cnf", "FILE", "search", "with --sat-model: the CNF the model is of, as --dimacs wrote it"},
    {"--code-anchored", "", "search",
     "broadcast on a torus with --dimacs or --sat-model: the count's schedules that inform every node with "
     "x1 + 2 x2 + ... + k xk = 0 mod 2k+1 before their last step, whose paths have at most 2 hops (a class: its "
     "model is a witness, its unsat refutes nothing; no symmetry breaking)"},
    {"--last-hops", "H", "search",
     "wormhole broadcast with --dimacs or --sat-model: the count's schedules whose last step has no path of more "
     "than H hops, H >= 1 (a class: its model is a witness, its unsat refutes nothing)"},
    {"--symmetric-class", "all|point", "search",
     "broadcast with --dimacs or --sat-model: the count's schedules that every automorphism fixing the source "
     "(all) or the point reflection (point) maps to themselves, one variable per orbit (a class: its model is a "
     "witness, its unsat refutes nothing)"},
    {"--periods", "AxB", "search",
     "time-independent gossip with --dimacs or --sat-model: the count's schedules whose PUs forward and inject as "
     "the PU of their coordinates modulo the periods (one per dimension, each dividing its side; 1x1 is the "
     "translation-invariant class) (a class: its model is a witness, its unsat refutes nothing; no symmetry "
     "breaking)"},
    {"--translations", "AxB[,AxB...]", "search",
     "time-independent gossip with --dimacs or --sat-model, instead of --periods: the count's schedules that each "
     "translation (A along dimension 1, B along dimension 2, ...) maps onto themselves, e.g. 1x1 for a diagonal "
     "(a class: its model is a witness, its unsat refutes nothing; no symmetry breaking)"},
    {"--step", "S", "render",
     "the step to draw as SVG, or all for an HTML page with every step (default: all when -o names an .html "
     "file, else step 1; the flit model has no steps)"},
    {"--errors", "", "render", "run the core's check too and draw each transfer it finds in error in red"},
    {"--help", "", "check bound print convert gen table search render import export", "show this help"},
};

std::optional<std::string> Arguments::value(std::string_view name) const {
  auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  return it->second;
}

namespace {
bool takes(const OptionSpec& spec, std::string_view command) {
  std::string_view list = spec.commands;
  while (!list.empty()) {
    const size_t space = list.find(' ');
    if (list.substr(0, space) == command) return true;
    if (space == std::string_view::npos) break;
    list.remove_prefix(space + 1);
  }
  return false;
}
}  // namespace

std::optional<Arguments> parse_arguments(int argc, char** argv, std::string& error) {
  Arguments args;
  if (argc < 2) {
    error = "no command given";
    return std::nullopt;
  }
  args.command = argv[1];
  if (args.command == "--help" || args.command == "-h" || args.command == "help") {
    args.command = "help";
    if (argc > 2) args.positional.emplace_back(argv[2]);
    return args;
  }
  if (args.command == "--version") return args;
  bool known = false;
  for (const CommandSpec& c : command_table) known |= c.name == args.command;
  if (!known) {
    error = fmt::format("unknown command '{}' (run 'schedcheck --help')", args.command);
    return std::nullopt;
  }
  for (int i = 2; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.size() < 2 || arg[0] != '-' ) {
      args.positional.emplace_back(arg);
      continue;
    }
    std::string_view name = arg, inline_value;
    bool has_inline = false;
    if (const size_t eq = arg.find('='); eq != std::string_view::npos && arg.starts_with("--")) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
      has_inline = true;
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& o : option_table)
      if (o.name == name) spec = &o;
    if (!spec || !takes(*spec, args.command)) {
      error = fmt::format("'{}' is not an option of '{}' (run 'schedcheck {} --help')", name, args.command,
                          args.command);
      return std::nullopt;
    }
    std::string value;
    if (!spec->value.empty()) {
      if (has_inline) {
        value = inline_value;
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        error = fmt::format("'{}' needs a value ({})", name, spec->value);
        return std::nullopt;
      }
    } else if (has_inline) {
      error = fmt::format("'{}' takes no value", name);
      return std::nullopt;
    }
    args.options[std::string(name)] = value;
  }
  return args;
}

std::string help_text(std::string_view command) {
  std::string s;
  for (const CommandSpec& c : command_table) {
    if (!command.empty() && c.name != command) continue;
    s += fmt::format("usage: schedcheck {}\n  {}\n", c.usage, c.help);
    if (command.empty()) continue;
    s += "options:\n";
    for (const OptionSpec& o : option_table) {
      if (!takes(o, c.name)) continue;
      const std::string left = o.value.empty() ? std::string(o.name) : fmt::format("{} {}", o.name, o.value);
      s += fmt::format("  {:<20} {}\n", left, o.help);
    }
  }
  if (command.empty()) {
    s = "schedcheck: verify and search collective-communication schedules\n\n" + s;
    s += "\nrun 'schedcheck COMMAND --help' for a command's options; the format is specs/format.md\n";
  }
  s +=
      "\nexit codes: 0 verified, 1 a property failed, 2 usage, parse or I/O error,\n"
      "            3 search gave up (time limit or unknown; also a witness whose optimality is not proven)\n";
  return s;
}

}  // namespace schedcheck::cli

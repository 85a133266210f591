// Search jobs command: parses --emit-jobs, --merge and --sizes, prints the job lines or the merged table.
#include "search_jobs_command.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command_output.hpp"
#include "search_jobs.hpp"

namespace schedcheck::cli {

namespace {

namespace fs = std::filesystem;

// This very binary, so that the jobs run the schedcheck that wrote them.
std::optional<std::string> own_binary() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  return self.string();
}

int emit_jobs(const Arguments& args, const std::string& dir_option, lemmas::SweepTable table) {
  for (const char* option : {"--json", "--accept-z3"})
    if (args.flag(option))
      return program_error(fmt::format("--emit-jobs prints shell command lines; {} is for --merge", option));
  std::string error;
  const double timeout = seconds_option(args, "--timeout", 600, error);
  if (!error.empty()) return program_error(error);
  const std::string spec = args.value("--sizes").value_or(std::string(lemmas::default_sizes(table)));
  const auto sizes = lemmas::parse_torus_sizes(spec, error);
  if (!sizes) return program_error(fmt::format("--sizes: {}", error));
  const auto binary = own_binary();
  if (!binary) return program_error("cannot tell the path of this schedcheck binary (/proc/self/exe)");
  uint64_t enumeration = lemmas::enumeration_nodes_per_count;
  if (args.flag("--periodic-classes") && table != lemmas::SweepTable::time_independent_gossip)
    return program_error("--periodic-classes is for table search-gossip");
  if (const auto given = args.value("--enumeration")) {
    if (table != lemmas::SweepTable::time_independent_gossip)
      return program_error("--enumeration is for table search-gossip");
    if (!whole_number(*given, enumeration))
      return program_error(fmt::format("--enumeration takes a number of choices (0: none), not '{}'", *given));
  }

  // The jobs may run in another directory (a Slurm node): their paths are absolute.
  std::error_code ec;
  const fs::path dir = fs::absolute(dir_option, ec).lexically_normal();
  if (!ec) fs::create_directories(dir, ec);
  if (ec) return program_error(fmt::format("--emit-jobs: cannot create the directory '{}': {}", dir_option, ec.message()));
  const fs::path manifest = dir / lemmas::sweep_manifest_name;
  {
    std::ofstream out(manifest);
    if (!(out << lemmas::sweep_manifest(spec, table, enumeration)))
      return program_error(fmt::format("cannot write '{}'", manifest.string()));
  }
  const std::vector<lemmas::SweepEntry> entries = lemmas::sweep_entries(*sizes, table, enumeration);
  const std::vector<lemmas::SearchJob> jobs = lemmas::sweep_jobs(entries, args.flag("--periodic-classes"));
  std::string lines;
  for (const lemmas::SearchJob& job : jobs) lines += lemmas::job_command(job, *binary, dir.string(), timeout) + "\n";
  fmt::print("{}", lines);
  fmt::print(stderr, "table {}: {} jobs over {} tori{}; results in {}\n", lemmas::sweep_table_name(table),
             jobs.size(), sizes->size(), table == lemmas::SweepTable::broadcast ? " and 3 routings" : "",
             dir.string());
  return 0;
}

int merge(const Arguments& args, const std::string& dir_option, lemmas::SweepTable table) {
  const bool broadcast = table == lemmas::SweepTable::broadcast;
  if (args.flag("--timeout")) return program_error("--timeout is for --emit-jobs (each job's time limit)");
  const lemmas::UnsatProofs proofs =
      args.flag("--accept-z3") ? lemmas::UnsatProofs::z3_alone : lemmas::UnsatProofs::cadical_confirmed;
  const fs::path dir = dir_option;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return program_error(fmt::format("--merge: '{}' is not a directory", dir_option));
  if (args.flag("--enumeration")) return program_error("--enumeration is for --emit-jobs (--merge reads it from DIR/sweep.txt)");
  if (args.flag("--periodic-classes"))
    return program_error("--periodic-classes is for --emit-jobs (--merge reads the classes' results it finds in DIR)");
  // The manifest gives the sweep's tori (unless --sizes does) and its enumeration's budget.
  lemmas::SweepManifest sweep;
  const fs::path manifest = dir / lemmas::sweep_manifest_name;
  if (std::ifstream in(manifest); in) {
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string error;
    const auto read = lemmas::read_sweep_manifest(text, error, table);
    if (!read) return program_error(fmt::format("{}: {}", manifest.string(), error));
    sweep = *read;
  } else if (!args.flag("--sizes")) {
    return program_error(
        fmt::format("{}: missing (--emit-jobs writes it; or give the sweep's --sizes)", manifest.string()));
  }
  const std::string spec = args.value("--sizes").value_or(sweep.sizes);
  const uint64_t enumeration = sweep.enumeration;
  std::string error;
  const auto sizes = lemmas::parse_torus_sizes(spec, error);
  if (!sizes) return program_error(fmt::format("--sizes: {}", error));

  const lemmas::MergeReport report = lemmas::merge_sweep(dir, *sizes, table, enumeration);
  for (const std::string& e : report.errors) fmt::print(stderr, "schedcheck: error: {}\n", e);
  for (const std::string& r : report.rejected) fmt::print(stderr, "schedcheck: error: WITNESS-REJECTED {}\n", r);
  for (const std::string& d : report.disagreed) fmt::print(stderr, "schedcheck: error: CADICAL-CONTRADICTED {}\n", d);
  for (const std::string& n : report.notes) fmt::print(stderr, "schedcheck: note: {}\n", n);

  size_t decided = 0, one_solver = 0;
  for (const lemmas::MergedEntry& m : report.entries) {
    decided += m.optimum.has_value();
    one_solver += m.proof == lemmas::OptimumProof::z3_only || m.proof == lemmas::OptimumProof::cadical_only;
  }
  if (args.flag("--json")) {
    nlohmann::json rows = nlohmann::json::array();
    for (const lemmas::MergedEntry& m : report.entries) {
      nlohmann::json row = {{"torus", fmt::format("torus {}", lemmas::sizes_text(m.entry.sizes))},
                            {broadcast ? "lemma_1" : "lower_bound", m.entry.lemma_1.steps},
                            {"optimum", m.optimum_text},
                            {"decided", m.optimum.has_value()},
                            {"impossible_below", m.impossible_below},
                            {"open_steps", m.open},
                            {"settled", m.settled},
                            {"marks", m.marks},
                            {"proof", lemmas::optimum_proof_name(m.proof, table)},
                            {"confirmed", m.proof == lemmas::OptimumProof::lemma ||
                                              m.proof == lemmas::OptimumProof::cadical}};
      if (!m.proof_why.empty()) row["unconfirmed_why"] = m.proof_why;
      if (broadcast) row["routing"] = search::route_rule_name(m.entry.routing);
      else row["forwarding"] = "time-independent";
      row["steps"] = m.optimum ? nlohmann::json(*m.optimum) : nlohmann::json(nullptr);
      row["upper"] = m.upper ? nlohmann::json(*m.upper) : nlohmann::json(nullptr);
      row["construction"] = m.entry.construction ? nlohmann::json(*m.entry.construction) : nlohmann::json(nullptr);
      if (!broadcast && m.entry.construction) {
        if (m.entry.construction_enumerated) row["construction_enumerated"] = true;
        else row["construction_generator"] = m.entry.construction_generator;
      }
      rows.push_back(row);
    }
    fmt::print("{}\n", rows.dump());
  } else {
    fmt::print("# {} optima on small tori ({}), merged from the job results in {}\n\n",
               broadcast ? "Broadcast" : "Time-independent gossip",
               broadcast ? "wormhole, all-port" : "store-and-forward, all-port, non-combining", dir.string());
    // What refutes a count differs between the tables; what an optimum above the bound rests on does not.
    fmt::print("{}",
               broadcast
                   ? "Each optimum rests on a witness the core re-checked here (or the Wang-Tseng construction, "
                     "checked here)\nand every count below it refuted by the lower bound or an unsat; an unsat under "
                     "dimension-order refutes the\nshorter way too, and free routing's (minimal paths only) refutes "
                     "nothing. Counts without an answer are open.\n"
                   : "Each optimum rests on a witness the core re-checked here (or one of Meyer and Sibeyn's "
                     "one-packet gossips,\nor a translation-invariant schedule of the enumeration, both checked "
                     "here), time-independent by the\ncore's forwarding analysis, and every count below it refuted "
                     "by the lower bound or an unsat (a map\nmay leave out what the neighbour holds, so a schedule "
                     "idles into one of more steps). Counts without an\nanswer are open.\n");
    fmt::print("An optimum above the lower bound (broadcast: Lemma 1, or under dimension order the layer count of\n"
               "lemmas.md where larger) rests on the unsat of one step fewer: confirmed by cadical on the same CNF,\n"
               "or marked z3-only, or by cadical alone where Z3 gave no answer (cadical-only); an unsat cadical\n"
               "finds satisfiable refutes nothing and marks CADICAL-CONTRADICTED.\n\n");
    fmt::print("{}",
               broadcast ? "| torus | routing | lower bound | optimum | construction | settled (steps: answer, seconds, "
                           "routing) | marks |\n|---|---|---|---|---|---|---|\n"
                         : "| torus | lower bound | optimum | settled (steps: answer, seconds) | marks |\n"
                           "|---|---|---|---|---|\n");
    for (const lemmas::MergedEntry& m : report.entries) {
      // The routing and construction columns are broadcast's alone.
      const std::string routing = broadcast ? fmt::format(" {} |", search::route_rule_name(m.entry.routing)) : "";
      const std::string construction =
          !broadcast ? ""
          : m.entry.construction ? fmt::format(" {} |", *m.entry.construction)
                                 : std::string(" - |");
      fmt::print("| torus {} |{} {} | {} |{} {} |{} |\n", lemmas::sizes_text(m.entry.sizes), routing,
                 m.entry.lemma_1.steps, m.optimum_text, construction, m.settled, m.marks);
    }
  }
  fmt::print(stderr,
             "table {}: {} of {} entries decided ({} on one solver's unsat alone{}), {} open; {} witnesses "
             "rejected, {} unsats contradicted by cadical, {} result files in error\n",
             lemmas::sweep_table_name(table), decided, report.entries.size(), one_solver,
             one_solver && proofs == lemmas::UnsatProofs::cadical_confirmed ? ", not counted as proven without --accept-z3"
                                                                          : "",
             report.entries.size() - decided, report.rejected.size(), report.disagreed.size(), report.errors.size());
  return report.exit_code(proofs);
}

}  // namespace

bool wants_search_jobs(const Arguments& args) {
  return args.flag("--emit-jobs") || args.flag("--merge") || args.flag("--sizes") || args.flag("--accept-z3") ||
         args.flag("--enumeration") || args.flag("--periodic-classes");
}

int run_search_jobs(const Arguments& args) {
  const bool gossip = args.positional.size() == 1 && args.positional[0] == "search-gossip";
  if (args.positional.size() != 1 || (args.positional[0] != "search-broadcast" && !gossip))
    return program_error("--emit-jobs, --merge, --sizes, --accept-z3, --enumeration and --periodic-classes are for "
                         "'table search-broadcast' and 'table search-gossip'");
  const lemmas::SweepTable table =
      gossip ? lemmas::SweepTable::time_independent_gossip : lemmas::SweepTable::broadcast;
  const auto emit = args.value("--emit-jobs");
  const auto merged = args.value("--merge");
  if (emit && merged) return program_error("--emit-jobs and --merge exclude each other");
  if ((emit && emit->empty()) || (merged && merged->empty()))
    return program_error(fmt::format("{} needs a directory", emit ? "--emit-jobs" : "--merge"));
  if (!emit && !merged)
    return program_error(args.flag("--sizes")         ? "--sizes goes with --emit-jobs DIR or --merge DIR"
                         : args.flag("--enumeration") ? "--enumeration goes with --emit-jobs DIR"
                         : args.flag("--periodic-classes") ? "--periodic-classes goes with --emit-jobs DIR"
                                                      : "--accept-z3 goes with --merge DIR");
  if (emit) return emit_jobs(args, *emit, table);
  return merge(args, *merged, table);
}

}  // namespace schedcheck::cli

// Search jobs: the search-broadcast and search-gossip sweeps as independent command lines for a job engine, and their results merged with every witness re-checked by the core.
//
// One job decides one step count of one torus under one routing
// (`schedcheck search broadcast --steps S --one-routing --json`), or of
// time-independent gossip (`search gossip --time-independent --steps S`), so that GNU
// parallel on one machine or a Slurm job array on a cluster can run the
// sweep; each job writes its own result file and witness. The merge puts the
// counts together with the routing order: every dimension-order-shorter path
// is a dimension-order path and a minimal one, so a witness may answer a
// looser routing (the core decides whether it does, by checking it under that
// routing) and an unsat under dimension order refutes the shorter way too.
// The search's free routes are the minimal paths only, so an unsat there
// refutes no count of free routing: a free optimum rests on Lemma 1.
//
// A job whose search answers unsat also exports the CNF of the same count
// and routing and lets cadical decide it, so that the unsat that proves an
// optimum above Lemma 1 rests on two solvers, not on Z3's word alone (the
// witnesses are re-checked by the core; an unsat has no witness to re-check).
// The CNF is Z3's own translation of the encoding (simplify, cardinality to
// bits, Tseitin): cadical re-decides that CNF, so a fault in the translation
// would go unseen; a fault in Z3's solving would not.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proven.hpp"
#include "routes.hpp"

namespace schedcheck::lemmas {

using TorusSizes = std::vector<uint32_t>;

// The tables the job engine sweeps: which search a job runs and what its answers mean.
enum class SweepTable : uint8_t {
  // search-broadcast: wormhole all-port broadcast from node 0, an entry per
  // torus and routing of sweep_routings.
  broadcast,
  // search-gossip: store-and-forward all-port non-combining gossip whose PUs
  // forward by fixed maps (property 9), an entry per torus (its routing free).
  time_independent_gossip,
  // In both, a schedule of fewer steps is one of more that idles at the end
  // (a time-independent map may leave out what the neighbour holds, which at
  // the end is everything), so an unsat refutes every count below its own.
};
const char* sweep_table_name(SweepTable table);  // "search-broadcast", "search-gossip"

// The default of --sizes: the tori of `table search-broadcast`, and the
// time-independent gossip table's.
inline constexpr std::string_view default_sweep_sizes = "2x2..8x8,2x2x2..4x4x4";
inline constexpr std::string_view default_gossip_sweep_sizes = "2x2..8x8,2x2x2..3x3x4";
std::string_view default_sizes(SweepTable table);

// The counts a time-independent gossip entry's jobs decide: its lower bound
// and the next ones (the optimum is at most one above the bound on every
// torus decided so far).
inline constexpr uint32_t gossip_sweep_counts = 4;

// A comma-separated list of tori and ranges: "5x5" is one torus (its sides
// as given); "2x2..4x4" is every torus whose i-th side lies between the i-th
// sides of the two ends, sides non-decreasing (a torus with its sides in
// another order is the same network turned). At least two dimensions, sides
// of at least 2, at most 4096 nodes (the search's limit). Repeats are dropped.
// nullopt with `error` set on a malformed list.
std::optional<std::vector<TorusSizes>> parse_torus_sizes(std::string_view spec, std::string& error);

// "4x4", "2x3x4".
std::string sizes_text(const TorusSizes& sizes);

// The table's routings, in its order; an entry's routing is one of them.
inline constexpr std::array<search::RouteRule, 3> sweep_routings = {
    search::RouteRule::dimension_order, search::RouteRule::dimension_order_shorter, search::RouteRule::shortest};
size_t routing_index(search::RouteRule routing);

// True when a job's unsat under `run` refutes the same count under `entry`:
// dimension order refutes itself and the shorter way (whose schedules are
// dimension-ordered), the shorter way only itself, and free routing nothing
// (its runs search minimal paths, the format's free routing allows any path).
// A gossip job's unsat refutes its own entry's counts (store-and-forward
// packets take one hop, so every path is minimal).
bool unsat_refutes(search::RouteRule run, search::RouteRule entry,
                   SweepTable table = SweepTable::broadcast);

// The model line of the format for broadcast under `routing` (wormhole, all-port).
std::string sweep_model_line(const TorusSizes& sizes, search::RouteRule routing);
// The model line of a table's entry: sweep_model_line, or gossip's.
std::string entry_model_line(SweepTable table, const TorusSizes& sizes, search::RouteRule routing);

// One (torus, routing) of the table: the counts the lemma and the
// construction settle without a solver, and the counts left to jobs.
struct SweepEntry {
  TorusSizes sizes;
  search::RouteRule routing = search::RouteRule::dimension_order;  // gossip: free
  search::StepLowerBound lemma_1;         // the core's best lower bound (at least 1 step): Lemma 1 for broadcast
  // broadcast: broadcast-span's steps, where the core verifies it under this
  // routing; time-independent gossip: the fewest of a generator's schedules
  // the core verifies and classes time-independent
  std::optional<uint32_t> construction;
  uint32_t last_job = 0;                  // jobs decide lemma_1.steps .. last_job (none when below)
  SweepTable table = SweepTable::broadcast;
  std::string construction_generator;     // time-independent gossip: the construction's, as `gen` takes it
  // Time-independent gossip: the construction is the fewest steps of a
  // translation-invariant schedule (search/translation_invariant_gossip.hpp)
  // in the jobs' counts, which the core verifies and classes time-independent.
  bool construction_enumerated = false;
};

// The enumeration's work per count in the sweep's entries: a bound in
// choices, not seconds, so that the jobs' emission and their merge agree on
// every machine (about 10 s here; 3x3x4 in 6 steps takes 1e8).
inline constexpr uint64_t enumeration_nodes_per_count = uint64_t{1} << 28;

// Measures the lower bound and the construction of every torus, under every
// routing for broadcast; `enumeration` is the time-independent gossip
// table's budget (0: no translation-invariant schedules).
std::vector<SweepEntry> sweep_entries(const std::vector<TorusSizes>& sizes,
                                      SweepTable table = SweepTable::broadcast,
                                      uint64_t enumeration = enumeration_nodes_per_count);

struct SearchJob {
  TorusSizes sizes;
  search::RouteRule routing = search::RouteRule::dimension_order;
  uint32_t steps = 0;
  SweepTable table = SweepTable::broadcast;
  // Time-independent gossip: a class of translations (encoding.md, "The
  // periodic class", "Classes of translations"): a box's periods, one per
  // side, or else the translations that generate the class's group. Both
  // empty for the whole count. A class job's witness decides its count; its
  // unsat refutes the class only.
  TorusSizes periods = {};
  std::vector<TorusSizes> translations = {};
};

// Whether a job is of a class of translations, and the class as the search
// takes it: "--periods 2x1", "--translations 2x0,1x1".
bool is_class_job(const SearchJob& job);
std::string class_option(const SearchJob& job);

// The stem of a job's files: "torus-4x4-dimension-order-steps-2",
// "torus-4x4-gossip-time-independent-steps-5",
// "torus-4x7-gossip-time-independent-periods-2x1-steps-7",
// "torus-6x6-gossip-time-independent-translations-2x0,1x1-steps-9".
std::string job_name(const SearchJob& job);

// The class jobs of a time-independent gossip entry whose lower bound is a
// count left to jobs (no construction reaches it): at that count, where any
// witness decides the entry, one job per group of translations but the
// trivial one (the whole count, which the entry's own job decides): a box
// of periods dividing the sides as --periods, any other as --translations.
// Of the groups that a reflection or a turn of equal sides maps onto each
// other one is kept, as the torus's automorphism maps the classes' schedules
// onto each other. Every group on tori of at most max_class_enumeration
// PUs, the boxes alone on larger ones. Fewest map variables (orbits) first,
// boxes first among equals.
inline constexpr uint32_t max_class_enumeration = 256;
std::vector<SearchJob> periodic_class_jobs(const SweepEntry& entry);

// The order of a count's jobs: the shorter way first, as its witness
// answers the other two routings.
inline constexpr std::array<search::RouteRule, 3> job_routing_order = {
    search::RouteRule::dimension_order_shorter, search::RouteRule::dimension_order, search::RouteRule::shortest};

// Every job of the entries, torus by torus (as the entries come), count by
// count, routing by routing in job_routing_order; with `periodic_classes`,
// each time-independent gossip entry's periodic_class_jobs right after the
// job of their count.
std::vector<SearchJob> sweep_jobs(const std::vector<SweepEntry>& entries, bool periodic_classes = false);

// `text` as one word of a POSIX shell: unchanged when it is made of
// characters no shell treats specially, else single-quoted.
std::string shell_quote(std::string_view text);

// The shell command line of one job: `binary` searches the count and writes
// DIR/NAME.sched (the witness), DIR/NAME.json (its --json verdict, stdout)
// and DIR/NAME.log (its progress, stderr). When the verdict is UNSAT (for a
// second opinion) or UNKNOWN (for a first: cadical decides some counts Z3
// does not), the same binary exports the same count and routing as DIR/NAME.cnf (the
// encoding the search solved: `--one-routing` makes the search's unsat the
// routing asked's, and --dimacs exports that routing), cadical decides it
// within the same time limit, and DIR/NAME.cadical keeps the export's line
// and cadical's output, then `cadical exit N`; the CNF is deleted after (up
// to 100 MB on 8x8). Without cadical the file says so. A broadcast job under
// free routing asks no second solver: its run searches the minimal paths,
// whose unsat refutes no count. The line's exit code is the search's. A job of dimension order or free routing is skipped
// (exit 0, its log saying why, no result file) when the shorter way's job
// of the same count has answered SAT, whose witness the merge checks under
// the skipped job's routing: run in job order, a sweep then spends no time
// on counts the shorter way settles. A gossip job runs `search gossip
// --time-independent` the same way, and is skipped when a job of a lower
// count on its torus has answered SAT. A periodic-class job exports its
// class's CNF (`--periods`) and lets cadical decide it: DIR/NAME.cadical
// keeps the export's line and cadical's output, as above, and on cadical's
// SAT the model read back is the witness DIR/NAME.sched with its verdict in
// DIR/NAME.json (no .json otherwise). It is skipped when the entry's own job
// of the count, or another class's of it, has a witness.
std::string job_command(const SearchJob& job, const std::string& binary, const std::string& dir, double timeout);

// The file --emit-jobs leaves in DIR so that --merge knows the sweep's table
// and tori, and its reading: nullopt with `error` on a malformed file or one
// of another table (a file without a table line is search-broadcast's).
inline constexpr const char* sweep_manifest_name = "sweep.txt";
struct SweepManifest {
  std::string sizes;  // the --sizes of the sweep
  // search-gossip: the translation-invariant enumeration's choices per count
  // (a line 'enumeration N'; without one, the default)
  uint64_t enumeration = enumeration_nodes_per_count;
};
std::string sweep_manifest(std::string_view sizes_spec, SweepTable table = SweepTable::broadcast,
                           uint64_t enumeration = enumeration_nodes_per_count);
std::optional<SweepManifest> read_sweep_manifest(std::string_view text, std::string& error,
                                                 SweepTable table = SweepTable::broadcast);

// What one job's files say.
enum class JobAnswer {
  none,      // no usable result: no file, an empty one (the job has not finished), a malformed one
  unknown,   // the search gave no answer in its time
  unsat,     // the solver found no schedule of the count under the job's routing
  sat,       // a witness the core verified under the job's routing
  rejected,  // a witness the core rejects, or one of another instance
};

// What cadical said of the CNF of an unsat job's count (DIR/NAME.cadical).
enum class CadicalAnswer {
  none,       // no answer to read: no file, the step not finished, cadical missing, no CNF (`why` says which)
  no_answer,  // cadical stopped without deciding (its time limit, an error): `why` has its exit code
  unsat,      // s UNSATISFIABLE, exit 20: Z3's unsat confirmed
  sat,        // s SATISFIABLE, exit 10: cadical contradicts Z3's unsat
};

struct CadicalCheck {
  CadicalAnswer answer = CadicalAnswer::none;
  double seconds = 0;  // cadical's real time, as it reports it
  std::string why;     // none, no_answer: why the unsat is not confirmed
};

// One DIR/NAME.cadical of `job`: its first line must be the export of that
// job's CNF (`DIMACS steps=S (broadcast TOPOLOGY, MODEL) written to FILE: V
// variables, C clauses`, the strengthened encoding), or say that cadical was
// not installed or that the export failed. An empty file or one without
// `cadical exit N` is a step not finished (or killed): none. A CNF of no
// variables is a count Z3's preprocessing decided (one empty clause):
// cadical's unsat there confirms nothing, none. nullopt with `error` for a
// file of another job or encoding, or an answer that contradicts its exit code.
std::optional<CadicalCheck> parse_cadical_result(std::string_view text, const SearchJob& job, std::string& error);

struct JobOutcome {
  SearchJob job;
  JobAnswer answer = JobAnswer::none;
  double seconds = 0;                     // the solver's, all runs of the job together
  std::string unsat_under;                // the runs whose unsat refutes nothing here (e.g. "minimal paths")
  std::optional<uint32_t> witness_steps;  // sat: the witness's steps as the core measured them
  std::array<bool, 3> witness_holds{};    // sat: verified by the core under each of sweep_routings
  std::string why;                        // none: why there is no result; rejected: what the core found
  CadicalCheck cadical{};                 // unsat, unknown: cadical on the same CNF
  bool from_sat_model = false;            // sat: the witness is cadical's model of the CNF, read back
};

// One result file, the --json output of `search broadcast --steps S
// --one-routing` or `search gossip --time-independent --steps S` on a
// torus (the table is the collective's); nullopt with `error` saying what is wrong.
// `answer` is sat for a SAT verdict: the witness is still to be checked.
// An UNKNOWN without attempts (the time ran out before the solver started)
// leaves job.steps 0: the count is known from the file's name alone.
std::optional<JobOutcome> parse_job_result(std::string_view json, std::string& error);

// Re-checks a sat outcome's witness text with the core: its topology, model
// and collective lines must be the job's, the core must verify it with at
// most the job's steps; then it is checked under each other routing (with
// its model line replaced) to see which entries it answers. Otherwise the
// outcome becomes rejected, `why` saying what the core found (its
// diagnostics name the witness `path`). A gossip witness must also be
// time-independent by the core's forwarding analysis.
void check_witness(JobOutcome& outcome, std::string_view text, const std::string& path);

// What refutes the count below an entry's optimum.
enum class OptimumProof {
  none,     // no optimum
  lemma,    // the optimum is Lemma 1's bound: no count below it to refute
  cadical,  // an unsat of one step fewer, confirmed by cadical on its CNF
  z3_only,  // an unsat of one step fewer that cadical did not confirm (none, no_answer)
  // a count below refuted by cadical alone, where Z3 gave no answer in its
  // time: like z3_only, one solver's word
  cadical_only,
};
// "lemma-1" ("lower-bound" for gossip), "cadical", "z3-only", "none"
const char* optimum_proof_name(OptimumProof proof, SweepTable table = SweepTable::broadcast);

// One entry of the merged table.
struct MergedEntry {
  SweepEntry entry;
  std::optional<uint32_t> optimum;        // decided: a witness, every count below refuted, no cadical disagreement
  std::optional<uint32_t> upper;          // the least count with a verified witness (or the construction)
  uint32_t impossible_below = 0;          // every count below it is refuted
  std::vector<uint32_t> open;             // counts neither refuted nor answered by a witness
  std::string optimum_text;               // "3", "<= 3", "> 2 (unknown)", "contradicted"
  std::string settled;                    // which run settled each count, as `search` says it
  // " WITNESS-REJECTED", " UNSAT-CONTRADICTED", " CADICAL-CONTRADICTED", " open", " z3-only", ...
  std::string marks;
  bool rejected = false;                  // a witness of this entry's routing was rejected
  bool contradicted = false;              // an unsat refutes a count with a verified witness
  bool cadical_contradicted = false;      // cadical finds satisfiable the CNF of an unsat that applies here
  OptimumProof proof = OptimumProof::none;
  std::string proof_why;                  // z3_only, cadical_only: why the unsat rests on one solver
};

// Merges the outcomes of the entry's torus (all routings) into its answer.
// An unsat that cadical finds satisfiable refutes nothing, and contradicts
// every entry it would refute.
MergedEntry merge_entry(const SweepEntry& entry, const std::vector<JobOutcome>& outcomes);

// Whether an optimum on Z3's unsat alone counts as decided for the exit code.
enum class UnsatProofs {
  cadical_confirmed,  // the default: a z3-only optimum is not yet proven (exit 3)
  z3_alone,           // --accept-z3: Z3's unsat suffices (the entry is still marked z3-only)
};

struct MergeReport {
  std::vector<MergedEntry> entries;
  std::vector<std::string> errors;     // "PATH: what is wrong" with a result file
  std::vector<std::string> rejected;   // "PATH: why the core rejects the witness"
  std::vector<std::string> disagreed;  // "PATH: cadical finds the CNF satisfiable, ..."
  std::vector<std::string> notes;      // files left aside, e.g. of a torus outside the sweep
  // 1 a witness rejected, an unsat contradicted by a witness or by cadical,
  // else 2 a result file in error, else 3 an entry left open or (unless
  // z3_alone) an optimum on an unsat cadical did not confirm, else 0.
  int exit_code(UnsatProofs proofs = UnsatProofs::cadical_confirmed) const;
};

// Reads every DIR/*.json, re-checks the witness DIR/NAME.sched of each sat
// answer, reads DIR/NAME.cadical of each unsat one, fills the jobs without a
// result as open and merges each entry. An empty result file is a job still
// running or killed, or one that stopped on an error, which its DIR/NAME.log
// names (an error of the merge too).
MergeReport merge_sweep(const std::filesystem::path& dir, const std::vector<TorusSizes>& sizes,
                        SweepTable table = SweepTable::broadcast,
                        uint64_t enumeration = enumeration_nodes_per_count);

}  // namespace schedcheck::lemmas

// Tests of search_jobs.hpp: the sweep's tori and jobs, their command lines, result files and cadical's answers read back, and the routing order of the merge.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "broadcast_search.hpp"
#include "search_jobs.hpp"
#include "ti_gossip_search.hpp"
#include "torus_tables.hpp"

namespace schedcheck::lemmas {
namespace {

using search::RouteRule;
constexpr RouteRule order = RouteRule::dimension_order;
constexpr RouteRule shorter = RouteRule::dimension_order_shorter;
constexpr RouteRule free_routing = RouteRule::shortest;

std::vector<TorusSizes> must_sizes(std::string_view spec) {
  std::string error;
  auto sizes = parse_torus_sizes(spec, error);
  REQUIRE_MESSAGE(sizes.has_value(), error);
  return *sizes;
}

std::string sizes_error(std::string_view spec) {
  std::string error;
  CHECK_FALSE(parse_torus_sizes(spec, error).has_value());
  return error;
}

TEST_CASE("--sizes: tori, ranges with non-decreasing sides, repeats dropped, clear errors") {
  CHECK(must_sizes("2x2..3x4") == std::vector<TorusSizes>{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 4}});
  CHECK(must_sizes("5x5,4x3,5x5,2x2x2..2x2x3") == std::vector<TorusSizes>{{5, 5}, {4, 3}, {2, 2, 2}, {2, 2, 3}});
  CHECK(must_sizes(default_sweep_sizes) == search_broadcast_sizes());
  CHECK(sizes_error("").find("empty") != std::string::npos);
  CHECK(sizes_error("4x").find("'4x' is not a torus") != std::string::npos);
  CHECK(sizes_error("4x4,,5x5").find("'' is not a torus") != std::string::npos);
  CHECK(sizes_error("1x4").find("at least 2") != std::string::npos);
  CHECK(sizes_error("7").find("two dimensions") != std::string::npos);
  CHECK(sizes_error("3x4..2x5").find("side 1 of the first end is larger") != std::string::npos);
  CHECK(sizes_error("2x2..3x3x3").find("same number of dimensions") != std::string::npos);
  CHECK(sizes_error("4x3..4x3").find("no torus") != std::string::npos);
  CHECK(sizes_error("65x65").find("at most 4096 nodes") != std::string::npos);
  CHECK(sizes_error("99999999999x2").find("not a torus") != std::string::npos);
}

TEST_CASE("the routing order: which unsat refutes which routing's count") {
  CHECK(unsat_refutes(order, order));
  CHECK(unsat_refutes(order, shorter));  // every shorter-way schedule is dimension-ordered
  CHECK(unsat_refutes(shorter, shorter));
  CHECK_FALSE(unsat_refutes(shorter, order));
  // The search's free runs are over minimal paths: their unsat refutes nothing.
  for (RouteRule entry : sweep_routings) CHECK_FALSE(unsat_refutes(free_routing, entry));
  CHECK_FALSE(unsat_refutes(order, free_routing));
  CHECK_FALSE(unsat_refutes(shorter, free_routing));
}

TEST_CASE("sweep entries: Lemma 1 and the construction as the core measures them; jobs in between") {
  const std::vector<SweepEntry> entries = sweep_entries({{3, 8}, {2, 3}});
  REQUIRE(entries.size() == 6);
  for (const SweepEntry& e : entries) {
    CHECK(e.lemma_1.steps == 2);  // ceil(log_5 24) and ceil(log_5 6)
    CHECK(e.lemma_1.name == "broadcast-all-port");
    REQUIRE(e.construction.has_value());  // broadcast-span holds under every routing here
  }
  CHECK(*entries[0].construction == 3);
  CHECK(*entries[3].construction == 2);
  const std::vector<SearchJob> jobs = sweep_jobs(entries);
  // 3x8: count 2 under each routing, the shorter way first; 2x3: Lemma 1
  // meets the construction, no job.
  REQUIRE(jobs.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(jobs[i].sizes == TorusSizes{3, 8});
    CHECK(jobs[i].steps == 2);
    CHECK(jobs[i].routing == job_routing_order[i]);
  }
  CHECK(job_name(jobs[0]) == "torus-3x8-dimension-order-shorter-steps-2");
}

TEST_CASE("sweep jobs: count by count, each count's routings together") {
  SweepEntry order_entry;
  order_entry.sizes = {4, 4};
  order_entry.routing = order;
  order_entry.last_job = 3;
  order_entry.lemma_1.steps = 2;
  SweepEntry shorter_entry = order_entry, free_entry = order_entry;
  shorter_entry.routing = shorter;
  shorter_entry.last_job = 2;
  free_entry.routing = free_routing;
  free_entry.lemma_1.steps = 3;
  const std::vector<SearchJob> jobs = sweep_jobs({order_entry, shorter_entry, free_entry});
  REQUIRE(jobs.size() == 4);
  CHECK(job_name(jobs[0]) == "torus-4x4-dimension-order-shorter-steps-2");
  CHECK(job_name(jobs[1]) == "torus-4x4-dimension-order-steps-2");
  CHECK(job_name(jobs[2]) == "torus-4x4-dimension-order-steps-3");
  CHECK(job_name(jobs[3]) == "torus-4x4-free-steps-3");
}

TEST_CASE("job command lines quote what a shell would split or expand") {
  CHECK(shell_quote("/usr/bin/schedcheck") == "/usr/bin/schedcheck");
  CHECK(shell_quote("") == "''");
  CHECK(shell_quote("a b") == "'a b'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("$HOME;rm") == "'$HOME;rm'");
  const SearchJob job{{4, 5}, order, 3};
  const std::string search =
      "'/opt/my tools/schedcheck' search broadcast --topology torus:4x5 --model wormhole,all-port,dimension-order "
      "--steps 3 --one-routing";
  const std::string stem = "'/data/o'\\''k/torus-4x5-dimension-order-steps-3";
  const std::string shorter_stem = "'/data/o'\\''k/torus-4x5-dimension-order-shorter-steps-3";
  CHECK(job_command(job, "/opt/my tools/schedcheck", "/data/o'k", 90) ==
        "if grep -qs '\"verdict\":\"SAT\"' " + shorter_stem + ".json'; then echo 'skipped: the shorter way'\\''s " +
            "witness /data/o'\\''k/torus-4x5-dimension-order-shorter-steps-3.sched answers this count' >" + stem +
            ".log'; else " + search +
            " --timeout 90 --json -o " + stem + ".sched' >" + stem + ".json' 2>" + stem + ".log'; status=$?; " +
            "if [ $status = 0 -o $status = 3 ] && grep -q -e '\"verdict\":\"UNSAT\"' -e '\"verdict\":\"UNKNOWN\"' " +
            stem + ".json'; then if command -v cadical >/dev/null; then { " +
            search + " --dimacs " + stem + ".cnf' && { cadical -t 90 " + stem +
            ".cnf'; echo \"cadical exit $?\"; } || echo 'cadical: not run: the export of the CNF failed (the log says "
            "why)'; } >" + stem + ".cadical' 2>>" + stem + ".log'; " +
            // cadical's model, read back as the witness, replaces Z3's unknown.
            "if grep -qx 'cadical exit 10' " + stem + ".cadical' && grep -q '\"verdict\":\"UNKNOWN\"' " + stem +
            ".json'; then " + search + " --timeout 90 --cnf " + stem +
            ".cnf' --sat-model " + stem + ".cadical' --json -o " + stem + ".sched' >" + stem + ".json'.model 2>>" +
            stem + ".log' && mv " + stem + ".json'.model " + stem + ".json' && status=0; rm -f " + stem +
            ".json'.model; fi; rm -f " + stem + ".cnf'; else echo 'cadical: not "
            "installed where the job ran' >" + stem + ".cadical'; fi; fi; (exit $status); fi");
  // Free routing's job asks no second solver: its unsat would refute nothing.
  CHECK(job_command({{4, 5}, free_routing, 3}, "sc", "d", 90) ==
        "if grep -qs '\"verdict\":\"SAT\"' d/torus-4x5-dimension-order-shorter-steps-3.json; then echo 'skipped: the "
        "shorter way'\\''s witness d/torus-4x5-dimension-order-shorter-steps-3.sched answers this count' "
        ">d/torus-4x5-free-steps-3.log; else sc search broadcast --topology torus:4x5 --model wormhole,all-port,free "
        "--steps 3 --one-routing --timeout 90 --json -o d/torus-4x5-free-steps-3.sched >d/torus-4x5-free-steps-3.json "
        "2>d/torus-4x5-free-steps-3.log; fi");
  // The shorter way's own job has nothing to wait for.
  const SearchJob shorter_job{{4, 5}, shorter, 3};
  CHECK(job_command(shorter_job, "sc", "d", 90).starts_with("sc search broadcast "));
  // The search's time limit as given, cadical's in the whole seconds it takes.
  const std::string short_job = job_command(job, "sc", "d", 0.5);
  CHECK(short_job.find("--timeout 0.5 ") != std::string::npos);
  CHECK(short_job.find("cadical -t 1 ") != std::string::npos);
  // Reading cadical's model back only propagates, but is given a minute.
  CHECK(short_job.find("--timeout 60 --cnf ") != std::string::npos);
}

TEST_CASE("the manifest gives back its sizes") {
  std::string error;
  CHECK(read_sweep_manifest(sweep_manifest("2x2..3x4,5x5"), error)->sizes == "2x2..3x4,5x5");
  CHECK_FALSE(read_sweep_manifest("# nothing\n", error).has_value());
  CHECK(error.find("no line 'sizes SPEC'") != std::string::npos);
  CHECK_FALSE(read_sweep_manifest("sizes 2x2\nsizes 3x3\n", error).has_value());
  CHECK(error.find("line 2") != std::string::npos);
}

// A result file as `search broadcast --steps S --one-routing --json` writes it.
std::string result_json(const std::string& verdict, const std::string& topology, const std::string& model,
                        uint32_t steps, const std::string& outcome, const std::string& routing = "") {
  const std::string run = routing.empty() ? "" : fmt::format(",\"routing\":\"{}\",\"stricter_routing\":true", routing);
  return fmt::format(
      "{{\"attempts\":[{{\"outcome\":\"{}\",\"seconds\":0.25,\"steps\":{}{}}}],\"collective\":\"broadcast\","
      "\"model\":\"{}\",\"topology\":\"{}\",\"verdict\":\"{}\"{}}}",
      outcome, steps, run, model, topology, verdict, verdict == "SAT" ? fmt::format(",\"steps\":{}", steps) : "");
}

const std::string order_5x5 = "wormhole all-port dimension-order non-combining";
const std::string free_5x5 = "wormhole all-port free non-combining";

TEST_CASE("result files: each answer read, free routing's minimal-path unsat kept apart") {
  std::string error;
  auto unsat = parse_job_result(result_json("UNSAT", "torus 5x5", order_5x5, 2, "unsat"), error);
  REQUIRE_MESSAGE(unsat.has_value(), error);
  CHECK(unsat->answer == JobAnswer::unsat);
  CHECK(unsat->job.sizes == TorusSizes{5, 5});
  CHECK(unsat->job.routing == order);
  CHECK(unsat->job.steps == 2);
  CHECK(unsat->seconds == doctest::Approx(0.25));
  CHECK(unsat->unsat_under.empty());

  auto minimal = parse_job_result(result_json("UNKNOWN", "torus 4x6", free_5x5, 2, "unsat", "minimal paths"), error);
  REQUIRE_MESSAGE(minimal.has_value(), error);
  CHECK(minimal->answer == JobAnswer::unknown);
  CHECK(minimal->job.routing == free_routing);
  CHECK(minimal->unsat_under == "minimal paths");

  // Both symmetric tries unsat, the routing asked unknown: each try is named.
  auto tries = parse_job_result(
      "{\"attempts\":[{\"outcome\":\"unsat\",\"routing\":\"symmetric dimension-order\",\"seconds\":1,\"steps\":2},"
      "{\"outcome\":\"unsat\",\"routing\":\"point-symmetric dimension-order\",\"seconds\":1,\"steps\":2},"
      "{\"outcome\":\"unknown\",\"routing\":\"dimension-order\",\"seconds\":5,\"steps\":2}],"
      "\"collective\":\"broadcast\",\"model\":\"" + order_5x5 + "\",\"topology\":\"torus 5x5\",\"verdict\":\"UNKNOWN\"}",
      error);
  REQUIRE_MESSAGE(tries.has_value(), error);
  CHECK(tries->answer == JobAnswer::unknown);
  CHECK(tries->unsat_under == "symmetric dimension-order, point-symmetric dimension-order");
  CHECK(tries->seconds == doctest::Approx(7));

  auto early = parse_job_result("{\"collective\":\"broadcast\",\"topology\":\"torus 5x5\",\"model\":\"" +
                                    order_5x5 + "\",\"verdict\":\"UNKNOWN\",\"attempts\":[]}",
                                error);
  REQUIRE_MESSAGE(early.has_value(), error);  // the time ran out before the solver's first call
  CHECK(early->answer == JobAnswer::unknown);
  CHECK(early->job.steps == 0);

  auto sat = parse_job_result(result_json("SAT", "torus 2x2x2", free_5x5, 2, "sat", "minimal paths"), error);
  REQUIRE_MESSAGE(sat.has_value(), error);
  CHECK(sat->answer == JobAnswer::sat);
  CHECK(sat->job.sizes == TorusSizes{2, 2, 2});
}

std::string result_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(parse_job_result(text, error).has_value());
  return error;
}

TEST_CASE("result files: what is wrong with a malformed one") {
  CHECK(result_error("{").find("not a JSON object") != std::string::npos);
  CHECK(result_error("[1]").find("not a JSON object") != std::string::npos);
  CHECK(result_error("{\"collective\":\"scatter\"}").find("not \"broadcast\" or \"gossip\"") != std::string::npos);
  // Gossip makes the table only as the time-independent search's result.
  CHECK(result_error("{\"collective\":\"gossip\"}").find("\"forwarding\": \"time-independent\"") !=
        std::string::npos);
  CHECK(result_error(result_json("SAT", "mesh 5x5", order_5x5, 2, "sat")).find("not a torus") != std::string::npos);
  CHECK(result_error(result_json("SAT", "torus 5x5", "wormhole one-port dimension-order non-combining", 2, "sat"))
            .find("\"model\"") != std::string::npos);
  CHECK(result_error(result_json("OPTIMAL", "torus 5x5", order_5x5, 2, "sat")).find("one step count") !=
        std::string::npos);
  CHECK(result_error("{\"collective\":\"broadcast\",\"topology\":\"torus 5x5\",\"model\":\"" + order_5x5 +
                     "\",\"verdict\":\"UNSAT\",\"attempts\":[]}")
            .find("\"attempts\"") != std::string::npos);
  CHECK(result_error("{\"collective\":\"broadcast\",\"topology\":\"torus 5x5\",\"model\":\"" + order_5x5 +
                     "\",\"verdict\":\"UNSAT\",\"attempts\":[{\"steps\":2,\"outcome\":\"unsat\",\"seconds\":1},"
                     "{\"steps\":3,\"outcome\":\"unsat\",\"seconds\":1}]}")
            .find("one count") != std::string::npos);
  std::string sat_without_steps = result_json("SAT", "torus 5x5", order_5x5, 2, "sat");
  sat_without_steps.erase(sat_without_steps.rfind(",\"steps\":2"));
  CHECK(result_error(sat_without_steps + "}").find("without \"steps\"") != std::string::npos);
}

// A .cadical file as the job line writes it: the export's line, cadical's
// output (its comments cut short), the job's `cadical exit N`.
std::string cadical_file(const std::string& status, int exit, const std::string& model = order_5x5,
                         const std::string& size = "5702 variables, 253101 clauses", const std::string& torus = "5x5") {
  return fmt::format(
      "DIMACS steps=2 (broadcast torus {}, {}) written to /d/torus-{}-x-steps-2.cnf: {}\n"
      "c --- [ banner ] ---\nc Version sc2021\n{}c total real time since initialization:            0.09    "
      "seconds\nc exit {}\ncadical exit {}\n",
      torus, model, torus, size, status.empty() ? "" : status + "\n", exit, exit);
}

CadicalCheck must_cadical(const std::string& text, RouteRule routing = order) {
  std::string error;
  const auto c = parse_cadical_result(text, SearchJob{{5, 5}, routing, 2}, error);
  REQUIRE_MESSAGE(c.has_value(), error);
  return *c;
}

std::string cadical_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(parse_cadical_result(text, SearchJob{{5, 5}, order, 2}, error).has_value());
  return error;
}

TEST_CASE("cadical files: its answer on the job's CNF, or why there is none") {
  const CadicalCheck unsat = must_cadical(cadical_file("s UNSATISFIABLE", 20));
  CHECK(unsat.answer == CadicalAnswer::unsat);
  CHECK(unsat.seconds == doctest::Approx(0.09));
  CHECK(must_cadical(cadical_file("s SATISFIABLE", 10)).answer == CadicalAnswer::sat);
  // Its time limit: no answer line, exit 0.
  const CadicalCheck timed_out = must_cadical(cadical_file("", 0));
  CHECK(timed_out.answer == CadicalAnswer::no_answer);
  CHECK(timed_out.why == "cadical gave no answer within its time limit (exit 0)");
  CHECK(must_cadical(cadical_file("", 137)).why == "cadical stopped without an answer (exit 137)");
  // Still running (the redirection made the file), or killed before the job's last line.
  CHECK(must_cadical("").why == "cadical has not finished");
  std::string cut = cadical_file("s UNSATISFIABLE", 20);
  cut.erase(cut.find("cadical exit"));
  const CadicalCheck running = must_cadical(cut);
  CHECK(running.answer == CadicalAnswer::none);
  CHECK(running.why == "cadical has not finished (or was killed)");
  // What the job line writes without cadical, or when the export failed.
  const CadicalCheck missing = must_cadical("cadical: not installed where the job ran\n");
  CHECK(missing.answer == CadicalAnswer::none);
  CHECK(missing.why == "cadical: not installed where the job ran");
  CHECK(must_cadical("cadical: not run: the export of the CNF failed (the log says why)\n").answer ==
        CadicalAnswer::none);
  // Free routing's export says that its routes are the minimal paths.
  CHECK(must_cadical(cadical_file("s UNSATISFIABLE", 20, free_5x5 + ", routes: minimal paths only"), free_routing)
            .answer == CadicalAnswer::unsat);
  // A count Z3's preprocessing decided: an empty clause, no second opinion.
  const CadicalCheck empty_clause = must_cadical(cadical_file("s UNSATISFIABLE", 20, order_5x5, "0 variables, 1 clauses"));
  CHECK(empty_clause.answer == CadicalAnswer::none);
  CHECK(empty_clause.why.find("the export decided the count itself") == 0);
}

TEST_CASE("cadical files: another job's CNF, another encoding, or an answer against its exit code are errors") {
  CHECK(cadical_error(cadical_file("s UNSATISFIABLE", 20, free_5x5)).find("not the export of "
                                                                           "torus-5x5-dimension-order-steps-2's CNF") !=
        std::string::npos);
  std::string other_count = cadical_file("s UNSATISFIABLE", 20);
  other_count.replace(other_count.find("steps=2"), 7, "steps=3");
  CHECK(cadical_error(other_count).find("not the export") != std::string::npos);
  std::string plain = cadical_file("s UNSATISFIABLE", 20);
  plain.insert(plain.find(") written"), ", plain encoding");
  CHECK(cadical_error(plain).find("not the export") != std::string::npos);
  std::string no_size = cadical_file("s UNSATISFIABLE", 20);
  no_size.erase(no_size.find(": 5702"), no_size.find('\n') - no_size.find(": 5702"));
  CHECK(cadical_error(no_size).find("does not end with the CNF's size") != std::string::npos);
  CHECK(cadical_error(cadical_file("s UNSATISFIABLE", 10)).find("does not go with its exit code 10") !=
        std::string::npos);
  CHECK(cadical_error(cadical_file("s SATISFIABLE", 20)).find("does not go with its exit code 20") !=
        std::string::npos);
  CHECK(cadical_error(cadical_file("", 20)).find("'(none)'") != std::string::npos);
  CHECK(cadical_error(cadical_file("s UNSATISFIABLE\ns SATISFIABLE", 20)).find("two answers") != std::string::npos);
  CHECK(cadical_error(cadical_file("s UNSATISFIABLE", 20) + "cadical exit 20\n").find("one line") !=
        std::string::npos);
}

// A witness as `search broadcast -o` writes it, found here by the search.
std::string witness_text(const TorusSizes& sizes, RouteRule routing, uint32_t steps) {
  search::BroadcastProblem p;
  p.grid = {sizes, true};
  p.rule = routing;
  search::SearchLimits limits;
  limits.timeout_seconds = 60;
  const search::SearchReport r = search::search_broadcast(p, steps, steps, limits);
  REQUIRE(r.witness_steps == steps);
  return fmt::format(
      "schedcheck 1\n# found by schedcheck search\ntopology {}\nmodel {}\ncollective broadcast source 0\n"
      "claim steps={} name=search\n{}",
      p.grid.describe(), search::broadcast_model_line(p), steps, r.witness);
}

JobOutcome sat_outcome(const TorusSizes& sizes, RouteRule routing, uint32_t steps) {
  JobOutcome o;
  o.job = {sizes, routing, steps};
  o.answer = JobAnswer::sat;
  return o;
}

TEST_CASE("witnesses: verified under their routing and under the looser ones; corrupted or foreign ones rejected") {
  const std::string text = witness_text({4, 4}, shorter, 2);
  JobOutcome o = sat_outcome({4, 4}, shorter, 2);
  check_witness(o, text, "w.sched");
  REQUIRE(o.answer == JobAnswer::sat);
  CHECK(o.witness_steps == 2u);
  // A shorter-way schedule is a dimension-ordered one and a free one.
  CHECK(o.witness_holds == std::array<bool, 3>{true, true, true});

  // One path of the last step gone: some node is never informed.
  JobOutcome cut = sat_outcome({4, 4}, shorter, 2);
  std::string broken = text;
  broken.erase(broken.rfind("\n  ", broken.size() - 2) + 1);
  check_witness(cut, broken, "dir/w.sched");
  CHECK(cut.answer == JobAnswer::rejected);
  CHECK(cut.why.find("dir/w.sched: the core rejects the witness") == 0);
  CHECK(cut.why.find("\ndir/w.sched:") != std::string::npos);  // the core's diagnostics, at the file
  CHECK_FALSE(cut.witness_steps.has_value());

  // The job of another torus: its own witness, not this one's.
  JobOutcome other = sat_outcome({4, 5}, shorter, 2);
  check_witness(other, text, "w.sched");
  CHECK(other.answer == JobAnswer::rejected);
  CHECK(other.why.find("its topology line is 'topology torus 4x4'") != std::string::npos);
  // Nor a witness of another routing.
  JobOutcome routing = sat_outcome({4, 4}, order, 2);
  check_witness(routing, text, "w.sched");
  CHECK(routing.answer == JobAnswer::rejected);
  CHECK(routing.why.find("its model line") != std::string::npos);
  // Nor one with more steps than its job asked.
  JobOutcome fewer = sat_outcome({4, 4}, shorter, 1);
  check_witness(fewer, text, "w.sched");
  CHECK(fewer.answer == JobAnswer::rejected);
}

SweepEntry entry_5x5(RouteRule routing, std::optional<uint32_t> construction = 3) {
  SweepEntry e;
  e.sizes = {5, 5};
  e.routing = routing;
  e.lemma_1 = {2, "broadcast-all-port", "Wang-Tseng, Lemma 1 (torus case of the degree bound)"};
  e.construction = construction;
  e.last_job = construction ? *construction - 1 : 10;
  return e;
}

JobOutcome outcome(RouteRule routing, uint32_t steps, JobAnswer answer, double seconds = 1.5) {
  JobOutcome o;
  o.job = {{5, 5}, routing, steps};
  o.answer = answer;
  o.seconds = seconds;
  return o;
}

// An unsat whose CNF cadical decided: `answer` unsat confirms it, sat contradicts it.
JobOutcome with_cadical(JobOutcome o, CadicalAnswer answer, std::string why = "") {
  o.cadical = {answer, 0.25, std::move(why)};
  return o;
}

JobOutcome witness(RouteRule routing, uint32_t steps, std::array<bool, 3> holds) {
  JobOutcome o = outcome(routing, steps, JobAnswer::sat, 0.5);
  o.witness_steps = steps;
  o.witness_holds = holds;
  return o;
}

TEST_CASE("merge: an unsat under dimension order refutes the shorter way's count") {
  const MergedEntry m =
      merge_entry(entry_5x5(shorter), {with_cadical(outcome(order, 2, JobAnswer::unsat), CadicalAnswer::unsat),
                                       outcome(shorter, 2, JobAnswer::unknown)});
  CHECK(m.optimum == 3u);
  CHECK(m.optimum_text == "3");
  CHECK(m.open.empty());
  CHECK(m.settled ==
        "step 1 impossible by broadcast-all-port (Wang-Tseng, Lemma 1); 2: unsat in 1.50 s under dimension-order, "
        "confirmed by cadical in 0.25 s; 3: the Wang-Tseng construction (broadcast-span)");
  CHECK(m.marks == " lemma-1-not-reached");
  CHECK(m.proof == OptimumProof::cadical);
}

TEST_CASE("merge: an optimum above Lemma 1 on an unsat cadical did not confirm is z3-only, exit 3 unless accepted") {
  for (const auto& [cadical, why] :
       {std::pair{CadicalAnswer::none, std::string("cadical: not installed where the job ran")},
        std::pair{CadicalAnswer::no_answer, std::string("cadical gave no answer within its time limit (exit 0)")}}) {
    const MergedEntry m = merge_entry(entry_5x5(order), {with_cadical(outcome(order, 2, JobAnswer::unsat), cadical, why)});
    CHECK(m.optimum == 3u);  // Z3's unsat still decides it
    CHECK(m.proof == OptimumProof::z3_only);
    CHECK(m.proof_why == why);
    CHECK(m.marks == " z3-only lemma-1-not-reached");
    CHECK(m.settled.find(fmt::format("2: unsat in 1.50 s under dimension-order, z3 only ({}); 3: ", why)) !=
          std::string::npos);
    MergeReport report;
    report.entries = {m};
    CHECK(report.exit_code() == 3);
    CHECK(report.exit_code(UnsatProofs::z3_alone) == 0);
  }
  // An optimum at Lemma 1 needs no unsat, and so no cadical.
  const MergedEntry at_lemma = merge_entry(entry_5x5(order), {witness(shorter, 2, {true, true, true})});
  CHECK(at_lemma.proof == OptimumProof::lemma);
  MergeReport report;
  report.entries = {at_lemma};
  CHECK(report.exit_code() == 0);
}

TEST_CASE("merge: the proof is the unsat of one step fewer; a confirmed one is taken before an unconfirmed one") {
  // The shorter way: its own unsat unconfirmed, dimension order's confirmed.
  const MergedEntry m = merge_entry(
      entry_5x5(shorter), {outcome(shorter, 2, JobAnswer::unsat),
                           with_cadical(outcome(order, 2, JobAnswer::unsat, 3), CadicalAnswer::unsat)});
  CHECK(m.proof == OptimumProof::cadical);
  CHECK(m.settled.find("2: unsat in 3.00 s under dimension-order, confirmed by cadical in 0.25 s") !=
        std::string::npos);
  // Only the count right below the optimum needs cadical: 3 refutes 2 as well.
  const MergedEntry higher = merge_entry(entry_5x5(order, 4), {outcome(order, 2, JobAnswer::unsat),
                                                               with_cadical(outcome(order, 3, JobAnswer::unsat),
                                                                            CadicalAnswer::unsat)});
  CHECK(higher.optimum == 4u);
  CHECK(higher.proof == OptimumProof::cadical);
  const MergedEntry lower = merge_entry(entry_5x5(order, 4), {with_cadical(outcome(order, 2, JobAnswer::unsat),
                                                                           CadicalAnswer::unsat),
                                                              outcome(order, 3, JobAnswer::unsat)});
  CHECK(lower.proof == OptimumProof::z3_only);
  CHECK(lower.proof_why == "no cadical result");
}

TEST_CASE("merge: an unsat cadical finds satisfiable refutes nothing and contradicts the entries it applies to") {
  const JobOutcome disputed = with_cadical(outcome(order, 2, JobAnswer::unsat), CadicalAnswer::sat);
  for (RouteRule routing : {order, shorter}) {
    const MergedEntry m = merge_entry(entry_5x5(routing), {disputed});
    CHECK(m.cadical_contradicted);
    CHECK_FALSE(m.optimum.has_value());
    CHECK(m.impossible_below == 2);
    CHECK(m.optimum_text == "contradicted");
    CHECK(m.marks == " CADICAL-CONTRADICTED");
    CHECK(m.proof == OptimumProof::none);
    MergeReport report;
    report.entries = {m};
    CHECK(report.exit_code(UnsatProofs::z3_alone) == 1);
  }
  CHECK(merge_entry(entry_5x5(order), {disputed}).settled.find(
            "2: unsat in 1.50 s under dimension-order, CONTRADICTED by cadical (its CNF is satisfiable); 3: ") !=
        std::string::npos);
  CHECK(merge_entry(entry_5x5(shorter), {disputed}).settled.find(
            "2: no result (unsat under dimension-order, CONTRADICTED by cadical (its CNF is satisfiable)); 3: ") !=
        std::string::npos);
  // Even beside a confirmed unsat of its own, the disagreement fails the entry.
  const MergedEntry both = merge_entry(
      entry_5x5(shorter), {disputed, with_cadical(outcome(shorter, 2, JobAnswer::unsat), CadicalAnswer::unsat)});
  CHECK(both.cadical_contradicted);
  CHECK_FALSE(both.optimum.has_value());
  // Free routing: no unsat applies to it, so none contradicts it.
  CHECK_FALSE(merge_entry(entry_5x5(free_routing), {disputed}).cadical_contradicted);
}

TEST_CASE("merge: an unsat of the shorter way refutes nothing under dimension order") {
  const MergedEntry m = merge_entry(entry_5x5(order), {outcome(order, 2, JobAnswer::unknown, 9),
                                                       outcome(shorter, 2, JobAnswer::unsat)});
  CHECK_FALSE(m.optimum.has_value());
  CHECK(m.upper == 3u);
  CHECK(m.optimum_text == "<= 3");
  CHECK(m.open == std::vector<uint32_t>{2});
  CHECK(m.settled.find("2: unknown after 9.00 s (unsat under dimension-order-shorter only); 3: the Wang-Tseng") !=
        std::string::npos);
  CHECK(m.marks == " open");
}

TEST_CASE("merge: a shorter-way witness answers dimension order and free routing, as the core verified") {
  const JobOutcome w = witness(shorter, 2, {true, true, true});
  for (RouteRule routing : {order, free_routing}) {
    const MergedEntry m = merge_entry(entry_5x5(routing), {w, outcome(routing, 2, JobAnswer::none)});
    CHECK(m.optimum == 2u);
    CHECK(m.settled.find("2: sat in 0.50 s under dimension-order-shorter") != std::string::npos);
    CHECK(m.marks == " construction-not-optimal");
  }
  // A witness the core does not verify under a routing answers nothing there.
  const MergedEntry m = merge_entry(entry_5x5(order), {witness(free_routing, 2, {false, false, true}),
                                                       outcome(order, 2, JobAnswer::none)});
  CHECK_FALSE(m.optimum.has_value());
  CHECK(m.settled.find("2: no result; 3: the Wang-Tseng") != std::string::npos);
}

TEST_CASE("merge: free routing rests on Lemma 1; no unsat refutes its counts") {
  // The minimal-path run's unsat and dimension order's unsat leave 2 open.
  JobOutcome minimal = outcome(free_routing, 2, JobAnswer::unknown, 4);
  minimal.unsat_under = "minimal paths";
  const MergedEntry open =
      merge_entry(entry_5x5(free_routing), {minimal, outcome(order, 2, JobAnswer::unsat), outcome(shorter, 2,
                                                                                                   JobAnswer::unsat)});
  CHECK_FALSE(open.optimum.has_value());
  CHECK(open.impossible_below == 2);
  CHECK(open.open == std::vector<uint32_t>{2});
  CHECK(open.settled.find("2: unknown after 4.00 s (unsat under minimal paths only) (unsat under dimension-order "
                          "only) (unsat under dimension-order-shorter only); 3: the Wang-Tseng") != std::string::npos);
  // Even a free-routing result file that says UNSAT refutes nothing.
  const MergedEntry still = merge_entry(entry_5x5(free_routing), {outcome(free_routing, 2, JobAnswer::unsat)});
  CHECK_FALSE(still.optimum.has_value());
  // A witness at Lemma 1 decides it.
  const MergedEntry decided = merge_entry(entry_5x5(free_routing), {witness(free_routing, 2, {false, false, true})});
  CHECK(decided.optimum == 2u);
  CHECK(decided.settled.find("2: sat in 0.50 s under free") != std::string::npos);
}

TEST_CASE("merge: an unsat refutes the counts below it; without a construction the climb's counts are listed") {
  SweepEntry e = entry_5x5(order, 4);
  const MergedEntry m = merge_entry(e, {outcome(order, 2, JobAnswer::unknown), outcome(order, 3, JobAnswer::unsat)});
  CHECK(m.optimum == 4u);
  CHECK(m.settled.find("2: impossible as 3 steps are; 3: unsat in 1.50 s under dimension-order, z3 only; 4: the "
                       "Wang-Tseng") != std::string::npos);

  const MergedEntry none = merge_entry(entry_5x5(order, std::nullopt),
                                       {outcome(order, 2, JobAnswer::unsat), outcome(order, 3, JobAnswer::unknown),
                                        outcome(order, 4, JobAnswer::none)});
  CHECK_FALSE(none.upper.has_value());
  CHECK(none.optimum_text == "> 2 (unknown)");
  CHECK(none.open == std::vector<uint32_t>{3, 4});
  CHECK(none.marks == " open");
}

TEST_CASE("merge: a rejected witness and an unsat that a verified witness contradicts fail the entry") {
  JobOutcome rejected = outcome(order, 2, JobAnswer::rejected);
  rejected.why = "w.sched: the core rejects the witness";
  const MergedEntry r = merge_entry(entry_5x5(order), {rejected});
  CHECK(r.rejected);
  CHECK(r.marks == " WITNESS-REJECTED open");
  CHECK(r.settled.find("2: witness rejected") != std::string::npos);

  const MergedEntry c =
      merge_entry(entry_5x5(order), {outcome(order, 2, JobAnswer::unsat), witness(shorter, 2, {true, true, true})});
  CHECK(c.contradicted);
  CHECK(c.optimum_text == "contradicted");
  CHECK(c.marks == " UNSAT-CONTRADICTED");
  CHECK(c.settled.find("2: unsat in 1.50 s under dimension-order, z3 only, CONTRADICTED by the verified witness") !=
        std::string::npos);
  MergeReport report;
  report.entries = {c};
  CHECK(report.exit_code() == 1);
}

TEST_CASE("merge exit codes: 1 rejected or contradicted, else 2 a file in error, else 3 open or z3-only, else 0") {
  MergeReport report;
  report.entries = {merge_entry(entry_5x5(order), {with_cadical(outcome(order, 2, JobAnswer::unsat),
                                                                CadicalAnswer::unsat)})};
  CHECK(report.exit_code() == 0);
  report.entries.push_back(merge_entry(entry_5x5(free_routing), {}));
  CHECK(report.exit_code() == 3);
  CHECK(report.exit_code(UnsatProofs::z3_alone) == 3);  // open is open, Z3 or not
  report.errors.push_back("x.json: not a JSON object");
  CHECK(report.exit_code() == 2);
  report.disagreed.push_back("x.cadical: cadical finds the CNF of x satisfiable");
  CHECK(report.exit_code() == 1);
  report.disagreed.clear();
  report.rejected.push_back("x.sched: the core rejects the witness");
  CHECK(report.exit_code() == 1);
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "search-jobs-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream out(path / name);
    REQUIRE(static_cast<bool>(out << text));
  }
};

const MergedEntry& entry_of(const MergeReport& report, RouteRule routing) {
  for (const MergedEntry& m : report.entries)
    if (m.entry.routing == routing) return m;
  FAIL("no entry");
  return report.entries.front();
}

TEST_CASE("merge_sweep: results read from a directory, missing, empty and malformed ones left open") {
  TempDir dir;
  dir.write("torus-3x8-dimension-order-steps-2.json", result_json("UNSAT", "torus 3x8", order_5x5, 2, "unsat"));
  dir.write("torus-3x8-free-steps-2.json", "");  // a job still running
  dir.write("torus-9x9-dimension-order-steps-3.json",
            result_json("UNSAT", "torus 9x9", "wormhole all-port dimension-order non-combining", 3, "unsat"));
  MergeReport report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.errors.empty());
  CHECK(report.notes.size() == 1);  // 9x9 is not in the sweep
  REQUIRE(report.entries.size() == 3);
  CHECK(entry_of(report, order).optimum == 3u);
  CHECK(entry_of(report, shorter).optimum == 3u);  // by dimension order's unsat; its own file is missing
  CHECK(entry_of(report, free_routing).settled.find("2: empty result file: the job has not finished") !=
        std::string::npos);
  CHECK(report.exit_code() == 3);

  // A job that stopped on an error: its log says why.
  dir.write("torus-3x8-free-steps-2.log", "search: 2 steps: solving...\nschedcheck: error: cannot write 'x.sched'\n");
  report = merge_sweep(dir.path, {{3, 8}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0] == (dir.path / "torus-3x8-free-steps-2.log").string() +
                                ": the job failed: cannot write 'x.sched'");
  CHECK(entry_of(report, free_routing).settled.find("2: the job failed") != std::string::npos);
  CHECK(report.exit_code() == 2);
  std::filesystem::remove(dir.path / "torus-3x8-free-steps-2.log");

  // The time ran out before the solver's first call: the count is the name's.
  const std::string early = "{\"collective\":\"broadcast\",\"topology\":\"torus 3x8\",\"model\":\"" + free_5x5 +
                            "\",\"verdict\":\"UNKNOWN\",\"attempts\":[]}";
  dir.write("torus-3x8-free-steps-2.json", early);
  report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.errors.empty());
  CHECK(entry_of(report, free_routing).settled.find("2: unknown after 0.00 s (unsat under dimension-order only); 3: the Wang-Tseng") != std::string::npos);
  dir.write("torus-3x8-free-steps-7.json", early);
  report = merge_sweep(dir.path, {{3, 8}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].find("torus-3x8-free-steps-7.json: UNKNOWN without attempts") != std::string::npos);
  std::filesystem::remove(dir.path / "torus-3x8-free-steps-7.json");

  dir.write("torus-3x8-free-steps-2.json", "{\"collective\": \"broadcast\"");
  report = merge_sweep(dir.path, {{3, 8}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0] == (dir.path / "torus-3x8-free-steps-2.json").string() +
                                ": not a JSON object (the --json output of search broadcast or gossip)");
  CHECK(report.exit_code() == 2);

  // A result under another job's name.
  std::filesystem::remove(dir.path / "torus-3x8-free-steps-2.json");
  dir.write("torus-3x8-dimension-order-shorter-steps-2.json", result_json("UNSAT", "torus 3x8", order_5x5, 2, "unsat"));
  report = merge_sweep(dir.path, {{3, 8}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].find("holds the result of job torus-3x8-dimension-order-steps-2") != std::string::npos);
}

TEST_CASE("merge_sweep: each unsat's DIR/NAME.cadical read; a missing, corrupted or disagreeing one is named") {
  TempDir dir;
  const std::string name = "torus-3x8-dimension-order-steps-2";
  dir.write(name + ".json", result_json("UNSAT", "torus 3x8", order_5x5, 2, "unsat"));
  // The free job's witness at Lemma 1 decides the free entry.
  const std::string free_text = witness_text({3, 8}, free_routing, 2);
  dir.write("torus-3x8-free-steps-2.json", result_json("SAT", "torus 3x8", free_5x5, 2, "sat", "minimal paths"));
  dir.write("torus-3x8-free-steps-2.sched", free_text);

  // No .cadical: decided on Z3's word alone.
  MergeReport report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.errors.empty());
  CHECK(entry_of(report, order).proof == OptimumProof::z3_only);
  CHECK(entry_of(report, order).proof_why.find("no .cadical file") == 0);
  CHECK(entry_of(report, shorter).proof == OptimumProof::z3_only);  // by dimension order's unsat
  CHECK(entry_of(report, free_routing).proof == OptimumProof::lemma);
  CHECK(report.exit_code() == 3);
  CHECK(report.exit_code(UnsatProofs::z3_alone) == 0);

  dir.write(name + ".cadical", cadical_file("s UNSATISFIABLE", 20, order_5x5, "5702 variables, 253101 clauses", "3x8"));
  report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.errors.empty());
  CHECK(entry_of(report, order).proof == OptimumProof::cadical);
  CHECK(entry_of(report, shorter).proof == OptimumProof::cadical);
  CHECK(report.exit_code() == 0);

  // Corrupted: the file of another job; an error, and the unsat unconfirmed.
  dir.write(name + ".cadical", cadical_file("s UNSATISFIABLE", 20, free_5x5, "5702 variables, 253101 clauses", "3x8"));
  report = merge_sweep(dir.path, {{3, 8}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].find((dir.path / (name + ".cadical")).string() + ": its first line is not the export") == 0);
  CHECK(entry_of(report, order).proof == OptimumProof::z3_only);
  CHECK(entry_of(report, order).proof_why == "malformed .cadical file");
  CHECK(report.exit_code() == 2);

  // Corrupted into a disagreement: exit 1, the file named.
  dir.write(name + ".cadical", cadical_file("s SATISFIABLE", 10, order_5x5, "5702 variables, 253101 clauses", "3x8"));
  report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.errors.empty());
  REQUIRE(report.disagreed.size() == 1);
  CHECK(report.disagreed[0].find((dir.path / (name + ".cadical")).string() + ": cadical finds the CNF of " + name +
                                 " satisfiable") == 0);
  CHECK(entry_of(report, order).cadical_contradicted);
  CHECK(entry_of(report, shorter).cadical_contradicted);
  CHECK_FALSE(entry_of(report, free_routing).cadical_contradicted);
  CHECK(report.exit_code(UnsatProofs::z3_alone) == 1);

  // A .cadical beside a result that is not unsat is not read.
  dir.write(name + ".json", result_json("UNKNOWN", "torus 3x8", order_5x5, 2, "unknown"));
  report = merge_sweep(dir.path, {{3, 8}});
  CHECK(report.disagreed.empty());
  CHECK_FALSE(entry_of(report, order).optimum.has_value());
}

TEST_CASE("merge_sweep: a SAT result's witness re-checked; a corrupted or missing one is named") {
  TempDir dir;
  const std::string model = "wormhole all-port dimension-order-shorter non-combining";
  const std::string text = witness_text({4, 4}, shorter, 2);
  dir.write("torus-4x4-dimension-order-shorter-steps-2.json", result_json("SAT", "torus 4x4", model, 2, "sat"));
  dir.write("torus-4x4-dimension-order-shorter-steps-2.sched", text);
  MergeReport report = merge_sweep(dir.path, {{4, 4}});
  CHECK(report.errors.empty());
  CHECK(report.rejected.empty());
  for (const MergedEntry& m : report.entries) CHECK(m.optimum == 2u);  // the shorter way's witness answers all
  CHECK(report.exit_code() == 0);

  std::string broken = text;
  broken.replace(broken.find("step 2"), 6, "step 3");
  dir.write("torus-4x4-dimension-order-shorter-steps-2.sched", broken);
  report = merge_sweep(dir.path, {{4, 4}});
  REQUIRE(report.rejected.size() == 1);
  CHECK(report.rejected[0].find((dir.path / "torus-4x4-dimension-order-shorter-steps-2.sched").string()) == 0);
  CHECK(entry_of(report, shorter).marks.find("WITNESS-REJECTED") != std::string::npos);
  CHECK(report.exit_code() == 1);

  std::filesystem::remove(dir.path / "torus-4x4-dimension-order-shorter-steps-2.sched");
  report = merge_sweep(dir.path, {{4, 4}});
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].find("says SAT, but its witness") != std::string::npos);
  CHECK(report.exit_code() == 2);
}

// The time-independent gossip table: one entry per torus, its routing free.
constexpr SweepTable ti_gossip = SweepTable::time_independent_gossip;
const std::string gossip_model = "store-and-forward all-port free non-combining";
constexpr auto npos = std::string::npos;

TEST_CASE("gossip sweep: an entry per torus at the core's bound; its jobs up to three above, below any construction") {
  {
    // Without the enumeration: Meyer and Sibeyn's Hamiltonian pair gossips on
    // 3x4 in 5 time-independent steps (the one-packet 2-D schedules take 6
    // and 8): the jobs stop below it. No construction takes 2x3: its jobs run
    // to three above the bound.
    const std::vector<SweepEntry> entries = sweep_entries({{3, 4}, {2, 3}}, ti_gossip, 0);
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].lemma_1.steps == 3);  // the diameter of 3x4
    CHECK(entries[0].lemma_1.name == "store-and-forward-distance");
    CHECK(entries[0].construction == 5u);
    CHECK(entries[0].construction_generator == "gossip-hamiltonian-pair");
    CHECK(entries[0].last_job == 4);
    CHECK(entries[1].lemma_1.steps == 2);
    CHECK_FALSE(entries[1].construction.has_value());
    CHECK(entries[1].last_job == 5);
    CHECK(sweep_jobs(entries).size() == 6);
  }
  const std::vector<SweepEntry> entries = sweep_entries({{3, 7}, {2, 3}, {2, 2}}, ti_gossip);
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].table == ti_gossip);
  CHECK(entries[0].lemma_1.steps == 5);  // ceil(20/4)
  CHECK(entries[0].lemma_1.name == "gossip-all-port-non-combining");
  // The Hamiltonian pair takes 10 steps on 3x7, a translation-invariant
  // schedule 6: the jobs stop below it.
  CHECK(entries[0].construction == 6u);
  CHECK(entries[0].construction_enumerated);
  CHECK(entries[0].construction_generator.empty());
  CHECK(entries[0].last_job == 5);
  // 2x3 meets its bound with a translation-invariant schedule: no job.
  CHECK(entries[1].lemma_1.steps == 2);
  CHECK(entries[1].construction == 2u);
  CHECK(entries[1].construction_enumerated);
  CHECK(entries[1].last_job == 1);
  // On 2x2 the Hamiltonian pair meets the bound itself: the enumeration has no count to try.
  CHECK(entries[2].construction == 2u);
  CHECK(entries[2].construction_generator == "gossip-hamiltonian-pair");
  CHECK_FALSE(entries[2].construction_enumerated);
  const std::vector<SearchJob> jobs = sweep_jobs(entries);
  REQUIRE(jobs.size() == 1);
  CHECK(job_name(jobs[0]) == "torus-3x7-gossip-time-independent-steps-5");
  CHECK(entry_model_line(ti_gossip, {3, 4}, free_routing) == gossip_model);
  // Store-and-forward packets take one hop: the free run's unsat refutes its count.
  CHECK(unsat_refutes(free_routing, free_routing, ti_gossip));
}

TEST_CASE("gossip jobs: the time-independent search, skipped once a lower count has a witness") {
  const std::string line = job_command({{3, 4}, free_routing, 3, ti_gossip}, "sc", "d", 60);
  const std::string stem = "d/torus-3x4-gossip-time-independent-steps-";
  CHECK(line.starts_with("if grep -qs '\"verdict\":\"SAT\"' " + stem + "1.json " + stem + "2.json; then echo "
                         "'skipped: a witness of fewer steps answers this torus' >" + stem + "3.log; else sc search "
                         "gossip --topology torus:3x4 --model store-and-forward,all-port --time-independent --steps 3 "
                         "--timeout 60 --json -o " + stem + "3.sched >" + stem + "3.json 2>" + stem + "3.log; "));
  CHECK(line.find("--time-independent --steps 3 --dimacs " + stem + "3.cnf && ") != npos);
  CHECK(line.ends_with("; fi; fi; (exit $status); fi"));
  // The three counts below at most: a torus's jobs span four.
  const std::string sixth = job_command({{3, 4}, free_routing, 6, ti_gossip}, "sc", "d", 60);
  CHECK(sixth.find("steps-2.json") == npos);
  CHECK(sixth.find("'\"verdict\":\"SAT\"' " + stem + "3.json " + stem + "4.json " + stem + "5.json; then") != npos);
  // Nothing below one step.
  CHECK(job_command({{2, 2}, free_routing, 1, ti_gossip}, "sc", "d", 60).starts_with("sc search gossip "));
}

TEST_CASE("the manifest names its table; one without is search-broadcast's") {
  std::string error;
  const auto gossip = read_sweep_manifest(sweep_manifest("3x4", ti_gossip, 77), error, ti_gossip);
  REQUIRE(gossip);
  CHECK(gossip->sizes == "3x4");
  CHECK(gossip->enumeration == 77u);  // the enumeration's budget, for the merge to use the emission's
  CHECK(read_sweep_manifest("table search-gossip\nsizes 3x4\n", error, ti_gossip)->enumeration ==
        enumeration_nodes_per_count);
  CHECK_FALSE(read_sweep_manifest("table search-gossip\nsizes 3x4\nenumeration 1e6\n", error, ti_gossip));
  CHECK(error == "line 3: expected 'enumeration N' with a whole number N");
  CHECK_FALSE(read_sweep_manifest(sweep_manifest("3x4", ti_gossip), error).has_value());
  CHECK(error == "the jobs of table search-gossip, not of table search-broadcast");
  CHECK(read_sweep_manifest("sizes 4x4\n", error)->sizes == "4x4");
  CHECK_FALSE(read_sweep_manifest("sizes 4x4\n", error, ti_gossip).has_value());
}

// A result file as `search gossip --time-independent --steps S --json` writes it.
std::string gossip_json(const std::string& verdict, uint32_t steps, const std::string& outcome) {
  std::string json = result_json(verdict, "torus 3x4", gossip_model, steps, outcome);
  json.replace(json.find("\"broadcast\""), 11, "\"gossip\"");
  return json.insert(json.size() - 1, ",\"forwarding\":\"time-independent\"");
}

TEST_CASE("gossip result and cadical files: read as the gossip table's, with its own export line") {
  std::string error;
  const auto unsat = parse_job_result(gossip_json("UNSAT", 3, "unsat"), error);
  REQUIRE_MESSAGE(unsat.has_value(), error);
  CHECK(unsat->job.table == ti_gossip);
  CHECK(unsat->job.routing == free_routing);
  CHECK(job_name(unsat->job) == "torus-3x4-gossip-time-independent-steps-3");
  std::string other_model = gossip_json("UNSAT", 3, "unsat");
  other_model.replace(other_model.find("all-port"), 8, "one-port");
  CHECK(result_error(other_model).find("the store-and-forward all-port non-combining gossip") != npos);

  const SearchJob job{{3, 4}, free_routing, 3, ti_gossip};
  const std::string cadical =
      "DIMACS steps=3 (gossip torus 3x4, " + gossip_model + ", time-independent forwarding) written to /d/x.cnf: "
      "1560 variables, 7932 clauses\ns UNSATISFIABLE\ncadical exit 20\n";
  const auto c = parse_cadical_result(cadical, job, error);
  REQUIRE_MESSAGE(c.has_value(), error);
  CHECK(c->answer == CadicalAnswer::unsat);
  // The free search's CNF of the same count is another encoding.
  std::string free_cnf = cadical;
  free_cnf.erase(free_cnf.find(", time-independent forwarding"), 29);
  CHECK_FALSE(parse_cadical_result(free_cnf, job, error).has_value());
}

// A time-independent witness of 3x4 in `steps` steps, found here, under `claim`.
std::string gossip_witness(const std::string& claim, uint32_t steps = 4) {
  search::SearchLimits limits;
  limits.timeout_seconds = 60;
  const search::SearchReport r = search::search_time_independent_gossip({{3, 4}, true}, steps, steps, limits);
  REQUIRE(r.witness_steps == steps);
  return "schedcheck 1\ntopology torus 3x4\nmodel " + gossip_model + "\ncollective gossip\n" + claim + r.witness;
}

TEST_CASE("gossip witnesses: verified and time-independent by the core, else rejected") {
  const std::string text = gossip_witness("claim steps=4 time-independent=yes\n");
  JobOutcome o;
  o.job = {{3, 4}, free_routing, 4, ti_gossip};
  o.answer = JobAnswer::sat;
  JobOutcome good = o;
  check_witness(good, text, "w.sched");
  REQUIRE_MESSAGE(good.answer == JobAnswer::sat, good.why);
  CHECK(good.witness_steps == 4u);
  CHECK(good.witness_holds[routing_index(free_routing)]);
  // A fifth step that sends a PU's own packet again is no fixed forwarding:
  // without the claim the core verifies it, and the class rejects it.
  const std::string resent = "step 5\n  (0,0) +1 : (0,0)\n";
  JobOutcome unclaimed = o;
  unclaimed.job.steps = 5;
  check_witness(unclaimed, gossip_witness("") + resent, "w.sched");
  CHECK(unclaimed.answer == JobAnswer::rejected);
  CHECK(unclaimed.why == "w.sched: the witness is time-dependent, not time-independent");
  JobOutcome claimed = o;
  claimed.job.steps = 5;
  check_witness(claimed, gossip_witness("claim time-independent=yes\n") + resent, "w.sched");
  CHECK(claimed.answer == JobAnswer::rejected);
  CHECK(claimed.why.find("the core rejects the witness") != npos);
}

SweepEntry gossip_entry() {
  SweepEntry e;
  e.sizes = {5, 5};
  e.routing = free_routing;
  e.table = ti_gossip;
  e.lemma_1 = {6, "gossip-all-port-non-combining", "in-degree bound"};
  e.last_job = 9;
  return e;
}

JobOutcome gossip_outcome(uint32_t steps, JobAnswer answer, CadicalAnswer cadical = CadicalAnswer::none) {
  JobOutcome o = outcome(free_routing, steps, answer);
  o.job.table = ti_gossip;
  o.cadical.answer = cadical;
  if (answer == JobAnswer::sat) {
    o.witness_steps = steps;
    o.witness_holds[routing_index(free_routing)] = true;
  }
  return o;
}

TEST_CASE("gossip merge: an unsat refutes the counts below it; the optimum rests on the unsat of one fewer") {
  // 6 unknown, 7 refuted: a 6-step schedule would idle (its maps leaving
  // out what every neighbour holds) into a 7-step one, so 8 is the optimum.
  const MergedEntry m = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown),
                                                     gossip_outcome(7, JobAnswer::unsat, CadicalAnswer::unsat),
                                                     gossip_outcome(8, JobAnswer::sat)});
  CHECK(m.optimum == 8u);
  CHECK(m.impossible_below == 8);
  CHECK(m.open.empty());
  CHECK(m.proof == OptimumProof::cadical);
  CHECK(m.marks == " bound-not-reached");
  CHECK(m.settled.find("6: impossible as 7 steps are; 7: unsat in 1.50 s, confirmed by cadical") != npos);
  CHECK(m.settled.find("under") == npos);  // one routing: none named
  // 7 on Z3 alone: the optimum is z3-only.
  const MergedEntry one = merge_entry(gossip_entry(), {gossip_outcome(7, JobAnswer::unsat),
                                                       gossip_outcome(8, JobAnswer::sat)});
  CHECK(one.proof == OptimumProof::z3_only);
  // 7 unknown: open, the witness of 8 an upper bound.
  const MergedEntry gap = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unsat, CadicalAnswer::unsat),
                                                       gossip_outcome(7, JobAnswer::unknown),
                                                       gossip_outcome(8, JobAnswer::sat)});
  CHECK_FALSE(gap.optimum.has_value());
  CHECK(gap.open == std::vector<uint32_t>{7});
  CHECK(gap.optimum_text == "<= 8");
  CHECK(optimum_proof_name(OptimumProof::lemma, ti_gossip) == std::string("lower-bound"));
  // An outcome of the broadcast table on the same torus is not this table's.
  JobOutcome broadcast_unsat = outcome(free_routing, 7, JobAnswer::unsat);
  const MergedEntry other = merge_entry(gossip_entry(), {broadcast_unsat, gossip_outcome(8, JobAnswer::sat)});
  CHECK(other.impossible_below == 6);
  CHECK_FALSE(other.optimum.has_value());
}

TEST_CASE("gossip merge: a time-independent construction bounds the entry where no witness does") {
  SweepEntry e = gossip_entry();
  e.construction = 12;
  e.construction_generator = "gossip-hamiltonian-pair";
  const MergedEntry m = merge_entry(e, {gossip_outcome(6, JobAnswer::unknown), gossip_outcome(7, JobAnswer::unknown)});
  CHECK_FALSE(m.optimum.has_value());
  CHECK(m.upper == 12u);
  CHECK(m.optimum_text == "<= 12");
  CHECK(m.settled.find("12: the gossip-hamiltonian-pair construction (time-independent by the core)") != npos);
  // A witness below it is the bound; with the count under it refuted, the optimum.
  const MergedEntry found = merge_entry(e, {gossip_outcome(6, JobAnswer::unsat, CadicalAnswer::unsat),
                                            gossip_outcome(7, JobAnswer::sat)});
  CHECK(found.optimum == 7u);
  CHECK(found.marks.find("construction-not-optimal") != npos);
  // A construction at the lower bound is the optimum, with no job.
  e.construction = 6;
  const MergedEntry at_bound = merge_entry(e, {});
  CHECK(at_bound.optimum == 6u);
  CHECK(at_bound.proof == OptimumProof::lemma);
}

TEST_CASE("class jobs: every group of translations but the trivial one, each once up to turns, at the bound") {
  // Without the enumeration 3x4's construction takes 5 steps and 4x4's more
  // than 4; 2x2's meets its bound, which leaves it no class.
  const std::vector<SweepEntry> entries = sweep_entries({{3, 4}, {4, 4}, {2, 2}}, ti_gossip, 0);
  REQUIRE(entries.size() == 3);
  auto periods = [](const std::vector<SearchJob>& jobs) {
    std::string s;
    for (const SearchJob& j : jobs) s += fmt::format("{}{}@{}", s.empty() ? "" : "; ", class_option(j), j.steps);
    return s;
  };
  // Fewest map variables first. 3x4's group is cyclic: its subgroups are boxes.
  CHECK(periods(periodic_class_jobs(entries[0])) ==
        "--periods 1x1@3; --periods 1x2@3; --periods 3x1@3; --periods 1x4@3; --periods 3x2@3");
  // 2x1 is 1x2 turned, kept once; so are the two diagonals (2 maps each of
  // 1x1 and 3x1, 8 maps), and 1x2 and 2x1 (4 maps).
  CHECK(periods(periodic_class_jobs(entries[1])) ==
        "--periods 1x1@4; --periods 1x2@4; --translations 2x0,1x1@4; --periods 1x4@4; --periods 2x2@4; "
        "--translations 1x1@4; --translations 1x2@4; --periods 2x4@4; --translations 2x2@4");
  CHECK(periodic_class_jobs(entries[2]).empty());
  // A broadcast entry has none.
  CHECK(periodic_class_jobs(sweep_entries({{3, 8}})[0]).empty());

  // In the job list right after the whole count's job.
  const std::vector<SearchJob> jobs = sweep_jobs({entries[0]}, true);
  REQUIRE(jobs.size() == 7);
  CHECK(job_name(jobs[0]) == "torus-3x4-gossip-time-independent-steps-3");
  CHECK(job_name(jobs[1]) == "torus-3x4-gossip-time-independent-periods-1x1-steps-3");
  CHECK(job_name(jobs[5]) == "torus-3x4-gossip-time-independent-periods-3x2-steps-3");
  CHECK(job_name(jobs[6]) == "torus-3x4-gossip-time-independent-steps-4");
  CHECK(sweep_jobs({entries[0]}).size() == 2);

  // Its line: skipped when the whole count or a class of it has a witness, else the class's
  // CNF to cadical, and its model read back on SAT.
  const std::string line = job_command(jobs[2], "sc", "d", 30);
  const std::string stem = "d/torus-3x4-gossip-time-independent-periods-1x2-steps-3";
  CHECK(line.starts_with("if grep -qs '\"verdict\":\"SAT\"' d/torus-3x4-gossip-time-independent-steps-3.json "
                         "d/torus-3x4-gossip-time-independent-*-steps-3.json; then echo 'skipped: a witness of this "
                         "count answers the torus' >" + stem + ".log; "
                         "elif command -v cadical >/dev/null; then { sc search gossip --topology torus:3x4 --model "
                         "store-and-forward,all-port --time-independent --steps 3 --periods 1x2 --dimacs " + stem +
                         ".cnf && { cadical -t 30 " + stem + ".cnf; echo \"cadical exit $?\"; }"));
  CHECK(line.find("if grep -qx 'cadical exit 10' " + stem + ".cadical; then sc search gossip --topology torus:3x4 "
                  "--model store-and-forward,all-port --time-independent --steps 3 --periods 1x2 --timeout 60 --cnf " +
                  stem + ".cnf --sat-model " + stem + ".cadical --json -o " + stem + ".sched >" + stem + ".json") != npos);

  // Its .cadical file: the class's own export line, not the whole count's.
  std::string error;
  const std::string whole = "DIMACS steps=3 (gossip torus 3x4, " + gossip_model +
                            ", time-independent forwarding) written to /d/x.cnf: 1560 variables, 7932 clauses\n"
                            "s UNSATISFIABLE\ncadical exit 20\n";
  std::string cls = whole;
  cls.insert(cls.find(") written"), ", maps repeating with periods 1x2 (its unsat refutes the class only)");
  const auto c = parse_cadical_result(cls, jobs[2], error);
  REQUIRE_MESSAGE(c.has_value(), error);
  CHECK(c->answer == CadicalAnswer::unsat);
  CHECK_FALSE(parse_cadical_result(whole, jobs[2], error).has_value());
  CHECK_FALSE(parse_cadical_result(cls, jobs[0], error).has_value());
}

TEST_CASE("merge: a class's witness decides its count; its unsat refutes nothing") {
  JobOutcome witness = gossip_outcome(6, JobAnswer::sat);
  witness.job.periods = {1, 5};
  witness.from_sat_model = true;
  witness.cadical = {CadicalAnswer::sat, 2.5, ""};
  const MergedEntry decided = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown), witness});
  CHECK(decided.optimum == 6u);
  CHECK(decided.proof == OptimumProof::lemma);
  CHECK(decided.settled.find("6: sat by cadical in 2.50 s in the periodic class 1x5 (its model read back as the "
                             "witness)") != npos);

  // Classes without a witness, whatever cadical said, leave the count open
  // and are listed beside the whole count's own answer.
  JobOutcome unsat = gossip_outcome(6, JobAnswer::none, CadicalAnswer::unsat);
  unsat.job.periods = {1, 1};
  unsat.cadical.seconds = 0.5;
  JobOutcome none = gossip_outcome(6, JobAnswer::none, CadicalAnswer::no_answer);
  none.job.periods = {5, 1};
  none.cadical.seconds = 30;
  const MergedEntry open = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown), unsat, none,
                                                        gossip_outcome(7, JobAnswer::sat)});
  CHECK_FALSE(open.optimum.has_value());
  CHECK(open.impossible_below == 6);
  CHECK(open.open == std::vector<uint32_t>{6});
  CHECK(open.settled.find("6: unknown after 1.50 s (classes by cadical: periods 1x1 unsat in 0.50 s, periods 5x1 no "
                          "answer in 30.00 s; each refutes its class only); 7: sat") != npos);
  // A diagonal class's witness says its translations.
  JobOutcome diagonal = witness;
  diagonal.job.periods.clear();
  diagonal.job.translations = {{1, 1}};
  CHECK(job_name(diagonal.job) == "torus-5x5-gossip-time-independent-translations-1x1-steps-6");
  CHECK(merge_entry(gossip_entry(), {diagonal}).settled.find("6: sat by cadical in 2.50 s in the class of the "
                                                             "translations 1x1 (its model") != npos);
}

TEST_CASE("merge: where Z3 gave no answer, cadical's unsat alone refutes the count, as one solver's word") {
  // Gossip: 6 unknown to Z3, unsat to cadical; the witness of 7 is the optimum.
  const MergedEntry m = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown, CadicalAnswer::unsat),
                                                     gossip_outcome(7, JobAnswer::sat)});
  CHECK(m.optimum == 7u);
  CHECK(m.proof == OptimumProof::cadical_only);
  CHECK(m.proof_why == "Z3 gave no answer in 1.50 s");
  CHECK(m.marks == " cadical-only bound-not-reached");
  CHECK(m.settled.find("6: unsat by cadical alone in 0.00 s (Z3: unknown after 1.50 s)") != npos);
  CHECK(optimum_proof_name(m.proof) == std::string("cadical-only"));
  MergeReport report;
  report.entries = {m};
  CHECK(report.exit_code() == 3);
  CHECK(report.exit_code(UnsatProofs::z3_alone) == 0);
  // Both solvers' unsat of a count is preferred to cadical's alone.
  const MergedEntry both = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown, CadicalAnswer::unsat),
                                                        gossip_outcome(6, JobAnswer::unsat, CadicalAnswer::unsat),
                                                        gossip_outcome(7, JobAnswer::sat)});
  CHECK(both.proof == OptimumProof::cadical);
  // cadical's satisfiable on an unknown count contradicts nothing and refutes nothing.
  const MergedEntry sat = merge_entry(gossip_entry(), {gossip_outcome(6, JobAnswer::unknown, CadicalAnswer::sat),
                                                       gossip_outcome(7, JobAnswer::sat)});
  CHECK_FALSE(sat.optimum.has_value());
  CHECK_FALSE(sat.cadical_contradicted);
  CHECK(sat.settled.find("6: unknown after 1.50 s, cadical finds its CNF satisfiable (no witness)") != npos);
  // Broadcast: dimension order's count 2 refuted by cadical alone refutes
  // the shorter way's too, and the construction's 3 is the optimum.
  const MergedEntry shorter_entry =
      merge_entry(entry_5x5(shorter), {with_cadical(outcome(order, 2, JobAnswer::unknown), CadicalAnswer::unsat)});
  CHECK(shorter_entry.optimum == 3u);
  CHECK(shorter_entry.proof == OptimumProof::cadical_only);
  CHECK(shorter_entry.settled.find("2: unsat by cadical alone in 0.25 s under dimension-order (Z3: unknown after "
                                   "1.50 s)") != npos);
}

TEST_CASE("gossip merge_sweep: a directory of the gossip table, a broadcast result left aside") {
  TempDir dir;
  // 3x4 meets its bound of 3 (the diameter) with time-independent maps; the
  // enumeration, which would settle it without a job, is off in this sweep.
  dir.write("torus-3x4-gossip-time-independent-steps-3.json", gossip_json("SAT", 3, "sat"));
  dir.write("torus-3x4-gossip-time-independent-steps-3.sched",
            gossip_witness("claim steps=3 time-independent=yes\n", 3));
  dir.write("torus-3x4-dimension-order-steps-2.json",
            result_json("UNSAT", "torus 3x4", "wormhole all-port dimension-order non-combining", 2, "unsat"));
  const MergeReport report = merge_sweep(dir.path, {{3, 4}}, ti_gossip, 0);
  CHECK(report.errors.empty());
  CHECK(report.rejected.empty());
  REQUIRE(report.notes.size() == 1);
  CHECK(report.notes[0].find("a result of table search-broadcast, not of search-gossip") != npos);
  REQUIRE(report.entries.size() == 1);
  CHECK(report.entries[0].optimum == 3u);
  CHECK(report.entries[0].proof == OptimumProof::lemma);
  CHECK(report.exit_code() == 0);
}

}  // namespace
}  // namespace schedcheck::lemmas

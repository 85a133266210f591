// Verdict output: the one-line verdict, the diagnostics on stderr, and the --json object.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "diagnostic.hpp"
#include "schedule.hpp"
#include "verdict.hpp"

namespace schedcheck::cli {

// 0 verified, 1 a property failed, 2 parse error or a model the core cannot check yet.
int exit_code(const Verdict& verdict, const Diagnostics& diagnostics);
// The kept diagnostics on stderr, then a note if the limit stopped the check or hid some.
void print_diagnostics(const Diagnostics& diag, bool stopped = false);
std::string verdict_line(const std::string& file, const Header& header, const Verdict& verdict,
                         const Diagnostics& diagnostics);
// The --json object on one line of stdout. Its per_step array is written entry
// by entry: a schedule of millions of steps would take gigabytes as JSON values.
void print_verdict_json(const std::string& file, const Header& header, const Verdict& verdict,
                        const Diagnostics& diagnostics);
// What a schedule's length is counted in: "steps", or "time" (flit units) in the flit model.
std::string_view measure_name(const Model& model);
// A bound as JSON; its value under the model's measure_name.
nlohmann::json bound_json(const LowerBound& bound, const Model& model);

}  // namespace schedcheck::cli

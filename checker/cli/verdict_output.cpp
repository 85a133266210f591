// Verdict output: text and JSON renderings of a Verdict.
#include "verdict_output.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck::cli {

int exit_code(const Verdict& verdict, const Diagnostics& diagnostics) {
  if (diagnostics.has_syntax_errors() || !verdict.header_ok) return 2;
  return verdict.verified ? 0 : 1;
}

std::string_view measure_name(const Model& model) { return model.step_synchronous() ? "steps" : "time"; }

namespace {

std::string what(const Header& header) {
  if (!header.topology) return "";
  return fmt::format("{} on {}, {}", collective_kind_name(header.collective.kind), header.topology->describe(),
                     describe(header.model));
}

std::string error_summary(const Diagnostics& diagnostics) {
  std::string parts;
  for (int p = 0; p < property_count; ++p) {
    const size_t n = diagnostics.count(static_cast<Property>(p));
    if (n == 0) continue;
    if (!parts.empty()) parts += ", ";
    parts += fmt::format("{} {}", property_name(static_cast<Property>(p)), n);
  }
  return fmt::format("{} error{} ({})", diagnostics.total(), diagnostics.total() == 1 ? "" : "s", parts);
}

// "time-independent", "time-independent-except-switching@5,10" or "time-dependent@(1,2):5".
std::string forwarding_summary(const Header& header, const ForwardingReport& f) {
  switch (f.kind) {
    case ForwardingClass::time_independent: return "time-independent";
    case ForwardingClass::switching: {
      std::string steps = fmt::format("{}", fmt::join(f.switch_steps, ","));
      if (f.switch_step_count > f.switch_steps.size())
        steps += fmt::format(",...({} steps)", f.switch_step_count);
      return "time-independent-except-switching@" + steps;
    }
    case ForwardingClass::time_dependent:
      return fmt::format("time-dependent@{}:{}", header.topology->node_name(f.first_change.node),
                         f.first_change.step);
  }
  return "?";
}

nlohmann::json event_json(const Header& header, const ForwardingEvent& e) {
  if (e.node == no_node) return nullptr;
  return {{"node", header.topology->node_name(e.node)}, {"step", e.step}, {"what", e.what}};
}

}  // namespace

std::string verdict_line(const std::string& file, const Header& header, const Verdict& verdict,
                         const Diagnostics& diagnostics) {
  const int code = exit_code(verdict, diagnostics);
  if (!verdict.header_ok || diagnostics.has_syntax_errors())
    return fmt::format("ERROR {}: does not parse: {}", file, error_summary(diagnostics));
  // The flit model is measured in time units, the others in steps.
  const uint64_t measured = verdict.time.value_or(verdict.steps);
  std::string s = fmt::format("{} {}: {}: {}={}", code == 0 ? "VERIFIED" : "FAILED", file, what(header),
                              measure_name(header.model), measured);
  if (verdict.best) {
    s += fmt::format(" lower-bound={} ({})", verdict.best->steps, verdict.best->name);
    if (measured >= verdict.best->steps) s += fmt::format(" gap={}", measured - verdict.best->steps);
  }
  if (verdict.cost) s += fmt::format(" cost={}", *verdict.cost);
  if (verdict.cost_bound)
    s += fmt::format(" cost-lower-bound={} ({})", verdict.cost_bound->cost, verdict.cost_bound->name);
  if (header.claim && header.claim->steps && verdict.claim_steps_holds)
    s += fmt::format(" claim={} {}", *header.claim->steps, *verdict.claim_steps_holds ? "holds" : "fails");
  if (header.claim && header.claim->time && verdict.claim_time_holds)
    s += fmt::format(" claim-time={} {}", *header.claim->time, *verdict.claim_time_holds ? "holds" : "fails");
  if (verdict.control_flits) s += fmt::format(" control={}", verdict.control_flits);
  if (verdict.duplicates) s += fmt::format(" waste={}", verdict.duplicates);
  if (verdict.forwarding.analysed && verdict.steps > 0)
    s += " forwarding=" + forwarding_summary(header, verdict.forwarding);
  if (code != 0) s += fmt::format(": {}", error_summary(diagnostics));
  if (verdict.stopped) s += " (stopped at the error limit)";
  return s;
}

nlohmann::json bound_json(const LowerBound& b, const Model& model) {
  return {{"name", b.name}, {"source", b.source}, {"formula", b.formula}, {"argument", b.argument},
          {measure_name(model), b.steps}};
}

namespace {

nlohmann::json verdict_json(const std::string& file, const Header& header, const Verdict& verdict,
                            const Diagnostics& diagnostics) {
  using nlohmann::json;
  const int code = exit_code(verdict, diagnostics);
  json j;
  j["file"] = file;
  j["verdict"] = code == 0 ? "VERIFIED" : code == 1 ? "FAILED" : "ERROR";
  j["exit_code"] = code;
  if (verdict.header_ok) {
    j["topology"] = header.topology->describe();
    j["model"] = describe(header.model);
    j["collective"] = collective_kind_name(header.collective.kind);
    if (header.model.step_synchronous()) j["steps"] = verdict.steps;
    j["transfers"] = verdict.transfers;
    j["hops"] = verdict.hops;
    j["waste"] = verdict.duplicates;
    j["missing"] = verdict.missing;
    json bounds = json::array();
    for (const LowerBound& b : verdict.bounds) bounds.push_back(bound_json(b, header.model));
    j["lower_bounds"] = bounds;
    if (verdict.best) {
      j["lower_bound"] = {{"name", verdict.best->name}, {measure_name(header.model), verdict.best->steps}};
      const uint64_t measured = verdict.time.value_or(verdict.steps);
      const uint64_t best = verdict.best->steps;
      j["gap"] = measured >= best ? json(measured - best)
                                  : json(-static_cast<int64_t>(std::min<uint64_t>(best - measured, INT64_MAX)));
    }
    if (verdict.cost) j["cost"] = *verdict.cost;
    if (verdict.cost_bound)
      j["cost_lower_bound"] = {{"name", verdict.cost_bound->name}, {"cost", verdict.cost_bound->cost}};
    if (verdict.time) j["time"] = *verdict.time;
    if (!header.model.step_synchronous()) j["control_flits"] = verdict.control_flits;
    if (verdict.forwarding.analysed) {
      const ForwardingReport& f = verdict.forwarding;
      j["forwarding"] = {{"class", to_string(f.kind)},
                         {"switches", f.switches},
                         {"switch_steps", f.switch_steps},
                         {"switch_step_count", f.switch_step_count},
                         {"changes", f.changes},
                         {"held_back", f.held_back},
                         {"first_switch", event_json(header, f.first_switch)},
                         {"first_change", event_json(header, f.first_change)}};
    }
    if (header.claim) {
      const Claim& c = *header.claim;
      json claim;
      if (c.steps) claim["steps"] = *c.steps;
      if (c.time) claim["time"] = *c.time;
      if (!c.name.empty()) claim["name"] = c.name;
      json params = json::object();
      for (auto& [k, v] : c.params) params[k] = v;
      claim["params"] = params;
      if (verdict.claim_steps_holds) claim["steps_hold"] = *verdict.claim_steps_holds;
      if (verdict.claim_time_holds) claim["time_holds"] = *verdict.claim_time_holds;
      j["claim"] = claim;
    }
    if (header.model.step_synchronous()) j["per_step"] = json::array();  // filled by print_verdict_json
  }
  json diags = json::array();
  for (const Diagnostic& d : diagnostics.kept())
    diags.push_back({{"file", file},
                     {"line", d.pos.line},
                     {"column", d.pos.col},
                     {"property", std::string(property_name(d.property))},
                     {"message", d.message}});
  j["diagnostics"] = diags;
  j["errors_total"] = diagnostics.total();
  j["stopped_at_error_limit"] = verdict.stopped;
  return j;
}

}  // namespace

void print_verdict_json(const std::string& file, const Header& header, const Verdict& verdict,
                        const Diagnostics& diagnostics) {
  // A file name, a claim or a word quoted by a diagnostic may hold bytes that
  // are not UTF-8: they are written as U+FFFD, so that every file still gets
  // its verdict object.
  const std::string text = verdict_json(file, header, verdict, diagnostics)
                               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Quotes inside strings are escaped, and the claim's keys (the one place
  // a user names keys) hold strings: this is the top-level per_step.
  constexpr std::string_view empty_steps = R"("per_step":[])";
  const size_t at = text.find(empty_steps);
  if (at == std::string::npos) {
    fmt::print("{}\n", text);
    return;
  }
  const size_t inside = at + empty_steps.size() - 1;
  std::fwrite(text.data(), 1, inside, stdout);
  const char* separator = "";
  for (const StepStats& s : verdict.per_step) {
    fmt::print(R"({}{{"channels":{},"step":{},"transfers":{}}})", separator, s.channels, s.number, s.transfers);
    separator = ",";
  }
  fmt::print("{}\n", std::string_view(text).substr(inside));
}

void print_diagnostics(const Diagnostics& diag, bool stopped) {
  for (const Diagnostic& d : diag.kept()) fmt::print(stderr, "{}\n", diag.format(d));
  if (stopped)
    fmt::print(stderr, "{}: note: checking stopped after {} error(s), the limit set by --max-errors\n", diag.file(),
               diag.kept().size());
  else if (diag.total() > diag.kept().size())
    fmt::print(stderr, "{}: note: {} more error(s) not shown (--max-errors)\n", diag.file(),
               diag.total() - diag.kept().size());
}

}  // namespace schedcheck::cli

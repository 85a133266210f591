// Proven: the counts a lemma, an unsat answer or a witness settle, and the text that lists them in order.
#include "proven.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

// "Wang-Tseng, Lemma 1 (torus case of the degree bound)" -> "Wang-Tseng, Lemma 1".
std::string short_source(const std::string& source) { return source.substr(0, source.find(" (")); }

std::string lemma_text(const StepLowerBound& bound) {
  if (bound.steps < 2) return "";
  const std::string counts = bound.steps == 2 ? "step 1" : fmt::format("steps 1..{}", bound.steps - 1);
  const std::string source = short_source(bound.source);
  return fmt::format("{} impossible by {}{}", counts, bound.name, source.empty() ? "" : fmt::format(" ({})", source));
}

}  // namespace

Proven proven(const StepLowerBound& bound, const SearchReport& report) {
  Proven p;
  p.witness_steps = report.witness_steps;
  // Each count's answer, in the order tried: the witness's run if one found
  // it, else the routing asked's run (its time), else unknown (every run's time).
  struct Count {
    uint32_t steps;
    Outcome outcome;
    double seconds;
    std::string routing;
    std::string unsat_under;  // the stricter runs whose unsat leaves the count open
  };
  std::vector<Count> counts;
  for (const Attempt& a : report.attempts) {
    if (counts.empty() || counts.back().steps != a.steps)
      counts.push_back({a.steps, Outcome::unknown, 0, "", ""});
    Count& c = counts.back();
    if (a.outcome == Outcome::sat || (a.outcome == Outcome::unsat && !a.stricter_routing)) {
      c.outcome = a.outcome;
      c.seconds = a.seconds;
      c.routing = a.routing;
    } else if (c.outcome == Outcome::unknown) {
      c.seconds += a.seconds;
      if (a.outcome == Outcome::unsat) c.unsat_under += (c.unsat_under.empty() ? "" : ", ") + a.routing;
    }
  }
  auto refuted = [&](uint32_t steps) {
    if (steps < bound.steps) return true;
    for (const Count& c : counts)
      if (c.outcome == Outcome::unsat && c.steps >= steps) return true;
    return false;
  };
  p.impossible_below = bound.steps;
  while (refuted(p.impossible_below)) ++p.impossible_below;
  for (const Count& c : counts)
    if (c.outcome == Outcome::unknown && !refuted(c.steps) && (!p.witness_steps || c.steps < *p.witness_steps))
      p.unknown.push_back(c.steps);
  p.optimal = p.witness_steps && p.impossible_below >= *p.witness_steps;

  std::vector<std::string> parts;
  if (std::string lemma = lemma_text(bound); !lemma.empty()) parts.push_back(std::move(lemma));
  for (const Count& c : counts) {
    const std::string under = c.routing.empty() ? "" : fmt::format(" under {}", c.routing);
    if (c.outcome == Outcome::unknown) {
      std::string s = fmt::format("{}: unknown after {:.2f} s", c.steps, c.seconds);
      if (!c.unsat_under.empty()) s += fmt::format(" (unsat under {} only)", c.unsat_under);
      if (refuted(c.steps)) s += ", impossible as a larger count is";
      parts.push_back(std::move(s));
    } else {
      parts.push_back(fmt::format("{}: {} in {:.2f} s{}", c.steps, outcome_name(c.outcome), c.seconds, under));
    }
  }
  for (const std::string& s : parts) p.text += (p.text.empty() ? "" : "; ") + s;
  if (p.text.empty()) p.text = "nothing proven";
  return p;
}

Conclusion conclude(const StepLowerBound& bound, const SearchReport& report, const Asked& asked) {
  Conclusion c;
  c.proven = proven(bound, report);
  c.decided = true;
  const uint32_t s = asked.steps;
  // One count's answer is its last attempt's.
  const Attempt last = report.attempts.empty() ? Attempt{s, Outcome::unknown, 0} : report.attempts.back();
  const bool sat = last.outcome == Outcome::sat, unsat = last.outcome == Outcome::unsat;
  auto set = [&](std::string word, std::optional<uint32_t> steps, bool with_lower_bound, std::string tail) {
    c.word = std::move(word);
    c.steps = steps;
    c.with_lower_bound = with_lower_bound;
    c.tail = std::move(tail);
  };
  auto gave_up = [&](std::string tail) {
    set("UNKNOWN", s, false, std::move(tail));
    c.decided = false;
  };
  switch (asked.kind) {
    case Asked::Kind::cube: {
      const std::string which = fmt::format("cube {} of {} (the source's paths out of ports 1..{} fixed)", asked.cube,
                                            asked.cubes, asked.split_ports);
      if (sat)
        set("SAT", s, true, fmt::format(": a schedule exists in {}; the core verified it", which));
      else if (unsat && !last.stricter_routing)
        set("CUBE-UNSAT", s, false,
            fmt::format(": no schedule in {} steps in {} (proof in {:.2f} s)", s, which, last.seconds));
      else
        gave_up(fmt::format(": {} in {}",
                            unsat ? "no schedule on minimal paths, longer paths not searched"
                                  : "no answer within the time limit",
                            which));
      break;
    }
    case Asked::Kind::cubes: {
      const std::string split =
          fmt::format("{} cubes by the source's paths out of ports 1..{}", asked.cubes, asked.split_ports);
      if (sat)
        set("SAT", s, true,
            fmt::format(": a schedule exists in cube {} of {}; the core verified it", report.cubes_refuted, split));
      else if (unsat && !last.stricter_routing)
        set("UNSAT", s, true,
            fmt::format(": no schedule in {} steps: all {} refuted (proof in {:.2f} s)", s, split, last.seconds));
      else
        gave_up(fmt::format(": {} of {} refuted, then {}", report.cubes_refuted, split,
                            unsat ? "no schedule on minimal paths (longer paths not searched)"
                                  : "no answer within the time limit"));
      break;
    }
    case Asked::Kind::count:
      if (asked.below_bound)
        set("UNSAT", s, true,
            fmt::format(": no schedule in {} steps: below the lower bound {} of {} ({})", s, bound.steps, bound.name,
                        bound.source));
      else if (sat)
        set("SAT", s, true,
            fmt::format(": a schedule exists{}; the core verified it",
                        asked.witness_from.empty() ? "" : fmt::format(" ({})", asked.witness_from)));
      else if (unsat && (!last.stricter_routing || s < bound.steps))
        set("UNSAT", s, true, fmt::format(": no schedule in {} steps (proof in {:.2f} s)", s, last.seconds));
      else if (unsat)
        gave_up(fmt::format(": no schedule on {} in {} steps (proof in {:.2f} s); longer paths are not searched",
                            last.routing, s, last.seconds));
      else
        gave_up(": no answer within the time limit");
      break;
    case Asked::Kind::climb: {
      const Proven& p = c.proven;
      if (p.optimal) {
        set("OPTIMAL", p.witness_steps, true, ": " + p.text);
      } else if (p.witness_steps) {
        // A witness without a proof of optimality is not a decision: a
        // script tells it from an optimum by the exit code.
        const uint32_t w = *p.witness_steps;
        std::string open;
        for (uint32_t u : p.unknown) open += fmt::format("{}{}", open.empty() ? "" : ", ", u);
        const std::string range = p.impossible_below + 1 == w
                                      ? fmt::format("optimum {} or {}", p.impossible_below, w)
                                      : fmt::format("optimum between {} and {}", p.impossible_below, w);
        set("FOUND", w, true,
            fmt::format(", {}, not proven ({} unknown): {}", range, open.empty() ? "counts below" : open, p.text));
        c.decided = false;
      } else {
        set("GAVE-UP", std::nullopt, false, ": " + p.text);
        c.decided = false;
      }
      break;
    }
  }
  return c;
}

}  // namespace schedcheck::search

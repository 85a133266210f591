// Schedule text: header, step and path lines.
#include "schedule_text.hpp"

#include <fmt/format.h>

namespace schedcheck::gen {

std::string Torus::describe() const {
  std::string s;
  for (size_t d = 0; d < sizes.size(); ++d) s += fmt::format("{}{}", d ? "x" : "", sizes[d]);
  return s;
}

std::string ScheduleText::node(const Coord& relative) const {
  Coord c = relative;
  for (size_t d = 0; d < c.size(); ++d) c[d] += origin_[d];
  c = torus_.wrap(c);
  if (indices_ || c.size() == 1) return fmt::format("{}", torus_.index(c));
  std::string s = "(";
  for (size_t d = 0; d < c.size(); ++d) s += fmt::format("{}{}", d ? "," : "", c[d]);
  return s + ")";
}

void ScheduleText::comment(const std::string& text) { fmt::print(out_, "# {}\n", text); }

void ScheduleText::header(const std::string& model, const std::string& collective, const Claim& claim) {
  fmt::print(out_, "schedcheck 1\ntopology torus {}\nmodel {}\ncollective {}\nclaim steps={}", torus_.describe(), model,
             collective, claim.steps);
  if (!claim.name.empty()) fmt::print(out_, " name={}", claim.name);
  for (const auto& [key, value] : claim.params) fmt::print(out_, " {}={}", key, value);
  fmt::print(out_, "\n");
}

void ScheduleText::step() { fmt::print(out_, "step {}\n", ++steps_); }

void ScheduleText::path(const Coord& from, const std::vector<Move>& moves) {
  line_ = "  ";
  line_ += node(from);
  for (const Move& m : moves) {
    if (m.hops == 0) continue;
    line_ += fmt::format(" {}{}", m.hops > 0 ? '+' : '-', m.dim + 1);
    const int64_t count = m.hops > 0 ? m.hops : -m.hops;
    if (count > 1) line_ += fmt::format("*{}", count);
  }
  line_ += '\n';
  std::fputs(line_.c_str(), out_);
}

void ScheduleText::packet(const std::string& from, uint32_t direction, const std::string& message) {
  line_ = "  ";
  line_ += from;
  line_ += direction % 2 ? " -" : " +";
  line_ += std::to_string(direction / 2 + 1);
  line_ += " : ";
  line_ += message;
  line_ += '\n';
  std::fputs(line_.c_str(), out_);
}

}  // namespace schedcheck::gen

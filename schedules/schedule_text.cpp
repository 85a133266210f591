// Schedule text: header, step and path lines.
#include "schedule_text.hpp"

#include <charconv>
#include <cstring>

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
  line_.clear();
  append_packet(line_, from, direction, message);
  write(line_);
}

void ScheduleText::append_packet(std::string& lines, const std::string& from, uint32_t direction,
                                 const std::string& message) {
  // Sized once and filled with copies: string appends piece by piece cost
  // more than the rest of a generator's work per packet.
  char dimension[12];
  const char* dimension_end = std::to_chars(dimension, dimension + sizeof dimension, direction / 2 + 1).ptr;
  const size_t dimension_size = static_cast<size_t>(dimension_end - dimension);
  const size_t start = lines.size();
  lines.resize(start + 2 + from.size() + 2 + dimension_size + 3 + message.size() + 1);
  char* p = lines.data() + start;
  auto put = [&p](const char* text, size_t size) {
    std::memcpy(p, text, size);
    p += size;
  };
  put("  ", 2);
  put(from.data(), from.size());
  put(direction % 2 ? " -" : " +", 2);
  put(dimension, dimension_size);
  put(" : ", 3);
  put(message.data(), message.size());
  *p = '\n';
}

void ScheduleText::write(std::string_view lines) { std::fwrite(lines.data(), 1, lines.size(), out_); }

}  // namespace schedcheck::gen

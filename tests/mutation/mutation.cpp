// Mutation operators: each rewrites one place of the text and says which transfer line, if any, it left changed.
#include "mutation.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace mutation {

const char* operator_name(Operator op) {
  switch (op) {
    case Operator::drop: return "transfer dropped";
    case Operator::duplicate: return "transfer duplicated";
    case Operator::earlier: return "moved a step earlier";
    case Operator::sign: return "move's sign flipped";
    case Operator::dimension: return "move's dimension flipped";
    case Operator::long_way: return "path the long way";
    case Operator::message: return "message changed";
    case Operator::sender: return "sender changed";
    case Operator::step_removed: return "step removed";
    case Operator::claim: return "claim lowered by one";
  }
  return "?";
}

namespace {

// A draw below `n`: the modulo of the generator's output, which the standard
// fixes, so that every machine makes the same mutants.
size_t below(std::mt19937_64& rng, size_t n) { return static_cast<size_t>(rng() % n); }

// The first `limit` of `count` positions in an order drawn from `rng`.
std::vector<size_t> positions(size_t count, size_t limit, std::mt19937_64& rng) {
  std::vector<size_t> order(count);
  for (size_t i = 0; i < count; ++i) order[i] = i;
  for (size_t i = count; i > 1; --i) std::swap(order[i - 1], order[below(rng, i)]);
  if (order.size() > limit) order.resize(limit);
  return order;
}

struct Located {
  const Transfer* t;
  size_t step;  // its step's index (step-synchronous models)
};

std::vector<Located> transfers_of(const Schedule& s) {
  std::vector<Located> all;
  for (size_t i = 0; i < s.steps.size(); ++i)
    for (const Transfer& t : s.steps[i].transfers) all.push_back({&t, i});
  for (const Transfer& t : s.trains) all.push_back({&t, 0});
  return all;
}

// The text of `lines` with line `at` (0-based) left out, or replaced by
// `replacement`, or with `inserted` written before it; one string, as the
// core reads it, so that a mutant of a long schedule costs one allocation.
struct Edit {
  size_t at = SIZE_MAX;
  enum class Kind { erase, replace, insert } kind = Kind::replace;
  std::string text;
};

std::string edited(const std::vector<std::string>& lines, const Edit& edit) {
  size_t size = edit.text.size() + 1;
  for (const std::string& l : lines) size += l.size() + 1;
  std::string text;
  text.reserve(size);
  for (size_t k = 0; k < lines.size(); ++k) {
    if (k == edit.at && edit.kind != Edit::Kind::erase) text.append(edit.text).push_back('\n');
    if (k == edit.at && edit.kind != Edit::Kind::insert) continue;
    text.append(lines[k]).push_back('\n');
  }
  if (edit.at == lines.size() && edit.kind == Edit::Kind::insert) text.append(edit.text).push_back('\n');
  return text;
}

Mutant replaced(const std::vector<std::string>& lines, const Header& h, const Transfer& changed) {
  const std::string line = write_transfer(h, changed);
  return {edited(lines, {changed.line - 1, Edit::Kind::replace, line}), changed.line,
          fmt::format("-{}\n+{}", lines[changed.line - 1], line)};
}

// The nodes a node list could go to from `v` in one hop.
std::vector<uint32_t> neighbours(const Network& n, uint32_t v) {
  std::vector<uint32_t> out;
  std::vector<Hop> hops;
  for (uint32_t w = 0; w < n.nodes; ++w) {
    Transfer t;
    t.sender = v;
    t.nodes = {w};
    if (w != v && route_hops(n, t, hops)) out.push_back(w);
  }
  return out;
}

// One mutant of transfer `at` by a transfer-local operator, or false where it does not apply.
bool mutate_transfer(const std::vector<std::string>& lines, const Schedule& s, Operator op, const Located& at,
                     std::mt19937_64& rng, Mutant& out) {
  const Header& h = s.header;
  const Network& n = h.network;
  Transfer t = *at.t;
  switch (op) {
    case Operator::drop:
      out = {edited(lines, {t.line - 1, Edit::Kind::erase, {}}), 0, "-" + lines[t.line - 1]};
      return true;
    case Operator::duplicate:
      out = {edited(lines, {t.line, Edit::Kind::insert, lines[t.line - 1]}), t.line + 1, "+" + lines[t.line - 1]};
      return true;
    case Operator::earlier: {
      if (h.flit) {
        if (*t.time == 0) return false;
        t.time = *t.time - 1;
        out = replaced(lines, h, t);
        return true;
      }
      if (at.step == 0) return false;
      // Written last in the step before, so that the core reports a clash there at this line.
      const size_t step_line = s.steps[at.step].line;
      out = {{}, step_line,
             fmt::format("-{} (step {})\n+{} (step {})", lines[t.line - 1], at.step + 1, lines[t.line - 1], at.step)};
      for (size_t k = 0; k < lines.size(); ++k) {
        if (k == step_line - 1) out.text.append(lines[t.line - 1]).push_back('\n');
        if (k != t.line - 1) out.text.append(lines[k]).push_back('\n');
      }
      return true;
    }
    case Operator::sign:
    case Operator::dimension:
    case Operator::long_way: {
      if (t.moves.empty()) return false;
      std::vector<size_t> eligible;
      for (size_t i = 0; i < t.moves.size(); ++i) {
        const Move& m = t.moves[i];
        if (op != Operator::long_way || (n.wraps && m.dim <= n.sizes.size() && m.count < n.sizes[m.dim - 1]))
          eligible.push_back(i);
      }
      if (eligible.empty()) return false;
      Move& m = t.moves[eligible[below(rng, eligible.size())]];
      if (op == Operator::sign) {
        m.plus = !m.plus;
      } else if (op == Operator::dimension) {
        const uint32_t k = static_cast<uint32_t>(n.sizes.size());
        m.dim = k == 1 ? 2 : 1 + static_cast<uint32_t>((m.dim + below(rng, k - 1)) % k);  // another, or none on a ring
      } else {
        m.plus = !m.plus;
        m.count = n.sizes[m.dim - 1] - m.count;
      }
      out = replaced(lines, h, t);
      return true;
    }
    case Operator::message: {
      if (!t.control.empty()) return false;
      if (!t.listed) {
        if (h.collective != Collective::broadcast) return false;
        t.listed = true;
        t.messages = {{h.root, 0}};
      }
      if (t.messages.empty() || n.nodes < 2) return false;
      Message& m = t.messages[below(rng, t.messages.size())];
      const Message before = m;
      while (m.node == before.node && m.part == before.part) {
        m.node = static_cast<uint32_t>(below(rng, n.nodes));
        m.part = static_cast<uint32_t>(below(rng, h.parts));
      }
      out = replaced(lines, h, t);
      return true;
    }
    case Operator::sender: {
      if (n.nodes < 2) return false;
      std::vector<uint32_t> choices;
      if (!t.nodes.empty())
        for (uint32_t v : neighbours(n, t.nodes[0]))
          if (v != t.sender) choices.push_back(v);
      if (choices.empty())
        for (uint32_t v = 0; v < n.nodes; ++v)
          if (v != t.sender) choices.push_back(v);
      t.sender = choices[below(rng, choices.size())];
      out = replaced(lines, h, t);
      return true;
    }
    default: return false;
  }
}

std::vector<Mutant> remove_steps(const std::vector<std::string>& lines, const Schedule& s, size_t limit,
                                 std::mt19937_64& rng) {
  std::vector<Mutant> mutants;
  for (size_t i : positions(s.steps.size(), limit, rng)) {
    const size_t from = s.steps[i].line - 1, to = i + 1 < s.steps.size() ? s.steps[i + 1].line - 1 : lines.size();
    Mutant m{{}, 0, fmt::format("-step {} ({} transfers)", i + 1, s.steps[i].transfers.size())};
    for (size_t k = 0; k < lines.size(); ++k) {
      if (k >= from && k < to) continue;
      m.text += k >= to && lines[k].starts_with("step ") ? fmt::format("step {}", std::stoull(lines[k].substr(5)) - 1)
                                                         : lines[k];
      m.text += '\n';
    }
    mutants.push_back(std::move(m));
  }
  return mutants;
}

std::vector<Mutant> lower_claim(const std::vector<std::string>& lines, const Schedule& s) {
  std::vector<Mutant> mutants;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (!lines[k].starts_with("claim ")) continue;
    for (const char* key : {" steps=", " time="}) {
      const size_t at = lines[k].find(key);
      if (at == std::string::npos) continue;
      const size_t value = at + std::string(key).size(), end = std::min(lines[k].find(' ', value), lines[k].size());
      const double claimed = std::stod(lines[k].substr(value, end - value));
      if (claimed < 1) continue;
      const std::string lowered =
          key[1] == 's' ? fmt::format("{}", *s.header.claim_steps - 1) : fmt::format("{}", claimed - 1);
      const std::string line = lines[k].substr(0, value) + lowered + lines[k].substr(end);
      mutants.push_back({edited(lines, {k, Edit::Kind::replace, line}), 0, fmt::format("-{}\n+{}", lines[k], line)});
    }
  }
  return mutants;
}

}  // namespace

std::vector<Mutant> mutate(const std::vector<std::string>& lines, const Schedule& schedule, Operator op, size_t limit,
                           std::mt19937_64& rng) {
  if (op == Operator::step_removed) return schedule.header.flit ? std::vector<Mutant>{} : remove_steps(lines, schedule, limit, rng);
  if (op == Operator::claim) return lower_claim(lines, schedule);
  const std::vector<Located> all = transfers_of(schedule);
  std::vector<Mutant> mutants;
  // Positions where the operator does not apply are skipped; the draws go on until `limit` mutants or none are left.
  for (size_t i : positions(all.size(), all.size(), rng)) {
    if (mutants.size() == limit) break;
    Mutant m;
    if (mutate_transfer(lines, schedule, op, all[i], rng, m)) mutants.push_back(std::move(m));
  }
  return mutants;
}

}  // namespace mutation

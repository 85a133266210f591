// Schedule writer: canonical spelling of every header line and body line, and of a whole schedule read by the core.
#include "schedule_writer.hpp"

#include <fmt/format.h>

#include "reader.hpp"

namespace schedcheck {

std::string node_text(const Topology& topology, NodeId v, NodeNaming naming) {
  return naming == NodeNaming::indices ? fmt::format("{}", v) : topology.node_name(v);
}

std::string message_text(const Header& header, MessageId m, NodeNaming naming) {
  const Collective& c = header.collective;
  std::string s = node_text(*header.topology, c.message_node(m), naming);
  if (c.parts > 1) s += fmt::format("/{}", c.message_part(m));
  return s;
}

std::string header_text(const Header& header, NodeNaming naming) {
  const Topology& topo = *header.topology;
  const Collective& c = header.collective;
  std::string s = fmt::format("schedcheck {}\ntopology {}\nmodel {}\ncollective {}", header.version, topo.describe(),
                              describe(header.model), collective_kind_name(c.kind));
  if (c.has_root())
    s += fmt::format(" {} {}", c.kind == CollectiveKind::broadcast ? "source" : "root", node_text(topo, c.root, naming));
  if (c.parts > 1) s += fmt::format(" parts {}", c.parts);
  if (c.lengths.empty()) {
    s += fmt::format(" length {}", c.length);
  } else {
    s += " lengths";
    for (uint64_t l : c.lengths) s += fmt::format(" {}", l);
  }
  s += '\n';
  // Shortest round-trip form: read back, every real is the same double.
  if (header.cost) s += fmt::format("cost ts={} tl={}\n", header.cost->ts, header.cost->tl);
  if (header.claim) {
    const Claim& claim = *header.claim;
    s += "claim";
    if (claim.steps) s += fmt::format(" steps={}", *claim.steps);
    if (claim.time) s += fmt::format(" time={}", *claim.time);
    if (!claim.name.empty()) s += fmt::format(" name={}", claim.name);
    for (auto& [key, value] : claim.params) s += fmt::format(" {}={}", key, value);
    s += '\n';
  }
  return s;
}

void append_transfer(std::string& out, const Header& header, const Transfer& t, NodeNaming naming) {
  const Topology& topo = *header.topology;
  out += "  ";
  out += node_text(topo, t.from, naming);
  for (size_t i = 0; i < t.moves.size();) {
    const Move& m = t.moves[i];
    uint64_t count = 0;
    size_t j = i;
    for (uint64_t sum = 0; j < t.moves.size() && t.moves[j].dim == m.dim && t.moves[j].negative == m.negative; ++j) {
      if (__builtin_add_overflow(count, t.moves[j].count, &sum)) break;  // the rest starts a move of its own
      count = sum;
    }
    out += fmt::format(" {}{}", m.negative ? '-' : '+', m.dim + 1);
    if (count > 1) out += fmt::format("*{}", count);
    i = j;
  }
  for (const PathNode& p : t.path) {
    out += " > ";
    out += node_text(topo, p.node, naming);
  }
  if (!t.control.empty()) {
    out += " ! ";
    out += t.control;
  }
  if (!t.messages.empty()) {
    out += " :";
    for (const MessageRef& ref : t.messages) {
      out += ' ';
      out += message_text(header, ref.message, naming);
    }
  }
  if (t.time) out += fmt::format(" @{}", *t.time);
  if (!t.after.empty()) {
    out += " after ";
    out += t.after;
  }
}

std::optional<std::string> canonical_text(LineSource& source, Diagnostics& diagnostics, NodeNaming naming) {
  Header header;
  Reader reader(source, diagnostics);
  if (!reader.read_header(header)) return std::nullopt;
  std::string out = header_text(header, naming);
  Transfer t;
  for (Reader::Event e; (e = reader.next(t)) != Reader::Event::end;) {
    if (e == Reader::Event::step) {
      out += fmt::format("step {}\n", reader.step_number());
    } else {
      append_transfer(out, header, t, naming);
      out += '\n';
    }
  }
  return out;
}

}  // namespace schedcheck

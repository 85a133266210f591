// JSON schedule: conversion both ways; the text form stays the one the core reads.
#include "json_schedule.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "reader.hpp"

namespace schedcheck {

using nlohmann::json;

namespace {

json node_json(const Topology& topo, NodeId v, NodeNaming naming) {
  if (naming == NodeNaming::indices || !topo.is_grid() || topo.dimensions() == 1) return v;
  json coords = json::array();
  for (uint32_t d = 0; d < topo.dimensions(); ++d) coords.push_back(topo.coordinate(v, d));
  return coords;
}

json message_json(const Header& header, MessageId m, NodeNaming naming) {
  const Collective& c = header.collective;
  json node = node_json(*header.topology, c.message_node(m), naming);
  if (c.parts == 1) return node;
  return {{"node", node}, {"part", c.message_part(m)}};
}

json header_json(const Header& h, NodeNaming naming) {
  const Topology& topo = *h.topology;
  json j;
  j["schedcheck"] = h.version;
  json t;
  t["kind"] = std::string(topology_kind_name(topo.kind()));
  if (topo.is_grid()) {
    t["sizes"] = topo.sizes();
  } else if (topo.kind() == TopologyKind::tree) {
    json parents = json::array();
    for (NodeId p : topo.parents()) parents.push_back(p == no_node ? json(nullptr) : json(p));
    t["parents"] = parents;
  } else {
    t["nodes"] = topo.node_count();
    json edges = json::array();
    for (auto [a, b] : topo.edges()) edges.push_back({a, b});  // in the order given, as parallel links count it
    t["edges"] = edges;
  }
  j["topology"] = t;
  j["model"] = {{"switching", switching_name(h.model.switching)},
                {"ports", ports_name(h.model.ports)},
                {"routing", routing_name(h.model.routing)},
                {"combining", combining_name(h.model.combining)}};
  if (h.model.licensed) j["model"]["control"] = "licensed";
  const Collective& c = h.collective;
  json coll;
  coll["kind"] = std::string(collective_kind_name(c.kind));
  if (c.has_root()) coll[c.kind == CollectiveKind::broadcast ? "source" : "root"] = node_json(topo, c.root, naming);
  if (c.parts > 1) coll["parts"] = c.parts;
  if (c.lengths.empty()) coll["length"] = c.length;
  else coll["lengths"] = c.lengths;
  j["collective"] = coll;
  if (h.cost) j["cost"] = {{"ts", h.cost->ts}, {"tl", h.cost->tl}};
  if (h.claim) {
    json claim;
    if (h.claim->steps) claim["steps"] = *h.claim->steps;
    if (h.claim->time) claim["time"] = *h.claim->time;
    if (!h.claim->name.empty()) claim["name"] = h.claim->name;
    json params = json::object();
    for (auto& [k, v] : h.claim->params) params[k] = v;
    if (!params.empty()) claim["params"] = params;
    j["claim"] = claim;
  }
  return j;
}

json transfer_json(const Header& h, const Transfer& t, NodeNaming naming) {
  json j;
  j["from"] = node_json(*h.topology, t.from, naming);
  if (!t.moves.empty()) {
    json moves = json::array();
    for (const Move& m : t.moves)
      moves.push_back({m.negative ? -static_cast<int64_t>(m.dim + 1) : static_cast<int64_t>(m.dim + 1), m.count});
    j["moves"] = moves;
  } else {
    json path = json::array();
    for (const PathNode& p : t.path) path.push_back(node_json(*h.topology, p.node, naming));
    j["path"] = path;
  }
  if (!t.messages.empty()) {
    json messages = json::array();
    for (const MessageRef& r : t.messages) messages.push_back(message_json(h, r.message, naming));
    j["messages"] = messages;
  }
  if (!t.control.empty()) j["control"] = t.control;
  if (t.time) j["time"] = *t.time;
  if (!t.after.empty()) j["after"] = t.after;
  return j;
}

// A node in text form from its JSON form (an index or a coordinate array).
std::optional<std::string> node_text(const json& v) {
  if (v.is_number_unsigned()) return fmt::format("{}", v.get<uint64_t>());
  if (!v.is_array() || v.empty()) return std::nullopt;
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number_unsigned()) return std::nullopt;
    s += fmt::format("{}{}", i ? "," : "", v[i].get<uint64_t>());
  }
  return s + ")";
}

struct Fail {
  std::string message;
};

const json& field(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) throw Fail{fmt::format("{}: missing \"{}\"", where, key)};
  return j.at(key);
}

// A string the text form holds as one word: not empty, no blank, no '#' and
// no control character (which would end the line); a claim parameter's key
// has no '=' either. Anything else would change what the text means.
std::string word_text(const json& v, const std::string& where, bool key = false) {
  if (!v.is_string()) throw Fail{where + ": expected a string"};
  std::string s = v.get<std::string>();
  const bool fits = !s.empty() && std::none_of(s.begin(), s.end(), [&](char ch) {
    const auto byte = static_cast<unsigned char>(ch);
    return byte <= ' ' || byte == 0x7f || ch == '#' || (key && ch == '=');
  });
  if (!fits)
    throw Fail{fmt::format("{}: expected one word of the text form: not empty, no blank, '#'{} or control character",
                           where, key ? ", '='" : "")};
  return s;
}

std::string string_field(const json& j, const char* key, const std::string& where) {
  return word_text(field(j, key, where), fmt::format("{}/{}", where, key));
}

std::string node_field(const json& v, const std::string& where) {
  auto s = node_text(v);
  if (!s) throw Fail{fmt::format("{}: expected a node (an index or an array of coordinates)", where)};
  return *s;
}

std::string number_text(const json& v, const std::string& where) {
  if (v.is_number_unsigned()) return fmt::format("{}", v.get<uint64_t>());
  if (v.is_number_float() && v.get<double>() >= 0) return fmt::format("{}", v.get<double>());
  throw Fail{fmt::format("{}: expected a non-negative number", where)};
}

void append_transfer_text(std::string& out, const json& t, const std::string& where) {
  out += "  " + node_field(field(t, "from", where), where + "/from");
  if (t.contains("moves") && t.contains("path"))
    throw Fail{where + ": a route is either \"moves\" or a \"path\", not both"};
  if (t.contains("moves")) {
    const json& moves = t.at("moves");
    if (!moves.is_array()) throw Fail{where + "/moves: expected an array of [signed dimension, count]"};
    for (size_t i = 0; i < moves.size(); ++i) {
      const json& m = moves[i];
      const std::string w = fmt::format("{}/moves/{}", where, i);
      if (!m.is_array() || m.size() != 2 || !m[0].is_number_integer() || !m[1].is_number_unsigned() ||
          m[0].get<int64_t>() == 0)
        throw Fail{w + ": expected [signed dimension, count] such as [-2, 1]"};
      // A dimension as the text writes it: the sign, then the magnitude, in
      // unsigned arithmetic (a JSON number may pass 2^63-1, and -d overflows
      // at the least int64_t).
      const bool negative = !m[0].is_number_unsigned() && m[0].get<int64_t>() < 0;
      const uint64_t magnitude = m[0].is_number_unsigned() ? m[0].get<uint64_t>()
                                 : negative ? 0 - static_cast<uint64_t>(m[0].get<int64_t>())
                                            : static_cast<uint64_t>(m[0].get<int64_t>());
      out += fmt::format(" {}{}", negative ? '-' : '+', magnitude);
      if (m[1].get<uint64_t>() != 1) out += fmt::format("*{}", m[1].get<uint64_t>());
    }
  } else {
    const json& path = field(t, "path", where);
    if (!path.is_array()) throw Fail{where + "/path: expected an array of nodes"};
    for (size_t i = 0; i < path.size(); ++i) out += " > " + node_field(path[i], fmt::format("{}/path/{}", where, i));
  }
  if (t.contains("messages")) {
    const json& ms = t.at("messages");
    if (!ms.is_array()) throw Fail{where + "/messages: expected an array"};
    out += " :";
    for (size_t i = 0; i < ms.size(); ++i) {
      const std::string w = fmt::format("{}/messages/{}", where, i);
      if (ms[i].is_object()) {
        out += " " + node_field(field(ms[i], "node", w), w + "/node");
        out += "/" + number_text(field(ms[i], "part", w), w + "/part");
      } else {
        out += " " + node_field(ms[i], w);
      }
    }
  }
  if (t.contains("control")) out += " ! " + word_text(t.at("control"), where + "/control");
  if (t.contains("time")) out += " @" + number_text(t.at("time"), where + "/time");
  if (t.contains("after")) out += " after " + word_text(t.at("after"), where + "/after");
  out += '\n';
}

}  // namespace

std::optional<json> text_to_json(LineSource& source, Diagnostics& diagnostics, NodeNaming naming) {
  Header header;
  Reader reader(source, diagnostics);
  if (!reader.read_header(header)) return std::nullopt;
  json j = header_json(header, naming);
  // The claim's words are the only free text of a schedule; JSON strings
  // are UTF-8, and a claim that is not cannot be carried over unchanged.
  if (j.contains("claim")) {
    try {
      (void)j["claim"].dump();
    } catch (const json::type_error&) {
      diagnostics.error(header.claim_pos, Property::syntax,
                        "the claim holds bytes that are not UTF-8, which the JSON form cannot carry");
      return std::nullopt;
    }
    // Nor control characters, which word_text refuses on the way back.
    std::string words = header.claim->name;
    for (const auto& [key, value] : header.claim->params) words += key + value;
    if (std::any_of(words.begin(), words.end(), [](char ch) { return static_cast<unsigned char>(ch) < ' ' || ch == 0x7f; })) {
      diagnostics.error(header.claim_pos, Property::syntax,
                        "the claim holds a control character, which the JSON form's words cannot carry");
      return std::nullopt;
    }
  }
  json steps = json::array();
  json transfers = json::array();  // flit model: no steps
  Transfer t;
  for (;;) {
    const Reader::Event e = reader.next(t);
    if (e == Reader::Event::end) break;
    if (e == Reader::Event::step) {
      steps.push_back({{"step", reader.step_number()}, {"transfers", json::array()}});
      continue;
    }
    if (steps.empty()) transfers.push_back(transfer_json(header, t, naming));
    else steps.back()["transfers"].push_back(transfer_json(header, t, naming));
  }
  if (diagnostics.total() > 0) return std::nullopt;
  if (header.model.step_synchronous()) j["steps"] = steps;
  else j["transfers"] = transfers;
  return j;
}

std::optional<std::string> json_to_text(const json& s, std::string& error) {
  try {
    std::string out = "schedcheck " + number_text(field(s, "schedcheck", ""), "/schedcheck") + "\n";
    const json& t = field(s, "topology", "");
    const std::string kind = string_field(t, "kind", "/topology");
    out += "topology " + kind;
    if (t.contains("sizes")) {
      const json& sizes = t.at("sizes");
      if (!sizes.is_array() || sizes.empty()) throw Fail{"/topology/sizes: expected an array of sizes"};
      for (size_t i = 0; i < sizes.size(); ++i)
        out += (i ? "x" : " ") + number_text(sizes[i], fmt::format("/topology/sizes/{}", i));
    } else if (t.contains("parents")) {
      out += " parents";
      const json& parents = t.at("parents");
      if (!parents.is_array()) throw Fail{"/topology/parents: expected an array"};
      for (size_t i = 0; i < parents.size(); ++i)
        out += parents[i].is_null() ? std::string(" -")
                                    : " " + number_text(parents[i], fmt::format("/topology/parents/{}", i));
    } else {
      out += " " + number_text(field(t, "nodes", "/topology"), "/topology/nodes") + " edges";
      const json& edges = field(t, "edges", "/topology");
      if (!edges.is_array()) throw Fail{"/topology/edges: expected an array"};
      for (size_t i = 0; i < edges.size(); ++i) {
        const std::string w = fmt::format("/topology/edges/{}", i);
        if (!edges[i].is_array() || edges[i].size() != 2) throw Fail{w + ": expected [a, b]"};
        out += " " + number_text(edges[i][0], w) + "-" + number_text(edges[i][1], w);
      }
    }
    out += "\nmodel";
    const json& m = field(s, "model", "");
    for (const char* axis : {"switching", "ports", "routing", "combining", "control"})
      if (m.contains(axis)) out += " " + string_field(m, axis, "/model");
    const json& c = field(s, "collective", "");
    out += "\ncollective " + string_field(c, "kind", "/collective");
    for (const char* key : {"source", "root"})
      if (c.contains(key)) out += fmt::format(" {} {}", key, node_field(c.at(key), fmt::format("/collective/{}", key)));
    if (c.contains("parts")) out += " parts " + number_text(c.at("parts"), "/collective/parts");
    if (c.contains("length")) out += " length " + number_text(c.at("length"), "/collective/length");
    if (c.contains("lengths")) {
      out += " lengths";
      const json& ls = c.at("lengths");
      if (!ls.is_array()) throw Fail{"/collective/lengths: expected an array"};
      for (size_t i = 0; i < ls.size(); ++i) out += " " + number_text(ls[i], fmt::format("/collective/lengths/{}", i));
    }
    out += '\n';
    if (s.contains("cost")) {
      const json& cost = s.at("cost");
      out += "cost ts=" + number_text(field(cost, "ts", "/cost"), "/cost/ts") +
             " tl=" + number_text(field(cost, "tl", "/cost"), "/cost/tl") + "\n";
    }
    if (s.contains("claim")) {
      const json& claim = s.at("claim");
      out += "claim";
      if (claim.contains("steps")) out += " steps=" + number_text(claim.at("steps"), "/claim/steps");
      if (claim.contains("time")) out += " time=" + number_text(claim.at("time"), "/claim/time");
      if (claim.contains("name")) out += " name=" + string_field(claim, "name", "/claim");
      if (claim.contains("params")) {
        const json& params = claim.at("params");
        if (!params.is_object()) throw Fail{"/claim/params: expected an object of strings"};
        for (auto& [k, v] : params.items()) {
          const std::string where = "/claim/params/" + k;
          // The three keys of their own would be read as the claim's steps, time or name.
          if (k == "steps" || k == "time" || k == "name")
            throw Fail{fmt::format("{}: '{}' is a claim key of its own, not a parameter", where, k)};
          out += fmt::format(" {}={}", word_text(json(k), where, true), word_text(v, where));
        }
      }
      out += '\n';
    }
    if (s.contains("steps")) {
      const json& steps = s.at("steps");
      if (!steps.is_array()) throw Fail{"/steps: expected an array"};
      for (size_t i = 0; i < steps.size(); ++i) {
        const std::string w = fmt::format("/steps/{}", i);
        out += fmt::format("step {}\n", steps[i].contains("step") ? number_text(steps[i].at("step"), w + "/step")
                                                                    : std::to_string(i + 1));
        const json& ts = field(steps[i], "transfers", w);
        if (!ts.is_array()) throw Fail{w + "/transfers: expected an array"};
        for (size_t k = 0; k < ts.size(); ++k) append_transfer_text(out, ts[k], fmt::format("{}/transfers/{}", w, k));
      }
    }
    if (s.contains("transfers")) {
      const json& ts = s.at("transfers");
      if (!ts.is_array()) throw Fail{"/transfers: expected an array"};
      for (size_t k = 0; k < ts.size(); ++k) append_transfer_text(out, ts[k], fmt::format("/transfers/{}", k));
    }
    return out;
  } catch (const Fail& f) {
    error = f.message.empty() ? "not a schedule object" : f.message;
    return std::nullopt;
  }
}

}  // namespace schedcheck

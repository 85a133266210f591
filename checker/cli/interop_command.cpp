// Interop commands: read the file, translate it (checker/interop), check the text with the core, and map positions back.
#include "interop_command.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "checker.hpp"
#include "command_output.hpp"
#include "json_schedule.hpp"
#include "msccl_export.hpp"
#include "msccl_json.hpp"
#include "msccl_xml.hpp"
#include "reader.hpp"
#include "topology_option.hpp"
#include "verdict_output.hpp"

namespace schedcheck::cli {

namespace {

bool is_xml_path(const std::string& path) { return path.size() > 4 && path.ends_with(".xml"); }

// The whole file, up to the translators' limit.
std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in.gcount()));
    if (text.size() > interop::max_input_bytes) {
      error = fmt::format("'{}' is larger than {} bytes, the most import reads", path, interop::max_input_bytes);
      return std::nullopt;
    }
  }
  if (in.bad()) {
    error = fmt::format("cannot read '{}'", path);
    return std::nullopt;
  }
  return text;
}

// --topology as the network to translate onto, validated by the core's reader.
std::optional<interop::NamedNetwork> named_network(const std::string& spec, std::string& error) {
  const auto line = topology_line(spec);
  if (!line) {
    error = fmt::format("--topology '{}': expected KIND:SIZES such as torus:4x4 or ring:8", spec);
    return std::nullopt;
  }
  const std::string text = fmt::format("schedcheck 1\n{}\nmodel store-and-forward all-port\ncollective gossip\n", *line);
  LineSource source{std::string_view(text)};
  Diagnostics diag("<options>", 5);
  Header header;
  Reader reader(source, diag);
  if (!reader.read_header(header) || diag.total() > 0 || !header.topology) {
    error = fmt::format("--topology '{}': {}", spec, diag.kept().empty() ? "not a network" : visible(diag.kept()[0].message));
    return std::nullopt;
  }
  return interop::NamedNetwork{*line, header.topology->node_count()};
}

enum class Foreign { none, msccl_json, msccl_xml };

Foreign kind_of(const std::string& path, const std::string& text) {
  if (is_xml_path(path)) return Foreign::msccl_xml;
  if (interop::looks_like_msccl_json(text)) return Foreign::msccl_json;
  return Foreign::none;
}

// Reads and translates; nullopt (after a message) on a program error.
std::optional<interop::Translation> translate(const std::string& path, const std::string& text, Foreign kind,
                                              const Arguments& args) {
  std::optional<interop::NamedNetwork> network;
  if (const auto spec = args.value("--topology")) {
    std::string error;
    network = named_network(*spec, error);
    if (!network) {
      program_error(error);
      return std::nullopt;
    }
  }
  if (kind == Foreign::msccl_xml) {
    if (!network) {
      program_error(fmt::format("{}: an MSCCL XML file names no network: give --topology (e.g. ring:8)", path));
      return std::nullopt;
    }
    return interop::import_msccl_xml(text, path, *network);
  }
  return interop::import_msccl_json(text, path, network);
}

Property property_of(const std::string& name) {
  for (int p = 0; p < property_count; ++p)
    if (property_name(static_cast<Property>(p)) == name) return static_cast<Property>(p);
  return Property::syntax;
}

// "... (first at line 12)": a line of the translated text, as the place in the user's file it came from.
std::string map_lines(const std::string& message, const interop::Translation& t) {
  std::string out;
  size_t at = 0;
  for (;;) {
    const size_t found = message.find("line ", at);
    if (found == std::string::npos) break;
    size_t end = found + 5;
    while (end < message.size() && message[end] >= '0' && message[end] <= '9') ++end;
    out += message.substr(at, found + 5 - at);
    if (end > found + 5) {
      const auto line = static_cast<uint32_t>(std::min<unsigned long>(std::stoul(message.substr(found + 5, end - found - 5)), UINT32_MAX));
      const interop::FilePos pos = t.origin_of(line);
      if (pos.line) {
        out.resize(out.size() - 5);  // "line N" becomes the place in the user's file, "L:C"
        out += fmt::format("{}:{}", pos.line, pos.col);
      } else {
        out += message.substr(found + 5, end - found - 5);
      }
    }
    at = end;
  }
  return out + message.substr(at);
}

void add_translation_errors(const interop::Translation& t, Diagnostics& diag) {
  for (const interop::Located& e : t.errors)
    diag.error({e.pos.line, e.pos.col}, property_of(e.property), e.message);
}

}  // namespace

std::optional<int> check_foreign(const std::string& path, const Arguments& args, size_t max_errors, bool json) {
  if (path == "-" || !(is_xml_path(path) || path.ends_with(".json"))) return std::nullopt;
  std::string error;
  const auto text = read_file(path, error);
  if (!text) return program_error(error);
  const Foreign kind = kind_of(path, *text);
  if (kind == Foreign::none) return std::nullopt;
  const auto t = translate(path, *text, kind, args);
  if (!t) return exit_usage;

  Diagnostics diag(path, max_errors);
  Header header;
  Verdict verdict;
  if (t->ok()) {
    LineSource source{std::string_view(t->text)};
    Diagnostics core("<translation>", max_errors);
    CheckOptions options;
    options.per_step_stats = json;
    verdict = check_schedule(source, header, core, options);
    std::vector<Diagnostic> all;
    for (const interop::Located& e : t->errors) all.push_back({{e.pos.line, e.pos.col}, property_of(e.property), e.message});
    for (const Diagnostic& d : core.kept()) {
      const interop::FilePos pos = t->origin_of(d.pos.line);
      all.push_back({{pos.line ? pos.line : 1, pos.line ? pos.col : 1}, d.property, map_lines(d.message, *t)});
    }
    std::stable_sort(all.begin(), all.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair{a.pos.line, a.pos.col} < std::pair{b.pos.line, b.pos.col};
    });
    for (Diagnostic& d : all) diag.error(d.pos, d.property, std::move(d.message));
    if (!t->errors.empty()) verdict.verified = false;
  } else {
    add_translation_errors(*t, diag);
    verdict.header_ok = false;
  }
  if (json) {
    print_verdict_json(path, header, verdict, diag);
  } else {
    print_diagnostics(diag, verdict.stopped);
    fmt::print("{}\n", verdict_line(path, header, verdict, diag));
  }
  std::fflush(stdout);
  return exit_code(verdict, diag);
}

int run_import(const Arguments& args) {
  if (args.positional.size() != 2 || args.positional[0] != "msccl")
    return program_error("import needs a format and one FILE: import msccl FILE (MSCCL XML or an msccl-tools JSON "
                         "algorithm)");
  const std::string& path = args.positional[1];
  std::string error;
  const auto text = read_file(path, error);
  if (!text) return program_error(error);
  Foreign kind = kind_of(path, *text);
  if (kind == Foreign::none) {
    if (path.ends_with(".json") || text->find_first_not_of(" \t\r\n") == std::string::npos ||
        (*text)[text->find_first_not_of(" \t\r\n")] != '<')
      kind = Foreign::msccl_json;  // its importer says what is wrong with it
    else
      kind = Foreign::msccl_xml;
  }
  const auto t = translate(path, *text, kind, args);
  if (!t) return exit_usage;
  Diagnostics diag(path, 20);
  add_translation_errors(*t, diag);
  print_diagnostics(diag);
  if (!t->ok()) return exit_usage;
  if (const auto error = write_output(args, t->text, true)) return program_error(*error);
  return diag.total() > 0 ? exit_failed : exit_verified;
}

int run_export(const Arguments& args) {
  if (args.positional.size() != 2 || args.positional[0] != "msccl")
    return program_error("export needs a format and one FILE: export msccl FILE -o OUT.xml");
  const std::string& path = args.positional[1];
  std::string error;
  auto text = read_file(path, error);
  if (!text) return program_error(error);
  if (path.ends_with(".json")) {
    nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded()) return program_error(fmt::format("{}: not JSON", path));
    auto converted = json_to_text(j, error);
    if (!converted) return program_error(fmt::format("{}: {}", path, error));
    text = std::move(converted);
  }
  LineSource source{std::string_view(*text)};
  Diagnostics diag(path, 20);
  Header header;
  Reader reader(source, diag);
  if (!reader.read_header(header) || !header.topology) {
    print_diagnostics(diag);
    return exit_usage;
  }
  const Topology& topo = *header.topology;
  const Model& model = header.model;
  const Collective& coll = header.collective;
  auto refuse = [&](const std::string& why) {
    return program_error(fmt::format("{}: MSCCL export: {}", path, why));
  };
  if (model.switching != Switching::store_and_forward)
    return refuse("MSCCL moves a chunk one link per send; only store-and-forward schedules are exported");
  if (model.combining == Combining::combining)
    return refuse("a combining packet has no one chunk to send; only non-combining schedules are exported");
  if (model.ports == Ports::one_port)
    return refuse("MSCCL has no port limit, so the import could not check one-port; only all-port schedules are "
                  "exported");
  if (coll.kind == CollectiveKind::concentration)
    return refuse("MSCCL has no concentration; its runtime collectives are allgather, broadcast, scatter and gather");

  interop::ExportSchedule s;
  s.name = header.claim && !header.claim->name.empty() ? header.claim->name : path;
  s.kind = std::string(collective_kind_name(coll.kind));
  s.nodes = topo.node_count();
  s.root = coll.root;
  s.parts = coll.parts;
  Transfer t;
  for (Reader::Event e; (e = reader.next(t)) != Reader::Event::end;) {
    if (e == Reader::Event::step) {
      // One MSCCL step per step line, counted: the number as written may be
      // out of order (an error the check reports), and as large as 2^64-1.
      s.steps.emplace_back();
      continue;
    }
    if (e != Reader::Event::transfer) continue;
    if (s.steps.empty()) s.steps.resize(1);
    uint64_t hops = t.path.size();
    for (const Move& m : t.moves) hops = m.count > UINT64_MAX - hops ? UINT64_MAX : hops + m.count;
    if (hops != 1) {
      diag.error(t.pos, Property::well_formed,
                 fmt::format("store-and-forward moves a packet one link per step; this transfer has {} hops", hops));
      continue;
    }
    NodeId to = no_node;
    if (!t.path.empty()) {
      to = t.path[0].node;
    } else {
      const Move& m = t.moves[0];
      if (topo.grid_step(t.from, m.dim, m.negative, to) == no_channel) {
        diag.error(t.pos, Property::well_formed, "the move leaves the topology");
        continue;
      }
      if (m.negative && topo.wraps() && topo.size(m.dim) == 2)
        return refuse(fmt::format("line {} uses the -{} channel of a side-2 dimension, which an MSCCL peer cannot "
                                  "tell from +{}",
                                  t.pos.line, m.dim + 1, m.dim + 1));
    }
    if (topo.channel_between(t.from, to) == no_channel) {
      diag.error(t.pos, Property::well_formed,
                 fmt::format("{} -> {} is not a link of the {}", topo.node_name(t.from), topo.node_name(to),
                             topo.describe()));
      continue;
    }
    const MessageId m = t.messages.empty() ? 0 : t.messages[0].message;
    s.steps.back().push_back({t.from, to, m});
  }
  print_diagnostics(diag);
  if (diag.total() > 0) return diag.has_syntax_errors() ? exit_usage : exit_failed;
  const auto xml = interop::export_msccl_xml(s, error);
  if (!xml) return refuse(error);
  if (const auto error = write_output(args, *xml, true)) return program_error(*error);
  return exit_verified;
}

}  // namespace schedcheck::cli

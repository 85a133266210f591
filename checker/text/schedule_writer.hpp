// Schedule writer: the canonical text of a parsed header, a transfer and a whole schedule (`schedcheck print`).
#pragma once

#include <optional>
#include <string>

#include "diagnostic.hpp"
#include "line_source.hpp"
#include "schedule.hpp"

namespace schedcheck {

enum class NodeNaming { coordinates, indices };

// Every header line, in canonical order and spelling, each ending in '\n'.
std::string header_text(const Header& header, NodeNaming naming);
// One transfer line (indented, no newline); repeated moves are merged (+1 +1 -> +1*2).
void append_transfer(std::string& out, const Header& header, const Transfer& transfer, NodeNaming naming);
std::string node_text(const Topology& topology, NodeId v, NodeNaming naming);
std::string message_text(const Header& header, MessageId m, NodeNaming naming);

// The schedule in `source`, read with the core's reader, as canonical text:
// the header and every body line that parses (the others' errors are in
// `diagnostics`). Nullopt when the header does not parse.
std::optional<std::string> canonical_text(LineSource& source, Diagnostics& diagnostics, NodeNaming naming);

}  // namespace schedcheck

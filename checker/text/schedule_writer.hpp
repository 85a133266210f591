// Schedule writer: the canonical text of a parsed header and transfer (`schedcheck print`).
#pragma once

#include <string>

#include "schedule.hpp"

namespace schedcheck {

enum class NodeNaming { coordinates, indices };

// Every header line, in canonical order and spelling, each ending in '\n'.
std::string header_text(const Header& header, NodeNaming naming);
// One transfer line (indented, no newline); repeated moves are merged (+1 +1 -> +1*2).
void append_transfer(std::string& out, const Header& header, const Transfer& transfer, NodeNaming naming);
std::string node_text(const Topology& topology, NodeId v, NodeNaming naming);
std::string message_text(const Header& header, MessageId m, NodeNaming naming);

}  // namespace schedcheck

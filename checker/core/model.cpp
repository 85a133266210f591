// Model: token names of each axis, both directions.
#include "model.hpp"

#include <array>
#include <utility>

namespace schedcheck {

namespace {
constexpr std::array<std::pair<std::string_view, Switching>, 3> switchings{{
    {"store-and-forward", Switching::store_and_forward},
    {"wormhole", Switching::wormhole},
    {"flit", Switching::flit},
}};
constexpr std::array<std::pair<std::string_view, Ports>, 2> port_limits{{
    {"all-port", Ports::all_port},
    {"one-port", Ports::one_port},
}};
constexpr std::array<std::pair<std::string_view, Routing>, 3> routings{{
    {"free", Routing::free},
    {"dimension-order", Routing::dimension_order},
    {"dimension-order-shorter", Routing::dimension_order_shorter},
}};
constexpr std::array<std::pair<std::string_view, Combining>, 2> combinings{{
    {"non-combining", Combining::non_combining},
    {"combining", Combining::combining},
}};

template <typename Table, typename Value>
std::string_view name_in(const Table& table, Value v) {
  for (auto& [name, value] : table)
    if (value == v) return name;
  return "?";
}

template <typename Table, typename Value>
bool lookup(const Table& table, std::string_view token, Value& out) {
  for (auto& [name, value] : table) {
    if (name == token) {
      out = value;
      return true;
    }
  }
  return false;
}
}  // namespace

std::string_view switching_name(Switching s) { return name_in(switchings, s); }
std::string_view ports_name(Ports p) { return name_in(port_limits, p); }
std::string_view routing_name(Routing r) { return name_in(routings, r); }
std::string_view combining_name(Combining c) { return name_in(combinings, c); }

bool apply_model_token(Model& model, std::string_view token, std::string_view& axis) {
  // Common spellings of the papers, accepted and printed canonically.
  if (token == "full-port") token = "all-port";
  if (token == "single-port") token = "one-port";
  if (token == "flit-level" || token == "bufferless") token = "flit";
  if (lookup(switchings, token, model.switching)) return axis = "switching", true;
  if (lookup(port_limits, token, model.ports)) return axis = "ports", true;
  if (lookup(routings, token, model.routing)) return axis = "routing", true;
  if (lookup(combinings, token, model.combining)) return axis = "combining", true;
  if (token == "offline" || token == "licensed") {
    model.licensed = token == "licensed";
    return axis = "control", true;
  }
  return false;
}

std::string describe(const Model& m) {
  std::string s(switching_name(m.switching));
  for (std::string_view part : {ports_name(m.ports), routing_name(m.routing), combining_name(m.combining)}) {
    s += ' ';
    s += part;
  }
  if (m.licensed) s += " licensed";
  return s;
}

}  // namespace schedcheck

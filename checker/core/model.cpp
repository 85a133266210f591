// Model: token names of each axis, both directions.
#include "model.hpp"

namespace schedcheck {

namespace {
template <typename Enum>
constexpr uint8_t value_of(Enum e) {
  return static_cast<uint8_t>(e);
}

// Each value's first row is its canonical name; the papers' spellings
// (full-port, flit-level, ...) follow, accepted and printed canonically.
struct Token {
  std::string_view name, axis;
  uint8_t value;
};
constexpr Token tokens[] = {
    {"store-and-forward", "switching", value_of(Switching::store_and_forward)},
    {"wormhole", "switching", value_of(Switching::wormhole)},
    {"flit", "switching", value_of(Switching::flit)},
    {"flit-level", "switching", value_of(Switching::flit)},
    {"bufferless", "switching", value_of(Switching::flit)},
    {"all-port", "ports", value_of(Ports::all_port)},
    {"one-port", "ports", value_of(Ports::one_port)},
    {"full-port", "ports", value_of(Ports::all_port)},
    {"single-port", "ports", value_of(Ports::one_port)},
    {"free", "routing", value_of(Routing::free)},
    {"dimension-order", "routing", value_of(Routing::dimension_order)},
    {"dimension-order-shorter", "routing", value_of(Routing::dimension_order_shorter)},
    {"non-combining", "combining", value_of(Combining::non_combining)},
    {"combining", "combining", value_of(Combining::combining)},
    {"offline", "control", 0},
    {"licensed", "control", 1},
};

std::string_view name_of(std::string_view axis, uint8_t value) {
  for (const Token& t : tokens)
    if (t.axis == axis && t.value == value) return t.name;
  return "?";
}
}  // namespace

std::string_view switching_name(Switching s) { return name_of("switching", value_of(s)); }
std::string_view ports_name(Ports p) { return name_of("ports", value_of(p)); }
std::string_view routing_name(Routing r) { return name_of("routing", value_of(r)); }
std::string_view combining_name(Combining c) { return name_of("combining", value_of(c)); }

bool apply_model_token(Model& model, std::string_view token, std::string_view& axis) {
  for (const Token& t : tokens) {
    if (t.name != token) continue;
    axis = t.axis;
    if (axis == "switching") model.switching = static_cast<Switching>(t.value);
    else if (axis == "ports") model.ports = static_cast<Ports>(t.value);
    else if (axis == "routing") model.routing = static_cast<Routing>(t.value);
    else if (axis == "combining") model.combining = static_cast<Combining>(t.value);
    else model.licensed = t.value != 0;
    return true;
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

// Model: the network model's independent axes (switching, ports, routing, combining, and the flit model's control).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace schedcheck {

enum class Switching : uint8_t { store_and_forward, wormhole, flit };
enum class Ports : uint8_t { all_port, one_port };
enum class Routing : uint8_t { free, dimension_order, dimension_order_shorter };
enum class Combining : uint8_t { non_combining, combining };

struct Model {
  Switching switching = Switching::wormhole;
  Ports ports = Ports::all_port;
  Routing routing = Routing::free;
  Combining combining = Combining::non_combining;
  // Flit model: every node but the root dispatches only when a control
  // flit has told it to (format.md section 7.2).
  bool licensed = false;

  bool dimension_ordered() const { return routing != Routing::free; }
  bool step_synchronous() const { return switching != Switching::flit; }
};

// One token of a model line ("wormhole", "one-port", ...). Returns false for
// a token that names no value of any axis; `axis` says which axis it set.
bool apply_model_token(Model& model, std::string_view token, std::string_view& axis);

// The canonical model line body: the first four axes, in axis order, and
// `licensed` when it is set.
std::string describe(const Model& model);

std::string_view switching_name(Switching s);
std::string_view ports_name(Ports p);
std::string_view routing_name(Routing r);
std::string_view combining_name(Combining c);

}  // namespace schedcheck

// JSON schedule: the JSON form of the format (specs/format.md, "JSON form") to and from the text form.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "diagnostic.hpp"
#include "line_source.hpp"
#include "schedule_writer.hpp"

namespace schedcheck {

// Reads a text schedule with the core's reader; nullopt on a parse error.
std::optional<nlohmann::json> text_to_json(LineSource& source, Diagnostics& diagnostics, NodeNaming naming);

// Writes the text form of a JSON schedule, to be parsed (and so validated)
// by the core; on a structural error returns nullopt with `error` naming the
// JSON pointer of the offending value.
std::optional<std::string> json_to_text(const nlohmann::json& schedule, std::string& error);

}  // namespace schedcheck

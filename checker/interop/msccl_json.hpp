// msccl-tools JSON: an `algorithm` object (msccl/serialization.py) translated into the schedule format.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "translation.hpp"

namespace schedcheck::interop {

// True when `text` looks like an msccl-tools object (a JSON object with an
// "msccl_type" key), not the format's own JSON form.
bool looks_like_msccl_json(std::string_view text);

// Translates an algorithm (specs/interop.md, section 2). `file` names the
// input in comments; `network` replaces the link matrix the file embeds.
Translation import_msccl_json(std::string_view text, const std::string& file,
                              const std::optional<NamedNetwork>& network);

}  // namespace schedcheck::interop

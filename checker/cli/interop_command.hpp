// Interop commands: `import`, `export`, and `check` on another tool's file, over checker/interop.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "options.hpp"

namespace schedcheck::cli {

// `schedcheck import msccl FILE [--topology SPEC] [-o OUT]`.
int run_import(const Arguments& args);
// `schedcheck export msccl FILE -o OUT.xml`.
int run_export(const Arguments& args);
// `check` on an MSCCL XML file or an msccl-tools JSON algorithm: translated,
// checked by the core, and every error mapped back into `path`. nullopt when
// `path` is neither (the caller checks it as a schedule).
std::optional<int> check_foreign(const std::string& path, const Arguments& args, size_t max_errors, bool json);

}  // namespace schedcheck::cli

// Render command: the input read once to draw and, with --errors, once more for the core's check; the picture written.
#include "render_command.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checker.hpp"
#include "command_output.hpp"
#include "html_page.hpp"
#include "json_schedule.hpp"
#include "layout.hpp"
#include "network_picture.hpp"
#include "scene.hpp"
#include "space_time.hpp"
#include "verdict_output.hpp"

namespace schedcheck::cli {
namespace {

constexpr int exit_drawn = 0;
constexpr int exit_errors = 1;

// Diagnostics kept for marking: enough for any schedule small enough to draw.
constexpr size_t max_marks = 1000;

// The schedule's text: a file read from disk once per pass, or text held in
// memory (a JSON schedule's text form, or stdin when it is read twice).
struct RenderInput {
  std::string path;
  std::optional<std::string> text;
};

// One pass over the input.
struct Pass {
  int fd = -1;
  std::optional<LineSource> source;
  Pass() = default;
  Pass(const Pass&) = delete;
  Pass& operator=(const Pass&) = delete;
  ~Pass() {
    if (fd > 0) ::close(fd);
  }
};

bool open_pass(const RenderInput& in, Pass& pass, std::string& error) {
  if (in.text) {
    pass.source.emplace(std::string_view(*in.text));
    return true;
  }
  pass.fd = in.path == "-" ? 0 : ::open(in.path.c_str(), O_RDONLY);
  if (pass.fd < 0) {
    error = fmt::format("cannot open '{}': {}", in.path, std::strerror(errno));
    return false;
  }
  pass.source.emplace(pass.fd);
  return true;
}

bool load_input(RenderInput& in, bool two_passes, std::string& error) {
  if (in.path.size() > 5 && in.path.ends_with(".json")) {
    std::ifstream file(in.path);
    if (!file) {
      error = fmt::format("cannot open '{}': {}", in.path, std::strerror(errno));
      return false;
    }
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(file);
    } catch (const nlohmann::json::exception& e) {
      error = fmt::format("{}: not JSON: {}", in.path, e.what());
      return false;
    }
    std::string why;
    in.text = json_to_text(j, why);
    if (!in.text) error = fmt::format("{}: {}", in.path, why);
    return in.text.has_value();
  }
  if (in.path == "-" && two_passes) {
    // stdin cannot be read twice: keep it.
    std::string text;
    char buffer[1 << 16];
    for (ssize_t got; (got = ::read(0, buffer, sizeof buffer)) != 0;) {
      if (got < 0) {
        if (errno == EINTR) continue;
        error = fmt::format("cannot read stdin: {}", std::strerror(errno));
        return false;
      }
      text.append(buffer, static_cast<size_t>(got));
    }
    in.text = std::move(text);
  }
  return true;
}

void print_all(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.kept()) fmt::print(stderr, "{}\n", diagnostics.format(d));
  if (diagnostics.total() > diagnostics.kept().size())
    fmt::print(stderr, "{}: note: {} more error(s) not shown\n", diagnostics.file(),
               diagnostics.total() - diagnostics.kept().size());
}

}  // namespace

int run_render(const Arguments& args) {
  if (args.positional.size() != 1) return program_error("render needs one FILE (or - for stdin)");
  RenderInput in{args.positional[0], std::nullopt};
  const std::optional<std::string> out_path = output_path(args);
  const bool html_name = out_path && out_path->size() > 5 && out_path->ends_with(".html");

  // --step all, --step S, or (none) every step for an .html file and step 1 otherwise.
  render::SceneRequest request;
  const std::optional<std::string> step_text = args.value("--step");
  bool every_step = step_text ? *step_text == "all" : html_name;
  if (step_text && !every_step) {
    uint32_t s = 0;
    auto [end, ec] = std::from_chars(step_text->data(), step_text->data() + step_text->size(), s);
    if (ec != std::errc{} || end != step_text->data() + step_text->size() || s == 0)
      return program_error(fmt::format("--step takes a step number (1, 2, ...) or all, not '{}'", *step_text));
    request.step = s;
  } else if (!every_step) {
    request.step = 1;
  }
  if (every_step && out_path && !html_name)
    return program_error(
        fmt::format("--step all draws an HTML page with a slider: name the output .html, not '{}'", *out_path));

  const bool check = args.flag("--errors");
  std::string error;
  if (!load_input(in, check, error)) return program_error(error);

  Pass pass;
  if (!open_pass(in, pass, error)) return program_error(error);
  Diagnostics diagnostics(in.path, max_marks);
  std::string refused;
  std::optional<render::Scene> scene = render::read_scene(*pass.source, diagnostics, request, refused);
  if (diagnostics.has_syntax_errors() || (!scene && refused.empty())) {
    print_all(diagnostics);
    return exit_usage;
  }
  if (!scene) return program_error(fmt::format("{}: not drawn: {}", in.path, refused));
  if (scene->flit()) {
    if (step_text && *step_text != "all")
      return program_error("the flit model has no steps: render draws its space-time diagram (give no --step)");
    request.step.reset();
  } else if (request.step && scene->step_count == 0 && !step_text) {
    return program_error(fmt::format("{}: no step to draw (the schedule has none)", in.path));
  } else if (request.step && *request.step > scene->step_count) {
    return program_error(fmt::format("--step {}: {} has {} step{}", *request.step, in.path, scene->step_count,
                                     scene->step_count == 1 ? "" : "s"));
  }

  // The marks: with --errors every diagnostic of the core's check, otherwise
  // those the reading itself found (a move that leaves a mesh, a node that
  // does not exist).
  int code = diagnostics.total() > 0 ? exit_errors : exit_drawn;
  std::optional<std::string> verdict;
  if (check) {
    Pass again;
    if (!open_pass(in, again, error)) return program_error(error);
    Diagnostics checked(in.path, max_marks);
    Header header;
    CheckOptions options;
    options.per_step_stats = false;
    const Verdict v = check_schedule(*again.source, header, checked, options);
    print_all(checked);
    scene->add_marks(checked);
    code = exit_code(v, checked);
    verdict = verdict_line(in.path, header, v, checked);
  } else {
    print_all(diagnostics);
    scene->add_marks(diagnostics);
  }

  std::string picture;
  if (scene->flit()) {
    if (!render::write_space_time_svg(picture, *scene, !html_name, refused))
      return program_error(fmt::format("{}: not drawn: {}", in.path, refused));
  } else {
    const std::optional<render::Layout> layout = render::Layout::make(*scene->header.topology, refused);
    if (!layout) return program_error(fmt::format("{}: not drawn: {}", in.path, refused));
    render::write_network_svg(picture, *scene, *layout, !(every_step || html_name));
  }
  if (every_step || html_name) picture = render::html_page(*scene, picture);

  if (out_path) {
    std::ofstream file(*out_path, std::ios::binary);
    if (!(file << picture) || !file.flush()) return program_error(fmt::format("cannot write '{}'", *out_path));
    if (verdict) fmt::print("{}\n", *verdict);
  } else {
    std::fwrite(picture.data(), 1, picture.size(), stdout);
    if (std::fflush(stdout) != 0) return program_error("cannot write to stdout");
    if (verdict) fmt::print(stderr, "{}\n", *verdict);
  }
  return code;
}

}  // namespace schedcheck::cli

// HTML page: the controls, the inline picture and the script that moves between steps.
#include "html_page.hpp"

#include <fmt/format.h>

#include "svg.hpp"

namespace schedcheck::render {
namespace {

// Kept free of '<' and '&' as well as inside CDATA, so that the page stays XML.
constexpr std::string_view script = R"(
(function () {
  var groups = document.querySelectorAll('svg g.step');
  var slider = document.getElementById('step');
  var label = document.getElementById('label');
  var timer = null;
  function show(i) {
    i = Math.max(1, Math.min(groups.length, i));
    groups.forEach(function (g, k) { g.style.display = k === i - 1 ? '' : 'none'; });
    slider.value = i;
    label.textContent = 'step ' + groups[i - 1].getAttribute('data-step') + ' of ' + groups.length;
    history.replaceState(null, '', '#' + i);
  }
  function current() { return Number(slider.value); }
  slider.addEventListener('input', function () { show(current()); });
  document.getElementById('prev').onclick = function () { show(current() - 1); };
  document.getElementById('next').onclick = function () { show(current() + 1); };
  document.getElementById('play').onclick = function () {
    if (timer) { clearInterval(timer); timer = null; this.textContent = 'play'; return; }
    this.textContent = 'stop';
    timer = setInterval(function () { show(current() === groups.length ? 1 : current() + 1); }, 900);
  };
  document.querySelectorAll('button.goto').forEach(function (b) {
    b.onclick = function () { show(Number(b.getAttribute('data-index'))); };
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') show(current() - 1);
    if (e.key === 'ArrowRight') show(current() + 1);
  });
  show(Number(location.hash.slice(1)) || 1);
})();
)";

}  // namespace

std::string html_page(const Scene& scene, std::string_view svg) {
  const bool slider = !scene.flit() && scene.steps.size() > 1;
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<title>{}</title>\n<style>\n"
      "body {{ font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 12px; }}\n"
      "div.controls {{ margin-bottom: 8px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }}\n"
      "input#step {{ width: 420px; }}\n"
      "button.goto {{ color: {}; }}\n"
      "</style>\n</head>\n<body>\n",
      xml_escape(scene.file), error_colour);
  if (slider) {
    page += fmt::format(
        "<div class=\"controls\"><button id=\"prev\">&#9664;</button>"
        "<input type=\"range\" id=\"step\" min=\"1\" max=\"{0}\" value=\"1\"/>"
        "<button id=\"next\">&#9654;</button><button id=\"play\">play</button>"
        "<span id=\"label\">step 1 of {0}</span>",
        scene.steps.size());
    // A button for each step with an error, to go straight to it.
    std::string errors;
    size_t buttons = 0;
    for (size_t k = 0; k < scene.steps.size() && buttons < 40; ++k) {
      bool marked = false;
      for (const Mark& m : scene.marks) marked |= m.step == scene.steps[k].ordinal && m.step != 0;
      if (!marked) continue;
      errors += fmt::format("<button class=\"goto\" data-index=\"{}\">step {}</button>", k + 1, scene.steps[k].number);
      ++buttons;
    }
    if (!errors.empty()) page += "<span>errors in:</span>" + errors;
    page += "</div>\n";
  }
  page += svg;
  if (slider) page += fmt::format("<script>//<![CDATA[{}//]]></script>\n", script);
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace schedcheck::render

// SVG writing: escaping, numbers, colours and elements.
#include "svg.hpp"

#include <cmath>

#include <fmt/format.h>

namespace schedcheck::render {

double length(Point a) { return std::hypot(a.x, a.y); }

Point unit(Point a) {
  const double l = length(a);
  return l > 0 ? Point{a.x / l, a.y / l} : Point{};
}

std::string message_colour(uint32_t index) {
  // Ten well-separated colours first (no red among them), then hues a golden
  // angle apart, again leaving out the reds, in two lightnesses.
  static constexpr const char* first[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#17becf",
                                          "#8c564b", "#e377c2", "#bcbd22", "#393b79", "#7f7f7f"};
  if (index < std::size(first)) return first[index];
  const double hue = 25 + std::fmod(index * 137.508, 300.0);
  return fmt::format("hsl({:.0f},70%,{}%)", hue, index % 2 ? 35 : 48);
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '&': out += "&amp;"; ++i; continue;
      case '<': out += "&lt;"; ++i; continue;
      case '>': out += "&gt;"; ++i; continue;
      case '"': out += "&quot;"; ++i; continue;
      case '\'': out += "&apos;"; ++i; continue;
      default: break;
    }
    // XML 1.0 allows tab, LF, CR and no other control character.
    if (c < 0x20) {
      out += c == '\t' || c == '\n' || c == '\r' ? static_cast<char>(c) : '?';
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    // A well-formed UTF-8 sequence is copied; anything else becomes U+FFFD.
    const size_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    bool ok = n > 0 && i + n <= text.size();
    for (size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (ok) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += "\xef\xbf\xbd";
      ++i;
    }
  }
  return out;
}

std::string num(double value) {
  const double rounded = std::round(value * 10) / 10;
  if (rounded == std::floor(rounded)) return fmt::format("{:.0f}", rounded);
  return fmt::format("{:.1f}", rounded);
}

void Svg::begin(double width, double height, bool standalone) {
  if (standalone) out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out_ += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
      num(std::ceil(width)), num(std::ceil(height)));
  rect({0, 0}, std::ceil(width), std::ceil(height), "fill=\"white\"");
}

void Svg::end() { out_ += "</svg>\n"; }

void Svg::open_group(std::string_view attributes) {
  out_ += attributes.empty() ? "<g>\n" : fmt::format("<g {}>\n", attributes);
}

void Svg::close_group() { out_ += "</g>\n"; }

void Svg::title(std::string_view text) { out_ += fmt::format("<title>{}</title>", xml_escape(text)); }

void Svg::line(Point a, Point b, std::string_view attributes) {
  out_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>\n", num(a.x), num(a.y), num(b.x), num(b.y),
                      attributes);
}

void Svg::circle(Point c, double r, std::string_view attributes) {
  out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>\n", num(c.x), num(c.y), num(r), attributes);
}

void Svg::rect(Point corner, double width, double height, std::string_view attributes) {
  out_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {}/>\n", num(corner.x), num(corner.y),
                      num(width), num(height), attributes);
}

void Svg::polygon(const std::vector<Point>& points, std::string_view attributes) {
  out_ += "<polygon points=\"";
  for (size_t i = 0; i < points.size(); ++i) {
    if (i) out_ += ' ';
    out_ += num(points[i].x) + "," + num(points[i].y);
  }
  out_ += fmt::format("\" {}/>\n", attributes);
}

void Svg::path(std::string_view d, std::string_view attributes) {
  out_ += fmt::format("<path d=\"{}\" {}/>\n", d, attributes);
}

void Svg::text(Point at, double size, std::string_view anchor, std::string_view content,
               std::string_view attributes) {
  out_ += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{}\"{}{}>{}</text>\n", num(at.x),
                      num(at.y), num(size), anchor, attributes.empty() ? "" : " ", attributes, xml_escape(content));
}

}  // namespace schedcheck::render

// SVG writing: escaped text, short numbers, the message colours and the shapes every picture is made of.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck::render {

struct Point {
  double x = 0, y = 0;
};

inline Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
inline Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
inline Point operator*(Point a, double k) { return {a.x * k, a.y * k}; }
double length(Point a);
Point unit(Point a);  // (0,0) stays (0,0)

// Red marks errors, so no message colour is a red.
inline constexpr std::string_view error_colour = "#d40000";
std::string message_colour(uint32_t index);

// Text for an XML attribute or element: & < > " ' escaped, and bytes that are
// not UTF-8 (a file name, a claim) replaced, so that the file stays XML.
std::string xml_escape(std::string_view text);
// A coordinate with at most one decimal: pictures of 10^5 arrows stay small.
std::string num(double value);

// Appends SVG elements to a string; the caller nests them with open/close.
class Svg {
 public:
  explicit Svg(std::string& out) : out_(out) {}
  // The root element; `standalone` adds the XML declaration an .svg file starts with.
  void begin(double width, double height, bool standalone);
  void end();
  void raw(std::string_view text) { out_ += text; }
  // <g ATTRIBUTES> ... </g>; attributes are written as given (already escaped).
  void open_group(std::string_view attributes);
  void close_group();
  void title(std::string_view text);
  void line(Point a, Point b, std::string_view attributes);
  void circle(Point c, double r, std::string_view attributes);
  void rect(Point corner, double width, double height, std::string_view attributes);
  void polygon(const std::vector<Point>& points, std::string_view attributes);
  void path(std::string_view d, std::string_view attributes);
  // anchor: start, middle or end.
  void text(Point at, double size, std::string_view anchor, std::string_view content,
            std::string_view attributes = {});

 private:
  std::string& out_;
};

}  // namespace schedcheck::render

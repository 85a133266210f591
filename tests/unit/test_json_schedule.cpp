// Tests of the JSON form (checker/text/json_schedule.hpp): both directions on one schedule, and a malformed schedule's error.
#include <doctest/doctest.h>

#include <string>

#include "json_schedule.hpp"
#include "line_source.hpp"

namespace schedcheck {
namespace {

constexpr std::string_view gossip_ring = R"(schedcheck 1
topology ring 3
model store-and-forward all-port non-combining
collective gossip
claim steps=1 name=neighbours
step 1
0 +1 : 0
0 -1 : 0
1 +1 : 1
1 -1 : 1
2 +1 : 2
2 -1 : 2
)";

nlohmann::json json_of(std::string_view text) {
  LineSource source(text);
  Diagnostics diag("<text>", 20);
  const auto j = text_to_json(source, diag, NodeNaming::coordinates);
  REQUIRE_MESSAGE(j.has_value(), (diag.kept().empty() ? std::string() : diag.format(diag.kept()[0])));
  return *j;
}

TEST_CASE("json schedule: text to JSON and back gives the same schedule") {
  const nlohmann::json j = json_of(gossip_ring);
  CHECK(j["topology"]["kind"] == "ring");
  CHECK(j["collective"]["kind"] == "gossip");
  REQUIRE(j["steps"].size() == 1);
  CHECK(j["steps"][0]["transfers"].size() == 6);
  CHECK(j["claim"]["steps"] == 1);
  std::string error;
  const auto text = json_to_text(j, error);
  REQUIRE_MESSAGE(text.has_value(), error);
  // The text it writes reads back to the same JSON.
  CHECK(json_of(*text) == j);
}

TEST_CASE("json schedule: a missing field is named by its JSON pointer") {
  nlohmann::json j = json_of(gossip_ring);
  j["topology"].erase("kind");
  std::string error;
  CHECK_FALSE(json_to_text(j, error).has_value());
  CHECK(error == "/topology: missing \"kind\"");
  j = json_of(gossip_ring);
  j["steps"][0]["transfers"][2]["from"] = "x";
  CHECK_FALSE(json_to_text(j, error).has_value());
  CHECK(error.find("/steps/0/transfers/2/from") != std::string::npos);
}

TEST_CASE("json schedule: a text that does not parse gives no JSON") {
  LineSource source(std::string_view("schedcheck 1\ntopology ring 3\nmodel warp\n"));
  Diagnostics diag("<text>", 20);
  CHECK_FALSE(text_to_json(source, diag, NodeNaming::coordinates).has_value());
  CHECK(diag.total() > 0);
}

}  // namespace
}  // namespace schedcheck

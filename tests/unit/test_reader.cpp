// Tests of reader.hpp: header lines, node and message names, routes, and every parse error's position and property.
#include "reader.hpp"

#include <memory>

#include "support.hpp"

namespace schedcheck {
namespace {

using test::normalize;
using test::tags;

// A reader run to the end: the header, then every body event in order.
struct Parsed {
  Diagnostics diagnostics{"t.sched"};
  Header header;
  bool header_ok = false;
  std::vector<std::string> events;  // "step N" or "transfer L" (L its line)
  std::vector<Transfer> transfers;
};

std::unique_ptr<Parsed> parse(std::string_view text) {
  auto p = std::make_unique<Parsed>();
  LineSource source(text);
  Reader reader(source, p->diagnostics);
  p->header_ok = reader.read_header(p->header);
  if (!p->header_ok) return p;
  Transfer t;
  for (;;) {
    const Reader::Event e = reader.next(t);
    if (e == Reader::Event::end) break;
    if (e == Reader::Event::step) {
      p->events.push_back(fmt::format("step {}", reader.step_number()));
    } else {
      p->events.push_back(fmt::format("transfer {}", t.pos.line));
      p->transfers.push_back(t);
    }
  }
  return p;
}

// Only the diagnostics of a text, as property@line:col.
std::string errors_of(std::string_view text) { return tags(parse(text)->diagnostics); }

constexpr std::string_view torus_header =
    "schedcheck 1\n"
    "topology torus 3x3\n"
    "model wormhole all-port\n"
    "collective broadcast source (0,0)\n";

std::string with_body(std::string_view header, std::string_view body) { return std::string(header) + std::string(body); }

TEST_CASE("header: the minimal header, its positions and defaults") {
  auto p = parse(torus_header);
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  const Header& h = p->header;
  CHECK(h.version == 1);
  REQUIRE(h.topology.has_value());
  CHECK(h.topology->describe() == "torus 3x3");
  CHECK(h.model.switching == Switching::wormhole);
  CHECK(h.model.ports == Ports::all_port);
  CHECK(h.model.routing == Routing::free);
  CHECK(h.model.combining == Combining::non_combining);
  CHECK(h.collective.kind == CollectiveKind::broadcast);
  CHECK(h.collective.root == 0);
  CHECK(h.collective.length == 1);
  CHECK_FALSE(h.cost.has_value());
  CHECK_FALSE(h.claim.has_value());
  CHECK(h.topology_pos.line == 2);
  CHECK(h.model_pos.line == 3);
  CHECK(h.collective_pos.line == 4);
  CHECK(h.collective_pos.col == 1);
  CHECK(p->events.empty());
}

TEST_CASE("header: comments, blank lines, indentation and any order of the header lines") {
  auto p = parse(
      "# a schedule\n"
      "\n"
      "   schedcheck 1   # version\n"
      "\t# comment\n"
      "model one-port store-and-forward   # axes in any order\n"
      "claim steps=4\n"
      "topology ring 8\n"
      "cost ts=1 tl=2\n"
      "collective broadcast source 3\n"
      "step 1\n");
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  CHECK(p->header.model.switching == Switching::store_and_forward);
  CHECK(p->header.model.ports == Ports::one_port);
  CHECK(p->header.collective.root == 3);
  CHECK(p->header.claim_pos.line == 6);
  CHECK(p->header.topology_pos.line == 7);
  CHECK(p->events == std::vector<std::string>{"step 1"});
}

TEST_CASE("header: every topology kind") {
  auto topology_of = [](std::string_view line, std::string_view collective = "collective gossip") {
    auto p = parse(fmt::format("schedcheck 1\n{}\nmodel wormhole all-port\n{}\n", line, collective));
    REQUIRE_MESSAGE(p->header_ok, test::first_message(p->diagnostics));
    return std::move(*p->header.topology);
  };
  const Topology torus = topology_of("topology torus 7x7x7");
  CHECK(torus.kind() == TopologyKind::torus);
  CHECK(torus.sizes() == std::vector<uint32_t>{7, 7, 7});
  const Topology mesh = topology_of("topology mesh 4x6");
  CHECK(mesh.kind() == TopologyKind::mesh);
  CHECK(mesh.node_count() == 24);
  CHECK(topology_of("topology ring 8").kind() == TopologyKind::ring);
  CHECK(topology_of("topology path 5").kind() == TopologyKind::path);
  const Topology tree = topology_of("topology tree parents - 0 0 1");
  CHECK(tree.kind() == TopologyKind::tree);
  CHECK(tree.parents() == std::vector<NodeId>{no_node, 0, 0, 1});
  const Topology graph = topology_of("topology graph 4 edges 0-1 1-2 2-3 3-0");
  CHECK(graph.kind() == TopologyKind::graph);
  CHECK(graph.node_count() == 4);
  CHECK(graph.out_degree(0) == 2);
  CHECK(topology_of("topology graph 3 edges").node_count() == 3);  // edges may be absent
}

TEST_CASE("header: model tokens, synonyms and the canonical description") {
  auto model_of = [](std::string_view tokens) {
    auto p = parse(fmt::format("schedcheck 1\ntopology torus 3x3\nmodel {}\ncollective gossip\n", tokens));
    REQUIRE_MESSAGE(p->header_ok, test::first_message(p->diagnostics));
    return p->header.model;
  };
  Model m = model_of("store-and-forward one-port dimension-order-shorter combining");
  CHECK(m.switching == Switching::store_and_forward);
  CHECK(m.ports == Ports::one_port);
  CHECK(m.routing == Routing::dimension_order_shorter);
  CHECK(m.combining == Combining::combining);
  CHECK(describe(m) == "store-and-forward one-port dimension-order-shorter combining");
  m = model_of("full-port wormhole dimension-order non-combining");
  CHECK(m.ports == Ports::all_port);
  CHECK(m.routing == Routing::dimension_order);
  CHECK(describe(m) == "wormhole all-port dimension-order non-combining");
  CHECK(model_of("single-port wormhole").ports == Ports::one_port);
  CHECK(model_of("wormhole all-port free").routing == Routing::free);
  // The flit model names are checked on a rooted collective: flit gossip is not defined.
  for (std::string_view flit : {"flit", "flit-level", "bufferless"}) {
    auto p = parse(fmt::format("schedcheck 1\ntopology ring 4\nmodel {} one-port\ncollective scatter root 0\n", flit));
    REQUIRE(p->header_ok);
    CHECK(p->header.model.switching == Switching::flit);
    CHECK_FALSE(p->header.model.step_synchronous());
  }
}

TEST_CASE("header: collective options") {
  auto p = parse("schedcheck 1\ntopology torus 3x4\nmodel wormhole all-port\ncollective broadcast source (1,2) length 4\n");
  REQUIRE(p->header_ok);
  CHECK(p->header.collective.root == test::node_at(*p->header.topology, {1, 2}));
  CHECK(p->header.collective.length == 4);

  p = parse("schedcheck 1\ntopology ring 5\nmodel wormhole all-port\ncollective gossip parts 3\n");
  REQUIRE(p->header_ok);
  CHECK(p->header.collective.kind == CollectiveKind::gossip);
  CHECK(p->header.collective.parts == 3);

  p = parse("schedcheck 1\ntopology tree parents - 0 0 1\nmodel store-and-forward one-port\n"
            "collective scatter root 2 lengths 0 1 2 3\n");
  REQUIRE(p->header_ok);
  CHECK(p->header.collective.kind == CollectiveKind::scatter);
  CHECK(p->header.collective.root == 2);
  CHECK(p->header.collective.lengths == std::vector<uint64_t>{0, 1, 2, 3});
  CHECK(p->header.collective.message_length(3) == 3);

  p = parse("schedcheck 1\ntopology path 3\nmodel wormhole all-port\ncollective gather root 2\n");
  REQUIRE(p->header_ok);
  CHECK(p->header.collective.kind == CollectiveKind::gather);
  CHECK(p->header.collective.root == 2);

  p = parse("schedcheck 1\ntopology path 3\nmodel wormhole all-port\ncollective concentration root 1 length 7\n");
  REQUIRE(p->header_ok);
  CHECK(p->header.collective.kind == CollectiveKind::concentration);
  CHECK(p->header.collective.length == 7);
}

TEST_CASE("header: cost and claim") {
  auto p = parse(with_body(torus_header, "cost ts=2.5 tl=0.25\nclaim steps=3 time=12.5 name=greedy k=2 variant=b\n"));
  REQUIRE(p->header_ok);
  REQUIRE(p->header.cost.has_value());
  CHECK(p->header.cost->ts == 2.5);
  CHECK(p->header.cost->tl == 0.25);
  REQUIRE(p->header.claim.has_value());
  const Claim& c = *p->header.claim;
  CHECK(c.steps == 3u);
  CHECK(c.time == 12.5);
  CHECK(c.name == "greedy");
  // Other keys are kept in their order, with their text.
  CHECK(c.params == std::vector<std::pair<std::string, std::string>>{{"k", "2"}, {"variant", "b"}});

  p = parse(with_body(torus_header, "claim name=only-a-name\n"));
  REQUIRE(p->header_ok);
  CHECK_FALSE(p->header.claim->steps.has_value());
  CHECK_FALSE(p->header.claim->time.has_value());
}

TEST_CASE("body: steps and transfers with moves, counts, node lists and messages") {
  auto p = parse(with_body(torus_header,
                           "step 1\n"
                           "  (0,0) +1*2 -2   # two moves\n"
                           "  0 > 1 > 4\n"
                           "\n"
                           "step 2\n"
                           "(2,0)+1:(0,0)\n"));
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  CHECK(p->events == std::vector<std::string>{"step 1", "transfer 6", "transfer 7", "step 2", "transfer 10"});
  REQUIRE(p->transfers.size() == 3);

  const Transfer& a = p->transfers[0];
  CHECK(a.pos.col == 3);
  CHECK(a.from == 0);
  REQUIRE(a.moves.size() == 2);
  CHECK(a.moves[0].dim == 0);
  CHECK_FALSE(a.moves[0].negative);
  CHECK(a.moves[0].count == 2);
  CHECK(a.moves[0].col == 9);
  CHECK(a.moves[1].dim == 1);
  CHECK(a.moves[1].negative);
  CHECK(a.moves[1].count == 1);
  CHECK(a.moves[1].col == 14);
  CHECK(a.path.empty());
  CHECK(a.messages.empty());

  const Transfer& b = p->transfers[1];
  CHECK(b.moves.empty());
  REQUIRE(b.path.size() == 2);
  CHECK(b.path[0].node == 1);
  CHECK(b.path[0].col == 7);
  CHECK(b.path[1].node == 4);
  CHECK(b.path[1].col == 11);

  const Transfer& c = p->transfers[2];
  CHECK(c.from == 2);
  REQUIRE(c.messages.size() == 1);
  CHECK(c.messages[0].message == 0);
  CHECK(c.messages[0].col == 9);
}

TEST_CASE("lexical: '#' ends a line even right after a token; blanks between body tokens are optional") {
  auto p = parse(
      "schedcheck 1#v\n"
      "topology ring 8#r\n"
      "model wormhole all-port#m\n"
      "collective broadcast source 0#c\n"
      "claim steps=2#s\n"
      "step 1#one\n"
      "0+1*3#a\n"
      "0>7>6>5:0#b\n");
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  CHECK(p->header.claim->steps == 2u);
  REQUIRE(p->transfers.size() == 2);
  CHECK(p->transfers[0].moves[0].count == 3);
  CHECK(p->transfers[1].path.size() == 3);
  CHECK(p->transfers[1].messages.size() == 1);
}

TEST_CASE("body: gossip message names with parts, by index and by coordinates") {
  auto p = parse(
      "schedcheck 1\ntopology torus 3x3\nmodel wormhole all-port combining\ncollective gossip parts 2\n"
      "step 1\n"
      "  (1,1) +1 : (1,1)/1 4 2/0\n");
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  REQUIRE(p->transfers.size() == 1);
  const auto& ms = p->transfers[0].messages;
  REQUIRE(ms.size() == 3);
  const Collective& coll = p->header.collective;
  CHECK(ms[0].message == coll.message_of(4, 1));
  CHECK(ms[1].message == coll.message_of(4, 0));  // no part: part 0
  CHECK(ms[2].message == coll.message_of(2, 0));
  CHECK(ms[0].col == 14);
  CHECK(ms[1].col == 22);
  CHECK(ms[2].col == 24);
}

TEST_CASE("body: a flit transfer carries its dispatch time") {
  auto p = parse("schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective scatter root 0\n"
                 "  0 +1*2 : 2 @ 5\n"
                 "  0 +1 : 1 @7\n");
  REQUIRE(p->header_ok);
  CHECK(p->diagnostics.total() == 0);
  REQUIRE(p->transfers.size() == 2);
  CHECK(p->transfers[0].time == 5u);
  CHECK(p->transfers[0].time_col == 14);
  CHECK(p->transfers[1].time == 7u);
}

TEST_CASE("body: the header ends at a node name as well as at 'step'") {
  auto p = parse("schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective broadcast source 0\n(0) +1 @0\n");
  REQUIRE(p->header_ok);
  CHECK(p->events == std::vector<std::string>{"transfer 5"});
}

// Each case: a text and every diagnostic it must produce.
struct ErrorCase {
  std::string what;
  std::string text;
  std::string expected;
};

TEST_CASE("header errors: exact position and property") {
  const std::string model = "model wormhole all-port\n";
  const std::string coll = "collective broadcast source 0\n";
  const ErrorCase cases[] = {
      {"no version line", "topology ring 4\n" + model + coll, "syntax@1:1"},
      {"version after a comment", "# c\nschedcheck 2\n", "syntax@2:12"},
      {"not a number", "schedcheck one\n", "syntax@1:1"},
      {"empty input", "", "syntax@1:1"},
      {"only comments", "# a\n\n# b\n", "syntax@4:1"},
      {"text after the version", "schedcheck 1 beta\ntopology ring 4\n" + model + coll, "syntax@1:14"},
      {"unknown keyword", "schedcheck 1\ntopology ring 4\n" + model + coll + "clam steps=2\nstep 1\n", "syntax@5:1"},
      {"typo in topology", "schedcheck 1\ntopolgy ring 4\n" + model + coll + "step 1\n",
       "syntax@2:1"},
      {"missing model", "schedcheck 1\ntopology ring 4\n" + coll + "step 1\n", "syntax@4:1"},
      {"missing collective at end of file", "schedcheck 1\ntopology ring 4\n" + model, "syntax@4:1"},
      {"duplicate line", "schedcheck 1\ntopology ring 4\n" + model + model + coll, "syntax@4:1"},
      {"collective before topology", "schedcheck 1\n" + coll + "topology ring 4\n" + model,
       "syntax@2:12"},
      {"bad sizes", "schedcheck 1\ntopology torus 5xx5\n" + model + coll, "syntax@2:16"},
      {"no sizes", "schedcheck 1\ntopology torus\n" + model + coll, "syntax@2:15"},
      {"size 1", "schedcheck 1\ntopology mesh 4x1\n" + model + coll, "syntax@2:15"},
      {"ring of two dimensions", "schedcheck 1\ntopology ring 4x4\n" + model + coll, "syntax@2:15"},
      {"unknown topology", "schedcheck 1\ntopology hypercube 4\n" + model + coll, "syntax@2:10"},
      {"bad parent", "schedcheck 1\ntopology tree parents - 0 x\n" + model + coll, "syntax@2:27"},
      {"tree cycle", "schedcheck 1\ntopology tree parents - 2 1\n" + model + coll, "syntax@2:23"},
      {"two roots", "schedcheck 1\ntopology tree parents - 0 -\n" + model + coll, "syntax@2:23"},
      {"bad edge", "schedcheck 1\ntopology graph 3 edges 0-1 1-\n" + model + coll, "syntax@2:28"},
      {"loop edge", "schedcheck 1\ntopology graph 3 edges 0-1 1-1\n" + model + coll, "syntax@2:16"},
      {"edge out of range", "schedcheck 1\ntopology graph 3 edges 0-3\n" + model + coll, "syntax@2:16"},
      {"no node count", "schedcheck 1\ntopology graph edges 0-1\n" + model + coll, "syntax@2:16"},
      {"unknown model token", "schedcheck 1\ntopology ring 4\nmodel wormhole all-port fast\n" + coll,
       "syntax@3:25"},
      {"model axis twice", "schedcheck 1\ntopology ring 4\nmodel wormhole store-and-forward all-port\n" + coll,
       "syntax@3:16"},
      {"missing ports", "schedcheck 1\ntopology ring 4\nmodel wormhole\n" + coll, "syntax@3:15"},
      {"missing switching", "schedcheck 1\ntopology ring 4\nmodel one-port # comment\n" + coll, "syntax@3:16"},
      {"unknown collective", "schedcheck 1\ntopology ring 4\n" + model + "collective allreduce\n",
       "syntax@4:12"},
      {"broadcast without source", "schedcheck 1\ntopology ring 4\n" + model + "collective broadcast\n",
       "syntax@4:12"},
      {"source without node", "schedcheck 1\ntopology ring 4\n" + model + "collective broadcast source\n",
       "syntax@4:28"},
      {"source out of range", "schedcheck 1\ntopology ring 4\n" + model + "collective broadcast source 4\n",
       "syntax@4:29"},
      {"gossip has no root", "schedcheck 1\ntopology ring 4\n" + model + "collective gossip root 0\n",
       "syntax@4:19"},
      {"parts 0", "schedcheck 1\ntopology ring 4\n" + model + "collective gossip parts 0\n", "syntax@4:25"},
      {"parts on a broadcast", "schedcheck 1\ntopology ring 4\n" + model + "collective broadcast source 0 parts 2\n",
       "syntax@4:31"},
      {"bad length", "schedcheck 1\ntopology ring 4\n" + model + "collective broadcast source 0 length x\n",
       "syntax@4:38"},
      {"too few lengths", "schedcheck 1\ntopology ring 4\n" + model + "collective scatter root 0 lengths 1 2\n",
       "syntax@4:27"},
      {"bad cost value", "schedcheck 1\ntopology ring 4\n" + model + coll + "cost ts=1 tl=fast\n", "syntax@5:11"},
      {"negative cost", "schedcheck 1\ntopology ring 4\n" + model + coll + "cost ts=-1 tl=1\n", "syntax@5:6"},
      {"cost without tl", "schedcheck 1\ntopology ring 4\n" + model + coll + "cost ts=1\n", "syntax@5:10"},
      {"claim without =", "schedcheck 1\ntopology ring 4\n" + model + coll + "claim steps\n", "syntax@5:7"},
      {"claim steps not whole", "schedcheck 1\ntopology ring 4\n" + model + coll + "claim name=x steps=2.5\n",
       "syntax@5:14"},
      {"claim time negative", "schedcheck 1\ntopology ring 4\n" + model + coll + "claim time=-3\n", "syntax@5:7"},
      {"claim empty value", "schedcheck 1\ntopology ring 4\n" + model + coll + "claim steps=\n", "syntax@5:7"},
  };
  for (const ErrorCase& c : cases) {
    CAPTURE(c.what);
    CAPTURE(c.text);
    auto p = parse(c.text);
    CHECK(tags(p->diagnostics) == normalize(c.expected));
    CHECK(p->diagnostics.has_syntax_errors());
  }
}

// Header errors stop the reader before the body.
TEST_CASE("header errors stop before the body") {
  auto p = parse("schedcheck 1\ntopology torus 5xx5\nmodel wormhole all-port\ncollective gossip\nstep 1\n");
  CHECK_FALSE(p->header_ok);
  CHECK(p->events.empty());
  p = parse("schedcheck 1\ntopology ring 4\nmodel wormhole all-port\ncollective gossip\nclaim steps\nstep 1\n");
  CHECK_FALSE(p->header_ok);
  CHECK(p->events.empty());
  // So does text after the version number.
  p = parse("schedcheck 1 beta\ntopology ring 4\nmodel wormhole all-port\ncollective gossip\nstep 1\n");
  CHECK_FALSE(p->header_ok);
  CHECK(p->events.empty());
}

TEST_CASE("header: well-formed rules across header lines") {
  // Dimension order needs a grid; routing falls back to free so the body is still checked.
  auto p = parse("schedcheck 1\ntopology tree parents - 0\nmodel wormhole all-port dimension-order\n"
                 "collective broadcast source 0\n");
  CHECK(p->header_ok);
  CHECK(tags(p->diagnostics) == "well-formed@3:1");
  CHECK(p->header.model.routing == Routing::free);
  // Flit gossip is not defined.
  p = parse("schedcheck 1\ntopology ring 4\nmodel flit one-port\ncollective gossip\n");
  CHECK(tags(p->diagnostics) == "well-formed@4:1");
}

TEST_CASE("body errors: exact position and property") {
  const ErrorCase cases[] = {
      {"transfer before the first step", "  (0,0) +1\nstep 1\n", "syntax@5:3"},
      {"step without number", "step\n", "syntax@5:5"},
      {"step with a word", "step one\n", "syntax@5:6"},
      {"step with trailing text", "step 1 2\n", "syntax@5:6"},
      {"misspelled step", "step 1\nsteps 2\n", "syntax@6:1"},
      {"step gap", "step 1\nstep 3\n", "well-formed@6:6"},
      {"step 0", "step 0\n", "well-formed@5:6"},
      {"move without dimension", "step 1\n  (0,0) +x\n", "syntax@6:9"},
      {"move count 0", "step 1\n  (0,0) +1*0\n", "syntax@6:9"},
      {"move count missing", "step 1\n  (0,0) -2*\n", "syntax@6:9"},
      {"dimension 0", "step 1\n  (0,0) +0\n", "well-formed@6:9"},
      {"dimension 3 of 2", "step 1\n  (0,0) +1 -3\n", "well-formed@6:12"},
      {"no route", "step 1\n  (0,0)\n", "syntax@6:8"},
      {"no route before messages", "step 1\n  (0,0) : (0,0)\n", "syntax@6:9"},
      {"moves then node list", "step 1\n  0 +1 > 2\n", "syntax@6:10"},
      {"node list then moves", "step 1\n  0 > 1 +1\n", "syntax@6:9"},
      {"empty node list entry", "step 1\n  0 >\n", "syntax@6:6"},
      {"node list not a node", "step 1\n  0 > 9\n", "well-formed@6:7"},
      {"coordinate missing", "step 1\n  (0,) +1\n", "syntax@6:6"},
      {"bad separator in a node", "step 1\n  (0;0) +1\n", "syntax@6:5"},
      {"sender out of range by index", "step 1\n  9 +1\n", "well-formed@6:3"},
      {"sender out of range by coordinates", "step 1\n  (0,3) +1\n", "well-formed@6:3"},
      {"too many coordinates", "step 1\n  (0,0,0) +1\n", "well-formed@6:3"},
      {"empty message list", "step 1\n  (0,0) +1 :\n", "syntax@6:13"},
      {"message list with a word", "step 1\n  (0,0) +1 : me\n", "syntax@6:14"},
      {"message of another node", "step 1\n  (0,0) +1 : (1,0)\n", "well-formed@6:14"},
      {"part of a broadcast", "step 1\n  (0,0) +1 : (0,0)/1\n", "well-formed@6:20"},
      {"part missing after /", "step 1\n  (0,0) +1 : (0,0)/\n", "syntax@6:20"},
      {"dispatch time in a step model", "step 1\n  (0,0) +1 @3\n", "well-formed@6:12"},
      {"dispatch time missing", "step 1\n  (0,0) +1 @\n", "syntax@6:13"},
      {"dispatch time after messages in a step model", "step 1\n  (0,0) +1 : (0,0) @3\n", "well-formed@6:20"},
      {"licence after messages in a step model", "step 1\n  (0,0) +1 : (0,0) after go\n", "well-formed@6:26"},
      {"a word after messages", "step 1\n  (0,0) +1 : (0,0) x\n", "syntax@6:20"},
  };
  for (const ErrorCase& c : cases) {
    CAPTURE(c.what);
    CAPTURE(c.text);
    auto p = parse(with_body(torus_header, c.text));
    CHECK(p->header_ok);
    CHECK(tags(p->diagnostics) == normalize(c.expected));
  }
}

TEST_CASE("body: a line with an error is skipped, the lines after it are read") {
  auto p = parse(with_body(torus_header, "step 1\n  (0,0) +x\n  (0,0) +1\nstep 2\n"));
  CHECK(p->events == std::vector<std::string>{"step 1", "transfer 7", "step 2"});
  CHECK(p->diagnostics.total() == 1);
}

TEST_CASE("body: after a bad node name or label the line is skipped and the next one read") {
  auto p = parse(with_body(torus_header, "step 1\n  (0,9) +1\n  (0,0) +1 : (0,0)\n  (0,0) +1 ! 9x\n  (0,0) -1\n"));
  CHECK(tags(p->diagnostics) == "syntax@8:14 well-formed@6:3");  // tags() sorts
  CHECK(p->events == std::vector<std::string>{"step 1", "transfer 7", "transfer 9"});
  REQUIRE(p->transfers.size() == 2);
  CHECK(p->transfers[0].messages.size() == 1);
  CHECK(p->transfers[1].moves.size() == 1);
}

TEST_CASE("body: a line that ends after its messages, by LF, CR LF or a comment") {
  auto p = parse(with_body(torus_header, "step 1\n  (0,0) +1 : (0,0)\n  (0,0) -1 : (0,0)\r\n  (0,0) +2 : (0,0) # c\n"));
  CHECK(p->diagnostics.total() == 0);
  REQUIRE(p->transfers.size() == 3);
  for (const Transfer& t : p->transfers) {
    CHECK(t.messages.size() == 1);
    CHECK_FALSE(t.time);
    CHECK(t.control.empty());
    CHECK(t.after.empty());
  }
}

TEST_CASE("body: a transfer before any step is reported once and still read") {
  auto p = parse(with_body(torus_header, "  (0,0) +1\n  (0,0) -1\nstep 1\n"));
  CHECK(tags(p->diagnostics) == "syntax@5:3");
  CHECK(p->events == std::vector<std::string>{"transfer 5", "transfer 6", "step 1"});
}

TEST_CASE("body: a step gap is reported once; numbering goes on from the number given") {
  auto p = parse(with_body(torus_header, "step 1\nstep 3\nstep 4\nstep 5\n"));
  CHECK(tags(p->diagnostics) == "well-formed@6:6");
  CHECK(p->events.back() == "step 5");
}

TEST_CASE("body: flit-specific rules") {
  const std::string flit = "schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective scatter root 0\n";
  CHECK(errors_of(flit + "step 1\n") == "well-formed@5:1");
  CHECK(errors_of(flit + "  0 +1 : 1\n") == "well-formed@5:3");
  // In the flit model a transfer needs no step before it.
  CHECK(errors_of(flit + "  0 +1 : 1 @0\n") == "");
}

TEST_CASE("body: moves need a grid") {
  CHECK(errors_of("schedcheck 1\ntopology tree parents - 0\nmodel wormhole all-port\ncollective broadcast source 0\n"
                  "step 1\n  0 +1\n") == "well-formed@6:5");
  // A node list works on any topology, and so do one-coordinate names on a tree.
  CHECK(errors_of("schedcheck 1\ntopology tree parents - 0\nmodel wormhole all-port\ncollective broadcast source 0\n"
                  "step 1\n  (0) > (1)\n") == "");
}

TEST_CASE("body: messages by coordinates on a tree name one index") {
  CHECK(errors_of("schedcheck 1\ntopology tree parents - 0\nmodel wormhole all-port\ncollective gossip\n"
                  "step 1\n  0 > 1 : (1,0)\n") == "well-formed@6:11");
}

// An error about an unexpected word points at the word. These five point
// past it: the position is taken after the word is read (the order in which
// the arguments are evaluated decides it).
TEST_CASE("errors about an unexpected word point at the word") {
  const std::string model = "model wormhole all-port\n";
  const std::string coll = "collective broadcast source 0\n";
  CHECK(errors_of("schedcheck 1\ntopology tree parent - 0\n" + model + coll) == "syntax@2:15");
  CHECK(errors_of("schedcheck 1\ntopology graph 2 edge 0-1\n" + model + coll) == "syntax@2:18");
  CHECK(errors_of("schedcheck 1\ntopology ring 4 wide\n" + model + coll) == "syntax@2:17");
  CHECK(errors_of(with_body(torus_header, "step 1\n  x +1\n")) == "syntax@6:3");
  CHECK(errors_of(with_body(torus_header, "step 1\n  (0,0) +1 fast\n")) == "syntax@6:12");
}

}  // namespace
}  // namespace schedcheck

namespace schedcheck {
namespace {

// Reads `text` and returns every event as a line of text: what the checks see.
std::string events(std::string_view text) {
  LineSource source(text);
  Diagnostics diag("t.sched", 50);
  Header header;
  Reader reader(source, diag);
  std::string out;
  if (!reader.read_header(header)) return "header failed";
  Transfer t;
  for (Reader::Event e; (e = reader.next(t)) != Reader::Event::end;) {
    if (e == Reader::Event::step) {
      out += fmt::format("step {}\n", reader.step_number());
      continue;
    }
    out += fmt::format("{}:{} from {}", t.pos.line, t.pos.col, t.from);
    for (const Move& m : t.moves) out += fmt::format(" {}{}*{}@{}", m.negative ? '-' : '+', m.dim + 1, m.count, m.col);
    for (const PathNode& p : t.path) out += fmt::format(" >{}@{}", p.node, p.col);
    for (const MessageRef& r : t.messages) out += fmt::format(" m{}@{}", r.message, r.col);
    out += '\n';
  }
  for (const Diagnostic& d : diag.kept()) out += test::tag(d) + "\n";
  return out;
}

TEST_CASE("a transfer's moves, nodes and messages come with their columns") {
  const std::string gossip_header =
      "schedcheck 1\ntopology torus 16x16\nmodel store-and-forward all-port combining\ncollective gossip\nstep 1\n";
  CHECK(events(gossip_header + "0 +1 : 0\n255 -2 : 255\n").find("7:1 from 255 -2*1@5 m255@10") != std::string::npos);
  CHECK(events(gossip_header + "(15,15) -1 : (0,3) 7 (2,2)\n").find("6:1 from 255 -1*1@9 m48@14 m7@20 m34@22") !=
        std::string::npos);
  CHECK(events(gossip_header + "5 > 6 > 22 : 5\n").find("6:1 from 5 >6@5 >22@9 m5@14") != std::string::npos);
  const std::string parts_header =
      "schedcheck 1\ntopology torus 4x4\nmodel store-and-forward all-port non-combining\ncollective gossip parts 3\n"
      "step 1\n";
  CHECK(events(parts_header + "5 +1 : 5/0 6/1 (3,3)/2\n").find("6:1 from 5 +1*1@3 m15@8 m19@12 m47@16") !=
        std::string::npos);
  // A line with an error gives no transfer; the lines around it do.
  CHECK(events(gossip_header + "0 +1 : 0\n0 +3 : 0\n1 +1 : 1\n") ==
        "step 1\n6:1 from 0 +1*1@3 m0@8\n8:1 from 1 +1*1@3 m1@8\nwell-formed@7:3\n");
}

}  // namespace
}  // namespace schedcheck

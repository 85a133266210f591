// SatModel: another SAT solver's model of an exported CNF, read back as the values of the encoding's named variables.
//
// `search --dimacs` writes each named variable of the encoding as a comment
// line "c N name" after the clauses. A solver that finds the CNF satisfiable
// prints its model as "v" lines of literals; with the names they say which
// sends the schedule makes, and the search turns them into a witness that
// the core then checks like any other.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <z3++.h>

namespace schedcheck::search {

using NamedValues = std::vector<std::pair<std::string, bool>>;

// The named variables of `cnf` with their values in the solver's output
// `model` ("s SATISFIABLE" and "v" lines, as the SAT competition's format
// has them). A variable the model leaves out is left out. Nullopt, with
// `error` saying why, when the output is not a satisfiable answer or names
// a variable the CNF does not have.
std::optional<NamedValues> read_sat_model(std::istream& cnf, std::istream& model, std::string& error);

// The literals that set an encoding's variables as a model names them, for
// a fresh solver of the same encoding to assume.
class FixedByModel {
 public:
  explicit FixedByModel(const NamedValues& model) : value_(model.begin(), model.end()) {}
  // Adds the literal of `v` (none for a constant). False when the model
  // leaves out `v` and it is `required`: unset() then names it.
  bool fix(const z3::expr& v, bool required) {
    if (!v.is_const() || v.is_true() || v.is_false()) return true;
    const auto it = value_.find(v.decl().name().str());
    if (it != value_.end()) literals_.push_back(it->second ? v : !v);
    else if (required) unset_ = v.decl().name().str();
    return unset_.empty();
  }
  const std::vector<z3::expr>& literals() const { return literals_; }
  const std::string& unset() const { return unset_; }

 private:
  std::unordered_map<std::string, bool> value_;
  std::vector<z3::expr> literals_;
  std::string unset_;
};

}  // namespace schedcheck::search

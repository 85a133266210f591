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
#include <utility>
#include <vector>

namespace schedcheck::search {

using NamedValues = std::vector<std::pair<std::string, bool>>;

// The named variables of `cnf` with their values in the solver's output
// `model` ("s SATISFIABLE" and "v" lines, as the SAT competition's format
// has them). A variable the model leaves out is left out. Nullopt, with
// `error` saying why, when the output is not a satisfiable answer or names
// a variable the CNF does not have.
std::optional<NamedValues> read_sat_model(std::istream& cnf, std::istream& model, std::string& error);

}  // namespace schedcheck::search

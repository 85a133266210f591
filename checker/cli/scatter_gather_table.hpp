// Table scatter-gather: Bhatt et al.'s FDF and NRF against the baselines, the bounds and the searched optimum, all checked by the core.
#pragma once

namespace schedcheck::cli {

// Prints the table (JSON rows with `json`); `timeout` bounds each search in
// seconds. Returns 1 if a schedule or a witness failed the core's check, or
// a search found a schedule faster than FDF or NRF (Theorem 1 refuted).
int scatter_gather_table(bool json, double timeout);

}  // namespace schedcheck::cli

# A claim word with a control byte verifies as text, but the JSON form's words
# cannot carry it: convert refuses, so that no conversion changes a verdict.
convert tests/golden/inputs/control-byte-claim.sched

# Bytes that are not UTF-8 in a claim, in a word a diagnostic quotes, and in a
# file name are written as U+FFFD; every file still gets its verdict object.
check --json tests/golden/inputs/not-utf8-claim.sched tests/golden/inputs/not-utf8-keyword.sched "$(cp tests/golden/inputs/not-utf8-claim.sched /tmp/schedcheck-golden-$(printf '\377').sched && echo /tmp/schedcheck-golden-$(printf '\377').sched)" schedules/examples/broadcast-ring8-wormhole.sched

# --topology tells what network an MSCCL file runs on; a schedcheck schedule
# names its own, and the option is refused rather than ignored.
check --topology torus:5x5 schedules/examples/broadcast-ring8-wormhole.sched

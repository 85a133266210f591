# 0 steps takes no solver: its one schedule is the header alone, which the
# core rejects here (nothing is delivered).
search broadcast --topology torus:3x3 --model wormhole,all-port --steps 0

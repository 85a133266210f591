# --json is one JSON line on stdout: a witness on stdout too (-o -) is refused.
search broadcast --topology torus:3x3 --model wormhole,all-port,dimension-order --json -o -

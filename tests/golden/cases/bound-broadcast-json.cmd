bound broadcast --topology torus:5x5 --model wormhole,one-port --json

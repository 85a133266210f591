bound broadcast --topology torus:7x7x7 --model wormhole,all-port

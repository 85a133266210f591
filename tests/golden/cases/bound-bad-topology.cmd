bound broadcast --topology torus:7x0 --model wormhole,all-port

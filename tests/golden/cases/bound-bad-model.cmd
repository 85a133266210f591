bound broadcast --topology torus:4x4 --model wormhole,all-prot

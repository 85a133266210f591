bound gossip --topology torus:6x6 --model store-and-forward,all-port

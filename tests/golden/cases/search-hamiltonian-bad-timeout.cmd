# A limit that is not positive is an error (it was read as the default of 600).
search hamiltonian --topology torus:3x3 --model store-and-forward,all-port --timeout -1

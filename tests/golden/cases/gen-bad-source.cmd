gen broadcast-dimension-by-dimension --topology torus:4x4 --source 9,9

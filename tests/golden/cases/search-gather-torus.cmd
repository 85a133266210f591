# A torus: routes on the breadth-first spanning tree from the root, said in the verdict; stderr dropped.
search gather --topology torus:3x3 --lengths 0,1,2,0,1,2,0,1,2 2>/dev/null

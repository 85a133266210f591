search scatter --topology graph:4:0-1 --lengths 0,1,0,1

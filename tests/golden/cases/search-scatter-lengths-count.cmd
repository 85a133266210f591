search scatter --topology tree:-,0,0,1 --lengths 0,2,3

gen scatter-fdf --topology tree:-,0,0,1,1 --lengths 0,2,3,1,4

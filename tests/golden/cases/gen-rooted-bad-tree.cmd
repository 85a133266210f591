# a bad tree is named with the option that gave it
gen scatter-fdf --topology tree:-,2,1 --length 3

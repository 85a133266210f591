# Shoulder tapping needs a path gathered into one end.
gen gather-shoulder-tap --topology tree:-,0,0 --lengths 0,1,1
